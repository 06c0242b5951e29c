import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import { ftdCompiledCase } from './ftd-compiled-fixtures';
import { compiledCase } from './a5e-compiled-fixtures';

describe('down at the end of a fight', () => {
  it('FTD-DEATH-2 FTD-DEATH-3 in Five Torches Deep the minute after the fight settles who dies: the down at the end are the dead', () => {
    const r = simulate(ftdCompiledCase('standard', 'random'), { n: 400, seed: 'down' });
    const engine = simulate(ftdCompiledCase('standard', 'random'), { n: 400, seed: 'down', engine: true });
    expect(r.creatures.map((c) => [c.down, c.death])).toEqual(engine.creatures.map((c) => [c.down, c.death]));
    for (const c of r.creatures) {
      // nobody is left dying once the minute has passed: whoever is not back up is dead
      expect(c.down).toEqual(c.death);
      // the losing side is all dead in every fight it loses (nobody up to stabilize it); some who drop are saved
      const lost = r.sides.find((s) => s.side === c.side)!;
      expect(c.death.count).toBeGreaterThanOrEqual(r.n - lost.count - r.draws.count);
      expect(c.death.count).toBeLessThanOrEqual(c.drop.count);
    }
    expect(r.creatures.some((c) => c.death.count < c.drop.count)).toBe(true);
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
