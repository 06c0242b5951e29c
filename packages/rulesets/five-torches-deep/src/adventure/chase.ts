import { z } from 'zod';
import type { Resolution, RollModeSource } from '@fray/engine';
import type { Ability } from '../sheet/stat-block';
import { ftdCheck } from '../core/check';
import { abilityMod, creatureIn, isProficient, sheetOf, speedOf } from '../core/sheet';
import { moraleCheck } from '../combat/morale';
import type { FtdModule } from '../module';

/** DC 11 at 30 ft, one more or less per 5 ft, part-steps dropped toward zero, no cap (FTD-CHASE-2). */
export const chaseDc = (speed: number): number => 11 + Math.trunc((speed - 30) / 5);

type Terrain = 'open' | 'uneven' | 'endurance' | 'command' | 'morale';
const terrainAbility: Record<Exclude<Terrain, 'morale'>, Ability> = { open: 'str', uneven: 'dex', endurance: 'con', command: 'cha' };

const chaseSchema = z.object({
  type: z.literal('ftd.chase'),
  creatureIds: z.array(z.string().min(1)).min(1),
  direction: z.enum(['pursue', 'flee']).default('pursue'),
  /** the quarry (pursuing) or the pursuers (fleeing); their speed sets the DC unless `speed` is given */
  otherIds: z.array(z.string().min(1)).min(1).optional(),
  speed: z.number().int().min(0).max(500).optional(),
  terrain: z.enum(['open', 'uneven', 'endurance', 'command', 'morale']).optional(),
  grouping: z.enum(['individual', 'group']).optional(),
  bowRange: z.boolean().default(false),
  bowRangeAdjust: z.number().int().min(-10).max(0).default(-2),
  stalls: z.number().int().min(0).max(10).default(0),
  stallAdjust: z.number().int().min(0).max(10).default(2),
  mode: z.enum(['advantage', 'disadvantage', 'normal']).default('normal'),
}).strict().refine((c) => c.otherIds !== undefined || c.speed !== undefined, { message: 'give the other side (otherIds) or its speed' });

type Chase = z.infer<typeof chaseSchema>;

function ask<T extends string>(ctx: Resolution, key: string, to: { role: 'gm' } | { controllerOf: string }, text: string, options: { id: T; label: string }[], ruleId: string): T {
  return ctx.ask({ key, to, about: null, text, options, default: options[0]!.id, ruleId }) as T;
}

function runChase(ctx: Resolution, cmd: Chase): void {
  for (const id of [...cmd.creatureIds, ...(cmd.otherIds ?? [])]) if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
  // The quarry's speed, or the fastest pursuer's when the party flees (FTD-CHASE-2, FTD-CHASE-9).
  const speed = cmd.speed ?? Math.max(...(cmd.otherIds ?? []).map((id) => speedOf(ctx.ruleset, creatureIn(ctx.state, id))));
  const terrain: Terrain = cmd.terrain ?? ask(ctx, 'ftd.chase.terrain', { role: 'gm' }, 'What ground is the chase over?', [
    { id: 'open', label: 'Flat and open (STR)' }, { id: 'uneven', label: 'Uneven (DEX)' },
    { id: 'endurance', label: 'Hours or days: endurance (CON)' }, { id: 'command', label: "Outmanoeuvring a force: the commander's CHA" },
    { id: 'morale', label: "Outmanoeuvring a force: the NPCs' morale" },
  ], 'FTD-CHASE-1');
  if (terrain === 'morale') {
    if (!cmd.otherIds) ctx.reject('no-quarry', 'a morale chase needs the enemy force (otherIds)', 'FTD-CHASE-8');
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CHASE-8', text: 'the chase is settled by the enemy force\'s morale' });
    moraleCheck(ctx, cmd.otherIds, { grouping: 'side', ruleId: 'FTD-CHASE-8' });
    return;
  }
  const ability = terrainAbility[terrain];
  let dc = chaseDc(speed);
  const notes: string[] = [`${speed} ft → DC ${dc}`];
  if (cmd.bowRange) {
    dc += cmd.bowRangeAdjust;
    notes.push(`bow range ${cmd.bowRangeAdjust}`);
  }
  if (cmd.stalls) {
    dc += cmd.stalls * cmd.stallAdjust;
    notes.push(`${cmd.stalls} stall(s) +${cmd.stalls * cmd.stallAdjust}`);
  }
  ctx.emit({ type: 'RuleApplied', ruleId: cmd.bowRange ? 'FTD-CHASE-3' : cmd.stalls ? 'FTD-CHASE-7' : 'FTD-CHASE-2', text: `chase DC ${dc} (${notes.join(', ')})` });
  const grouping = terrain === 'command' ? 'group' : (cmd.grouping ?? (cmd.creatureIds.length === 1 ? 'individual' : ask(ctx, 'ftd.chase.grouping', { controllerOf: cmd.creatureIds[0]! }, 'Does each of you roll, or does the slowest roll for everyone?', [
    { id: 'individual', label: 'Each rolls and arrives alone' }, { id: 'group', label: 'The worst modifier rolls; all arrive together' },
  ], 'FTD-CHASE-4')));
  const modOf = (id: string) => {
    const c = creatureIn(ctx.state, id);
    return abilityMod(c, ability) + (isProficient(c, ability) || isProficient(c, 'chase') ? sheetOf(c).proficiency : 0);
  };
  // The commander is the first named; a group otherwise sends its worst modifier (FTD-CHASE-4, FTD-CHASE-8).
  const groups = grouping === 'individual' ? cmd.creatureIds.map((id) => ({ roller: id, members: [id] }))
    : [{ roller: terrain === 'command' ? cmd.creatureIds[0]! : [...cmd.creatureIds].sort((a, b) => modOf(a) - modOf(b))[0]!, members: cmd.creatureIds }];
  const sources: RollModeSource[] = cmd.mode === 'normal' ? [] : [{ mode: cmd.mode, source: 'gm', label: cmd.mode === 'advantage' ? 'better position' : 'the quarry can break line of sight', ruleId: 'FTD-CHASE-6' }];
  for (const g of groups) {
    const c = creatureIn(ctx.state, g.roller);
    const r = ftdCheck(ctx, {
      kind: 'chase', actor: g.roller, ability, proficient: isProficient(c, ability) || isProficient(c, 'chase'),
      against: { label: 'chase DC', value: dc }, rollModeSources: sources, selectors: ['check:chase'],
      ruleId: cmd.direction === 'flee' ? 'FTD-CHASE-9' : 'FTD-CHASE-5', ...(g.members.length > 1 ? { data: { group: g.members } } : {}),
    });
    const won = r.outcome === 'success';
    const result = cmd.direction === 'flee' ? (won ? 'escaped' : 'caught') : won ? 'caught the quarry' : 'lost the quarry';
    for (const id of g.members) ctx.emit({ type: 'VarSet', creatureId: id, key: 'ftd.chase', value: result });
    ctx.emit({ type: 'RuleApplied', ruleId: cmd.direction === 'flee' ? 'FTD-CHASE-9' : 'FTD-CHASE-5', text: `${g.members.map((id) => creatureIn(ctx.state, id).name).join(', ')}: ${result}` });
  }
}

export const chaseModule: FtdModule = {
  id: 'chase',
  commands: [{ type: 'ftd.chase', gmOnly: true, schema: chaseSchema as never, run: (ctx, raw) => runChase(ctx, raw as unknown as Chase) }],
};
