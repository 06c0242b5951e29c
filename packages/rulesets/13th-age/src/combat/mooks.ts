import { dealDamage, placeInOrder, type AnyHook, type CreatureState, type EncounterState, type Json, type Resolution } from '@fray/engine';
import type { ThirteenModule } from '../module';
import { monsterSheet } from '../core/sheets';
import { setVar } from '../core/economy';
import { mooksVars } from '../settings';

/** The rule id on mob events: mook mobs extend the catalog (which only names mooks as a target category, 13A-TGT-1). */
export const MOB_RULE = '13A-TGT-1';
/** Encounter var: per mob, its mooks in the order they dropped. */
export const MOB_DROPS = 'mookDrops';
/** The damage option that marks a spilled remainder (already through crits, resistance and temporary hp). */
export const SPILL = 'damage:mook-spill';

export const isMook = (c: CreatureState): boolean => monsterSheet(c)?.category === 'mook';

/**
 * A mook's mob: the creature var `mob`, else a tag `mob:<id>` (scenario files), else its initiative
 * group (identical mooks, name#level), so a pack of one mook type is one mob without any setup.
 */
export function mobOf(c: CreatureState): string | null {
  if (!isMook(c)) return null;
  if (typeof c.vars['mob'] === 'string') return c.vars['mob'];
  const tag = c.tags.find((t) => t.startsWith('mob:'));
  if (tag) return tag.slice(4);
  return typeof c.vars['initiativeGroup'] === 'string' ? c.vars['initiativeGroup'] : null;
}

/** The mob's mooks in join order (the stable spill order), living or not. */
export const mobMembers = (state: EncounterState, mob: string): string[] => state.creatureIds.filter((id) => mobOf(state.creatures[id]!) === mob);

/** The mob's pooled hit points: the sum over its mooks still standing. */
export const mobHp = (state: EncounterState, mob: string): number =>
  mobMembers(state, mob).reduce((sum, id) => sum + (state.creatures[id]!.status === 'dead' ? 0 : Math.max(0, state.creatures[id]!.hp)), 0);

function recordDrop(ctx: Resolution, id: string, mob: string): void {
  const all = (ctx.state.vars[MOB_DROPS] as Record<string, string[]> | undefined) ?? {};
  const list = all[mob] ?? [];
  if (list.includes(id)) return;
  setVar(ctx, null, MOB_DROPS, { ...all, [mob]: [...list, id] } as unknown as Json);
}

const hooks: AnyHook[] = [
  {
    // After the dying hooks (priority 0) have slain the mook: record the drop, then carry the rest on.
    stage: 'hp.zero', id: '13a.mooks.spill', priority: 10, ruleId: MOB_RULE,
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId]!;
      const mob = mobOf(c);
      if (mob === null || p.before <= 0) return;
      recordDrop(ctx, c.id, mob);
      if (p.overflow <= 0) return;
      const next = mobMembers(ctx.state, mob).find((id) => id !== c.id && ctx.state.creatures[id]!.status !== 'dead' && ctx.state.creatures[id]!.hp > 0);
      if (!next) {
        ctx.emit({ type: 'RuleApplied', ruleId: MOB_RULE, text: `${p.overflow} damage is left over: no mook of the mob is standing`, creatureId: c.id });
        return;
      }
      ctx.emit({ type: 'RuleApplied', ruleId: MOB_RULE, text: `${p.overflow} damage spills from ${c.name} to the next mook of the mob, ${ctx.state.creatures[next]!.name}`, creatureId: next });
      dealDamage(ctx, next, [{ type: 'weapon', amount: p.overflow }], { source: p.source, options: [SPILL], data: { ...p.data, critMult: 1 } });
    },
  },
  {
    // A mob named explicitly (var or tag) may mix mook types: it acts on its first member's count.
    stage: 'encounter.start', id: '13a.mooks.initiative', priority: 5, ruleId: '13A-INIT-3',
    run: (ctx) => {
      // the mob's member that acted last in the order so far, so later members keep their join order
      const seen = new Map<string, { lead: string; last: string }>();
      for (const e of [...ctx.state.order]) {
        const c = ctx.state.creatures[e.creatureId];
        const mob = c ? mobOf(c) : null;
        if (!c || mob === null) continue;
        const at = seen.get(mob);
        if (!at) { seen.set(mob, { lead: c.id, last: c.id }); continue; }
        const leadEntry = ctx.state.order.find((x) => x.creatureId === at.lead)!;
        if (leadEntry.total !== e.total) placeInOrder(ctx, c.id, { after: at.last }, `${c.name} acts with its mob on ${ctx.state.creatures[at.lead]!.name}'s count`);
        at.last = c.id;
      }
    },
  },
];

export const mooksModule: ThirteenModule = { id: 'mooks', hooks, creatureVars: mooksVars };
