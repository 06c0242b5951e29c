import { rulesetCommand, type Json } from '@fray/engine';
import { z } from 'zod';
import { coinLoad, creatureIn, isPc, sheetOf } from '../core/sheet';
import { partyOf } from './party';

/** Coins in gold: 10 cp to the sp, 10 sp to the gp (FTD-XP-2). */
export const gpValue = (c: { gp?: number; sp?: number; cp?: number }): number => (c.gp ?? 0) + (c.sp ?? 0) / 10 + (c.cp ?? 0) / 100;

/** Every coin weighs the same: 100 to the pound, 500 to the load (FTD-XP-3, FTD-LOAD-5). */
export const coinPounds = (coins: number): number => coins / 100;

/** XP for treasure: 1 per gp, rounded down once, split evenly, remainders dropped (FTD-XP-1 ruling). */
export function xpShares(totalGp: number, recipients: number): { total: number; each: number } {
  const total = Math.floor(totalGp);
  return { total, each: recipients > 0 ? Math.floor(total / recipients) : 0 };
}

const itemSchema = z.object({ name: z.string().min(1).max(100), value: z.number().int().min(0).max(10_000_000) }).strict();

const treasureSchema = z.object({
  type: z.literal('ftd.treasure'),
  /** the PCs who won it (default: every living PC) */
  creatureIds: z.array(z.string().min(1)).min(1).max(50).optional(),
  gp: z.number().int().min(0).max(10_000_000).default(0),
  sp: z.number().int().min(0).max(10_000_000).default(0),
  cp: z.number().int().min(0).max(10_000_000).default(0),
  /** captured magic items at their fair value (FTD-XP-6) */
  items: z.array(itemSchema).max(100).default([]),
  /** inherited or otherwise unearned treasure gives no XP; asked of the GM when left out (FTD-XP-7) */
  earned: z.boolean().optional(),
}).strict();

/** GM: the party wins treasure; coins and captured magic items become XP (FTD-XP-1..7). */
export const treasureCommand = rulesetCommand({
  gmOnly: true, schema: treasureSchema,
  run: (ctx, c) => {
    const party = partyOf(ctx, c.creatureIds).filter((id) => isPc(creatureIn(ctx.state, id)));
    if (!party.length) ctx.reject('no-recipients', 'no living PC to share the treasure');
    const coins = c.gp + c.sp + c.cp;
    const coinGp = gpValue(c);
    const itemGp = c.items.reduce((a, i) => a + i.value, 0);
    if (coins === 0 && itemGp === 0 && !c.items.length) ctx.reject('no-treasure', 'give coins or items');
    if (coins > 0) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-XP-2', text: `${c.gp} gp, ${c.sp} sp and ${c.cp} cp are worth ${coinGp} gp` });
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-XP-3', text: `${coins} coins weigh ${coinPounds(coins)} lb: ${coinLoad(coins)} load` });
    }
    if (c.gp > 0) ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-XP-4', text: 'gold and precious metals hold magical power (no rule here draws on it)' });
    for (const i of c.items) ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-XP-6', text: `${i.name} is captured: worth ${i.value} XP at its fair value; selling it later earns none` });
    const earned = c.earned ?? ctx.ask({
      key: 'ftd.treasure.earned', to: { role: 'gm' }, about: null, ruleId: 'FTD-XP-7',
      text: 'Was this treasure earned? Inherited or unearned treasure gives no XP.',
      options: [{ id: 'earned', label: 'Earned' }, { id: 'unearned', label: 'Unearned: no XP' }], default: 'earned',
    }) === 'earned';
    if (!earned) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-XP-7', text: 'unearned treasure: no XP' });
      return;
    }
    const { total, each } = xpShares(coinGp + itemGp, party.length);
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-XP-1', text: `${total} XP from treasure, ${each} each for ${party.map((id) => creatureIn(ctx.state, id).name).join(', ')}` });
    for (const id of party) {
      const now = creatureIn(ctx.state, id).tallies['xp'] ?? 0;
      if (each > 0) ctx.emit({ type: 'TallySet', creatureId: id, key: 'xp', value: now + each, ruleId: 'FTD-XP-1' });
    }
  },
});

const lootSchema = z.object({
  type: z.literal('ftd.loot'),
  /** a defeated creature at the table (its HD from the stat block) */
  creatureId: z.string().min(1).optional(),
  /** or just its HD */
  hd: z.number().min(0).max(30).optional(),
}).strict().refine((c) => (c.creatureId === undefined) !== (c.hd === undefined), { message: 'give creatureId or hd, not both' });

/**
 * GM: what an enemy carries is worth 1d20 gp per HD: one d20 per whole HD, and under 1 HD one d20
 * times the HD, rounded down (FTD-XP-5 ruling). Hoards are treasure of their own.
 */
export const lootCommand = rulesetCommand({
  gmOnly: true, schema: lootSchema,
  run: (ctx, c) => {
    let hd = c.hd ?? 0;
    let who = 'the enemy';
    if (c.creatureId) {
      const x = ctx.state.creatures[c.creatureId];
      if (!x) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
      if (isPc(x)) ctx.reject('not-an-enemy', `${x.name} is a PC; loot enemies`, 'FTD-XP-5');
      hd = sheetOf(x).hd;
      who = x.name;
    }
    let gp: number;
    if (hd < 1) gp = Math.floor(ctx.roll('1d20', { roller: null, purpose: 'loot' }).total * hd);
    else gp = ctx.roll(`${Math.floor(hd)}d20`, { roller: null, purpose: 'loot' }).total;
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-XP-5', text: `${who} (${hd} HD) carries ${gp} gp` });
    ctx.emit({ type: 'VarSet', creatureId: null, key: 'ftd.lastLoot', value: { hd, gp, from: c.creatureId ?? null } as unknown as Json });
  },
});

const sellSchema = z.object({ type: z.literal('ftd.sellItem'), name: z.string().min(1).max(100), gp: z.number().int().min(0).max(10_000_000) }).strict();

/** GM: a captured magic item is sold; its XP came when it was captured, so the gold brings none (FTD-XP-6). */
export const sellItemCommand = rulesetCommand({
  gmOnly: true, schema: sellSchema,
  run: (ctx, c) => {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-XP-6', text: `${c.name} sells for ${c.gp} gp: no XP (it counted when captured)` });
  },
});
