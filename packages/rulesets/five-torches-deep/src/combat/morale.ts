import { z } from 'zod';
import { addCondition, hasCondition, type ConditionDef, type Resolution, type RollModeSource } from '@fray/engine';
import { ftdCheck } from '../core/check';
import { creatureIn, isPc, isProficient, sheetOf } from '../core/sheet';
import type { FtdModule } from '../module';
import { moraleOptions } from '../settings';

export type Grouping = 'side' | 'type' | 'individual';
const MORALE_DC = 11;

const conditions: ConditionDef[] = [
  { id: 'fleeing', name: 'Fleeing (morale broke)', ruleId: 'FTD-MORALE-1', effects: [] },
  { id: 'surrendered', name: 'Surrendered', ruleId: 'FTD-MORALE-1', effects: [{ kind: 'forbid', what: 'action', ruleId: 'FTD-MORALE-1' }] },
];

/** Who rolls for a group: its leader, else the member with the most HD (FTD-MORALE-5). */
function roller(ctx: Resolution, members: string[]): string {
  const leader = members.find((id) => sheetOf(creatureIn(ctx.state, id)).leader);
  if (leader) return leader;
  return [...members].sort((a, b) => sheetOf(creatureIn(ctx.state, b)).hd - sheetOf(creatureIn(ctx.state, a)).hd)[0]!;
}

/** PCs always roll alone; monsters as one side, by type, or one by one as the GM chose (FTD-MORALE-5). */
function groupsOf(ctx: Resolution, ids: string[], grouping: Grouping): string[][] {
  const pcs = ids.filter((id) => isPc(creatureIn(ctx.state, id))).map((id) => [id]);
  const npcs = ids.filter((id) => !isPc(creatureIn(ctx.state, id)));
  if (grouping === 'individual') return [...pcs, ...npcs.map((id) => [id])];
  const key = (id: string) => (grouping === 'side' ? creatureIn(ctx.state, id).side : `${creatureIn(ctx.state, id).side}/${sheetOf(creatureIn(ctx.state, id)).name}`);
  const map = new Map<string, string[]>();
  for (const id of npcs) map.set(key(id), [...(map.get(key(id)) ?? []), id]);
  return [...pcs, ...map.values()];
}

export interface MoraleOptions {
  grouping: Grouping;
  proficient?: boolean;
  mode?: 'advantage' | 'disadvantage' | 'normal';
  ruleId?: string;
  why?: string;
  /** retainers whose PC retreats rout: no surrender to choose (FTD-RETREAT-7) */
  failure?: 'flee';
}

/**
 * Morale: DC 11, d20 + WIS mod + PB when fitting + the monster's morale bonus (FTD-MORALE-1, -2);
 * failure means surrender or flight, the GM's choice for NPCs; PCs narrate their own (FTD-MORALE-6).
 */
