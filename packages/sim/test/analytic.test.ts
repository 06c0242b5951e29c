import { describe, expect, it } from 'vitest';
import { distribution } from '@fray/dice';
import { simulate, wilson } from '../src/index';
import { DUEL_AC, DUEL_HP, loadSimScenario } from './fixtures';

/** The exact distribution of one attack's damage: miss (natural 1, or under AC), hit 1d8+3, crit 2d8+3. */
function attackDamage(): Map<number, number> {
  const hitFaces = 20 - Math.max(DUEL_AC - 5, 2); // naturals from AC - 5 to 19 hit; 20 crits
  const pHit = hitFaces / 20;
  const pCrit = 1 / 20;
  const out = new Map<number, number>([[0, 1 - pHit - pCrit]]);
  const add = (expr: string, w: number) => {
    const d = distribution(expr);
    for (let t = d.min; t <= d.max; t++) out.set(t, (out.get(t) ?? 0) + w * d.probability(t));
  };
  add('1d8+3', pHit);
  add('2d8+3', pCrit);
  return out;
}

/** P(the dummy drops in round r) for r = 1..rounds, by convolving attacks (one per round). */
function exactDropRounds(rounds: number): number[] {
  const per = attackDamage();
  let alive = new Map<number, number>([[0, 1]]); // damage so far, still standing
  const dropIn: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    const next = new Map<number, number>();
    let dropped = 0;
    for (const [sofar, p] of alive) {
      for (const [dmg, q] of per) {
        const total = sofar + dmg;
        if (total >= DUEL_HP) dropped += p * q;
        else next.set(total, (next.get(total) ?? 0) + p * q);
      }
    }
    dropIn.push(dropped);
    alive = next;
  }
  return dropIn;
}

describe('a fight with a known answer', () => {
  const n = 4000;
  const result = simulate(loadSimScenario({ which: 'duel' }), { n, seed: 'analytic', mode: 'recorded' });
  const exact = exactDropRounds(4);
  const pWin = exact.reduce((a, b) => a + b, 0);

  it('the party wins as often as the exact odds say (inside the 95 % interval)', () => {
    const party = result.sides.find((s) => s.side === 'party')!;
    expect(party.ci[0]).toBeLessThanOrEqual(pWin);
    expect(party.ci[1]).toBeGreaterThanOrEqual(pWin);
    expect(result.draws.count + party.count).toBe(n);
  });

  it('each round count is as likely as the exact odds say', () => {
    const ended = (r: number) => result.rounds.histogram.find((h) => h.rounds === r)?.count ?? 0;
    // Fights still going after round 4 also count as round 4 (draws), so the drops in round 4 are the rest of the wins.
    const dropsIn = [ended(1), ended(2), ended(3), result.sides[0]!.count - ended(1) - ended(2) - ended(3)];
    for (let r = 1; r <= 4; r++) {
      const [lo, hi] = wilson(dropsIn[r - 1]!, n, 3.29); // 99.9 %: four checks at once
      expect(lo).toBeLessThanOrEqual(exact[r - 1]!);
      expect(hi).toBeGreaterThanOrEqual(exact[r - 1]!);
    }
  });

  it('damage taken by the dummy never exceeds what the attacks could deal, and it drops exactly when the party wins', () => {
    const dummy = result.creatures.find((c) => c.id === 'dummy')!;
    expect(dummy.drop.count).toBe(result.sides[0]!.count);
    expect(result.creatures.find((c) => c.id === 'ana')!.meanTaken).toBe(0);
    expect(dummy.meanTaken).toBeCloseTo(result.creatures.find((c) => c.id === 'ana')!.meanDealt, 10);
  });
});

describe('wilson', () => {
  it('gives the textbook interval for 50 of 100', () => {
    const [lo, hi] = wilson(50, 100);
    expect(lo).toBeCloseTo(0.4038, 4);
    expect(hi).toBeCloseTo(0.5962, 4);
  });
  it('starts at exactly 0 with no successes and ends at exactly 1 with all', () => {
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
  });
});
