import { activeEffects, type AnyHook, type CommandDef, type Resolution, type TestPayload } from '@fray/engine';
import { FLAG } from '../conditions/definitions';
import { sheetById } from '../sheet/derived';
import { ACTOR_SEES_TARGET, NEEDS_HEARING, NEEDS_SIGHT, TARGET_SEES_ACTOR } from '../conditions/options';
import { hearingCommands, hears } from './hearing';
import { lightCommands, lightAt, obscurementAt } from './light';
import { lightFor, perceive } from './vision';

/** An atom no test ever carries: a roll-mode source given it stays in the breakdown, not applied. */
export const SUPERSEDED = 'vision:superseded';
/** a save or check against an illusion; add `illusion:visual` when it only fools the eyes (A5E-VIS-7/9) */
export const ILLUSION = 'effect:illusion';
export const VISUAL_ILLUSION = 'effect:illusion:visual';

export function testHasSkill(p: TestPayload, skill: string): boolean {
  return p.options.has(`check:check:${skill}`) || p.options.has(`check:skill:${skill}`);
}

/** Perception relies on sight unless the caller says it is only about hearing. */
function sightBased(p: TestPayload): boolean {
  return p.options.has(NEEDS_SIGHT) || (testHasSkill(p, 'perception') && !p.options.has(NEEDS_HEARING));
}

/** The instances whose attack roll modes are about seeing (their condition says so: invisible, blinded); A5E-ATK-11 replaces them when neither side sees. */
function sightSources(ctx: Resolution, p: TestPayload): Set<string> {
  const ids = new Set<string>();
  for (const id of [p.actor, p.target]) {
    const c = id ? ctx.state.creatures[id] : undefined;
    if (!c) continue;
    for (const a of activeEffects(ctx.ruleset, c)) if (a.effect.kind === 'flag' && a.effect.flag === FLAG.sightBasedAttackModes) ids.add(a.instance.instanceId);
  }
  return ids;
}

/**
 * Unseen attackers and targets (A5E-ATK-8, A5E-ATK-10, A5E-ATK-11, A5E-ATK-12): who perceives whom
 * decides advantage and disadvantage. When neither perceives the other, the sight-based sources
 * (invisible, blinded, the two below) give way to one disadvantage; other sources still count.
 */
function unseenAttack(ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'attack' || !p.actor || !p.target || p.actor === p.target) return;
  const sees = perceive(ctx.ruleset, ctx.state, p.actor, p.target);
  const seen = perceive(ctx.ruleset, ctx.state, p.target, p.actor);
  if (sees.perceives) p.options.add(ACTOR_SEES_TARGET);
  if (seen.perceives) p.options.add(TARGET_SEES_ACTOR);
  if (!sees.perceives && !seen.perceives) {
    const replaced = sightSources(ctx, p);
    for (const s of p.rollModeSources) if (replaced.has(s.source)) s.predicate = SUPERSEDED;
    p.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.senses', label: 'neither sees the other', ruleId: 'A5E-ATK-11' });
  } else if (!sees.perceives) {
    p.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.senses', label: `unseen target: ${sees.reason ?? ''}`, ruleId: 'A5E-ATK-8' });
  } else if (!seen.perceives) {
    p.rollModeSources.push({ mode: 'advantage', source: 'a5e.senses', label: `unseen attacker: ${seen.reason ?? ''}`, ruleId: 'A5E-ATK-10' });
  }
}

/**
 * Sight-based Perception (A5E-VIS-1, A5E-VIS-2, A5E-VIS-4, A5E-VIS-5, A5E-VIS-8): disadvantage when
 * looking from or into a lightly obscured area; automatic failure when heavily obscured, as if blind.
 * A hidden target can still be looked for, so hiding itself does not fail the check.
 */
function sightChecks(ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'check' || !p.actor || p.autoFail || !sightBased(p)) return;
  let state: 'none' | 'light' | 'heavy';
  if (p.target && p.target !== p.actor) {
    const seen = perceive(ctx.ruleset, ctx.state, p.actor, p.target, { ignoreHidden: true });
    state = !seen.perceives ? 'heavy' : seen.lightlyObscured ? 'light' : 'none';
    if (seen.by !== 'sight' && seen.perceives) state = 'none';
  } else {
    const senses = sheetById(ctx.state, p.actor).senses;
    const level = lightFor(lightAt(ctx.state, p.actor), senses.darkvision !== undefined, senses.truesight !== undefined);
    const fog = obscurementAt(ctx.state, p.actor);
    state = level === 'dark' || level === 'magical-dark' || fog === 'heavy' ? 'heavy' : level === 'dim' || fog === 'light' ? 'light' : 'none';
    if (senses.blindsight !== undefined) state = 'none';
  }
  if (state === 'heavy') p.autoFail = { reason: 'cannot see: heavily obscured', ruleId: 'A5E-VIS-2' };
  else if (state === 'light') p.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.senses', label: 'lightly obscured', ruleId: 'A5E-VIS-1' });
}

/** Hearing checks fail past the scene's hearing limit (A5E-VIS-10). */
function hearingChecks(ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'check' || !p.actor || !p.target || p.autoFail || !p.options.has(NEEDS_HEARING)) return;
  if (!hears(ctx.ruleset, ctx.state, p.actor, p.target, { loud: p.options.has('sound:loud') })) {
    p.autoFail = { reason: 'out of hearing', ruleId: 'A5E-VIS-10' };
  }
}

/** Truesight sees through every illusion; eyeless blindsight ignores visual ones (A5E-VIS-7, A5E-VIS-9). */
function illusions(ctx: Resolution, p: TestPayload): void {
  if (!p.actor || p.autoFail || (p.kind !== 'save' && p.kind !== 'check') || !p.options.has(ILLUSION)) return;
  const senses = sheetById(ctx.state, p.actor).senses;
  const ruleId = senses.truesight !== undefined ? 'A5E-VIS-9' : senses.blindBeyond && p.options.has(VISUAL_ILLUSION) ? 'A5E-VIS-7' : null;
  if (!ruleId || p.outcome === 'success') return;
  p.outcome = 'success';
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${ctx.state.creatures[p.actor]!.name} is not fooled by the illusion`, creatureId: p.actor });
}

export const sensesHooks: AnyHook[] = [
  { stage: 'test.modifiers', id: 'a5e.senses.unseen', priority: 40, ruleId: 'A5E-ATK-11', run: unseenAttack },
  { stage: 'test.modifiers', id: 'a5e.senses.sight-checks', priority: 40, ruleId: 'A5E-VIS-1', run: sightChecks },
  { stage: 'test.modifiers', id: 'a5e.senses.hearing', priority: 40, ruleId: 'A5E-VIS-10', run: hearingChecks },
  { stage: 'test.outcome', id: 'a5e.senses.illusions', priority: 50, ruleId: 'A5E-VIS-9', run: illusions },
];

export const sensesCommands: CommandDef[] = [...lightCommands, ...hearingCommands];
