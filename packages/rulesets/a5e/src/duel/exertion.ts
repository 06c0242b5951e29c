import type { CommandDef, CreatureState, Resolution } from '@fray/engine';
import { z } from 'zod';
import { applyLongRestToTracks, beforeLongRestTracks, gainFatigue, gainStrife, loseTrack, fatigueTotal, trackLevelOf, TRACK_MAX } from '../conditions/tracks';
import { DUEL_RES, DUEL_VARS, inDuel, isDuelist, isSpectator, pbOf, res } from './active';

/** Exertion held, regular and temporary together (DUEL-EXERT-7). */
export const exertionHeld = (c: CreatureState): number => res(c, DUEL_RES.exertion) + res(c, DUEL_RES.temp);
/** The most exertion a duelist can hold: twice its proficiency bonus (DUEL-EXERT-7). */
export const exertionCap = (c: CreatureState): number => 2 * pbOf(c);

/** Total exertion for `n` extra duel actions in one round: 1, 3, 5, ... (DUEL-EXERT-1, DUEL-EXERT-2). */
export const purchaseTotal = (n: number): number => (n <= 0 ? 0 : 2 * n - 1);

/** What buying `count` more duel actions now costs, given what it bought this round (DUEL-EXERT-2). */
export function purchasePrice(c: CreatureState, count: number): number {
  const bought = res(c, DUEL_RES.bought);
  return purchaseTotal(bought + count) - purchaseTotal(bought);
}

/** Why a duelist cannot buy `count` duel actions now, or null (DUEL-EXERT-1, DUEL-EXERT-3). */
export function purchaseRefusal(c: CreatureState, count: number): { code: string; message: string; ruleId: string } | null {
  const price = purchasePrice(c, count);
  const spent = res(c, DUEL_RES.purchaseSpent);
  const pb = pbOf(c);
  if (spent + price > pb) {
    return { code: 'purchase-cap', message: `${c.name} has spent ${spent} exertion on duel actions this round; ${count} more cost ${price}, past the cap of ${pb} (its proficiency bonus)`, ruleId: 'DUEL-EXERT-3' };
  }
  if (exertionHeld(c) < price) return { code: 'no-exertion', message: `${c.name} has ${exertionHeld(c)} exertion; ${count} more duel action${count === 1 ? '' : 's'} cost ${price}`, ruleId: 'DUEL-EXERT-1' };
  return null;
}

/** The duel actions a duelist lacks to pay `price` from its pool now (DUEL-ACTION-2). */
export const shortOf = (c: CreatureState, price: number): number => Math.max(0, price - res(c, DUEL_RES.pool));

/**
 * Whether a duelist can pay `price` duel actions now, its pool topped up by buying what it lacks
 * (DUEL-ACTION-2, DUEL-EXERT-1: exertion buys duel actions at any time). The one rule for what is paid at
 * a moment when no purchase command can come first: a reaction asked in a prompt, concentration upkeep.
 */
export function canCover(c: CreatureState, price: number): boolean {
  const short = shortOf(c, price);
  return short === 0 || purchaseRefusal(c, short) === null;
}

/** The purchase paying `price` takes, in words for the prompt that offers it, or null when the pool covers it or nothing can (DUEL-EXERT-1). */
export function purchaseNote(c: CreatureState, price: number): string | null {
  const short = shortOf(c, price);
  if (short === 0 || !canCover(c, price)) return null;
  const pool = res(c, DUEL_RES.pool);
  return `${pool === 0 ? 'no duel actions left' : `${pool} duel action${pool === 1 ? '' : 's'} left`}: ${purchasePrice(c, short)} exertion buys ${short === 1 ? 'the one' : `the ${short}`} it needs`;
}

/** Buys what the pool lacks to pay `price` (DUEL-EXERT-1); refuses, as `buyDuelActions` does, when it cannot. */
export function coverShortfall(ctx: Resolution, id: string, price: number): void {
  const short = shortOf(ctx.state.creatures[id]!, price);
  if (short > 0) buyDuelActions(ctx, id, short);
}

/** Spends exertion, temporary points first (DUEL-EXERT-7, proposed ruling). */
export function spendExertion(ctx: Resolution, id: string, n: number, ruleId: string): void {
  const c = ctx.state.creatures[id]!;
  if (n <= 0) return;
  if (exertionHeld(c) < n) ctx.reject('no-exertion', `${c.name} has ${exertionHeld(c)} exertion, not ${n}`, ruleId);
  const temp = res(c, DUEL_RES.temp);
  const fromTemp = Math.min(temp, n);
  if (fromTemp > 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.temp, value: temp - fromTemp, ruleId });
  if (n - fromTemp > 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.exertion, value: res(c, DUEL_RES.exertion) - (n - fromTemp), ruleId });
}

