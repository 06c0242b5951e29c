import { distribution, expressionOf, formatDice, parseDice, scaleDiceCounts, type DiceExpression, type Distribution } from '@fray/dice';
import { calculateDamage, type DamagePart, type DamageProfile } from '../damage/calculate';
import type { EncounterState } from '../core/state';
import type { LoadedRuleset } from '../ruleset/ruleset';

export type RollModeName = 'normal' | 'advantage' | 'disadvantage';

/**
 * What one attack needs for exact odds: the numbers the ruleset's own attack would use, asked of the
 * ruleset's own functions (attack bonus, defence, damage expression) through `Ruleset.attackProfile`.
 */
export interface AttackProfile {
  attackName: string;
  /** everything added to the d20 (bonus, modifiers, a flat roll-mode step) */
  bonus: number;
  /** the number to meet or beat: AC, or a 13th Age defense */
  ac: number;
  /** what the defence is called ('AC', 'PD', 'MD') */
  defence?: string;
  /** the damage roll, labelled terms for extra types */
  damage: string;
  /** the type of unlabelled damage */
  damageType: string;
  /** how a critical hit deals damage: dice doubled, the total doubled, or the total times `critMultiplier` */
  crit: 'doubleDice' | 'doubleTotal' | 'multiplyTotal';
  /** for 'multiplyTotal' (13th Age: double, or triple with a doubling talent) */
  critMultiplier?: number;
  /** naturals that crit (and hit) */
  critFrom: number;
  /** damage dealt on a miss that is not a natural 1 (13th Age's miss damage), a dice expression */
  missDamage?: string;
  /** the roll mode the rules would use now (conditions, range, cover): the menu's odds use it */
  rollMode?: RollModeName;
  /** naturals at or below this always miss, without miss damage (default 1; 0 where a natural 1 is an ordinary roll) */
  fumbleUpTo?: number;
  /** where the rules give no d20 roll at all: an attack that always crits, or one that cannot hit (darkness) */
  autoCrit?: boolean;
  autoMiss?: boolean;
}

export interface ModeOdds {
  mode: RollModeName;
  miss: number;
  hit: number;
  crit: number;
  meanDamage: number;
  /** P(the attack alone takes the target to 0 hit points from where it stands) */
  drop: number;
  /** damage after the target's defences → probability */
  damage: Map<number, number>;
}

export interface AttackOdds {
  profile: AttackProfile;
  targetHp: number;
  /** what the target's defences did to the damage types, for the report */
  defences: { immune: string[]; resist: string[]; vulnerable: string[] };
  modes: ModeOdds[];
}

/** The few numbers an action menu shows for one attack on one target. */
export interface OddsSummary {
  hit: number;
  crit: number;
  expectedDamage: number;
}

const naturalsByMode = new Map<RollModeName, readonly number[]>();

/** P(natural = n) for n = 1..20 under a roll mode, from the exact distributions of 1d20 and 2d20 keep 1 (worked out once). */
function naturals(mode: RollModeName): readonly number[] {
  const known = naturalsByMode.get(mode);
  if (known) return known;
  const d = distribution(mode === 'normal' ? '1d20' : mode === 'advantage' ? '2d20kh1' : '2d20kl1');
  const p = Object.freeze(Array.from({ length: 21 }, (_, n) => (n === 0 ? 0 : d.probability(n))));
  naturalsByMode.set(mode, p);
  return p;
}

const distributions = new Map<string, Distribution>();

/** A damage part's exact distribution, kept by its text: a menu asks for the same few rolls again and again. */
function distributionOf(expr: DiceExpression): Distribution {
  const key = formatDice(expr);
  const known = distributions.get(key);
  if (known) return known;
  const d = distribution(expr);
  if (distributions.size > 500) distributions.clear();
  distributions.set(key, d);
  return d;
}

/** (amount per type, probability) for every outcome of a damage roll, each labelled group exactly. */
function damageOutcomes(expr: DiceExpression, defaultType: string): { parts: DamagePart[]; p: number }[] {
  const groups = new Map<string, DiceExpression['terms']>();
  for (const t of expr.terms) {
    const key = t.label ?? '';
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  let joint: { parts: DamagePart[]; p: number }[] = [{ parts: [], p: 1 }];
  for (const [label, terms] of groups) {
    const cleaned = terms.map((t) => {
      const { label: _l, ...rest } = t;
      return rest as DiceExpression['terms'][number];
    });
    const d = distributionOf(expressionOf(cleaned));
    const next: { parts: DamagePart[]; p: number }[] = [];
    for (const j of joint) {
      for (let v = d.min; v <= d.max; v++) {
        const q = d.probability(v);
        if (q > 0) next.push({ parts: [...j.parts, { type: label || defaultType, amount: v }], p: j.p * q });
      }
    }
    joint = next;
  }
  return joint;
}

const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);

interface DamageTables {
  hitDamage: Map<number, number>;
  critDamage: Map<number, number>;
  missDamage: Map<number, number>;
  /** each table's mean: a menu's summary needs only these */
  hitMean: number;
  critMean: number;
  missMean: number;
}

const meanOf = (m: Map<number, number>) => {
  let mean = 0;
  for (const [d, p] of m) mean += d * p;
  return mean;
};

const tables = new Map<string, DamageTables>();

/**
 * Damage after the target's defences → probability, on a hit, a crit and a miss: the part of the odds
 * that depends on the damage roll and the defences only, so it is kept for the next target like this one.
 */
