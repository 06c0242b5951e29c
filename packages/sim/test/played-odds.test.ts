// "Will any of my players' creatures drop, or die?": per fight, not per creature, so the simulator counts it
// as it plays (`Tally.playedDrops`, `playedDeaths`) for the creatures a seat plays (`SimShape.played`).
import { describe, expect, it } from 'vitest';
import { miniRuleset } from '@fray/testkit';
import type { EncounterSetup } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { runRange, scenarioFromSetup, shapeOf, simPoliciesFor, summarize, type SimScenario } from '../src/index';
import { compiledCase } from './a5e-compiled-fixtures';
import { skirmishSetup } from './fixtures';

/** The mini skirmish with Ana and Bram played from seats. */
const seated: EncounterSetup = { ...skirmishSetup, creatures: skirmishSetup.creatures.map((c) => (c.side === 'party' ? { ...c, controller: `seat-${c.id}` } : c)) };

/** Counts, fight by fight, the fights in which any of `ids` dropped and in which any died (one fight per range). */
function oneByOne(s: SimScenario, seed: string, n: number, engine = false): { drops: number; deaths: number } {
  const shape = shapeOf(s.start);
  const at = shape.played ?? [];
  const r = { drops: 0, deaths: 0 };
  for (let i = 0; i < n; i++) {
    const t = runRange(s, { seed, from: i, to: i + 1, engine });
    if (at.some((k) => t.drops[k]! > 0)) r.drops++;
    if (at.some((k) => t.deaths[k]! > 0)) r.deaths++;
  }
  return r;
}

describe('the chance that any creature a player plays drops, or dies', () => {
  it('counts a fight once however many of them drop, the same on the compiled path and the engine, and reads it out with its interval', () => {
    const s = scenarioFromSetup(seated, miniRuleset, simPoliciesFor('mini', 'random'));
    const shape = shapeOf(s.start);
    expect(shape.played).toEqual([0, 1]);
    const t = runRange(s, { seed: 'any', from: 0, to: 150 });
    expect(t.compiled).toBe(150);
    expect({ drops: t.playedDrops, deaths: t.playedDeaths }).toEqual(oneByOne(s, 'any', 150));
    const engine = runRange(s, { seed: 'any', from: 0, to: 150, engine: true });
    expect([engine.playedDrops, engine.playedDeaths]).toEqual([t.playedDrops, t.playedDeaths]);
    // some fights drop both, so the chance is below the sum of the two and at least the larger
    expect(t.playedDrops).toBeLessThan(t.drops[0]! + t.drops[1]!);
    expect(t.playedDrops).toBeGreaterThanOrEqual(Math.max(t.drops[0]!, t.drops[1]!));
    const r = summarize(t, shape, 'any');
    expect(r.played).toMatchObject({ ids: ['ana', 'bram'], drop: { count: t.playedDrops, p: t.playedDrops / 150 }, death: { count: 0, p: 0 } });
    expect(r.played!.drop.ci[0]).toBeLessThan(r.played!.drop.p);
  });

  it('deaths too (A5E: a character can die), and nothing at all when no seat plays anyone', () => {
    const base = compiledCase('outnumbered', 'weakest');
    const start = { ...base.start, creatures: Object.fromEntries(Object.entries(base.start.creatures).map(([id, c]) => [id, c.side === 'party' ? { ...c, controller: `seat-${id}` } : c])) };
    const s: SimScenario = { ...base, start, ruleset: a5eRuleset };
    const t = runRange(s, { seed: 'die', from: 0, to: 120 });
    expect({ drops: t.playedDrops, deaths: t.playedDeaths }).toEqual(oneByOne(s, 'die', 120));
    expect(t.playedDeaths).toBeGreaterThan(0);
    expect(summarize(runRange(base, { seed: 'die', from: 0, to: 20 }), shapeOf(base.start), 'die').played).toBeNull();
  });
});
