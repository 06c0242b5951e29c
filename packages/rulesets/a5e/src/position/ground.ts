import { hasCondition, type Resolution, type TestPayload } from '@fray/engine';
import type { ExpertiseSource } from '../core/d20';
import { sheetById, sizeRank } from '../sheet/derived';
import { elevationOf, isPlaced, spaceOf } from './geometry';

/** Adds an expertise die source to a test built by `a5eTest` (its `data.expertise` list). */
export function offerExpertise(p: TestPayload, source: ExpertiseSource): void {
  const list = p.data['expertise'];
  if (Array.isArray(list)) (list as unknown as ExpertiseSource[]).push(source);
  else p.data['expertise'] = [source] as never;
}

const held = (ctx: Resolution, id: string) => {
  const c = ctx.state.creatures[id]!;
  return hasCondition(c, 'grappled') || hasCondition(c, 'restrained');
};

/** Heights are known on a grid, or in zones once the Narrator set them. */
function heightsKnown(ctx: Resolution, a: string, b: string): boolean {
  return spaceOf(ctx.state) === null ? false : isPlaced(ctx.state, a) && isPlaced(ctx.state, b);
}

/**
 * High ground (A5E-POS-9): 5 ft or more above its target, and neither grappled nor restrained, a
 * creature adds an expertise die to melee attack rolls against it. Low ground (A5E-POS-10): 5 ft or
 * more below a target its size or smaller, it adds one to Strength checks and Strength saves made
 * against that target (the test's `target`).
 */
export function groundExpertise(ctx: Resolution, p: TestPayload): void {
  if (!p.actor || !p.target || p.actor === p.target || !heightsKnown(ctx, p.actor, p.target)) return;
  const rise = elevationOf(ctx.state, p.actor) - elevationOf(ctx.state, p.target);
  if (p.kind === 'attack' && p.options.has('attack:melee') && rise >= 5 && !held(ctx, p.actor)) {
    offerExpertise(p, { source: 'high ground', ruleId: 'A5E-POS-9' });
    return;
  }
  const strength = (p.kind === 'check' && p.options.has('check:ability:str')) || (p.kind === 'save' && p.options.has('save:ability:str'));
  if (!strength || rise > -5 || held(ctx, p.actor)) return;
  if (sizeRank(sheetById(ctx.state, p.target).size) > sizeRank(sheetById(ctx.state, p.actor).size)) return;
  offerExpertise(p, { source: 'low ground', ruleId: 'A5E-POS-10' });
}
