import type { DamageCalculation, DamageRow, EncounterState, Resolution, AnyHook } from '@fray/engine';
import { energyTypes } from '../sheet/stat-block';
import { sheetOf } from '../core/sheets';
import { SPILL } from './mooks';

export interface DamageData {
  /** the natural d20 of the attack that dealt it (or of the attack that started ongoing damage) */
  natural?: number | null;
  /** 2 for a crit, 3+ when doubled again (13A-CRIT-4); 1 otherwise */
  critMult?: number;
  magical?: boolean;
  nonlethal?: boolean;
}

const isEnergy = (t: string) => (energyTypes as readonly string[]).includes(t);

/** The resistance number that applies to a packet: every type must be resisted, lowest number wins (13A-RES-7). */
export function resistanceFor(state: EncounterState, id: string, types: readonly string[]): number | null {
  const resist = sheetOf(state, id).resist as Record<string, number | undefined>;
  const nums = types.map((t) => resist[t]);
  if (!types.length || nums.some((n) => n === undefined)) return null;
  return Math.min(...(nums as number[]));
}

/**
 * 13A-DMG-4: rolled once by the attack, then per target: crit multiplier, resistance by the natural
 * roll (halved once, rounded down) or energy immunity, temporary hit points, then hit points.
 */
export function calculate13a(ctx: Resolution, target: string, parts: { type: string; amount: number }[], data: DamageData): DamageCalculation {
  const rows: DamageRow[] = [];
  const byType = new Map<string, number>();
  for (const p of parts) byType.set(p.type, (byType.get(p.type) ?? 0) + p.amount);
  // 13A-DMG-5: never negative
  for (const [t, a] of byType) { byType.set(t, Math.max(0, a)); rows.push({ step: 'rolled', type: t, before: Math.max(0, a), after: Math.max(0, a) }); }
  const mult = data.critMult ?? 1;
  if (mult > 1) {
    for (const [t, a] of byType) {
      byType.set(t, a * mult);
      rows.push({ step: 'adjust', type: t, before: a, after: a * mult, ruleId: mult > 2 ? '13A-CRIT-4' : '13A-CRIT-3', note: `crit x${mult}` });
    }
  }
  const types = [...byType.keys()];
  const number = resistanceFor(ctx.state, target, types);
  if (number !== null) {
    const total = [...byType.values()].reduce((a, b) => a + b, 0);
    if (total > 0 && types.every(isEnergy) && !data.magical) {
      for (const [t, a] of byType) { byType.set(t, 0); rows.push({ step: 'immunity', type: t, before: a, after: 0, ruleId: '13A-RES-4', note: 'immune to mundane energy' }); }
    } else if (total > 0) {
      let natural = data.natural ?? null;
      if (natural === null) {
        // 13A-RES-6: automatic damage gets a stand-in attack roll to test the resistance
        natural = ctx.roll('1d20', { roller: null, purpose: 'resistance stand-in roll' }).natural ?? 1;
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-RES-6', text: `stand-in natural ${natural} against resistance ${number}+`, creatureId: target });
      }
      if (natural < number) {
        for (const [t, a] of byType) {
          const after = Math.floor(a / 2);
          byType.set(t, after);
          rows.push({ step: 'resistance', type: t, before: a, after, ruleId: '13A-RES-2', note: `natural ${natural} < resist ${number}+: half` });
        }
      }
    }
  }
  const total = [...byType.values()].reduce((a, b) => a + b, 0);
  const temp = ctx.state.creatures[target]!.tempHp;
  const absorbed = Math.min(temp, total);
  if (absorbed > 0) rows.push({ step: 'tempHp', type: 'total', before: total, after: total - absorbed, ruleId: '13A-THP-3', note: `${absorbed} absorbed by temporary hit points` });
  return { rows, total, absorbed, toHp: total - absorbed };
}

export const damageHooks: AnyHook[] = [
  {
    stage: 'damage.modify', id: '13a.damage.pipeline', priority: 0, ruleId: '13A-DMG-4',
    run: (ctx, p) => {
      // A mook mob's spilled remainder has been through the pipeline once already: it lands as it is.
      if (p.options.has(SPILL)) {
        const total = p.parts.reduce((a, x) => a + Math.max(0, x.amount), 0);
        p.calculation = { rows: [{ step: 'rolled', type: 'total', before: total, after: total, note: 'spilled from the mob' }], total, absorbed: 0, toHp: total };
        return;
      }
      p.calculation = calculate13a(ctx, p.target, p.parts, p.data as DamageData);
    },
  },
];
