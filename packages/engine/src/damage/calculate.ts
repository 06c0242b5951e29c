/** Damage of one type, as rolled. */
export interface DamagePart {
  type: string;
  amount: number;
  /** how many dice were rolled for this part, when it came from a roll (effects that add per die read it) */
  dice?: number;
}

/** What protects a target, gathered by the ruleset from its stat block and active effects. */
export interface DamageProfile {
  immune: string[];
  resist: string[];
  vulnerable: string[];
  /** flat reductions, e.g. "reduce bludgeoning damage by 3" */
  reductions: { types: string[] | 'all'; amount: number; source: string }[];
  /** objects: damage below the threshold is ignored, at or above it applies in full */
  threshold: number | null;
  tempHp: number;
}

export type DamageStepId = 'immunity' | 'reduction' | 'resistance' | 'vulnerability' | 'threshold' | 'tempHp';

/** One step of the order a ruleset gives, tagged with the rule it implements. */
export interface DamageStep {
  step: DamageStepId;
  ruleId?: string;
}

export interface DamageRow {
  /** 'adjust': a ruleset's change before its steps (a save's halving, say) */
  step: DamageStepId | 'rolled' | 'adjust';
  /** the damage type, or 'total' for steps over the sum */
  type: string;
  before: number;
  after: number;
  ruleId?: string;
  note?: string;
}

export interface DamageCalculation {
  rows: DamageRow[];
  /** damage after every step but temporary hit points */
  total: number;
  /** taken from temporary hit points */
  absorbed: number;
  /** what reaches hit points */
  toHp: number;
}

const has = (list: string[], type: string) => list.includes(type) || list.includes('all');

/**
 * Pure: the damage a target takes, one row per step in the ruleset's order. Halving rounds down and
 * nothing goes below 0. Resistance and vulnerability on the same type do not stack with themselves.
 */
export function calculateDamage(parts: readonly DamagePart[], profile: DamageProfile, steps: readonly DamageStep[]): DamageCalculation {
  const rows: DamageRow[] = [];
  const byType = new Map<string, number>();
  // Sum each type first, then floor at 0: "1d6 - 1 slashing" keeps its penalty when it comes as two parts.
  for (const p of parts) byType.set(p.type, (byType.get(p.type) ?? 0) + p.amount);
  for (const [type, amount] of byType) byType.set(type, Math.max(0, amount));
  for (const [type, amount] of byType) rows.push({ step: 'rolled', type, before: amount, after: amount });

  const perType = (s: DamageStep, f: (type: string, amount: number) => { after: number; note?: string } | null) => {
    for (const [type, amount] of byType) {
      const r = f(type, amount);
      if (!r || r.after === amount) continue;
      byType.set(type, r.after);
      const row: DamageRow = { step: s.step, type, before: amount, after: r.after };
      if (s.ruleId) row.ruleId = s.ruleId;
      if (r.note) row.note = r.note;
      rows.push(row);
    }
  };
  let absorbed = 0;
  let thresholdZeroed = false;
  for (const s of steps) {
    switch (s.step) {
      case 'immunity':
        perType(s, (type) => (has(profile.immune, type) ? { after: 0, note: 'immune' } : null));
        break;
      case 'reduction':
        perType(s, (type, amount) => {
          const cut = profile.reductions.filter((r) => r.types === 'all' || r.types.includes(type)).reduce((a, r) => a + r.amount, 0);
          return cut ? { after: Math.max(0, amount - cut), note: `reduced by ${cut}` } : null;
        });
        break;
      case 'resistance':
        perType(s, (type, amount) => (has(profile.resist, type) ? { after: Math.floor(amount / 2), note: 'resistant' } : null));
        break;
      case 'vulnerability':
        perType(s, (type, amount) => (has(profile.vulnerable, type) ? { after: amount * 2, note: 'vulnerable' } : null));
        break;
      case 'threshold': {
        const total = sum(byType);
        if (profile.threshold !== null && total > 0 && total < profile.threshold) {
          const row: DamageRow = { step: 'threshold', type: 'total', before: total, after: 0, note: `below threshold ${profile.threshold}` };
          if (s.ruleId) row.ruleId = s.ruleId;
          rows.push(row);
          thresholdZeroed = true;
          for (const k of byType.keys()) byType.set(k, 0);
        }
        break;
      }
      case 'tempHp': {
        const total = sum(byType);
        absorbed = Math.min(profile.tempHp, total);
        if (absorbed > 0) {
          const row: DamageRow = { step: 'tempHp', type: 'total', before: total, after: total - absorbed, note: `${absorbed} absorbed by temporary hit points` };
          if (s.ruleId) row.ruleId = s.ruleId;
          rows.push(row);
        }
        break;
      }
    }
  }
  const total = thresholdZeroed ? 0 : sum(byType);
  return { rows, total, absorbed, toHp: total - absorbed };
}

function sum(m: Map<string, number>): number {
  let t = 0;
  for (const v of m.values()) t += v;
  return t;
}

export const emptyProfile = (tempHp = 0): DamageProfile => ({ immune: [], resist: [], vulnerable: [], reductions: [], threshold: null, tempHp });
