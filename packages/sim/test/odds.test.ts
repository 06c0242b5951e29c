import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Encounter, attackOddsSummary, exactAttackOdds, summariseOdds, type AttackProfile } from '@fray/engine';
import { miniRuleset } from '@fray/testkit';
import { attackOdds, OddsError } from '../src/index';

const state = (conditions: { id: string }[] = []) =>
  Encounter.create({
    id: 'odds',
    seed: 1,
    creatures: [
      { id: 'ana', side: 'party', sheet: { name: 'Ana', hp: 24, ac: 16, attackBonus: 5, damage: '1d8+3', initiativeBonus: 2, dexSave: 2 } },
      { id: 'ogre', side: 'foes', hp: 9, conditions, sheet: { name: 'Ogre', hp: 30, ac: 16, attackBonus: 6, damage: '2d8+4', initiativeBonus: 0, dexSave: -1 } },
    ],
  }, { ruleset: miniRuleset }).state;

/** Brute force over every d20 pair and every damage face: the reference the exact odds must equal. */
function bruteForce(mode: 'normal' | 'advantage', halve: boolean): Map<number, number> {
  const out = new Map<number, number>();
  const add = (d: number, p: number) => out.set(d, (out.get(d) ?? 0) + p);
  const pairs: number[] = [];
  for (let a = 1; a <= 20; a++) for (let b = 1; b <= 20; b++) pairs.push(mode === 'normal' ? a : Math.max(a, b));
  for (const n of pairs) {
    const p = 1 / pairs.length;
    if (n === 1 || (n < 20 && n + 5 < 16)) {
      add(0, p);
      continue;
    }
    const dice = n === 20 ? 2 : 1;
    const faces = dice === 1 ? [...Array(8).keys()].map((x) => [x + 1]) : [...Array(64).keys()].map((x) => [(x % 8) + 1, Math.floor(x / 8) + 1]);
    for (const f of faces) {
      const raw = f.reduce((s, v) => s + v, 0) + 3;
      add(halve ? Math.floor(raw / 2) : raw, p / faces.length);
    }
  }
  return out;
}

const close = (a: Map<number, number>, b: Map<number, number>) => {
  for (const k of new Set([...a.keys(), ...b.keys()])) expect(a.get(k) ?? 0).toBeCloseTo(b.get(k) ?? 0, 12);
};

