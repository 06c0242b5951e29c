import { cloneJson } from './json';
import { applyJsonPatch } from './json-patch';
import type { FrayEventBody } from './events';
import type { EncounterState } from './state';
import { creature } from './state';

/**
 * Applies one recorded outcome to a working state, in place. No dice, no rules: events carry
 * outcomes, so an encounter replays even after rules code changes. The simulator's fast path and
 * the decider both fold this way; `evolve` below is the copying form.
 */
export function evolveInPlace(s: EncounterState, e: FrayEventBody): void {
  s.version++;
  switch (e.type) {
    case 'EncounterStarted':
      Object.assign(s, cloneJson(e.encounter));
      s.pending = null;
      return;
    case 'CreatureAdded':
      s.creatures[e.creature.id] = cloneJson(e.creature);
      if (!s.creatureIds.includes(e.creature.id)) s.creatureIds.push(e.creature.id);
      return;
    case 'CreatureRemoved': {
      const current = s.turnIndex >= 0 ? s.order[s.turnIndex]?.creatureId : undefined;
      delete s.creatures[e.creatureId];
      s.creatureIds = s.creatureIds.filter((x) => x !== e.creatureId);
      s.order = s.order.filter((x) => x.creatureId !== e.creatureId);
      if (current !== undefined) s.turnIndex = s.order.findIndex((x) => x.creatureId === current);
      return;
    }
    case 'CreatureUpdated':
      Object.assign(creature(s, e.creatureId), cloneJson(e.changes));
      return;
    case 'InitiativeSet': {
      const current = s.turnIndex >= 0 ? s.order[s.turnIndex]?.creatureId : undefined;
      s.order = cloneJson(e.order);
      if (current !== undefined) s.turnIndex = s.order.findIndex((x) => x.creatureId === current);
      return;
    }
    case 'CombatStarted':
      s.phase = 'combat';
      return;
    case 'RoundStarted':
      if (s.round > 0) s.clockSeconds += s.roundSeconds;
      s.round = e.round;
      s.turnIndex = -1;
      return;
    case 'TurnStarted':
      s.turnIndex = e.turnIndex;
      return;
    case 'TurnEnded':
      return;
    case 'DiceRolled':
      if (e.rngAfter) s.dice.rng = cloneJson(e.rngAfter);
      return;
    case 'TestResolved':
      return;
    case 'DamageApplied': {
      const c = creature(s, e.target);
      c.hp = e.hpAfter;
      c.tempHp = e.tempAfter;
      return;
    }
    case 'HealingApplied':
      creature(s, e.target).hp = e.hpAfter;
      return;
    case 'HitPointsSet': {
      const c = creature(s, e.target);
      if (e.maxHp !== undefined) c.maxHp = e.maxHp;
      if (e.hp !== undefined) c.hp = e.hp;
      if (e.tempHp !== undefined) c.tempHp = e.tempHp;
      return;
    }
    case 'ConditionAdded':
      creature(s, e.creatureId).conditions.push(cloneJson(e.condition));
      return;
    case 'ConditionRemoved': {
      const c = creature(s, e.creatureId);
      c.conditions = c.conditions.filter((x) => x.instanceId !== e.instanceId);
      return;
    }
    case 'ConditionUpdated': {
      const inst = creature(s, e.creatureId).conditions.find((x) => x.instanceId === e.instanceId);
      if (!inst) return;
      if (e.level !== undefined) inst.level = e.level;
      if (e.duration !== undefined) inst.duration = cloneJson(e.duration);
      return;
    }
    case 'TrackSet':
      creature(s, e.creatureId).tracks[e.track] = e.value;
      return;
    case 'StatusSet':
      creature(s, e.creatureId).status = e.status;
      return;
    case 'ResourceSet':
      creature(s, e.creatureId).resources[e.key] = e.value;
      return;
    case 'TallySet':
      creature(s, e.creatureId).tallies[e.key] = e.value;
      return;
    case 'VarSet': {
      const vars = e.creatureId === null ? s.vars : creature(s, e.creatureId).vars;
      if (e.value === null) delete vars[e.key];
      else vars[e.key] = cloneJson(e.value);
      return;
    }
    case 'CounterSet':
      s.counters[e.key] = e.value;
      return;
    case 'SpaceChanged':
      if (e.patch) s.space = applyJsonPatch(s.space, e.patch);
      else if (e.space !== undefined) s.space = cloneJson(e.space);
      return;
    case 'ClockAdvanced':
      s.clockSeconds += e.seconds;
      return;
    case 'RuleApplied':
      return;
    case 'ResolutionPaused':
      s.pending = cloneJson(e.pending);
      return;
    case 'ResolutionEnded':
      s.pending = null;
      return;
    case 'PromptAnswered':
      if (s.pending) s.pending.answers[e.promptId] = cloneJson(e.answer);
      return;
    case 'CommandUndone':
      // Folding skips undone commands before it reaches here (see fold.ts); nothing to apply.
      return;
    case 'EncounterEnded':
      s.phase = 'ended';
      s.endedReason = e.reason;
      s.turnIndex = -1;
      return;
    default: {
      const never: never = e;
      throw new Error(`unknown event ${(never as { type: string }).type}`);
    }
  }
}

/** The copying form: returns a new state, leaves the input untouched. */
export function evolve(state: EncounterState, event: FrayEventBody): EncounterState {
  const next = cloneJson(state);
  evolveInPlace(next, event);
  return next;
}
