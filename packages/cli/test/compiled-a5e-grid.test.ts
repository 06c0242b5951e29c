// The repository's A5E fights on a grid, played both ways fight by fight from the state after their
// steps (issue 16: odds from here on a map): every fight the compiled fight keeps adds exactly what the
// engine's fight of the same seed adds (`compareWithEngine`, the simulator's run-time check).
import type { EncounterState } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { compareWithEngine, compileScenario, emptyTally, fightDice, fightPolicyRng, runRange, shapeOf, simRuntime, type TargetStrategy } from '@fray/sim';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';

/** Plays fights 0..n-1 both ways; returns how many the compiled fight kept and handed back, its attacks, drops and feet moved. */
function bothWays(file: string, target: TargetStrategy, n: number): { kept: number; handedBack: number; attacks: number; drops: number; moved: number } {
  const sc = loadSimFile({ file: scenario(file), cwd: process.cwd(), target }).scenario;
  const shape = shapeOf(sc.start);
  const kernel = compileScenario(sc, shape);
  if ('unsupported' in kernel) throw new Error(`${file} is not compiled: ${kernel.unsupported}`);
  const rt = simRuntime(sc);
  const out = kernel.newOutcome();
  const movement = kernel.resourceKeys.indexOf('movementFeet');
  const r = { kept: 0, handedBack: 0, attacks: 0, drops: 0, moved: 0 };
  for (let i = 0; i < n; i++) {
    const seed = `${file}-${target}`;
    if (!kernel.play(fightDice(seed, i), fightPolicyRng(seed, i), out)) {
      r.handedBack++;
      continue;
    }
    const engine = emptyTally(shape.sides.length, shape.creatures.length);
    expect(compareWithEngine(sc, shape, rt, kernel, out, seed, i, engine), `${file} fight ${i}`).toBeNull();
    r.kept++;
    r.attacks += out.attacks;
    r.drops += out.dropped.reduce((a, b) => a + b, 0);
    for (let k = 0; k < shape.creatures.length; k++) r.moved += out.spent[k * kernel.resourceKeys.length + movement]!;
  }
  return r;
}

describe('A5E fights on a grid: the compiled fight plays the engine\'s fights', () => {
  for (const file of ['a5e/ditch-jump.yaml', 'a5e/map-yard.yaml', 'campaigns/a5e-watchtower.yaml']) {
    for (const target of ['weakest', 'random'] as const) {
      it(`A5E-MOVE-1 A5E-MOVE-7 A5E-ATK-13 A5E-ATK-14 A5E-POS-8 A5E-COND-24 ${file}, ${target} targets: closing in, reach and range, the bite's save against prone`, () => {
        const r = bothWays(file, target, 150);
        expect(r.kept + r.handedBack).toBe(150);
        expect(r.kept).toBeGreaterThan(140);
        expect(r.attacks).toBeGreaterThan(150);
      });
    }
  }

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
