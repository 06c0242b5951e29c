import { compileDice, type CompiledDice, type DiceSource, type RollRecord } from '@fray/dice';
import {
  DiceRecords, calculateDamage, d20For, damagePartsFromRoll, deepFreeze, replayFaces, type BreakdownRow, type DamageRow, type DamageStep, type FrayEventBody, type RollBreakdown, type RollModeExplanation,
} from '@fray/engine';
import { mergeParts } from '../damage/pipeline';
import type { KernelCreature } from './fight-kernel';
import { DEATH_SAVE_DC, MASSIVE_DAMAGE_DC } from './fight-dying';

/** A test with no advantage or disadvantage, as the ruleset's roll-mode policy explains it. */
const NORMAL: RollModeExplanation = Object.freeze({ mode: 'normal', bonus: 0, sources: [], verdict: 'none' }) as RollModeExplanation;
const DEATH_SAVE_AGAINST = Object.freeze({ label: 'DC', value: DEATH_SAVE_DC });
const MASSIVE_AGAINST = Object.freeze({ label: 'massive damage DC', value: MASSIVE_DAMAGE_DC });




/** The d20 roll's records for one roll mode: by natural, or by both dice for advantage and disadvantage; made when first rolled. */
class D20Records {
  private readonly dice: CompiledDice;
  private readonly cache: (RollRecord | undefined)[];
  private readonly faces = new Int32Array(2);
  readonly count: number;

  constructor(readonly mode: RollModeExplanation['mode']) {
    this.dice = compileDice(d20For(mode));
    this.count = mode === 'normal' ? 1 : 2;
    this.cache = new Array<RollRecord | undefined>(this.count === 1 ? 21 : 21 * 21);
  }

  roll(source: DiceSource): RollRecord {
    const a = source.next(20);
    this.faces[0] = a;
    if (this.count === 1) return (this.cache[a] ??= deepFreeze(this.dice.roll(replayFaces(this.faces))));
    const b = source.next(20);
    this.faces[1] = b;
    return (this.cache[a * 21 + b] ??= deepFreeze(this.dice.roll(replayFaces(this.faces))));
  }
}

/** One test's breakdowns (its base row) by variant (a roll-mode explanation) and natural, made when first rolled. */
class TestBreakdowns {
  private readonly rows: RollBreakdown['rows'];
  private readonly cache: (RollBreakdown | undefined)[];

  constructor(label: string, private readonly bonus: number, source: string, private readonly modes: readonly RollModeExplanation[]) {
    this.rows = deepFreeze([{ id: 'base', label, value: bonus, type: 'base', source, applied: true }]);
    this.cache = new Array<RollBreakdown | undefined>(modes.length * 21);
  }

  get(variant: number, natural: number): RollBreakdown {
    const rollMode = this.modes[variant]!;
    return (this.cache[variant * 21 + natural] ??= deepFreeze<RollBreakdown>({ rows: this.rows, rollMode, dice: d20For(rollMode.mode), natural, total: natural + this.bonus }));
  }
}

/**
 * The events a recorded compiled fight hands on: the engine's own `DiceRolled`, `TestResolved` and
 * `DamageApplied`, built from the rules' own dice records, parts and damage calculation. Parts that
 * repeat (a d20's record for each face, an attacker's breakdown for each natural, a target's AC) are
 * made once and shared, frozen.
 */
export class FightRecorder {
  private readonly d20: RollRecord[];
  private readonly damage: (DiceRecords | null)[];
  private readonly damagePurpose: string[];
  private readonly against: { label: string; value: number }[];
  private readonly againstRows: (readonly BreakdownRow[])[];
  /** attack breakdowns by attacker, then prone attacker × 2 + prone target, and natural; the same dice by roll mode */
  private readonly attackBreakdowns: TestBreakdowns[];
  private readonly attackD20: D20Records[][];
  private readonly initiativeBreakdowns: TestBreakdowns[];
  /** an attacker's damage type when its roll has one type (null otherwise), and its 'rolled' rows by amount */
  private readonly singleType: (string | null)[];
  private readonly rolledRows: DamageRow[][][];
  /** death saves and Constitution saves against massive damage by creature, strife level and natural */
  private readonly deathSaveBreakdowns: TestBreakdowns[];
  private readonly massiveBreakdowns: TestBreakdowns[];
  private readonly stableRolls: RollRecord[];
  private readonly stablePurpose: string[];

