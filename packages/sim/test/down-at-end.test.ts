import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import { ftdCompiledCase } from './ftd-compiled-fixtures';
import { compiledCase } from './a5e-compiled-fixtures';

describe('down at the end of a fight', () => {
  it('FTD-DEATH-2 in Five Torches Deep nobody dies in the fight itself, so the down at the end are the ones at risk', () => {
    const r = simulate(ftdCompiledCase('standard', 'random'), { n: 400, seed: 'down' });
    const engine = simulate(ftdCompiledCase('standard', 'random'), { n: 400, seed: 'down', engine: true });
    expect(r.creatures.map((c) => c.down)).toEqual(engine.creatures.map((c) => c.down));
    expect(r.creatures.every((c) => c.death.count === 0)).toBe(true);
    // the losing side is all down in every fight it loses; the winners' fallen are down too
    for (const c of r.creatures) {
      const lost = r.sides.find((s) => s.side === c.side)!;
      expect(c.down.count).toBeGreaterThanOrEqual(r.n - lost.count - r.draws.count);
      expect(c.down.count).toBeLessThanOrEqual(c.drop.count);
    }
  });

  it('A5E-DYING-15 in A5E a monster down at the end is dead; a character may be dying or stable instead', () => {
    const monsters = simulate(compiledCase('standard', 'random'), { n: 300, seed: 'down' });
    for (const c of monsters.creatures) expect(c.down).toEqual(c.death);
    const party = simulate(compiledCase('table', 'random'), { n: 300, seed: 'down' });
    const engine = simulate(compiledCase('table', 'random'), { n: 300, seed: 'down', engine: true });
    expect(party.creatures.map((c) => [c.down.count, c.death.count])).toEqual(engine.creatures.map((c) => [c.down.count, c.death.count]));
    expect(party.creatures.some((c) => c.down.count > c.death.count)).toBe(true);
  });
});