function damageTables(ruleset: LoadedRuleset, profile: AttackProfile, defences: DamageProfile): DamageTables {
  const key = JSON.stringify([ruleset.id, profile.damage, profile.damageType, profile.crit, profile.critMultiplier ?? null, profile.missDamage ?? null, defences]);
  const known = tables.get(key);
  if (known) return known;
  // Damage dealt is never below 0 (a roll with a penalty that comes up short deals nothing).
  const after = (parts: DamagePart[]) => Math.max(0, calculateDamage(parts, defences, ruleset.damageSteps).total);
  const expr = parseDice(profile.damage);
  const hitDamage = new Map<number, number>();
  const critDamage = new Map<number, number>();
  const multiplier = profile.crit === 'doubleTotal' ? 2 : profile.critMultiplier ?? 2;
  for (const o of damageOutcomes(expr, profile.damageType)) {
    add(hitDamage, after(o.parts), o.p);
    if (profile.crit !== 'doubleDice') add(critDamage, after(o.parts.map((x) => ({ ...x, amount: x.amount * multiplier }))), o.p);
  }
  if (profile.crit === 'doubleDice') for (const o of damageOutcomes(scaleDiceCounts(expr, 2), profile.damageType)) add(critDamage, after(o.parts), o.p);
  const missDamage = new Map<number, number>();
  if (profile.missDamage) for (const o of damageOutcomes(parseDice(profile.missDamage), profile.damageType)) add(missDamage, after(o.parts), o.p);
  const made = { hitDamage, critDamage, missDamage, hitMean: meanOf(hitDamage), critMean: meanOf(critDamage), missMean: meanOf(missDamage) };
  if (tables.size > 500) tables.clear();
  tables.set(key, made);
  return made;
}

/** Hit, crit, and a miss that is not a fumble (`grazed`: 13th Age's miss damage), under a roll mode. */
function chances(profile: AttackProfile, mode: RollModeName): { hit: number; crit: number; grazed: number; miss: number } {
  const pn = naturals(mode);
  let hit = 0;
  let crit = 0;
  let grazed = 0;
  const fumbleUpTo = profile.fumbleUpTo ?? 1;
  if (profile.autoCrit) crit = 1;
  else if (!profile.autoMiss) {
    for (let n = fumbleUpTo + 1; n <= 20; n++) {
      if (n >= profile.critFrom) crit += pn[n]!;
      else if (n + profile.bonus >= profile.ac) hit += pn[n]!;
      else grazed += pn[n]!;
    }
  }
  return { hit, crit, grazed, miss: Math.max(0, 1 - hit - crit) };
}

/**
 * The exact odds of one attack from its profile: miss, hit and crit chances under each roll mode, and
 * the distribution of the damage after the target's defences (the ruleset's own damage steps and
 * profile: immunity, resistance, vulnerability, reductions), from exact dice distributions. No
 * simulation. Natural 1 always misses; naturals from `critFrom` crit.
 */
export function exactAttackOdds(ruleset: LoadedRuleset, state: EncounterState, profile: AttackProfile, target: string, only?: RollModeName): AttackOdds {
  const defences = { ...ruleset.damageProfile(state, target), tempHp: 0 };
  const { hitDamage, critDamage, missDamage } = damageTables(ruleset, profile, defences);
  const t = state.creatures[target]!;
  const hp = t.hp + t.tempHp;
  const modes = (only ? [only] : (['normal', 'advantage', 'disadvantage'] as const)).map((mode): ModeOdds => {
    const { hit, crit, grazed, miss } = chances(profile, mode);
    const damage = new Map<number, number>();
    if (missDamage.size) {
      add(damage, 0, miss - grazed);
      for (const [d, p] of missDamage) add(damage, d, grazed * p);
    } else add(damage, 0, miss);
    for (const [d, p] of hitDamage) add(damage, d, hit * p);
    for (const [d, p] of critDamage) add(damage, d, crit * p);
    let mean = 0;
    let drop = 0;
    for (const [d, p] of damage) {
      mean += d * p;
      if (d >= hp && d > 0) drop += p;
    }
    return { mode, miss, hit, crit, meanDamage: mean, drop, damage: new Map([...damage].sort((a, b) => a[0] - b[0])) };
  });
  return { profile, targetHp: hp, defences: { immune: defences.immune, resist: defences.resist, vulnerable: defences.vulnerable }, modes };
}

/** Hit, crit and expected damage under the roll mode the profile says the rules would use now. */
export function summariseOdds(odds: AttackOdds): OddsSummary {
  const mode = odds.modes.find((m) => m.mode === (odds.profile.rollMode ?? 'normal'))!;
  return { hit: mode.hit, crit: mode.crit, expectedDamage: mode.meanDamage };
}

/** The odds a menu shows for one of the ruleset's attacks on one target, or null when the ruleset gives no profile. */
export function attackOddsSummary(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): OddsSummary | null {
  const profile = ruleset.attackProfile?.(state, attacker, attackId, target) ?? null;
  if (!profile) return null;
  // The numbers `summariseOdds(exactAttackOdds(…))` gives, from the tables' means: a menu asks this for
  // every attack on every target after every command, and the whole damage distribution is not shown.
  const t = damageTables(ruleset, profile, { ...ruleset.damageProfile(state, target), tempHp: 0 });
  const { hit, crit, grazed } = chances(profile, profile.rollMode ?? 'normal');
  return { hit, crit, expectedDamage: hit * t.hitMean + crit * t.critMean + (t.missDamage.size ? grazed * t.missMean : 0) };
}
