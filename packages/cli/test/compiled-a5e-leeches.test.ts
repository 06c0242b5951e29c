// The swamp ferry (scenarios/a5e/swamp-ferry.yaml) with its Leeches on (A5E-WORLD-43): a world action
// that brings a swarm of leeches into the fight mid-fight, played by the compiled fight
// (kernel-spawn.ts) and by the engine, fight by fight. Every fight the compiled fight keeps adds
// exactly what the engine's fight of the same seed adds (`compareWithEngine`, the simulator's
// run-time check); a fight needing more swarms than the kernel holds slots for is handed back.
import { compareWithEngine, compileScenario, emptyTally, fightDice, fightPolicyRng, shapeOf, simRuntime, type SimScenario, type TargetStrategy } from '@fray/sim';
import type { EncounterState } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';

type Variant = 'under way' | 'fresh in the swamp';

/** The scenario file's state with Leeches in play: as the file has it (under way), or its creatures fresh in the swamp. */
function swampFerry(variant: Variant, target: TargetStrategy): SimScenario {
  const sc = loadSimFile({ file: scenario('a5e/swamp-ferry.yaml'), cwd: process.cwd(), target }).scenario;
  if (variant === 'under way') return sc;
  const s = structuredClone(sc.start) as EncounterState;
  Object.assign(s, { phase: 'setup', round: 0, turnIndex: -1, order: [], vars: {} });
  for (const id of s.creatureIds) Object.assign(s.creatures[id]!, { hp: s.creatures[id]!.maxHp, conditions: [], vars: {}, tallies: {} });
  return { ...sc, start: s };
}

/** What the compiled fight did with fights 0..n-1, each kept one checked against the engine's fight of the same seed. */
interface BothWays {
  kept: number;
  handedBack: number;
  /** swarms that joined the kept fights, and the most in one of them */
  swarms: number;
  mostSwarms: number;
  attacks: number;
}

function bothWays(sc: SimScenario, seed: string, n: number): BothWays {
  const shape = shapeOf(sc.start);
  const kernel = compileScenario(sc, shape);
  if ('unsupported' in kernel) throw new Error(`not compiled: ${kernel.unsupported}`);
  const joined = () => (kernel as unknown as { joined: number }).joined;
  const rt = simRuntime(sc);
  const out = kernel.newOutcome();
  const r: BothWays = { kept: 0, handedBack: 0, swarms: 0, mostSwarms: 0, attacks: 0 };
  for (let i = 0; i < n; i++) {
    if (!kernel.play(fightDice(seed, i), fightPolicyRng(seed, i), out)) {
      r.handedBack++;
      continue;
    }
    const engine = emptyTally(shape.sides.length, shape.creatures.length);
    expect(compareWithEngine(sc, shape, rt, kernel, out, seed, i, engine), `${seed}: fight ${i}`).toBeNull();
    r.kept++;
    r.swarms += joined();
    r.mostSwarms = Math.max(r.mostSwarms, joined());
    r.attacks += out.attacks;
  }
  return r;
}

describe('A5E-WORLD-43 the swamp ferry with its Leeches compiled (kernel-spawn.ts) plays the engine\'s fights', () => {
  // [variant, target, what the compiled fight did with 200 fights]
  const cases: [Variant, TargetStrategy, BothWays][] = [
    ['under way', 'weakest', { kept: 200, handedBack: 0, swarms: 218, mostSwarms: 3, attacks: 2667 }],
    ['under way', 'random', { kept: 200, handedBack: 0, swarms: 249, mostSwarms: 4, attacks: 3752 }],
    // long fights (everyone on the most hurt): some need a seventh swarm, more than the kernel holds (SPAWN_SLOTS), and are handed back
    ['fresh in the swamp', 'weakest', { kept: 170, handedBack: 30, swarms: 447, mostSwarms: 6, attacks: 8351 }],
    ['fresh in the swamp', 'random', { kept: 200, handedBack: 0, swarms: 370, mostSwarms: 4, attacks: 7054 }],
  ];
  it.each(cases)('A5E-WORLD-43 A5E-INIT-7 A5E-INIT-3 %s, %s targets: swarms join at their initiative, on sides of their own, fight everyone, and the fight ends with one of its own sides standing', (variant, target, expected) => {
    const r = bothWays(swampFerry(variant, target), `leeches-${variant}-${target}`, 200);
    expect(r).toEqual(expected);
  });
});
