import { gameTimeExpired, removeCondition, removeInstance, type AnyHook, type CommandDef, type ConditionInstance, type Json, type Resolution } from '@fray/engine';
import { z } from 'zod';

/** Creature var holding the doom timer: `{ hours, diesAtSeconds }` (null seconds: the Narrator decides). */
export const DOOMED_VAR = 'a5e.doomed';

export interface DoomTimer {
  hours: number | null;
  diesAtSeconds: number | null;
}

/**
 * Doomed (A5E-COND-10): the creature dies within 2d12 hours, rolled when the condition lands and
 * measured on the game clock. The Narrator's time is used instead when the encounter option
 * `doomedTimer` is 'narrator', when the applier says so (instance data `{ timer: 'narrator' }`), and for
 * an NPC doomed at 0 hit points, whose death follows its final turn (A5E-DYING-16).
 */
export function startDoomTimer(ctx: Resolution, id: string, inst: ConditionInstance): void {
  const c = ctx.state.creatures[id]!;
  if (c.vars[DOOMED_VAR] !== undefined) return;
  const data = inst.data as Record<string, Json> | undefined;
  const npcAtZero = c.hp === 0 && !c.tags.includes('pc');
  if (ctx.state.options['doomedTimer'] === 'narrator' || data?.['timer'] === 'narrator' || npcAtZero) {
    ctx.emit({ type: 'VarSet', creatureId: id, key: DOOMED_VAR, value: { hours: null, diesAtSeconds: null } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COND-10', text: `${c.name} is doomed: it dies when the Narrator decides`, creatureId: id });
    return;
  }
  const hours = ctx.roll('2d12', { roller: null, purpose: 'doomed: hours left' }).total;
  const timer: DoomTimer = { hours, diesAtSeconds: ctx.state.clockSeconds + hours * 3600 };
  ctx.emit({ type: 'VarSet', creatureId: id, key: DOOMED_VAR, value: timer as unknown as Json });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COND-10', text: `${c.name} is doomed: it dies in ${hours} hours`, creatureId: id });
}

/** Kills every doomed creature whose time has run out; it stays doomed after death (A5E-COND-10). */
export function checkDoomTimers(ctx: Resolution): void {
  for (const id of ctx.state.creatureIds) {
    const c = ctx.state.creatures[id]!;
    const timer = c.vars[DOOMED_VAR] as unknown as DoomTimer | undefined;
    if (c.status === 'dead' || !timer || timer.diesAtSeconds === null || ctx.state.clockSeconds < timer.diesAtSeconds) continue;
    if (!c.conditions.some((x) => x.conditionId === 'doomed')) continue;
    ctx.emit({ type: 'StatusSet', creatureId: id, status: 'dead', ruleId: 'A5E-COND-10' });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COND-10', text: `${c.name}'s doom comes: it dies`, creatureId: id });
  }
}

/** Only magic of 7th level or higher lifts doom (A5E-COND-10); lesser healing leaves it in place. */
export function liftDoom(ctx: Resolution, id: string, spellLevel: number): void {
  const c = ctx.state.creatures[id];
  if (!c) return ctx.reject('unknown-creature', `no creature '${id}'`);
  if (!c.conditions.some((x) => x.conditionId === 'doomed')) ctx.reject('not-doomed', `${c.name} is not doomed`, 'A5E-COND-10');
  if (spellLevel < 7) ctx.reject('doom-needs-7th-level-magic', `only magic of 7th level or higher lifts doom; this is level ${spellLevel}`, 'A5E-COND-10');
  removeCondition(ctx, id, 'doomed', `lifted by level ${spellLevel} magic`, 'A5E-COND-10');
}

/**
 * Game time passing outside the round count (a rest, a journey, a scene cut): effects with a
 * game-time duration end and doom timers run out. Rounds already advance the clock by themselves.
 */
export const advanceClockCommand: CommandDef<{ type: 'a5e.gm.advanceClock'; seconds: number }> = {
  type: 'a5e.gm.advanceClock',
  gmOnly: true,
  schema: z.object({ type: z.literal('a5e.gm.advanceClock'), seconds: z.number().int().min(1).max(10 * 365 * 24 * 3600) }).strict(),
  run: (ctx, cmd) => {
    ctx.emit({ type: 'ClockAdvanced', seconds: cmd.seconds });
    for (const id of ctx.state.creatureIds) {
      for (const inst of [...(ctx.state.creatures[id]?.conditions ?? [])]) {
        if (gameTimeExpired(inst.duration, ctx.state.clockSeconds)) removeInstance(ctx, id, inst, 'time ran out');
      }
    }
    checkDoomTimers(ctx);
  },
};

export const doomedHooks: AnyHook[] = [
  { stage: 'condition.added', id: 'a5e.conditions.doomed-timer', priority: 0, ruleId: 'A5E-COND-10', run: (ctx, p) => { if (p.condition.conditionId === 'doomed') startDoomTimer(ctx, p.creatureId, p.condition); } },
  {
    stage: 'condition.removed', id: 'a5e.conditions.doomed-lifted', priority: 0, ruleId: 'A5E-COND-10',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId];
      if (p.condition.conditionId === 'doomed' && c && c.vars[DOOMED_VAR] !== undefined && !c.conditions.some((x) => x.conditionId === 'doomed')) {
        ctx.emit({ type: 'VarSet', creatureId: c.id, key: DOOMED_VAR, value: null });
      }
    },
  },
  // RoundStarted has moved the clock on by a round before this stage runs.
  { stage: 'round.start', id: 'a5e.conditions.doomed-clock', priority: -100, ruleId: 'A5E-COND-10', run: (ctx) => checkDoomTimers(ctx) },
];
