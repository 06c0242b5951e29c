import type { ConditionEffect, ConditionInstance } from '../condition/condition';
import { anchorDuration, type DurationInput } from '../condition/duration';
import { currentCreatureId, type CreatureState, type EncounterState } from '../core/state';
import type { Json } from '../core/json';
import type { Resolution } from '../resolve/context';
import type { LoadedRuleset } from '../ruleset/ruleset';
import { runStage } from '../ruleset/hooks';

export interface ActiveEffect {
  effect: ConditionEffect;
  /** the condition instance that carries it */
  instance: ConditionInstance;
  conditionId: string;
  /** for a leveled track (fatigue), the level that brings the effect */
  level?: number;
}

/**
 * Where a question about conditions looks a condition up: the loaded ruleset, every module's conditions
 * merged. It is never optional: a question that read one module's list would not see the others'.
 */
export type ConditionIndex = Pick<LoadedRuleset, 'conditionById'>;

/**
 * Every effect the creature's conditions impose now, leveled tracks included up to their level. The one
 * way any rule reads what a condition does (issue 18 item 4): the effect lives in the definition only.
 */
export function activeEffects(rules: ConditionIndex, c: CreatureState): ActiveEffect[] {
  const out: ActiveEffect[] = [];
  for (const inst of c.conditions) {
    const def = rules.conditionById[inst.conditionId];
    if (!def) continue;
    for (const effect of def.effects) out.push({ effect, instance: inst, conditionId: def.id });
    if (def.levels && inst.level) {
      for (let lv = 1; lv <= inst.level; lv++) for (const effect of def.levels.effects[lv] ?? []) out.push({ effect, instance: inst, conditionId: def.id, level: lv });
    }
  }
  return out;
}

export function hasCondition(c: CreatureState, conditionId: string): boolean {
  return c.conditions.some((x) => x.conditionId === conditionId);
}

/** The first active effect that raises a flag, if any (its condition names the refusal). */
export function flagEffect(rules: ConditionIndex, c: CreatureState, flag: string): ActiveEffect | undefined {
  if (c.conditions.length === 0) return undefined;
  return activeEffects(rules, c).find((a) => a.effect.kind === 'flag' && a.effect.flag === flag);
}

export function hasFlag(rules: ConditionIndex, c: CreatureState, flag: string): boolean {
  return flagEffect(rules, c, flag) !== undefined;
}

/** The first active effect that forbids `what` (an action type, a named action, an object interaction), if any. */
export function forbidEffect(rules: ConditionIndex, c: CreatureState, what: string): ActiveEffect | undefined {
  if (c.conditions.length === 0) return undefined;
  return activeEffects(rules, c).find((a) => a.effect.kind === 'forbid' && a.effect.what === what);
}

export function isForbidden(rules: ConditionIndex, c: CreatureState, what: string): boolean {
  return forbidEffect(rules, c, what) !== undefined;
}

/** Whether a condition's own effects (not its levels) include one that forbids `what`. */
export function conditionForbids(rules: ConditionIndex, conditionId: string, what: string): boolean {
  const def = Object.hasOwn(rules.conditionById, conditionId) ? rules.conditionById[conditionId] : undefined;
  return !!def?.effects.some((e) => e.kind === 'forbid' && e.what === what);
}

/** The condition instances whose condition raises `flag`, each once, in the creature's order. */
export function flagInstances(rules: ConditionIndex, c: CreatureState, flag: string): ConditionInstance[] {
  if (c.conditions.length === 0) return [];
  const out = new Set<ConditionInstance>();
  for (const a of activeEffects(rules, c)) if (a.effect.kind === 'flag' && a.effect.flag === flag) out.add(a.instance);
  return [...out];
}

/** The creatures named as source by the instances whose condition raises `flag` (who frightened it, who charmed it), each once. */
export function flagSources(rules: ConditionIndex, c: CreatureState, flag: string): string[] {
  return [...new Set(flagInstances(rules, c, flag).flatMap((x) => (x.source ? [x.source] : [])))];
}

/** The conditions a creature cannot gain: from its own conditions' effects and its stat block (via `extra`). */
export function isImmuneTo(ruleset: ConditionIndex, c: CreatureState, conditionId: string, extra: readonly string[] = []): boolean {
  if (extra.includes(conditionId)) return true;
  return activeEffects(ruleset, c).some((a) => a.effect.kind === 'conditionImmunity' && a.effect.conditions.includes(conditionId));
}

export interface AddConditionOptions {
  level?: number;
  duration?: DurationInput;
  source?: string | null;
  ruleId?: string;
  data?: Json;
  /** immunities from the stat block (the ruleset knows where they live) */
  immunities?: readonly string[];
}

function nextInstanceId(c: CreatureState, conditionId: string): string {
  let n = 1;
  while (c.conditions.some((x) => x.instanceId === `${conditionId}#${n}`)) n++;
  return `${conditionId}#${n}`;
}

/**
 * Refuses data a condition cannot work with, before it is added by hand: an unknown condition, a
 * condition whose rules read data given none or the wrong shape, or data naming a creature not here.
 */
