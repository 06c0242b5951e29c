import { currentCreatureId, isWithinReach, type AnyHook, type Json, type Resolution, type SpaceState } from '@fray/engine';
import { CONFUSED_VAR, meleeReach, type ConfusedTurn } from './queries';

/** Compass directions for the random move, d8 1 = north clockwise (A5E-COND-8 ruling). */
export const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** Creatures within the confused creature's melee reach, or null when there is no map to tell. */
function withinReach(ctx: Resolution, id: string): string[] | null {
  const space = ctx.state.space as unknown as SpaceState | null;
  if (!space || !space.creatures || !(id in space.creatures)) return null;
  const reach = meleeReach(ctx.state.creatures[id]!);
  return ctx.state.creatureIds.filter((o) => o !== id && o in space.creatures && ctx.state.creatures[o]!.status !== 'dead' && isWithinReach(space, id, o, reach));
}

/**
 * At the start of each of its turns a confused creature rolls a d8 (A5E-COND-8): 1–4 it does
 * nothing; 5–6 no action or bonus action and all its movement in a random direction; 7–8 one melee
 * attack on a random creature in reach, or nothing if there is none. The roll is recorded; the
 * budget it cannot use is taken away.
 */
export function rollConfusedTurn(ctx: Resolution, id: string): ConfusedTurn {
  const c = ctx.state.creatures[id]!;
  const roll = ctx.roll('1d8', { roller: id, purpose: 'confused: what it does' }).total;
  let turn: ConfusedTurn = { round: ctx.state.round, roll, behaviour: 'nothing' };
  if (roll >= 5 && roll <= 6) {
    const d = ctx.roll('1d8', { roller: id, purpose: 'confused: direction' }).total;
    turn = { ...turn, behaviour: 'wander', direction: COMPASS[d - 1]! };
  } else if (roll >= 7) {
    const near = withinReach(ctx, id);
    if (near === null) turn = { ...turn, behaviour: 'attack', target: null };
    else if (near.length === 1) turn = { ...turn, behaviour: 'attack', target: near[0]! };
    else if (near.length > 1) turn = { ...turn, behaviour: 'attack', target: near[ctx.roll(`1d${near.length}`, { roller: id, purpose: 'confused: random target' }).total - 1]! };
  }
  ctx.emit({ type: 'VarSet', creatureId: id, key: CONFUSED_VAR, value: turn as unknown as Json });
  const what = turn.behaviour === 'nothing'
    ? 'does nothing this turn'
    : turn.behaviour === 'wander'
      ? `takes no action or bonus action and spends all its movement moving ${turn.direction}`
      : `makes one melee attack against ${turn.target ? ctx.state.creatures[turn.target]!.name : 'a random creature in its reach (the Narrator picks)'}`;
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COND-8', text: `${c.name} is confused (d8 ${roll}): it ${what}`, creatureId: id });
  const lose = turn.behaviour === 'nothing' ? ['action', 'bonusAction', 'movementFeet'] : turn.behaviour === 'wander' ? ['action', 'bonusAction'] : ['bonusAction'];
  for (const key of lose) {
    if ((ctx.state.creatures[id]!.resources[key] ?? 0) !== 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key, value: 0, ruleId: 'A5E-COND-8' });
  }
  return turn;
}

export const confusedHooks: AnyHook[] = [
  {
    // after the turn budget is reset (a5e.economy.reset, priority 0)
    stage: 'turn.start', id: 'a5e.conditions.confused', priority: 10, ruleId: 'A5E-COND-8',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId];
      if (c && c.status !== 'dead' && currentCreatureId(ctx.state) === c.id && c.conditions.some((x) => x.conditionId === 'confused')) rollConfusedTurn(ctx, c.id);
    },
  },
];