  constructor(
    private readonly creatures: readonly KernelCreature[],
    private readonly damageSteps: readonly DamageStep[],
  ) {
    const d20 = compileDice('1d20');
    this.d20 = Array.from({ length: 21 }, (_, v) => deepFreeze(d20.roll({ kind: 'scripted', next: () => Math.max(1, v) })));
    this.damage = creatures.map((c) => (c.damageText ? new DiceRecords(compileDice(c.damageText)) : null));
    this.damagePurpose = creatures.map((c) => `${c.attackName} damage`);
    this.against = creatures.map((c) => deepFreeze({ label: 'AC', value: c.ac }));
    this.againstRows = creatures.map((c) => deepFreeze(c.acRows.map((r) => ({ ...r }))));
    this.attackBreakdowns = creatures.map((c) => new TestBreakdowns(c.attackName, c.bonus, c.id, c.attackModes));
    const byMode = { normal: new D20Records('normal'), advantage: new D20Records('advantage'), disadvantage: new D20Records('disadvantage') };
    this.attackD20 = creatures.map((c) => c.attackModes.map((m) => byMode[m.mode]));
    this.initiativeBreakdowns = creatures.map((c) => new TestBreakdowns('DEX check', c.initiative, c.id, [NORMAL]));
    this.deathSaveBreakdowns = creatures.map((c) => new TestBreakdowns('death save', 0, c.id, c.deathSaveModes));
    this.massiveBreakdowns = creatures.map((c) => new TestBreakdowns('CON save', c.conSave, c.id, c.massiveModes));
    const d4 = compileDice('1d4');
    this.stableRolls = Array.from({ length: 5 }, (_, v) => deepFreeze(d4.roll({ kind: 'scripted', next: () => Math.max(1, v) })));
    this.stablePurpose = creatures.map((c) => `the hours until ${c.name} regains 1 hit point`);
    this.singleType = creatures.map((c) => (c.terms.length && c.terms.every((x) => x.type === c.terms[0]!.type) ? c.terms[0]!.type : null));
    this.rolledRows = creatures.map(() => []);
  }

  /** A d20 as the engine rolls it (one draw), its `DiceRolled` handed on; the natural. */
  d20Roll(record: (e: FrayEventBody) => void, source: DiceSource, roller: number, purpose: string): number {
    const natural = source.next(20);
    record({ type: 'DiceRolled', roller: this.creatures[roller]!.id, purpose, record: this.d20[natural]! });
    return natural;
  }

  initiative(record: (e: FrayEventBody) => void, k: number, natural: number): void {
    record({ type: 'TestResolved', kind: 'check', actor: this.creatures[k]!.id, target: null, against: null, outcome: 'done', breakdown: this.initiativeBreakdowns[k]!.get(0, natural), ruleId: 'A5E-INIT-1' });
  }

  /** An attack's d20s (two with advantage or disadvantage), its `DiceRolled` handed on; the natural (the die kept). */
  attackRoll(record: (e: FrayEventBody) => void, source: DiceSource, me: number, combo: number): number {
    const roll = this.attackD20[me]![combo]!.roll(source);
    record({ type: 'DiceRolled', roller: this.creatures[me]!.id, purpose: 'attack', record: roll });
    return roll.natural!;
  }

  attack(record: (e: FrayEventBody) => void, me: number, t: number, combo: number, natural: number, outcome: string): void {
    record({
      type: 'TestResolved', kind: 'attack', actor: this.creatures[me]!.id, target: this.creatures[t]!.id, against: this.against[t]!, againstRows: this.againstRows[t] as BreakdownRow[], outcome,
      breakdown: this.attackBreakdowns[me]!.get(combo, natural), ruleId: 'A5E-ATK-2',
    });
  }