export function moraleCheck(ctx: Resolution, ids: string[], o: MoraleOptions): void {
  const living = ids.filter((id) => {
    const c = creatureIn(ctx.state, id);
    if (!sheetOf(c).living) ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-MORALE-1', text: `${c.name} is not alive and never checks morale`, creatureId: id });
    return sheetOf(c).living && c.status === 'conscious';
  });
  for (const group of groupsOf(ctx, living, o.grouping)) {
    const who = roller(ctx, group);
    const c = creatureIn(ctx.state, who);
    const sources: RollModeSource[] = [];
    if (o.mode === 'advantage' || o.mode === 'disadvantage') sources.push({ mode: o.mode, source: 'circumstance', label: o.why ?? 'circumstances', ruleId: o.ruleId ?? 'FTD-MORALE-3' });
    const r = ftdCheck(ctx, {
      kind: 'morale', actor: who, ability: 'wis',
      proficient: o.proficient ?? (isPc(c) && isProficient(c, 'morale')),
      against: { label: 'morale DC', value: MORALE_DC },
      modifiers: sheetOf(c).moraleBonus ? [{ id: 'morale-bonus', label: 'morale bonus (HD)', value: sheetOf(c).moraleBonus, type: 'morale', source: who, ruleId: 'FTD-MORALE-2' }] : [],
      rollModeSources: sources, selectors: ['morale'], ruleId: 'FTD-MORALE-2',
      ...(group.length > 1 ? { data: { group } } : {}),
    });
    if (r.outcome === 'success') continue;
    for (const id of group) {
      const m = () => creatureIn(ctx.state, id);
      if (isPc(m())) {
        ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-MORALE-6', text: `${m().name}'s nerve breaks: the player narrates surrender or flight`, creatureId: id });
        continue;
      }
      const choice = o.failure ?? ctx.ask({
        key: 'ftd.morale.failure', to: { role: 'gm' }, about: id, ruleId: 'FTD-MORALE-1',
        text: `${m().name} fails morale. Does it flee or surrender?`,
        options: [{ id: 'flee', label: 'Flee' }, { id: 'surrender', label: 'Surrender' }], default: 'flee',
      });
      const cond = choice === 'surrender' ? 'surrendered' : 'fleeing';
      if (!hasCondition(m(), cond)) addCondition(ctx, id, cond, { source: 'morale', ruleId: 'FTD-MORALE-1' });
    }
  }
}

/** A usual moment for morale: the GM says whether to check, and how the monsters are grouped (FTD-MORALE-4). */
export function askForMorale(ctx: Resolution, ids: string[], why: string): void {
  const call = ctx.ask({
    key: 'ftd.morale.call', to: { role: 'gm' }, about: null, ruleId: 'FTD-MORALE-4',
    text: `${why}. Call a morale check?`,
    options: [
      { id: 'no', label: 'No check' }, { id: 'side', label: 'Yes, one roll per side' },
      { id: 'type', label: 'Yes, one roll per type of monster' }, { id: 'individual', label: 'Yes, each rolls' },
    ],
    default: 'no',
  });
  if (call === 'no') return;
  moraleCheck(ctx, ids, { grouping: call as Grouping, ruleId: 'FTD-MORALE-4' });
}

const moraleSchema = z.object({
  type: z.literal('ftd.morale'),
  creatureIds: z.array(z.string().min(1)).min(1).optional(),
  side: z.string().min(1).optional(),
  grouping: z.enum(['side', 'type', 'individual']).default('individual'),
  proficient: z.boolean().optional(),
  mode: z.enum(['advantage', 'disadvantage', 'normal']).default('normal'),
  why: z.string().max(200).optional(),
}).strict().refine((c) => (c.creatureIds === undefined) !== (c.side === undefined), { message: 'name either creatureIds or a side' });

export const moraleModule: FtdModule = {
  id: 'morale',
  options: moraleOptions,
  conditions,
  hooks: [
    {
      stage: 'encounter.start', id: 'ftd.morale.battle-begins', priority: 10, ruleId: 'FTD-MORALE-4',
      run: (ctx) => {
        if (ctx.state.options['moraleTriggers'] === false) return;
        const npcs = ctx.state.creatureIds.filter((id) => !isPc(creatureIn(ctx.state, id)) && creatureIn(ctx.state, id).status === 'conscious');
        if (npcs.length) askForMorale(ctx, npcs, 'The battle begins');
      },
    },
  ],
  commands: [
    {
      type: 'ftd.morale', gmOnly: true, schema: moraleSchema as never,
      run: (ctx, raw) => {
        const cmd = raw as unknown as z.infer<typeof moraleSchema>;
        const ids = cmd.creatureIds ?? ctx.state.creatureIds.filter((id) => creatureIn(ctx.state, id).side === cmd.side && creatureIn(ctx.state, id).status !== 'dead');
        for (const id of ids) if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
        if (!ids.length) ctx.reject('no-creatures', `nobody on side '${cmd.side}' can check morale`);
        moraleCheck(ctx, ids, { grouping: cmd.grouping, ...(cmd.proficient !== undefined ? { proficient: cmd.proficient } : {}), mode: cmd.mode, ...(cmd.why ? { why: cmd.why } : {}) });
      },
    },
  ],
};
