import { activeEffects, computeModified, type EncounterState, type LoadedRuleset, type Modifier, type ModifiedValue, type Statistic } from '@fray/engine';
import { abilityMod, middleOf } from './math';
import { pcSheet, monsterSheet } from './sheets';
import { thirteenStacking } from './stacking';

export type Defense = 'AC' | 'PD' | 'MD';
const trio = { AC: ['con', 'dex', 'wis'], PD: ['str', 'con', 'dex'], MD: ['int', 'wis', 'cha'] } as const;
const baseKey = { AC: 'ac', PD: 'pd', MD: 'md' } as const;

/** 13A-DEF-2..6: the defense before situational modifiers, with a label saying how it was built. */
export function baseDefense(state: EncounterState, id: string, which: Defense): { value: number; label: string } {
  const c = state.creatures[id]!;
  const pc = pcSheet(c);
  if (!pc) return { value: monsterSheet(c)![baseKey[which]], label: `${which} (stat block)` };
  const [a, b, d] = trio[which].map((k) => pc.abilities[k]) as [number, number, number];
  const mid = middleOf(a, b, d);
  const mode = state.options['13a.defenseMode'] === 'base+modifier' && pc.defenseBases ? 'base+modifier' : 'score';
  if (mode === 'score') return { value: mid + pc.level, label: `${which}: middle score ${mid} + level ${pc.level}` };
  const base = pc.defenseBases![baseKey[which]];
  return { value: base + abilityMod(mid) + pc.level, label: `${which}: base ${base} + middle modifier ${abilityMod(mid)} + level ${pc.level}` };
}

/** Penalties and bonuses that are the creature's own state rather than a condition. */
export function stateModifiers(state: EncounterState, id: string, stat: 'attack' | 'ac' | 'pd' | 'md'): Modifier[] {
  const c = state.creatures[id]!;
  const out: Modifier[] = [];
  const phantom = c.tallies['phantomRecoveries'] ?? 0;
  // 13A-HEAL-4: each recovery used without having one is another -1, and they stack (not a condition)
  if (phantom > 0) out.push({ id: 'no-recoveries', label: `recoveries used without having one (${phantom})`, value: -phantom, type: 'untyped', source: id, ruleId: '13A-HEAL-4' });
  for (const inst of c.conditions) {
    if (inst.conditionId !== 'fight-in-spirit') continue;
    const d = inst.data as { stat?: string; value?: number } | undefined;
    if (d?.stat === stat && typeof d.value === 'number') {
      out.push({ id: 'fight-in-spirit', label: 'fight in spirit', value: d.value, type: 'untyped', source: inst.source ?? 'gm', ruleId: '13A-SPEC-2' });
    }
  }
  return out;
}

/** 13A-DEF-7: a defense right now, with every modifier explained (computed on demand, never cached). */
export function defense(ruleset: LoadedRuleset, state: EncounterState, id: string, which: Defense): ModifiedValue & { label: string } {
  const c = state.creatures[id]!;
  const base = baseDefense(state, id, which);
  const mods: Modifier[] = [];
  for (const a of activeEffects(ruleset, c)) {
    const e = a.effect;
    if (e.kind === 'modifier' && (e.selector === 'defense' || e.selector === `defense:${which.toLowerCase()}`)) {
      mods.push({ id: a.conditionId, label: a.conditionId, value: e.value, type: e.type ?? 'untyped', source: a.instance.instanceId, ...(e.ruleId ? { ruleId: e.ruleId } : {}) });
    }
  }
  mods.push(...stateModifiers(state, id, baseKey[which]));
  return { ...computeModified(base.value, mods, thirteenStacking, new Set()), label: base.label };
}

const baseRule = { AC: '13A-DEF-2', PD: '13A-DEF-3', MD: '13A-DEF-4' } as const;

/**
 * A defense as a statistic (issue 18 item 5): the base row (the stat block's number, 13A-DEF-1, or a
 * PC's middle score and level, 13A-DEF-2..6) and then `defense`'s rows, applied or not (13A-DEF-7).
 */
export function defenseStatistic(ruleset: LoadedRuleset, state: EncounterState, id: string, which: Defense): Statistic {
  const d = defense(ruleset, state, id, which);
  const pc = pcSheet(state.creatures[id]!) !== null;
  return { label: which, total: d.total, rows: [{ id: 'base', label: d.label, value: d.base, type: 'base', source: id, applied: true, ruleId: pc ? baseRule[which] : '13A-DEF-1' }, ...d.rows] };
}

/** 13A-STAT-4: Dex modifier + level for PCs; the stat block's bonus otherwise. */
export function initiativeBonus(state: EncounterState, id: string): number {
  const c = state.creatures[id]!;
  const pc = pcSheet(c);
  return pc ? abilityMod(pc.abilities.dex) + pc.level : monsterSheet(c)!.initiative;
}

