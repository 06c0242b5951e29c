import { compileDice, type CompiledDice, type DiceSource, type RollRecord } from '@fray/dice';
import { calculateDamage, type DamageCalculation, type DamageProfile, type DamageStep, type FrayEventBody, type RollBreakdown } from '@fray/engine';
import type { KernelCreature, KernelTest } from './fight-kernel';

/** Dice whose every outcome has its own record kept (1d8: 8 records; 2d6: 36); bigger pools build records as they roll. */
const CACHED_OUTCOMES = 4096;
const D20_BY_MODE = ['1d20', '2d20kh1', '2d20kl1'] as const;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Rolls dice face by face from `faces` (what the seeded stream gave), building the rules' own record. */
const replayFaces = (faces: Int32Array): DiceSource => {
  let i = 0;
  return { kind: 'scripted', next: () => faces[i++]! };
};

/**
 * One dice expression's records. Where the dice have few outcomes, each outcome's record is made once
 * and shared (a record is a value: frozen, the same JSON every time it is rolled).
 */
class DiceRecords {
  private readonly sides: number[];
  private readonly cache: (RollRecord | undefined)[] | null;
  private readonly faces: Int32Array;

  constructor(private readonly dice: CompiledDice) {
    this.sides = dice.expression.terms.flatMap((t) => (t.kind === 'dice' ? Array.from({ length: t.count }, () => t.sides) : []));
    const outcomes = this.sides.reduce((a, s) => a * s, 1);
    this.cache = outcomes <= CACHED_OUTCOMES ? new Array<RollRecord | undefined>(outcomes) : null;
    this.faces = new Int32Array(this.sides.length);
  }

  /** Draws the dice in the engine's order (term by term, die by die) and returns the roll's record. */
  roll(source: DiceSource): RollRecord {
    const { sides, faces, cache } = this;
    let key = 0;
    for (let i = 0; i < sides.length; i++) {
      const s = sides[i]!;
      const face = source.next(s);
      faces[i] = face;
      key = key * s + face - 1;
    }
    if (!cache) return this.dice.roll(replayFaces(faces));
    return (cache[key] ??= deepFreeze(this.dice.roll(replayFaces(faces))));
  }
}

/**
 * The events a recorded compiled fight hands on: the engine's own `DiceRolled`, `TestResolved` and
 * `DamageApplied`, built from the rules' own dice records, the checks' breakdowns as compiled and the
 * damage calculation. Parts that repeat (a d20's record for each face, a check's breakdown for each
 * natural, a target's damage rows for each amount) are made once and shared, frozen.
 */
export class FtdFightRecorder {
  private readonly d20s = D20_BY_MODE.map((d) => new DiceRecords(compileDice(d)));
  private readonly damageDice: (DiceRecords | null)[];
  private readonly damagePurpose: string[];
  private readonly breakdowns = new Map<KernelTest, RollBreakdown[]>();
  private readonly calculations: DamageCalculation[][];
  private readonly profiles: DamageProfile[];

  constructor(
    private readonly creatures: readonly KernelCreature[],
    profileOf: (id: string) => DamageProfile,
    private readonly damageSteps: readonly DamageStep[],
  ) {
    this.damageDice = creatures.map((c) => (c.attack ? new DiceRecords(compileDice(c.attack.damageText)) : null));
    this.damagePurpose = creatures.map((c) => `${c.attack?.name ?? ''} damage`);
    this.profiles = creatures.map((c) => profileOf(c.id));
    this.calculations = creatures.map(() => []);
  }

  /** A d20 test's dice as the engine rolls them (one d20, or two keeping one), its `DiceRolled` handed on; the natural. */
  d20(record: (e: FrayEventBody) => void, source: DiceSource, roller: number, purpose: string, mode: number): number {
    const roll = this.d20s[mode]!.roll(source);
    record({ type: 'DiceRolled', roller: this.creatures[roller]!.id, purpose, record: roll });
    return roll.natural!;
  }

  attack(record: (e: FrayEventBody) => void, me: number, t: number, natural: number, outcome: string): void {
    this.test(record, this.creatures[me]!.attack!.tests[t]!, natural, outcome);
  }

  test(record: (e: FrayEventBody) => void, test: KernelTest, natural: number, outcome: string): void {
    let byNatural = this.breakdowns.get(test);
    if (!byNatural) this.breakdowns.set(test, (byNatural = []));
    const breakdown = (byNatural[natural] ??= deepFreeze<RollBreakdown>({ rows: test.rows, rollMode: test.rollMode, dice: test.dice, natural, total: natural + test.bonus }));
    record({ type: 'TestResolved', kind: test.kind, actor: test.actor, target: test.target, against: test.against, outcome, breakdown, ruleId: test.ruleId });
  }

  /** The attack's damage roll as the engine rolls it, its `DiceRolled` handed on; the roll's total. */
  damage(record: (e: FrayEventBody) => void, source: DiceSource, me: number): number {
    const roll = this.damageDice[me]!.roll(source);
    record({ type: 'DiceRolled', roller: this.creatures[me]!.id, purpose: this.damagePurpose[me]!, record: roll });
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