  /** A death saving throw (A5E-DYING-4): a plain d20 against 10, a natural 1 failing and a natural 20 succeeding (A5E-DYING-5, -6). */
  deathSave(record: (e: FrayEventBody) => void, k: number, strife: number, natural: number, success: boolean): void {
    record({
      type: 'TestResolved', kind: 'save', actor: this.creatures[k]!.id, target: null, against: DEATH_SAVE_AGAINST, outcome: success ? 'success' : 'failure',
      breakdown: this.deathSaveBreakdowns[k]!.get(strife, natural), ruleId: 'A5E-DYING-4',
    });
  }

  /** The Constitution save against massive damage (A5E-DMG-16). */
  massiveSave(record: (e: FrayEventBody) => void, k: number, strife: number, natural: number, holds: boolean): void {
    record({
      type: 'TestResolved', kind: 'save', actor: this.creatures[k]!.id, target: null, against: MASSIVE_AGAINST, outcome: holds ? 'success' : 'failure',
      breakdown: this.massiveBreakdowns[k]!.get(strife, natural), ruleId: 'A5E-DMG-16',
    });
  }

  /** A stable creature's recovery time (A5E-DYING-13): 1d4 hours, rolled by nobody. */
  stableRecovery(record: (e: FrayEventBody) => void, source: DiceSource, k: number): void {
    record({ type: 'DiceRolled', roller: null, purpose: this.stablePurpose[k]!, record: this.stableRolls[source.next(4)]! });
  }

  /**
   * The damage roll and its application as the engine records them: the rules' own roll, parts,
   * doubling (A5E-DMG-4), merging (A5E-DMG-1) and calculation, one row per step. `asRolled`: one
   * damage type the target takes as rolled, so the only row is the roll's. Returns the damage taken.
   */
  damageRoll(record: (e: FrayEventBody) => void, source: DiceSource, me: number, t: number, crit: boolean, asRolled: boolean, hpBefore: number, tempBefore: number): number {
    const c = this.creatures[me]!;
    const roll = this.damage[me]!.roll(source);
    record({ type: 'DiceRolled', roller: c.id, purpose: this.damagePurpose[me]!, record: roll });
    let rows: DamageRow[];
    let total: number;
    let absorbed = 0;
    if (asRolled && tempBefore === 0) {
      total = Math.max(0, crit ? 2 * roll.total : roll.total);
      const byAmount = this.rolledRows[me]!;
      rows = byAmount[total] ??= deepFreeze([{ step: 'rolled', type: this.singleType[me]!, before: total, after: total }]);
    } else {
      let parts = damagePartsFromRoll(roll, c.damageType);
      if (crit) parts = parts.map((x) => ({ ...x, amount: x.amount * 2 }));
      const merged = mergeParts(parts);
      const profile = this.creatures[t]!.profile;
      const calc = calculateDamage(merged, tempBefore ? { ...profile, tempHp: tempBefore } : profile, this.damageSteps);
      rows = [...merged.map((x): DamageRow => ({ step: 'rolled', type: x.type, before: x.amount, after: x.amount })), ...calc.rows.filter((r) => r.step !== 'rolled')];
      total = calc.total;
      absorbed = calc.absorbed;
    }
    const toHp = total - absorbed;
    record({
      type: 'DamageApplied', target: this.creatures[t]!.id, source: c.id, rows, total, absorbed, toHp,
      hpBefore, hpAfter: Math.max(0, hpBefore - toHp), tempBefore, tempAfter: tempBefore - absorbed,
    });
    return total;
  }

  /** Whether attacker a's roll is one damage type (so a target taking it as rolled needs no calculation). */
  singleTypeOf(a: number): string | null {
    return this.singleType[a] ?? null;
  }
}
