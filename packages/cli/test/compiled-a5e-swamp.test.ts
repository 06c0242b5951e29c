// The swamp ferry (scenarios/a5e/swamp-ferry.yaml) played both ways, fight by fight (issue 16): the
// compiled fight's conditions with a duration (kernel-conditions.ts) against the engine's, from the
// scenario's own state after its steps, from its creatures fresh in the swamp, and from them fresh
// without it. Every fight the compiled fight keeps adds exactly what the engine's fight of the same
// seed adds (`compareWithEngine`, the simulator's run-time check), and none is handed back.
import { compareWithEngine, compileScenario, emptyTally, fightDice, fightPolicyRng, shapeOf, simRuntime, type SimScenario, type TargetStrategy } from '@fray/sim';
import type { EncounterState } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';

type Variant = 'under way' | 'fresh in the swamp' | 'fresh without the swamp' | 'as the file has it';

/** The scenario file's state, as the variant wants it: Leeches switched off (with it: compiled-a5e-leeches.test.ts) unless as the file has it. */
function swampFerry(variant: Variant, target: TargetStrategy): SimScenario {
  const sc = loadSimFile({ file: scenario('a5e/swamp-ferry.yaml'), cwd: process.cwd(), target }).scenario;
  if (variant === 'as the file has it') return sc;
  const s = structuredClone(sc.start) as EncounterState;
  s.options = { ...s.options, environmentDisable: ['leeches'] };
  if (variant !== 'under way') {
    Object.assign(s, { phase: 'setup', round: 0, turnIndex: -1, order: [], vars: {} });
    for (const id of s.creatureIds) Object.assign(s.creatures[id]!, { hp: s.creatures[id]!.maxHp, conditions: [], vars: {}, tallies: {} });
    if (variant === 'fresh without the swamp') s.options = {};
  }
  return { ...sc, start: s };
}

/** Fights 0..n-1 both ways: how many the compiled fight kept and handed back, its attacks and drops. */
function bothWays(variant: Variant, target: TargetStrategy, n: number): { kept: number; handedBack: number; attacks: number; drops: number } {
  const sc = swampFerry(variant, target);
  const shape = shapeOf(sc.start);
  const kernel = compileScenario(sc, shape);
  if ('unsupported' in kernel) throw new Error(`not compiled: ${kernel.unsupported}`);
  const rt = simRuntime(sc);
  const out = kernel.newOutcome();
  const r = { kept: 0, handedBack: 0, attacks: 0, drops: 0 };
  const seed = `swamp-${variant}-${target}`;
  for (let i = 0; i < n; i++) {
    if (!kernel.play(fightDice(seed, i), fightPolicyRng(seed, i), out)) {
      r.handedBack++;
      continue;
    }
    const engine = emptyTally(shape.sides.length, shape.creatures.length);
    expect(compareWithEngine(sc, shape, rt, kernel, out, seed, i, engine), `${variant}, ${target}: fight ${i}`).toBeNull();
    r.kept++;
    r.attacks += out.attacks;
    r.drops += out.dropped.reduce((a, b) => a + b, 0);
  }
  return r;
}

describe('the swamp ferry compiled (kernel-conditions.ts) plays the engine\'s fights', () => {
  const variants: [title: string, variant: Variant, moreAttacksThan: number][] = [
    ['A5E-COND-20 A5E-COND-1 A5E-COND-16 A5E-ATK-7 A5E-POS-8 without the swamp: the claws paralyze until a save at the end of a turn (each paralysis its own save), hits on the paralyzed crit, the jaws grapple until the grappler drops, the woken stay prone while held', 'fresh without the swamp', 3000],
    ['A5E-WORLD-41 A5E-WORLD-42 A5E-COND-26 A5E-COND-23 A5E-MOVE-22 A5E-DMG-15 fresh in the swamp: Swamp Gas each round poisons who fails (not the undead), the mud restrains at the end of a turn (the paralyzed and the dying fail), its pool cut to 0', 'fresh in the swamp', 3000],
    ['A5E-WORLD-41 A5E-COND-26 A5E-COND-16 the scenario under way: Ilse and Tamsin restrained by the mud, Tamsin in the Reedmaw\'s jaws, the Gravegnawer to act in round 2', 'under way', 1500],
  ];
  it.each(variants)('%s', (_title, variant, moreAttacksThan) => {
    for (const target of ['weakest', 'random'] as const) {
      const r = bothWays(variant, target, 150);
      expect([r.kept, r.handedBack]).toEqual([150, 0]);
      expect(r.attacks).toBeGreaterThan(moreAttacksThan);
      expect(r.drops).toBeGreaterThan(100);
    }
  });

  it('A5E-WORLD-43 the file as it stands is compiled; with the Narrator\'s own statistics for the swarm it stays on the engine, by name', () => {
    const sc = swampFerry('as the file has it', 'weakest');
    expect('unsupported' in compileScenario(sc, shapeOf(sc.start))).toBe(false);
    const bog = { name: 'Bog Leeches', proficiency: 2, abilities: { str: 4, dex: 14, con: 10, int: 1, wis: 6, cha: 1 }, ac: 12, hp: 15 };
    const start = { ...sc.start, options: { ...sc.start.options, environmentCreatures: { leeches: bog } } };
    expect(compileScenario({ ...sc, start }, shapeOf(start))).toEqual({ unsupported: 'the environment\'s world action Leeches (A5E-WORLD-43) with the Narrator\'s own statistics for the swarm' });
  });
});
