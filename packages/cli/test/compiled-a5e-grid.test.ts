// What an A5E fight on a grid may hold beyond the compiled fight (grid-kernel.ts), refused by name; the
// repository's grid fights played both ways are in compiled-scenario-files.test.ts.
import type { EncounterState } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { runRange } from '@fray/sim';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';

describe('A5E fights on a grid: what the compiled fight does not model stays on the engine', () => {
  it('what a map holds beyond the kernel stays on the engine, by name; recorded fights on a grid play on the engine', () => {
    const sc = loadSimFile({ file: scenario('a5e/ditch-jump.yaml'), cwd: process.cwd() }).scenario;
    const start = sc.start;
    const refusal = (state: EncounterState) => {
      const r = a5eRuleset.compileFight!(state, { target: 'weakest', prompts: 'sim', maxRounds: 50 });
      return 'unsupported' in r ? r.unsupported : null;
    };
    expect(refusal(start)).toBeNull();
    const grid = start.space as { creatures: Record<string, unknown> };
    const { wolf: _w, ...rest } = grid.creatures;
    expect(refusal({ ...start, space: { ...grid, creatures: rest } as never })).toMatch(/wolf is not placed/);
    expect(refusal({ ...start, space: { kind: 'zones', creatures: {} } as never })).toMatch(/zones/);
    const brannoc = start.creatures['brannoc']!;
    const sheet = brannoc.sheet as { conditionImmunities?: string[] };
    expect(refusal({ ...start, creatures: { ...start.creatures, brannoc: { ...brannoc, sheet: { ...sheet, conditionImmunities: ['prone'] } as never } } })).toMatch(/brannoc: immune to prone/);
    const wolf = start.creatures['wolf']!;
    const bite = (wolf.sheet as { attacks: Record<string, unknown>[] }).attacks[0]!;
    const withBite = (onHit: unknown) => ({ ...start, creatures: { ...start.creatures, wolf: { ...wolf, sheet: { ...(wolf.sheet as object), attacks: [{ ...bite, onHit }] } as never } } });
    expect(refusal(withBite([{ kind: 'save', ability: 'con', dc: 11, fail: [{ kind: 'applyCondition', condition: 'poisoned' }] }]))).toMatch(/wolf: its first attack has riders/);
    // recorded: handed back, every fight played on the engine
    const t = runRange(sc, { seed: 'rec', from: 0, to: 6, mode: 'recorded', onRecord: () => {} });
    expect([t.compiled, t.fallbacks]).toEqual([0, 6]);
  });
});
