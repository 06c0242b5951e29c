import { ContentError } from '../core/errors';
import { SetupError } from '../ruleset/declarations';
import { creatureFromSetup, type CreatureSetup } from '../core/encounter';
import type { CreatureState } from '../core/state';
import type { Resolution } from '../resolve/context';
import { addCondition } from './conditions';
import { settleTies, sortOrder } from './initiative';
import type { DurationInput } from '../condition/duration';

export interface JoinOptions {
  /** the rule that lets it join, for the log */
  ruleId?: string;
  /** false: never give it a place in the order (a ruleset seats it itself) */
  initiative?: boolean;
}

/**
 * A creature joins an encounter already under way: its stat block is validated by the ruleset (a bad
 * one is a typed rejection, not a crash), and during combat it rolls initiative and is slotted into the
 * order, so it first acts when its count next comes up. A fixed `initiative` takes the place of the roll.
 */
export function joinCreature(ctx: Resolution, setup: CreatureSetup, opts: JoinOptions = {}): CreatureState {
  if (ctx.state.creatures[setup.id]) ctx.reject('duplicate-creature', `there is already a creature '${setup.id}'`, opts.ruleId);
  let creature: CreatureState;
  try {
    creature = creatureFromSetup(ctx.ruleset, setup, 'addCreature', ['creature']);
  } catch (e) {
    if (e instanceof ContentError) return ctx.reject(e instanceof SetupError ? e.code : 'bad-stat-block', `${setup.id}: ${e.path.length ? e.path.join('.') + ': ' : ''}${e.reason}`, opts.ruleId);
    throw e;
  }
  ctx.emit({ type: 'CreatureAdded', creature });
  for (const cond of setup.conditions ?? []) {
    addCondition(ctx, setup.id, cond.id, {
      source: cond.source ?? 'gm', ...(cond.level ? { level: cond.level } : {}), ...(cond.data !== undefined ? { data: cond.data } : {}),
      ...(cond.duration !== undefined ? { duration: cond.duration as unknown as DurationInput } : {}),
    });
  }
  const seated = opts.initiative !== false && ctx.state.phase === 'combat' && !creature.tags.includes('no-initiative');
  if (seated) {
    const total = setup.initiative ?? ctx.ruleset.rollInitiative(ctx, setup.id).total;
    insertInOrder(ctx, setup.id, total, `${setup.id} joins at ${total}`, opts.ruleId);
  } else if (opts.initiative !== false && setup.initiative !== undefined && ctx.state.phase !== 'combat') {
    // Added while the table sets up: its fixed count holds when combat starts, as for the setup's own creatures.
    insertInOrder(ctx, setup.id, setup.initiative, `${setup.id} has a fixed initiative of ${setup.initiative}`, opts.ruleId);
  }
  return ctx.state.creatures[setup.id]!;
}

/**
 * Seats one creature at `total` among those already ordered. A tie with a creature that never needed a
 * roll-off is settled by one between them; a tie with creatures already ordered by a roll-off gets the
 * newcomer its own d20 on the same footing, then any tie that is left is rolled off again.
 */
export function insertInOrder(ctx: Resolution, creatureId: string, total: number, reason: string, ruleId?: string): void {
  const others = ctx.state.order.filter((e) => e.creatureId !== creatureId);
  const tied = others.filter((e) => e.total === total);
  let tiebreak: number[] = [];
  if (ctx.ruleset.initiativeTies === 'rolloff' && tied.some((e) => e.tiebreak.length > 0)) {
    tiebreak = [ctx.roll('1d20', { roller: creatureId, purpose: 'initiative tie-break' }).total];
  }
  const entry = { creatureId, total, tiebreak, group: null, delayed: false };
  let order = sortOrder([...others, entry], ctx.state.creatureIds);
  if (ctx.ruleset.initiativeTies === 'rolloff') order = settleTies(ctx, order, ruleId);
  ctx.emit({ type: 'InitiativeSet', order, reason, ...(ruleId ? { ruleId } : {}) });
}
