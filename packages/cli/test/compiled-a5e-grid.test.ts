// What an A5E fight on a grid may hold beyond the compiled fight (grid-kernel.ts), refused by name; the
// repository's grid fights played both ways are in compiled-scenario-files.test.ts.
import type { EncounterState } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { compareWithEngine, compileScenario, emptyTally, fightDice, fightPolicyRng, runRange, shapeOf, simRuntime } from '@fray/sim';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';
import { playedOn } from './played-on';

describe('A5E fights on a grid from later states', () => {
  it('A5E-MOVE-7 A5E-POS-8 A5E-COND-24 A5E-DYING-3 from states the policies reached on the repository\'s maps (creatures moved, knocked prone, dead; movement and attacks spent): fight by fight, the same tally', () => {
    const seen = new Set<string>();
    let states = 0;
    for (const file of ['a5e/ditch-jump.yaml', 'a5e/map-yard.yaml', 'campaigns/a5e-watchtower.yaml']) {
      for (const target of ['weakest', 'random'] as const) {
        const sc = loadSimFile({ file: scenario(file), cwd: process.cwd(), target }).scenario;
        for (const commands of [1, 2, 4, 7, 11, 16]) {
          const seed = `${file}-${target}-${commands}`;
          const start = playedOn(sc, commands, seed);
          if (start.phase !== 'combat' || start.pending) continue;
          const at = { ...sc, start };
          const shape = shapeOf(start);
          const kernel = compileScenario(at, shape);
          if ('unsupported' in kernel) throw new Error(`${seed}: ${kernel.unsupported}`);
          const rt = simRuntime(at);
          const out = kernel.newOutcome();
          for (let i = 0; i < 20; i++) {
            expect(kernel.play(fightDice(seed, i), fightPolicyRng(seed, i), out), `${seed} fight ${i} handed back`).toBe(true);
            expect(compareWithEngine(at, shape, rt, kernel, out, seed, i, emptyTally(shape.sides.length, shape.creatures.length)), `${seed} fight ${i}`).toBeNull();
          }
          states++;
          const current = start.creatures[start.order[start.turnIndex]!.creatureId]!;
          for (const id of start.creatureIds) {
            const c = start.creatures[id]!;
            if (c.status !== 'conscious') seen.add(c.status);
            else if (c.conditions.some((x) => x.conditionId === 'prone')) seen.add('prone');
          }
          if ((current.resources['movementFeet'] ?? 0) < (current.resources['movementMaxFeet'] ?? 0)) seen.add('moved');
          if ((current.resources['action'] ?? 0) < 1) seen.add('acted');
          if (start.round > 1) seen.add('later round');
        }
      }
    }
    expect(states).toBeGreaterThan(25);
    expect([...seen].sort()).toEqual(expect.arrayContaining(['acted', 'dead', 'later round', 'moved', 'prone']));
  });
});

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
