import { hasCreature, isWithinReach, type CreatureState, type EncounterState, type LoadedRuleset, type Resolution, type SpaceState } from '@fray/engine';
import { canSpend, controllerCreature, spendRefusal, type Cost, type Refusal, type SpendOptions } from '../core/economy';
import { namedActionBlock } from '../conditions/queries';

/** Whether two creatures are within `feet` on the map; with no map (or one not placed) the Narrator judges, so yes. */
export function within(state: EncounterState, a: string, b: string, feet: number): boolean {
  const space = state.space as SpaceState | null;
  if (!space || typeof space !== 'object' || !('kind' in space) || !hasCreature(space, a) || !hasCreature(space, b)) return true;
  return isWithinReach(space, a, b, feet);
}

/** The creature whose turn boundaries time its "until your next turn" effects: itself, or its controller. */
export function turnOwner(state: EncounterState, id: string): string {
  return controllerCreature(state, id) ?? id;
}

/** Refuses now, before any question is asked, if the cost cannot be paid (a refusal after a prompt would strand it): `spendRefusal`'s answer. */
export function requireCanSpend(ctx: Resolution, actorId: string, cost: Cost, ruleId: string, opts: SpendOptions = {}): void {
  const r = spendRefusal(ctx.ruleset, ctx.state, actorId, cost, ruleId, opts);
  if (r) ctx.reject(r.code, r.message, r.ruleId);
}

/** Rejects with a query's answer, if it refuses (undefined: the query leaves it to the resolution that follows). */
export function rejectWith(ctx: Resolution, r: Refusal | null | undefined): void {
  if (r) ctx.reject(r.code, r.message, r.ruleId);
}

/** A named action forbidden by a condition (`namedActionBlock`), refused under the action's own rule when the block is fatigue's (A5E-FATIGUE-1). */
export function namedActionRefusal(ruleset: LoadedRuleset, state: EncounterState, id: string, action: 'dash' | 'sprint', ruleId: string): Refusal | null {
  const b = namedActionBlock(state, id, action, ruleset);
  return b ? { code: b.code, message: b.message, ruleId: b.ruleId === 'A5E-FATIGUE-1' ? ruleId : b.ruleId } : null;
}

export { canSpend };

/**
 * Conditions that forbid a named action: fatigue in effect (level 1+) rules out Dash and Sprint
 * (A5E-FATIGUE-1, A5E-ACT-7, A5E-ACT-18); fatigue deferred until the encounter ends does not.
 */
export function requireNamedAction(ctx: Resolution, id: string, action: 'dash' | 'sprint', ruleId: string): void {
  rejectWith(ctx, namedActionRefusal(ctx.ruleset, ctx.state, id, action, ruleId));
}

export function requireLiving(ctx: Resolution, id: string, ruleId: string): CreatureState {
  const r = livingRefusal(ctx.state, id, ruleId);
  if (r) ctx.reject(r.code, r.message, r.ruleId);
  return ctx.state.creatures[id]!;
}

/** Why this creature cannot be the target: there is no such creature, or it is dead. */
export function livingRefusal(state: EncounterState, id: string, ruleId: string): Refusal | null {
  const c = Object.hasOwn(state.creatures, id) ? state.creatures[id] : undefined;
  if (!c) return { code: 'unknown-creature', message: `no creature '${id}'`, ruleId };
  if (c.status === 'dead') return { code: 'illegal-target', message: `${c.name} is dead`, ruleId };
  return null;
}

/** Why an action that takes exactly one target cannot take these (none, or several). */
export function oneTargetRefusal(targets: readonly string[], what: string, ruleId: string): Refusal | null {
  return targets.length === 1 ? null : { code: targets.length ? 'one-target' : 'no-target', message: `${what} needs exactly one target`, ruleId };
}
