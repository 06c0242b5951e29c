import { compileDice } from '@fray/dice';
import type { CreatureState, EncounterState, Json, LoadedRuleset, Resolution } from '@fray/engine';
import { rejectWith } from '../actions/common';
import { damageExpression } from '../combat/attack';
import { a5eTest } from '../core/d20';
import { ACTION, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import { mod, sheetOf } from '../sheet/derived';
import { abilityIds, type AbilityId } from '../sheet/stat-block';
import { isObject, objectBashDC, objectOf, objectThreshold } from './object-sheet';

/**
 * A broken object is out of play: the engine's 'dead' status (no turns, no healing, ignored by the
 * dying rules) plus this var, which says it broke rather than died.
 */
export const BROKEN = 'broken';
export const isBroken = (c: CreatureState): boolean => c.vars[BROKEN] === true || c.status === 'dead';

/** Why this is not an object to bash or check (A5E-OBJ-2, A5E-OBJ-12): not exactly one target, a creature, or already broken. */
function targetObjectRefusal(state: EncounterState, targets: readonly string[], ruleId: string): Refusal | null {
  if (targets.length !== 1) return { code: 'no-target', message: 'name exactly one object', ruleId };
  const c = state.creatures[targets[0]!]!;
  if (!isObject(c)) return { code: 'not-an-object', message: `${c.name} is a creature, not an object`, ruleId };
  if (isBroken(c)) return { code: 'already-broken', message: `${c.name} is already broken`, ruleId };
  return null;
}

/** Marks an object broken (A5E-OBJ-6): the status other rules read. */
export function breakObject(ctx: Resolution, id: string, ruleId: string, why: string): void {
  const c = ctx.state.creatures[id]!;
  if (isBroken(c)) return;
  ctx.emit({ type: 'VarSet', creatureId: id, key: BROKEN, value: true });
  ctx.emit({ type: 'StatusSet', creatureId: id, status: 'dead', ruleId });
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${c.name} breaks (${why})`, creatureId: id });
}

/** The Narrator sets a DC the rules leave open (A5E-OBJ-2). */
function askDC(ctx: Resolution, objectId: string, what: string, ruleId: string): number {
  const answer = ctx.ask({
    key: 'a5e.object.dc', to: { role: 'gm' }, about: objectId, ruleId,
    text: `Set the DC for ${what} (${ctx.state.creatures[objectId]!.name})`,
    input: { kind: 'number', min: 1, max: 40 }, options: [], default: 15,
  });
  return answer as number;
}

/**
 * Why it cannot bash this now (A5E-OBJ-12): not one whole object, one that cannot be bashed (a
 * forcefield, A5E-OBJ-17; no Bash DC, A5E-OBJ-16), or the action cannot be paid. The Narrator's DC and
 * the Strength check come after, and refuse nothing.
 */
export function bashRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const target = targetObjectRefusal(state, purchase.targets, 'A5E-OBJ-12');
  if (target) return target;
  const c = state.creatures[purchase.targets[0]!]!;
  if (objectBashDC(state, c) === null) return { code: 'cannot-bash', message: `${c.name} cannot be bashed`, ruleId: objectOf(c)?.material === 'forcefield' ? 'A5E-OBJ-17' : 'A5E-OBJ-16' };
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-OBJ-12', { purchase });
}

/**
 * Bash: a Strength check against the door's or material's Bash DC forces the object open or breaks
 * it (A5E-OBJ-12, A5E-OBJ-13, A5E-OBJ-16); without a table DC the Narrator sets one (A5E-OBJ-2).
 * Forcefields cannot be bashed (A5E-OBJ-17).
 */
export function bashAction(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>, action: string): void {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, bashRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const id = targets[0]!;
  const row = objectBashDC(ctx.state, ctx.state.creatures[id]!);
  spend(ctx, actorId, ACTION, 'A5E-OBJ-12', { purchase });
  const dc = row ?? askDC(ctx, id, 'breaking it with a Strength check', 'A5E-OBJ-2');
  const p = a5eTest(ctx, { kind: 'check', actor: actorId, target: id, ability: 'str', dc: { label: 'Bash DC', value: dc }, options: ['check:bash'], ruleId: 'A5E-OBJ-12' });
  if (p.outcome === 'success') breakObject(ctx, id, 'A5E-OBJ-12', `bashed by ${sheetOf(ctx.state.creatures[actorId]!).name}, DC ${dc}`);
}

/**
 * Why it cannot work on this object now (A5E-OBJ-2): not one whole object, an `options.ability` that is
 * no ability, or the action cannot be paid. The Narrator's check and DC come after, and refuse nothing.
 */
export function objectCheckRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const given = purchase.options['ability'];
  return targetObjectRefusal(state, purchase.targets, 'A5E-OBJ-2')
    ?? (given !== undefined && !(abilityIds as readonly unknown[]).includes(given) ? { code: 'bad-ability', message: `ability must be one of ${abilityIds.join(', ')}`, ruleId: 'A5E-OBJ-2' } : null)
    ?? spendRefusal(ruleset, state, actorId, ACTION, 'A5E-OBJ-2', { purchase });
}

/**
 * Anything but destroying the object (picking its lock, wrenching rusted hinges): the Narrator picks
 * the check when the player has not, and sets the DC (A5E-OBJ-2).
 */
export function objectCheckAction(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>, action: string): void {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, objectCheckRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const id = targets[0]!;
  const given = options['ability'];
  const skill = typeof options['skill'] === 'string' ? options['skill'] : undefined;
  const task = typeof options['task'] === 'string' ? options['task'] : 'use it';
  spend(ctx, actorId, ACTION, 'A5E-OBJ-2', { purchase });
  const ability = (given as AbilityId | undefined) ?? (ctx.ask({
    key: 'a5e.object.ability', to: { role: 'gm' }, about: id, ruleId: 'A5E-OBJ-2',
    text: `Which check lets ${ctx.state.creatures[actorId]!.name} ${task} (${ctx.state.creatures[id]!.name})?`,
    options: abilityIds.map((a) => ({ id: a, label: a.toUpperCase() })), default: 'dex',
  }) as AbilityId);
  const dc = typeof options['dc'] === 'number' ? options['dc'] : askDC(ctx, id, task, 'A5E-OBJ-2');
  const p = a5eTest(ctx, { kind: 'check', actor: actorId, target: id, ability, ...(skill ? { skill } : {}), dc: { label: 'DC', value: dc }, options: ['check:object'], ruleId: 'A5E-OBJ-2' });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-OBJ-2', text: `${ctx.state.creatures[actorId]!.name} ${p.outcome === 'success' ? 'manages to' : 'fails to'} ${task}`, creatureId: id });
}

export interface OpenVerdict {
  /** 20 + the creature's Strength check modifier */
  bestBash: number;
  bashDC: number | null;
  /** the largest critical hit its attacks can deal */
  bestCrit: number;
  threshold: number | null;
  byBashing: boolean;
  byDamage: boolean;
  possible: boolean;
}

/**
 * Given time, a door can be taken apart unless even a 20 on the Strength check misses its Bash DC
 * and even a critical hit falls short of its threshold (A5E-OBJ-15; catalog ruling: 20 + the Strength
 * modifier, and the maximum doubled damage of the creature's best attack).
 */
export function canEventuallyOpen(state: EncounterState, creatureId: string, objectId: string): OpenVerdict {
  const sheet = sheetOf(state.creatures[creatureId]!);
  const obj = state.creatures[objectId]!;
  const dc = objectBashDC(state, obj) ?? null;
  const threshold = objectThreshold(state, obj);
  const bestBash = 20 + mod(sheet, 'str');
  const bestCrit = Math.max(0, ...sheet.attacks.map((a) => compileDice(damageExpression(sheet, a)).max * 2));
  const byBashing = dc !== null && bestBash >= dc;
  const byDamage = sheet.attacks.length > 0 && (threshold === null || bestCrit >= threshold);
  return { bestBash, bashDC: dc, bestCrit, threshold, byBashing, byDamage, possible: byBashing || byDamage };
}

/** Psionics against zirkon: level III and below cannot pass; level IV and up cost double (A5E-OBJ-19). */
export function psionicsThroughZirkon(powerLevel: number, points: number): { blocked: boolean; points: number } {
  return powerLevel <= 3 ? { blocked: true, points: 0 } : { blocked: false, points: points * 2 };
}