export function checkConditionData(ctx: Resolution, conditionId: string, data: Json | undefined): Json | undefined {
  const def = Object.hasOwn(ctx.ruleset.conditionById, conditionId) ? ctx.ruleset.conditionById[conditionId] : undefined;
  if (!def) return ctx.reject('unknown-condition', `no condition '${conditionId}' in ruleset ${ctx.ruleset.id}`);
  const spec = def.data;
  if (!spec) return data;
  if (data === undefined) return ctx.reject('condition-data-needed', `${conditionId} needs its data, e.g. data: ${spec.example}`, def.ruleId);
  const r = spec.schema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0];
    const at = issue?.path.length ? ` at data.${issue.path.map(String).join('.')}` : '';
    return ctx.reject('bad-condition-data', `${conditionId} data: ${issue?.message ?? 'invalid'}${at}; e.g. data: ${spec.example}`, def.ruleId);
  }
  for (const key of spec.creatures ?? []) {
    const v = (data as Record<string, Json>)[key];
    if (typeof v === 'string' && !Object.hasOwn(ctx.state.creatures, v)) ctx.reject('unknown-creature', `${conditionId} data.${key}: no creature '${v}'`, def.ruleId);
  }
  // The parsed data, defaults filled in, is what the rules will read.
  return r.data as Json;
}

/**
 * Adds a condition and whatever it implies. Returns the new instance, or null when the creature is
 * immune. A leveled track (fatigue) already present is raised instead of doubled.
 */
export function addCondition(ctx: Resolution, creatureId: string, conditionId: string, opts: AddConditionOptions = {}): ConditionInstance | null {
  const def = Object.hasOwn(ctx.ruleset.conditionById, conditionId) ? ctx.ruleset.conditionById[conditionId] : undefined;
  if (!def) ctx.reject('unknown-condition', `no condition '${conditionId}' in ruleset ${ctx.ruleset.id}`);
  const c = ctx.state.creatures[creatureId];
  if (!c) ctx.reject('unknown-creature', `no creature '${creatureId}'`);
  if (isImmuneTo(ctx.ruleset, c, conditionId, [...(opts.immunities ?? []), ...(ctx.ruleset.conditionImmunities?.(ctx.state, creatureId) ?? [])])) {
    ctx.emit({ type: 'RuleApplied', ruleId: opts.ruleId ?? def.ruleId ?? 'immunity', text: `${c.name} is immune to ${def.name}`, creatureId });
    return null;
  }
  if (def.levels) {
    const existing = c.conditions.find((x) => x.conditionId === conditionId);
    const level = Math.min(def.levels.max, opts.level ?? 1);
    if (existing) {
      const previousLevel = existing.level ?? 0;
      if (previousLevel !== level) {
        ctx.emit({ type: 'ConditionUpdated', creatureId, instanceId: existing.instanceId, level });
        const after = ctx.state.creatures[creatureId]!.conditions.find((x) => x.instanceId === existing.instanceId)!;
        runStage(ctx, 'condition.updated', { creatureId, condition: after, previousLevel });
      }
      return ctx.state.creatures[creatureId]!.conditions.find((x) => x.instanceId === existing.instanceId)!;
    }
  }
  if (def.exclusiveGroup) {
    for (const other of c.conditions) {
      const od = ctx.ruleset.conditionById[other.conditionId];
      if (od?.exclusiveGroup === def.exclusiveGroup) removeInstance(ctx, creatureId, other, `replaced by ${def.name}`);
    }
  }
  const s: EncounterState = ctx.state;
  const inst: ConditionInstance = {
    instanceId: nextInstanceId(c, conditionId),
    conditionId,
    source: opts.source ?? null,
    duration: anchorDuration(opts.duration ?? { kind: 'untilRemoved' }, { currentCreatureId: currentCreatureId(s), clockSeconds: s.clockSeconds }),
  };
  if (def.levels) inst.level = Math.min(def.levels.max, opts.level ?? 1);
  if (opts.data !== undefined) inst.data = opts.data;
  ctx.emit({ type: 'ConditionAdded', creatureId, condition: inst, ...(opts.ruleId ?? def.ruleId ? { ruleId: opts.ruleId ?? def.ruleId } : {}) });
  for (const implied of def.implies ?? []) {
    if (hasCondition(ctx.state.creatures[creatureId]!, implied)) continue;
    const child = addCondition(ctx, creatureId, implied, { source: opts.source ?? null, ...(opts.immunities ? { immunities: opts.immunities } : {}) });
    if (child) {
      // The implied condition lives exactly as long as its parent.
      ctx.emit({ type: 'ConditionRemoved', creatureId, instanceId: child.instanceId, conditionId: implied, reason: 'relinked' });
      ctx.emit({ type: 'ConditionAdded', creatureId, condition: { ...child, impliedBy: inst.instanceId, duration: { kind: 'untilRemoved' } } });
    }
  }
  runStage(ctx, 'condition.added', { creatureId, condition: inst });
  return inst;
}

/** Removes one instance and anything it brought along. */
export function removeInstance(ctx: Resolution, creatureId: string, inst: ConditionInstance, reason: string, ruleId?: string): void {
  const c = ctx.state.creatures[creatureId];
  if (!c || !c.conditions.some((x) => x.instanceId === inst.instanceId)) return;
  ctx.emit({ type: 'ConditionRemoved', creatureId, instanceId: inst.instanceId, conditionId: inst.conditionId, reason, ...(ruleId ? { ruleId } : {}) });
  for (const child of ctx.state.creatures[creatureId]!.conditions.filter((x) => x.impliedBy === inst.instanceId)) {
    removeInstance(ctx, creatureId, child, `${inst.conditionId} ended`);
  }
  runStage(ctx, 'condition.removed', { creatureId, condition: inst });
}

/** Removes every instance of a condition (not the ones another condition still implies). */
export function removeCondition(ctx: Resolution, creatureId: string, conditionId: string, reason: string, ruleId?: string): number {
  const c = ctx.state.creatures[creatureId];
  if (!c) return 0;
  const hits = c.conditions.filter((x) => x.conditionId === conditionId && !x.impliedBy);
  for (const inst of hits) removeInstance(ctx, creatureId, inst, reason, ruleId);
  return hits.length;
}
