// An A5E environment on a grid, compiled (kernel-grid-environment.ts): the storm on the crag played both
// ways fight by fight, its Forceful Gale pushing the dragon across the map, its difficult squares priced
// by the movement rules; what the kernel does not model refused by name.
import type { EncounterState, GridSpaceState } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { compareWithEngine, compileScenario, emptyTally, fightDice, fightPolicyRng, shapeOf, simRuntime, type SimScenario, type TargetStrategy } from '@fray/sim';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';
import { playedOn } from './played-on';

const STORM = 'a5e/storm-crag.yaml';
const storm = (target: TargetStrategy = 'weakest') => loadSimFile({ file: scenario(STORM), cwd: process.cwd(), target }).scenario;
const withStart = (sc: SimScenario, start: EncounterState): SimScenario => ({ ...sc, start });
const withWind = (sc: SimScenario, wind: string): SimScenario => withStart(sc, { ...sc.start, options: { ...sc.start.options, windDirection: wind } });

/** Fights 0..n-1 both ways: how many the compiled fight kept and handed back, the pushes that moved someone, attacks, the movement spent and the world's damage. */
function bothWays(sc: SimScenario, seed: string, n: number) {
  const shape = shapeOf(sc.start);
  const kernel = compileScenario(sc, shape);
  if ('unsupported' in kernel) throw new Error(`${seed} is not compiled: ${kernel.unsupported}`);
  // Only a push sets a creature down through moveTo (closing in moves it by its own movement).
  const grid = (kernel as unknown as { grid: { moveTo: (k: number, x: number, y: number) => void } }).grid;
  let pushes = 0;
  const moveTo = grid.moveTo.bind(grid);
  grid.moveTo = (k, x, y) => {
    pushes++;
    moveTo(k, x, y);
  };
  const rt = simRuntime(sc);
  const out = kernel.newOutcome();
  const movement = kernel.resourceKeys.indexOf('movementFeet');
  const r = { kept: 0, handedBack: 0, pushes: 0, attacks: 0, moved: 0, worldDamage: 0 };
  for (let i = 0; i < n; i++) {
    if (!kernel.play(fightDice(seed, i), fightPolicyRng(seed, i), out)) {
      r.handedBack++;
      continue;
    }
    expect(compareWithEngine(sc, shape, rt, kernel, out, seed, i, emptyTally(shape.sides.length, shape.creatures.length)), `${seed} fight ${i}`).toBeNull();
    r.kept++;
    r.attacks += out.attacks;
    for (let k = 0; k < kernel.creatureIds.length; k++) r.moved += out.spent[k * kernel.resourceKeys.length + movement]!;
    r.worldDamage += out.taken.reduce((a, b) => a + b, 0) - out.dealt.reduce((a, b) => a + b, 0);
  }
  r.pushes = pushes;
  return r;
}

const refusal = (state: EncounterState) => {
  const r = a5eRuleset.compileFight!(state, { target: 'weakest', prompts: 'sim', maxRounds: 50 });
  return 'unsupported' in r ? r.unsupported : null;
};

describe('an A5E environment on a grid, compiled: the storm on the crag', () => {
  it('A5E-WORLD-36 A5E-WORLD-38 A5E-WORLD-39 A5E-MOVE-6 the storm-crag file from where its steps leave it: the gale and lightning each round, difficult terrain everywhere; fight by fight, the same tally', () => {
    for (const target of ['weakest', 'random'] as const) {
      const r = bothWays(storm(target), `${STORM}-${target}`, 150);
      expect([r.kept, r.handedBack]).toEqual([150, 0]);
      expect(r.attacks).toBeGreaterThan(1000);
      // lightning strikes the party; the gale tries the dragon, whom Brannoc's square stops going east
      expect(r.worldDamage).toBeGreaterThan(200);
      expect(r.pushes).toBe(0);
    }
  });

  it('A5E-WORLD-38 A5E-MOVE-21 A5E-MOVE-6 A5E-MOVE-19 the wind from the north and the west: the gale pushes the dragon across the map, which then closes in again through difficult squares, around a dying creature in the way that will not let it pass (A5E-MOVE-19): every fight compiled, fight by fight the same tally', () => {
    for (const wind of ['n', 'w']) {
      const r = bothWays(withWind(storm(), wind), `${STORM}-${wind}`, 120);
      expect([r.kept, r.handedBack]).toEqual([120, 0]);
      expect(r.pushes).toBeGreaterThan(20);
      expect(r.moved).toBeGreaterThan(200);
    }
  });

  it('A5E-WORLD-38 A5E-DYING-3 A5E-POS-8 from later states the policies reached in the storm (the dragon pushed, characters dying, attacks and movement spent): fight by fight, the same tally', () => {
    let states = 0;
    let kept = 0;
    for (const wind of ['n', 'w', 'e']) {
      const sc = withWind(storm(), wind);
      for (const commands of [3, 6, 10, 15]) {
        const seed = `${STORM}-${wind}-${commands}`;
        const start = playedOn(sc, commands, seed);
        if (start.phase !== 'combat' || start.pending) continue;
        const r = bothWays(withStart(sc, start), seed, 15);
        expect(r.kept + r.handedBack).toBe(15);
        kept += r.kept;
        states++;
      }
    }
    expect(states).toBeGreaterThan(8);
    // the dragon pushed west behind a dying character it may not pass walks around it, compiled too
    expect(kept).toBe(states * 15);
  });

  it('A5E-MOVE-6 each compiled fight asks the rules about its own map: without the storm\'s difficult squares the same fights spend less movement, and still match the engine', () => {
    const sc = withWind(storm(), 'n');
    const grid = sc.start.space as GridSpaceState;
    // the rain's squares dried out (nothing the storm does mid-fight lays them down again)
    const { 'a5e.world.marked': _marked, ...vars } = sc.start.vars;
    const dry = withStart(sc, { ...sc.start, vars, space: { ...grid, terrain: {} } as never });
    const wet = bothWays(sc, 'terrain', 60);
    const plain = bothWays(dry, 'terrain', 60);
    expect(plain.kept).toBeGreaterThan(40);
    // each step costs 10 ft in the rain, 5 ft without: closing in is cheaper
    expect(plain.moved / plain.kept).toBeLessThan(wet.moved / wet.kept);
  });

  it('an environment on a map the kernel does not model stays on the engine, by name', () => {
    const sc = storm();
    const start = sc.start;
    expect(refusal(start)).toBeNull();
    // before the fight starts the world has not put its terrain on the map yet
    expect(refusal({ ...start, phase: 'setup', round: 0, turnIndex: -1, order: [], vars: {} })).toMatch(/environment on a map before the fight starts/);
    // a world action mapped onto part of the grid chooses only creatures in its area
    const grid = start.space as GridSpaceState;
    const tagged = { ...grid, terrain: { ...grid.terrain, '0,0': { difficult: true, tags: ['world:forceful-gale'] } } };
    expect(refusal({ ...start, space: tagged as never })).toMatch(/Forceful Gale \(A5E-WORLD-38\) mapped onto part of the grid/);
    // an environment entry the kernel does not model: the storm in a fog
    expect(refusal({ ...start, options: { ...start.options, environment: ['storm', 'fog'] } })).toMatch(/Thick Fog \(A5E-WORLD-29\)/);
  });
});
