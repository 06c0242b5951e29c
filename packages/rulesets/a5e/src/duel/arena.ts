import { hasCondition, type CommandDef, type Hook, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { distanceBetween, gridOf, isIncapacitated } from '../position/geometry';
import { watchSpace } from '../movement/state';
import { DATA_TOTAL } from '../damage/pipeline';
import { DUEL_VAR, DUEL_VARS, duelConfig, duelRecord, duelists, inDuel, isDuelist, opponentOf } from './active';
import { endDuel } from './end';

/** Whether a duelist stands outside the borders (any square of it), when the arena has them (DUEL-ARENA-1, DUEL-ARENA-3). */
export function outsideBorders(ctx: Resolution, id: string): boolean {
  const b = duelConfig(ctx.state).borders;
  const g = gridOf(ctx.state);
  const at = g?.creatures[id];
  if (!b || !g || !at) return false;
  const side = g.sizes[at.size] ?? 1;
  return at.x < b.x0 || at.y < b.y0 || at.x + side - 1 > b.x1 || at.y + side - 1 > b.y1;
}

/** A move the creature chose, as opposed to a push, a pull or a teleport. */
function voluntaryMove(ctx: Resolution, id: string): boolean {
  const cmd = ctx.envelope.command as { type: string; creatureId?: string; to?: { kind?: string } };
  if (cmd.type !== 'move' || cmd.creatureId !== id) return false;
  const kind = cmd.to && typeof cmd.to === 'object' && !Array.isArray(cmd.to) ? cmd.to.kind : undefined;
  return kind === undefined || kind === 'move';
}

/**
 * The arena after a move (DUEL-ARENA-2, DUEL-ARENA-3): a duelist's own move may not end farther than the
 * limit from its opponent (refused); a push or teleport that breaks it asks the Narrator whether the
 * duel goes on; leaving the borders by any means ends the duel, the one outside losing (a ring-out).
 */
export function arenaCheck(ctx: Resolution, moved: string | null): void {
  if (!inDuel(ctx.state)) return;
  const [a, b] = duelists(ctx.state) as [string, string];
  const cfg = duelConfig(ctx.state);
  const apart = distanceBetween(ctx.state, a, b);
  if (apart !== null && apart > cfg.maxSeparationFt) {
    if (moved && isDuelist(ctx.state, moved) && voluntaryMove(ctx, moved)) {
      ctx.reject('too-far-apart', `the duelists would be ${apart} ft apart; this duel keeps them within ${cfg.maxSeparationFt} ft`, 'DUEL-ARENA-2');
    }
    const go = ctx.ask({
      key: 'a5e.duel.separation', to: { role: 'gm' }, about: moved, ruleId: 'DUEL-ARENA-2',
      text: `The duelists are ${apart} ft apart, beyond the duel's ${cfg.maxSeparationFt} ft: carry on, or fight on as normal combat?`,
      options: [{ id: 'continue', label: 'Carry on with the duel' }, { id: 'normal-combat', label: 'Switch to normal combat' }], default: 'continue',
    });
    if (go === 'normal-combat') {
      endDuel(ctx, { loser: null, reason: `the duelists ended ${apart} ft apart`, ruleId: 'DUEL-SCOPE-4', converted: true });
      return;
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-ARENA-2', text: `the Narrator lets the duel go on with the duelists ${apart} ft apart` });
  }
  const out = [a, b].filter((id) => outsideBorders(ctx, id));
  if (out.length) {
    const names = out.map((id) => ctx.state.creatures[id]!.name).join(' and ');
    endDuel(ctx, { loser: out.length === 1 ? out[0]! : null, reason: `${names} left the arena's borders`, ruleId: 'DUEL-ARENA-3' });
  }
}

watchSpace({ id: 'a5e.duel.arena', run: (ctx, moved) => arenaCheck(ctx, moved) });

/**
 * Unconscious or dead, a duelist has lost (DUEL-ARENA-3): checked after the dying rules have run on a
 * drop to 0 hit points, and whenever unconsciousness comes some other way (a sleep spell).
 */
function downCheck(ctx: Resolution, reasonFor: (name: string) => string): void {
  if (!inDuel(ctx.state)) return;
  const down = duelists(ctx.state).filter((id) => {
    const c = ctx.state.creatures[id]!;
    return c.status !== 'conscious' || hasCondition(c, 'unconscious');
  });
  if (!down.length) return;
  const names = down.map((id) => ctx.state.creatures[id]!.name).join(' and ');
  endDuel(ctx, { loser: down.length === 1 ? down[0]! : null, reason: reasonFor(names), ruleId: 'DUEL-ARENA-3' });
}

export const arenaHooks = [
  {
    // A duelist dropped by its opponent's melee blow might be spared (DUEL-PART-2): the base knock-out
    // choice (A5E-DYING-17) is the way; the duel ends either way.
    stage: 'hp.zero', id: 'a5e.duel.spare', priority: 90, ruleId: 'DUEL-PART-2',
    run: (ctx, p) => {
      const by = p.source;
      if (!by || !isDuelist(ctx.state, p.creatureId) || by !== opponentOf(ctx.state, p.creatureId) || p.data['attack'] !== 'melee') return;
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-PART-2', text: `${ctx.state.creatures[by]!.name} may spare ${ctx.state.creatures[p.creatureId]!.name}: a melee blow can knock out instead of kill (the a5e.dying.knockOut answer)`, creatureId: by });
    },
  } satisfies Hook<'hp.zero'>,
  {
    stage: 'hp.zero', id: 'a5e.duel.down', priority: 150, ruleId: 'DUEL-ARENA-3',
    run: (ctx) => downCheck(ctx, (n) => `${n} went down`),
  } satisfies Hook<'hp.zero'>,
  {
    stage: 'condition.added', id: 'a5e.duel.condition', priority: 150, ruleId: 'DUEL-ARENA-3',
    run: (ctx, p) => {
      if (!isDuelist(ctx.state, p.creatureId)) return;
      const c = ctx.state.creatures[p.creatureId]!;
      // At 0 hit points the drop is judged once the dying rules are done (the hp.zero hook above).
      if (p.condition.conditionId === 'unconscious' && c.hp > 0) return downCheck(ctx, (n) => `${n} fell unconscious`);
      if (isIncapacitated(ctx.ruleset, c) && typeof c.vars[DUEL_VARS.incapacitatedSince] !== 'number') {
        ctx.emit({ type: 'VarSet', creatureId: c.id, key: DUEL_VARS.incapacitatedSince, value: ctx.state.round });
      }
    },
  } satisfies Hook<'condition.added'>,
  {
    stage: 'condition.removed', id: 'a5e.duel.condition-ends', priority: 150, ruleId: 'DUEL-ARENA-4',
    run: (ctx, p) => {
      if (!isDuelist(ctx.state, p.creatureId)) return;
      const c = ctx.state.creatures[p.creatureId]!;
      // The count starts over if the incapacity ends and comes back (DUEL-ARENA-4, proposed ruling).
      if (!isIncapacitated(ctx.ruleset, c) && c.vars[DUEL_VARS.incapacitatedSince] !== undefined) ctx.emit({ type: 'VarSet', creatureId: c.id, key: DUEL_VARS.incapacitatedSince, value: null });
    },
  } satisfies Hook<'condition.removed'>,
  {
    // Incapacitated during round N and still at the end of round N+2: the duel ends (DUEL-ARENA-4, proposed ruling).
    stage: 'round.end', id: 'a5e.duel.round-end', priority: 900, ruleId: 'DUEL-ARENA-4',
    run: (ctx, p) => {
      if (!inDuel(ctx.state)) return;
      arenaCheck(ctx, null);
      const long: string[] = [];
      for (const id of duelists(ctx.state)) {
        const c = ctx.state.creatures[id]!;
        const since = c.vars[DUEL_VARS.incapacitatedSince];
        if (!isIncapacitated(ctx.ruleset, c)) {
          if (since !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key: DUEL_VARS.incapacitatedSince, value: null });
          continue;
        }
        if (typeof since !== 'number') ctx.emit({ type: 'VarSet', creatureId: id, key: DUEL_VARS.incapacitatedSince, value: p.round });
        else if (p.round - since >= 2) long.push(id);
      }
      if (long.length) {
        const names = long.map((id) => ctx.state.creatures[id]!.name).join(' and ');
        endDuel(ctx, { loser: long.length === 1 ? long[0]! : null, reason: `${names} has been incapacitated for more than two rounds`, ruleId: 'DUEL-ARENA-4' });
      }
    },
  } satisfies Hook<'round.end'>,
  {
    stage: 'turn.end', id: 'a5e.duel.turn-end', priority: 900, ruleId: 'DUEL-ARENA-3',
    run: (ctx) => arenaCheck(ctx, null),
  } satisfies Hook<'turn.end'>,
  {
    // Best of three touches (DUEL-OPT-4): an attack dealing at least 1 damage, after resistance and the
    // rest, temporary hit points included, is a touch; the second ends the duel.
    stage: 'hp.changed', id: 'a5e.duel.touches', priority: 50, ruleId: 'DUEL-OPT-4',
    run: (ctx, p) => {
      if (!inDuel(ctx.state) || !duelConfig(ctx.state).touches) return;
      if (!p.source || opponentOf(ctx.state, p.creatureId) !== p.source || typeof p.data['attack'] !== 'string') return;
      const total = typeof p.data[DATA_TOTAL] === 'number' ? p.data[DATA_TOTAL] : p.damage;
      if (total < 1) return;
      const rec = duelRecord(ctx.state)!;
      const touches = { ...rec.touches, [p.source]: (rec.touches[p.source] ?? 0) + 1 };
      ctx.emit({ type: 'VarSet', creatureId: null, key: DUEL_VAR, value: { ...rec, touches } as never });
      const me = ctx.state.creatures[p.source]!;
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-OPT-4', text: `a touch for ${me.name} (${touches[p.source]} of 2)`, creatureId: p.source });
      if (touches[p.source]! >= 2) endDuel(ctx, { loser: p.creatureId, reason: `${me.name} scores a second touch`, ruleId: 'DUEL-OPT-4' });
    },
  } satisfies Hook<'hp.changed'>,
];

const id = z.string().min(1).max(200);
export const concedeSchema = z.object({ type: z.literal('a5e.duel.concede'), creatureId: id }).strict();
type Concede = z.infer<typeof concedeSchema>;

/** A duelist concedes, at any moment and for nothing (DUEL-ARENA-3 (b)), once it confirms. */
export const concedeCommand: CommandDef<Concede> = {
  type: 'a5e.duel.concede',
  schema: concedeSchema as never,
  actor: (c) => c.creatureId,
  run: (ctx, c) => {
    if (!inDuel(ctx.state)) ctx.reject('not-in-duel', 'no duel is running in this encounter', 'DUEL-ARENA-3');
    if (!isDuelist(ctx.state, c.creatureId)) ctx.reject('not-a-duelist', `${ctx.state.creatures[c.creatureId]?.name ?? c.creatureId} is not one of the duelists`, 'DUEL-ARENA-3');
    const me = () => (ctx.state.creatures[c.creatureId])!;
    const sure = ctx.ask({
      key: 'a5e.duel.concede', to: { controllerOf: me().id }, about: me().id, ruleId: 'DUEL-ARENA-3',
      text: `${me().name} concedes the duel: are you sure?`,
      options: [{ id: 'concede', label: 'Concede' }, { id: 'fight-on', label: 'Fight on' }], default: 'concede',
    });
    if (sure !== 'concede') {
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-ARENA-3', text: `${me().name} fights on`, creatureId: me().id });
      return;
    }
    endDuel(ctx, { loser: me().id, reason: `${me().name} concedes`, ruleId: 'DUEL-ARENA-3' });
  },
};
