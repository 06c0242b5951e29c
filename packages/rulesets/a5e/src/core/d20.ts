import { d20Test, isForbidden, type BreakdownRow, type Modifier, type Resolution, type RollModeSource, type TestPayload } from '@fray/engine';
import { mod, saveBonus, sheetById } from '../sheet/derived';
import { countAttack } from './economy';
import type { AbilityId } from '../sheet/stat-block';

/** An expertise die offered to a roll by some source (A5E-CORE-5, A5E-CORE-8). */
export interface ExpertiseSource {
  source: string;
  /** d4 unless the source names a size */
  sides?: 4 | 6 | 8;
  ruleId?: string;
}

/**
 * Several expertise sources step one die up (d4 → d6 → d8, never past d8) rather than adding dice
 * (A5E-CORE-6, proposed ruling; `highest-only` is the alternative).
 */
export function expertiseDie(sources: readonly ExpertiseSource[], stacking: 'step-up' | 'highest-only' = 'step-up'): number | null {
  if (!sources.length) return null;
  const best = Math.max(...sources.map((s) => s.sides ?? 4));
  if (stacking === 'highest-only') return best;
  return Math.min(8, best + 2 * (sources.length - 1));
}

export interface A5eTest {
  kind: 'attack' | 'save' | 'check';
  actor: string;
  target?: string | null;
  ability: AbilityId;
  skill?: string;
  dc: { label: string; value: number } | null;
  /** the rows explaining `dc` when it is a statistic (AC) */
  dcRows?: BreakdownRow[];
  options?: string[];
  modifiers?: Modifier[];
  /** advantage or disadvantage the caller knows of (a smaller creature tumbling, a granted initiative advantage) */
  rollModeSources?: RollModeSource[];
  expertise?: ExpertiseSource[];
  base?: { label: string; value: number };
  ruleId?: string;
}

/** Adds the combined expertise die to a test's extra dice, unless a condition forbids them (rattled, A5E-CORE-7). */
export function attachExpertise(ctx: Resolution, p: TestPayload, sources: readonly ExpertiseSource[]): void {
  if (!sources.length) return;
  const roller = p.actor ? ctx.state.creatures[p.actor] : undefined;
  if (roller && isForbidden(ctx.ruleset, roller, 'expertiseDice')) return;
  const stacking = ctx.state.options['expertiseStacking'] === 'highest-only' ? 'highest-only' : 'step-up';
  const sides = expertiseDie(sources, stacking);
  if (sides) p.extraDice.push({ dice: `1d${sides}`, label: 'expertise', source: sources.map((s) => s.source).join(', '), ruleId: 'A5E-CORE-5' });
}

/** A5E d20 test: ability (and proficiency where it applies) as the base; conditions and hooks do the rest. */
export function a5eTest(ctx: Resolution, t: A5eTest): TestPayload {
  const sheet = sheetById(ctx.state, t.actor);
  const base = t.base ?? (t.kind === 'save'
    ? { label: `${t.ability.toUpperCase()} save`, value: saveBonus(sheet, t.ability) }
    : { label: t.skill ? `${t.ability.toUpperCase()} (${t.skill})` : `${t.ability.toUpperCase()} check`, value: mod(sheet, t.ability) + (t.skill && sheet.skills[t.skill] ? sheet.proficiency : 0) });
  const selectors = t.kind === 'attack' ? ['attack', `attack:${t.ability}`] : [t.kind, `${t.kind}:${t.ability}`, ...(t.skill ? [`${t.kind}:${t.skill}`] : [])];
  const expertise = [...(t.expertise ?? [])];
  if (t.kind === 'check' && t.skill && sheet.skills[t.skill] === 'expertise') expertise.push({ source: `${t.skill} expertise` });
  if (t.kind === 'attack') countAttack(ctx, t.actor);
  return d20Test(ctx, {
    kind: t.kind,
    actor: t.actor,
    target: t.target ?? null,
    selectors,
    options: [...(t.options ?? []), `${t.kind}:ability:${t.ability}`],
    base,
    modifiers: t.modifiers ?? [],
    ...(t.rollModeSources ? { rollModeSources: t.rollModeSources } : {}),
    against: t.dc,
    ...(t.dcRows ? { againstRows: t.dcRows } : {}),
    data: { expertise: expertise as never },
    ...(t.ruleId ? { ruleId: t.ruleId } : {}),
  });
}