/** Buys duel actions with exertion (DUEL-EXERT-1..3); refuses past the cap or without the points. */
export function buyDuelActions(ctx: Resolution, id: string, count: number): void {
  const c = ctx.state.creatures[id]!;
  const refusal = purchaseRefusal(c, count);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const price = purchasePrice(c, count);
  spendExertion(ctx, id, price, 'DUEL-EXERT-1');
  ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.bought, value: res(c, DUEL_RES.bought) + count, ruleId: 'DUEL-EXERT-2' });
  ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.purchaseSpent, value: res(c, DUEL_RES.purchaseSpent) + price, ruleId: 'DUEL-EXERT-3' });
  ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.pool, value: res(c, DUEL_RES.pool) + count, ruleId: 'DUEL-EXERT-1' });
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-EXERT-1', text: `${c.name} spends ${price} exertion for ${count} more duel action${count === 1 ? '' : 's'} (${res(c, DUEL_RES.pool)} now; ${res(c, DUEL_RES.purchaseSpent)} of ${pbOf(c)} exertion spent on duel actions this round)`, creatureId: id });
}

/** Grants temporary exertion, clamped so the total held never passes 2 × PB (DUEL-EXERT-7). Returns the points gained. */
export function grantTempExertion(ctx: Resolution, id: string, n: number, why: string, ruleId: string): number {
  const c = ctx.state.creatures[id]!;
  const room = Math.max(0, exertionCap(c) - exertionHeld(c));
  const gained = Math.min(n, room);
  if (gained > 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.temp, value: res(c, DUEL_RES.temp) + gained, ruleId });
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${c.name} gains ${gained} temporary exertion from ${why}`, creatureId: id });
  if (gained < n) ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-EXERT-7', text: `${c.name} holds the most exertion it can, ${exertionCap(c)} (twice its proficiency bonus): ${n - gained} point${n - gained === 1 ? '' : 's'} lost`, creatureId: id });
  return gained;
}

type Levels = { fatigue: number; strife: number };
export function duelLevels(c: CreatureState): Levels {
  const v = c.vars[DUEL_VARS.levels] as Partial<Levels> | undefined;
  return { fatigue: typeof v?.fatigue === 'number' ? v.fatigue : 0, strife: typeof v?.strife === 'number' ? v.strife : 0 };
}

const id = z.string().min(1).max(200);

export const buyActionsSchema = z.object({ type: z.literal('a5e.duel.buyActions'), creatureId: id, count: z.number().int().min(1).max(10).default(1) }).strict();
type BuyActions = z.infer<typeof buyActionsSchema>;

const requireDuelist = (ctx: Resolution, who: string, ruleId: string) => {
  if (!ctx.state.creatures[who]) ctx.reject('unknown-creature', `no creature '${who}'`, ruleId);
  if (!inDuel(ctx.state)) ctx.reject('not-in-duel', 'no duel is running in this encounter', 'DUEL-SCOPE-1');
  if (!isDuelist(ctx.state, who)) ctx.reject('not-a-duelist', `${ctx.state.creatures[who]!.name} is not one of the duelists`, ruleId);
};

/** Buying duel actions with exertion, at any time, on any turn (DUEL-EXERT-1). */
export const buyActionsCommand: CommandDef<BuyActions> = {
  type: 'a5e.duel.buyActions',
  schema: buyActionsSchema as never,
  actor: (c) => c.creatureId,
  run: (ctx, c) => {
    requireDuelist(ctx, c.creatureId, 'DUEL-EXERT-1');
    buyDuelActions(ctx, c.creatureId, c.count);
  },
};

export const exertSchema = z.object({ type: z.literal('a5e.duel.exert'), creatureId: id, track: z.enum(['fatigue', 'strife']) }).strict();
type Exert = z.infer<typeof exertSchema>;

/**
 * A voluntary level of fatigue or strife for PB temporary exertion, at any time and without an action
 * (DUEL-EXERT-4, DUEL-EXERT-5). The levels go through the conditions module, so fatigue waits for the
 * end of the fight as usual and strife bites at once; the level that would reach 7 is confirmed first.
 */
export const exertCommand: CommandDef<Exert> = {
  type: 'a5e.duel.exert',
  schema: exertSchema as never,
  actor: (c) => c.creatureId,
  run: (ctx, c) => {
    requireDuelist(ctx, c.creatureId, 'DUEL-EXERT-5');
    const me = () => (ctx.state.creatures[c.creatureId])!;
    const level = c.track === 'fatigue' ? fatigueTotal(ctx.state, me().id) : trackLevelOf(ctx.state, me().id, 'strife');
    if (level >= TRACK_MAX) ctx.reject('track-full', `${me().name} already has ${c.track} ${TRACK_MAX}`, 'DUEL-EXERT-5');
    if (level + 1 >= TRACK_MAX) {
      const sure = ctx.ask({
        key: 'a5e.duel.confirmLevel', to: { controllerOf: me().id }, about: me().id, ruleId: 'DUEL-EXERT-5',
        text: `${me().name} would reach ${c.track} ${TRACK_MAX}${c.track === 'fatigue' ? ' (doomed)' : ' (a permanent stress effect)'}: take the level anyway?`,
        options: [{ id: 'cancel', label: 'No' }, { id: 'confirm', label: 'Yes, take it' }], default: 'cancel',
      });
      if (sure !== 'confirm') {
        ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-EXERT-5', text: `${me().name} decides against a ${c.track} level at ${level}`, creatureId: me().id });
        return;
      }
    }
    if (exertionHeld(me()) >= exertionCap(me())) ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-EXERT-7', text: `warning: ${me().name} already holds ${exertionCap(me())} exertion, so the points from this level are lost`, creatureId: me().id });
    if (c.track === 'fatigue') gainFatigue(ctx, me().id, 1, 'DUEL-EXERT-5');
    else gainStrife(ctx, me().id, 1, 'DUEL-EXERT-5');
    const lv = duelLevels(ctx.state.creatures[me().id]!);
    ctx.emit({ type: 'VarSet', creatureId: me().id, key: DUEL_VARS.levels, value: { ...lv, [c.track]: lv[c.track] + 1 } });
    grantTempExertion(ctx, me().id, pbOf(me()), `a voluntary level of ${c.track}`, 'DUEL-EXERT-5');
  },
};

export const lendStrengthSchema = z.object({ type: z.literal('a5e.duel.lendStrength'), spectatorId: id, creatureId: id, amount: z.number().int().min(1).max(20) }).strict();
type LendStrength = z.infer<typeof lendStrengthSchema>;

/**
 * Lend Strength, the spectator action (DUEL-EXERT-9): the source names it but not its size, so the
 * amount is the command's (no default); it is sanctioned, never interference, and clamped like all
 * temporary exertion (DUEL-EXERT-6, DUEL-EXERT-7).
 */
export const lendStrengthCommand: CommandDef<LendStrength> = {
  type: 'a5e.duel.lendStrength',
  schema: lendStrengthSchema as never,
  actor: (c) => c.spectatorId,
  run: (ctx, c) => {
    requireDuelist(ctx, c.creatureId, 'DUEL-EXERT-9');
    if (!isSpectator(ctx.state, c.spectatorId)) ctx.reject('not-a-spectator', `${ctx.state.creatures[c.spectatorId]?.name ?? c.spectatorId} is not a spectator of this duel`, 'DUEL-EXERT-9');
    const from = ctx.state.creatures[c.spectatorId]!;
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-EXERT-9', text: `${from.name} lends strength to ${ctx.state.creatures[c.creatureId]!.name} (a spectator action, not interference)`, creatureId: c.spectatorId });
    grantTempExertion(ctx, c.creatureId, c.amount, `${from.name}'s Lend Strength`, 'DUEL-EXERT-4');
  },
};

