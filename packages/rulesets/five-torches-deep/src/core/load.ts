import { z } from 'zod';
import type { FtdModule } from '../module';
import { coinLoad, creatureIn, loadOf, scores, speedOf } from './sheet';
import { loadVars } from '../settings';

const loadSchema = z.object({
  type: z.literal('ftd.setLoad'),
  creatureId: z.string().min(1),
  load: z.number().int().min(0).max(200).optional(),
  coins: z.number().int().min(0).max(1_000_000).optional(),
}).strict().refine((c) => c.load !== undefined || c.coins !== undefined, { message: 'give load, coins, or both' });

/** Picking up or dropping gear and coins: speed and the load penalty follow at once (FTD-LOAD-3..5). */
const setLoadCommand: NonNullable<FtdModule['commands']>[number] = {
  type: 'ftd.setLoad', schema: loadSchema as never,
  actor: (c) => (c as { creatureId?: string }).creatureId ?? null,
  run: (ctx, raw) => {
    const cmd = raw as unknown as z.infer<typeof loadSchema>;
    if (!ctx.state.creatures[cmd.creatureId]) ctx.reject('unknown-creature', `no creature '${cmd.creatureId}'`);
    if (cmd.load !== undefined) ctx.emit({ type: 'VarSet', creatureId: cmd.creatureId, key: 'load', value: cmd.load });
    if (cmd.coins !== undefined) ctx.emit({ type: 'VarSet', creatureId: cmd.creatureId, key: 'coins', value: cmd.coins });
    const c = creatureIn(ctx.state, cmd.creatureId);
    const coins = typeof c.vars['coins'] === 'number' ? c.vars['coins'] : 0;
    ctx.emit({
      type: 'RuleApplied', ruleId: cmd.coins !== undefined ? 'FTD-LOAD-5' : 'FTD-LOAD-3', creatureId: c.id,
      text: `${c.name} carries ${loadOf(c)} load${cmd.coins !== undefined ? ` (${coinLoad(coins)} of it coins)` : ''} against STR ${scores(c).str}: speed ${speedOf(ctx.ruleset, c)} ft`,
    });
  },
};

/** Picking up or dropping gear and coins happens in a fight and between fights (after looting). */
export const loadModule: FtdModule = {
  id: 'load',
  creatureVars: loadVars,
  commands: [setLoadCommand],
  campaignCommands: [setLoadCommand],
};