describe('exact attack odds (mini ruleset: +5, 1d8+3 slashing vs AC 16, dice doubled on a crit)', () => {
  it('miss, hit and crit chances: 50 / 45 / 5 % normally, 25 / 65.25 / 9.75 % with advantage', () => {
    const o = attackOdds(miniRuleset, state(), 'ana', undefined, 'ogre');
    const [normal, adv, dis] = o.modes;
    expect([normal!.miss, normal!.hit, normal!.crit].map((x) => +x.toFixed(10))).toEqual([0.5, 0.45, 0.05]);
    expect([adv!.miss, adv!.hit, adv!.crit].map((x) => +x.toFixed(10))).toEqual([0.25, 0.6525, 0.0975]);
    expect(dis!.crit).toBeCloseTo(0.0025, 12);
    expect(normal!.meanDamage).toBeCloseTo(0.45 * 7.5 + 0.05 * 12, 12);
  });

  it('the damage distribution equals brute force over every roll, with and without advantage', () => {
    const o = attackOdds(miniRuleset, state(), 'ana', undefined, 'ogre');
    close(o.modes[0]!.damage, bruteForce('normal', false));
    close(o.modes[1]!.damage, bruteForce('advantage', false));
  });

  it("resistance goes through the ruleset's own damage steps (stoneskin halves slashing, rounded down)", () => {
    const o = attackOdds(miniRuleset, state([{ id: 'stoneskin' }]), 'ana', undefined, 'ogre');
    expect(o.defences.resist).toContain('slashing');
    close(o.modes[0]!.damage, bruteForce('normal', true));
  });

  it('P(drop) is the chance the damage reaches the hit points the target has now (9)', () => {
    const o = attackOdds(miniRuleset, state(), 'ana', undefined, 'ogre');
    const ref = bruteForce('normal', false);
    const expected = [...ref].filter(([d]) => d >= 9).reduce((a, [, p]) => a + p, 0);
    expect(o.modes[0]!.drop).toBeCloseTo(expected, 12);
  });

  it('an unknown creature or attack is a typed error that names the choices', () => {
    expect(() => attackOdds(miniRuleset, state(), 'bob', undefined, 'ogre')).toThrow(OddsError);
    expect(() => attackOdds(miniRuleset, state(), 'ana', 'bite', 'ogre')).toThrow("ana has no attack 'bite'; attacks: attack");
  });

  it("MINI the odds are the ruleset's own attack roll: a prone target is hit with advantage, a blessed attacker adds 2", () => {
    const prone = attackOdds(miniRuleset, state([{ id: 'prone' }]), 'ana', undefined, 'ogre');
    expect(prone.profile.rollMode).toBe('advantage');
    expect(summariseOdds(prone).hit).toBeCloseTo(0.6525, 12);
    expect(summariseOdds(prone).crit).toBeCloseTo(0.0975, 12);
    const blessedAna = Encounter.create({
      id: 'odds', seed: 1,
      creatures: [
        { id: 'ana', side: 'party', conditions: [{ id: 'blessed' }], sheet: { name: 'Ana', hp: 24, ac: 16, attackBonus: 5, damage: '1d8+3', initiativeBonus: 2, dexSave: 2 } },
        { id: 'ogre', side: 'foes', hp: 9, sheet: { name: 'Ogre', hp: 30, ac: 16, attackBonus: 6, damage: '2d8+4', initiativeBonus: 0, dexSave: -1 } },
      ],
    }, { ruleset: miniRuleset }).state;
    const blessed = attackOdds(miniRuleset, blessedAna, 'ana', undefined, 'ogre');
    expect(blessed.profile.bonus).toBe(7);
    // naturals 9-19 hit (9 + 7 = 16), 20 crits
    expect(summariseOdds(blessed)).toMatchObject({ hit: expect.closeTo(0.55, 12), crit: expect.closeTo(0.05, 12) });
  });
});

describe('a menu\'s odds summary', () => {
  it('is the full odds\' summary (hit, crit, expected damage) for any attack profile, from the damage tables\' means', () => {
    const s = state([{ id: 'stoneskin' }]);
    const profile: fc.Arbitrary<AttackProfile> = fc.record({
      attackName: fc.constant('x'),
      bonus: fc.integer({ min: -5, max: 20 }),
      ac: fc.integer({ min: 5, max: 30 }),
      damage: fc.constantFrom('1d8+3', '2d6', '1d4-2', '1d10+1d6 fire', '3', '2d8+4', '1d12 cold+1'),
      damageType: fc.constantFrom('slashing', 'piercing', 'fire'),
      crit: fc.constantFrom('doubleDice' as const, 'doubleTotal' as const, 'multiplyTotal' as const),
      critMultiplier: fc.constantFrom(2, 3),
      critFrom: fc.integer({ min: 15, max: 21 }),
      missDamage: fc.option(fc.constantFrom('1d4', '3', '1d6+1'), { nil: undefined }),
      rollMode: fc.constantFrom('normal' as const, 'advantage' as const, 'disadvantage' as const),
      fumbleUpTo: fc.constantFrom(0, 1, 2),
      autoCrit: fc.boolean(),
      autoMiss: fc.boolean(),
    }, { requiredKeys: ['attackName', 'bonus', 'ac', 'damage', 'damageType', 'crit', 'critFrom'] });
    fc.assert(fc.property(profile, (p) => {
      const ruleset = { ...miniRuleset, attackProfile: () => p };
      const fast = attackOddsSummary(ruleset, s, 'ana', undefined, 'ogre')!;
      const full = summariseOdds(exactAttackOdds(ruleset, s, p, 'ogre', p.rollMode ?? 'normal'));
      expect(fast.hit).toBe(full.hit);
      expect(fast.crit).toBe(full.crit);
      expect(fast.expectedDamage).toBeCloseTo(full.expectedDamage, 10);
    }), { numRuns: 300 });
  });
});