export const duelLongRestSchema = z.object({ type: z.literal('a5e.duel.longRest'), creatureId: id, inHaven: z.boolean().default(false), suppliesConsumed: z.boolean().default(true) }).strict();
type DuelLongRest = z.infer<typeof duelLongRestSchema>;

/**
 * The levels taken for exertion all go at the next long rest, wherever it is taken (DUEL-EXERT-8,
 * proposed ruling), before the base recovery applies to what remains: a step of every long rest's
 * track recovery (the rest module's and `a5e.duel.longRest`).
 */
export function removeDuelLevels(ctx: Resolution, id: string): void {
  const me = ctx.state.creatures[id];
  if (!me) return;
  const lv = duelLevels(me);
  if (lv.fatigue <= 0 && lv.strife <= 0) return;
  if (lv.fatigue > 0) loseTrack(ctx, me.id, 'fatigue', lv.fatigue, 'DUEL-EXERT-8');
  if (lv.strife > 0) loseTrack(ctx, me.id, 'strife', lv.strife, 'DUEL-EXERT-8');
  ctx.emit({ type: 'VarSet', creatureId: me.id, key: DUEL_VARS.levels, value: null });
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-EXERT-8', text: `${me.name}'s long rest removes the ${lv.fatigue} fatigue and ${lv.strife} strife taken for exertion in a duel`, creatureId: me.id });
}

beforeLongRestTracks({ id: 'a5e.duel.levels', run: (ctx, id) => removeDuelLevels(ctx, id) });

/** A long rest's track recovery for one creature, for tables outside the rest rules (DUEL-EXERT-8). */
export const duelLongRestCommand: CommandDef<DuelLongRest> = {
  type: 'a5e.duel.longRest',
  schema: duelLongRestSchema as never,
  gmOnly: true,
  run: (ctx, c) => {
    const me = ctx.state.creatures[c.creatureId];
    if (!me) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`, 'DUEL-EXERT-8');
    applyLongRestToTracks(ctx, me.id, { inHaven: c.inHaven, suppliesConsumed: c.suppliesConsumed });
  },
};
