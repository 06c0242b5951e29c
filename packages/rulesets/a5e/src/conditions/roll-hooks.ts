import { flagEffect, flagInstances, hasFlag, type AnyHook, type Resolution, type TestPayload } from '@fray/engine';
import { abilityIds } from '../sheet/stat-block';
import { sheetById } from '../sheet/derived';
import { FLAG } from './definitions';
import {
  ABOUT_FIXATION_SOURCE, ACTOR_ENRAGED, ACTOR_SEES_TARGET, FEAR_SOURCE_UNSEEN, SOCIAL, TARGET_SEES_ACTOR, TOOL_PROFICIENT, WITHIN_5_FEET,
} from './options';
import { ignoresFearAndCalm, seesThroughConditions } from './queries';

/** The skill a check names, read from the selector atoms the test carries ('check:check:athletics'). */
function skillOf(p: TestPayload): string | null {
  for (const atom of p.options) {
    const m = /^check:check:([a-z-]+)$/.exec(atom);
    if (m && !(abilityIds as readonly string[]).includes(m[1]!)) return m[1]!;
  }
  return null;
}

/**
 * Facts about the roller and target that condition predicates read: whether a fear source is in
 * sight (A5E-COND-15), whether the roller is enraged (A5E-COND-13), who sees whom (A5E-COND-18).
 */
function addContext(ctx: Resolution, p: TestPayload): void {
  const { state, ruleset } = ctx;
  const actor = p.actor ? state.creatures[p.actor] : undefined;
  if (!actor) return;
  if (ignoresFearAndCalm(state, actor.id, ruleset)) p.options.add(ACTOR_ENRAGED);
  const fears = flagInstances(ruleset, actor, FLAG.cannotApproachSource);
  if (fears.length && fears.every((x) => x.source && state.creatures[x.source] && !seesThroughConditions(state, actor.id, x.source, ruleset))) {
    p.options.add(FEAR_SOURCE_UNSEEN);
  }
  if (p.target && state.creatures[p.target]) {
    if (seesThroughConditions(state, actor.id, p.target, ruleset)) p.options.add(ACTOR_SEES_TARGET);
    if (seesThroughConditions(state, p.target, actor.id, ruleset)) p.options.add(TARGET_SEES_ACTOR);
  }
}

/** Amnesiac: no proficiency bonus on skill or tool checks (A5E-COND-4). */
function amnesiac(ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'check' || !p.actor) return;
  const c = ctx.state.creatures[p.actor];
  if (!c || !hasFlag(ctx.ruleset, c, FLAG.noProficiencyOnChecks)) return;
  const sheet = sheetById(ctx.state, p.actor);
  const skill = skillOf(p);
  if (!(skill && sheet.skills[skill]) && !p.options.has(TOOL_PROFICIENT)) return;
  p.modifiers.push({ id: 'amnesiac', label: 'amnesiac: no proficiency', value: -sheet.proficiency, type: 'untyped', source: 'amnesiac', ruleId: 'A5E-COND-4' });
}

/** The charmer has advantage on social checks against the creature it charmed (A5E-COND-7). */
function charmerAdvantage(ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'check' || !p.actor || !p.target || !p.options.has(SOCIAL)) return;
  const target = ctx.state.creatures[p.target];
  const inst = target && flagInstances(ctx.ruleset, target, FLAG.noHostileAgainstSource).find((x) => x.source === p.actor);
  if (inst) p.rollModeSources.push({ mode: 'advantage', source: inst.instanceId, label: 'target charmed by roller', ruleId: 'A5E-COND-7' });
}

/** Fixated: disadvantage on Investigation and Perception about anything but the fixation's source (A5E-COND-14). */
function fixated(ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'check' || !p.actor) return;
  const skill = skillOf(p);
  if (skill !== 'perception' && skill !== 'investigation') return;
  const actor = ctx.state.creatures[p.actor];
  const insts = actor ? flagInstances(ctx.ruleset, actor, FLAG.sensesFixedOnSource) : [];
  if (!insts.length || p.options.has(ABOUT_FIXATION_SOURCE)) return;
  if (p.target && insts.some((x) => x.source === p.target)) return;
  p.rollModeSources.push({ mode: 'disadvantage', source: insts[0]!.instanceId, label: 'fixated', ruleId: 'A5E-COND-14' });
}

/** A hit from within 5 ft on a paralyzed or unconscious creature is a critical hit (A5E-ATK-7, A5E-COND-20d, A5E-COND-29e). */
function critWithin5(ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'attack' || p.outcome !== 'hit' || !p.target || !p.options.has(WITHIN_5_FEET)) return;
  const t = ctx.state.creatures[p.target];
  const why = t && flagEffect(ctx.ruleset, t, FLAG.critWithin5);
  if (!t || !why) return;
  p.outcome = 'crit';
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-7', text: `a hit from within 5 ft on ${t.name} (${why.conditionId}) is a critical hit`, creatureId: t.id });
}

export const rollHooks: AnyHook[] = [
  {
    stage: 'test.modifiers', id: 'a5e.conditions.context', priority: -50, ruleId: 'A5E-COND-1',
    run: (ctx, p) => {
      addContext(ctx, p);
      amnesiac(ctx, p);
      charmerAdvantage(ctx, p);
      fixated(ctx, p);
    },
  },
  { stage: 'test.outcome', id: 'a5e.conditions.crit-within-5', priority: 10, ruleId: 'A5E-ATK-7', run: critWithin5 },
];
