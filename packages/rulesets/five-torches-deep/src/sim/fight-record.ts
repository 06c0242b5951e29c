import { compileDice, type DiceSource } from '@fray/dice';
import { DiceRecords, calculateDamage, deepFreeze, type DamageCalculation, type DamageProfile, type DamageStep, type FrayEventBody, type RollBreakdown } from '@fray/engine';
import type { KernelCreature, KernelTest } from './fight-kernel';

const D20_BY_MODE = ['1d20', '2d20kh1', '2d20kl1'] as const;


/**
 * The events a recorded compiled fight hands on: the engine's own `DiceRolled`, `TestResolved` and
 * `DamageApplied`, built from the rules' own dice records, the checks' breakdowns as compiled and the
 * damage calculation. Parts that repeat (a d20's record for each face, a check's breakdown for each
 * natural, a target's damage rows for each amount) are made once and shared, frozen.
 */
export class FtdFightRecorder {
  private readonly d20s = D20_BY_MODE.map((d) => new DiceRecords(compileDice(d)));
  /** creature k's attack j: its damage dice and what they are rolled for */
  private readonly damageDice: DiceRecords[][];
  private readonly damagePurpose: string[][];
  private readonly breakdowns = new Map<KernelTest, RollBreakdown[]>();
  private readonly calculations: DamageCalculation[][];
  private readonly profiles: DamageProfile[];

  constructor(
    private readonly creatures: readonly KernelCreature[],
    profileOf: (id: string) => DamageProfile,
    private readonly damageSteps: readonly DamageStep[],
  ) {
    this.damageDice = creatures.map((c) => c.attacks.map((a) => new DiceRecords(compileDice(a.damageText))));
    this.damagePurpose = creatures.map((c) => c.attacks.map((a) => `${a.name} damage`));
    this.profiles = creatures.map((c) => profileOf(c.id));
    this.calculations = creatures.map(() => []);
  }

  /** A d20 test's dice as the engine rolls them (one d20, or two keeping one), its `DiceRolled` handed on; the natural. */
  d20(record: (e: FrayEventBody) => void, source: DiceSource, roller: number, purpose: string, mode: number): number {
    const roll = this.d20s[mode]!.roll(source);
    record({ type: 'DiceRolled', roller: this.creatures[roller]!.id, purpose, record: roll });
    return roll.natural!;
  }

  test(record: (e: FrayEventBody) => void, test: KernelTest, natural: number, outcome: string): void {
    let byNatural = this.breakdowns.get(test);
    if (!byNatural) this.breakdowns.set(test, (byNatural = []));
    const breakdown = (byNatural[natural] ??= deepFreeze<RollBreakdown>({ rows: test.rows, rollMode: test.rollMode, dice: test.dice, natural, total: natural + test.bonus }));
    record({ type: 'TestResolved', kind: test.kind, actor: test.actor, target: test.target, against: test.against, ...(test.againstRows ? { againstRows: test.againstRows } : {}), outcome, breakdown, ruleId: test.ruleId });
  }

  /** The attack's damage roll as the engine rolls it, its `DiceRolled` handed on; the roll's total. */
  damage(record: (e: FrayEventBody) => void, source: DiceSource, me: number, j: number): number {
    const roll = this.damageDice[me]![j]!.roll(source);
    record({ type: 'DiceRolled', roller: this.creatures[me]!.id, purpose: this.damagePurpose[me]![j]!, record: roll });
    return roll.total;
  }

  /** The damage applied as dealDamage records it: the target's own calculation of the amount, one row per step. */
  damageApplied(record: (e: FrayEventBody) => void, me: number, t: number, amount: number, hpBefore: number, hpAfter: number): void {
    const calc = (this.calculations[t]![amount] ??= deepFreeze(calculateDamage([{ type: 'damage', amount }], this.profiles[t]!, this.damageSteps)));
    record({
      type: 'DamageApplied', target: this.creatures[t]!.id, source: this.creatures[me]!.id, rows: calc.rows, total: calc.total, absorbed: calc.absorbed, toHp: calc.toHp,
      hpBefore, hpAfter, tempBefore: 0, tempAfter: 0,
    });
  }
}
