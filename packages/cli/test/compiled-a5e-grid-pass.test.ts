// A dying creature between a creature and the foe it closes in on (A5E-MOVE-19): the rules ask the
// dying creature's controller to let it pass, the simulator's answer is the default (refuse), and the
// walk would end before its space. The policies walk around it instead, on the engine and compiled alike.
import { Encounter, gridApproach, previewMove, type EncounterState, type GridSpaceState } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { compareWithEngine, compileScenario, emptyTally, fightDice, fightPolicyRng, fightStart, runRange, shapeOf, simRuntime, totalPolicy, type SimScenario } from '@fray/sim';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { writeTemp } from './helpers';

// A 14×3 strip: the boar (speed 40, melee only) at the west end, Ilse dying in the square east of it,
// Perrin 65 ft away shooting Ember Darts: every square the boar's straight way east reaches is past Ilse.
const YARD = `
ruleset: a5e
seed: 7
map: { grid: { width: 14, height: 3 } }
creatures:
  - { id: boar, side: wild, ref: a5e/monsters/thicket-boar.yaml, initiative: 20, at: { x: 0, y: 1 } }
  - { id: perrin, side: party, controller: seat-perrin, ref: a5e/characters/perrin-ashdown.yaml, initiative: 10, at: { x: 13, y: 1 } }
  - { id: ilse, side: party, controller: seat-ilse, ref: a5e/characters/ilse-marrow.yaml, initiative: 5, at: { x: 1, y: 1 }, hp: 0, status: dying, conditions: [{ id: unconscious }] }
steps:
  - command: { type: startCombat }
    expect: { round: 1, current: boar, creatures: { ilse: { status: dying } } }
`;

const yard = (): SimScenario => loadSimFile({ file: writeTemp({ 'yard.yaml': YARD }), cwd: process.cwd() }).scenario;

/** The yard as its steps leave it (the boar's turn, its movement whole), played on with the simulator's prompt answers. */
function started(sc: SimScenario): Encounter {
  const { version: _v, undoable: _u, pending: _p, ...core } = fightStart(sc.start, 'pass', 0);
  return Encounter.fromEvents([{ type: 'EncounterStarted', encounter: core, seq: 0, commandId: 'setup' }], { ruleset: a5eRuleset, policy: totalPolicy(sc.policies.prompts) });
}

const at = (s: EncounterState, id: string) => {
  const p = (s.space as GridSpaceState).creatures[id]!;
  return { x: p.x, y: p.y };
};

describe('A5E on a grid: closing in past a dying creature that will not let it pass', () => {
  it('A5E-MOVE-19 previewMove ends a walk where play ends it: refused passage through a dying creature, the straight walk stops before its space', () => {
    const sc = yard();
    const on = started(sc);
    expect(on.state.creatures['ilse']!.status).toBe('dying');
    // Ilse is the next square: nothing of the walk is left, and nothing is spent
    const now = previewMove(on.state, 'boar', { x: 8, y: 1 }, a5eRuleset);
    expect([now.legal, now.path, now.cost]).toEqual([true, [], 0]);
    // Ilse three squares on: the walk stops in the square before hers
    const space = on.state.space as GridSpaceState;
    const further: EncounterState = { ...on.state, space: { ...space, creatures: { ...space.creatures, ilse: { ...space.creatures['ilse']!, x: 3 } } } };
    const short = previewMove(further, 'boar', { x: 8, y: 1 }, a5eRuleset);
    expect([short.legal, short.path.at(-1), short.cost]).toEqual([true, { x: 2, y: 1 }, 10]);
    for (const [state, end, left] of [[on.state, { x: 0, y: 1 }, 40], [further, { x: 2, y: 1 }, 30]] as const) {
      const play = Encounter.fromEvents([{ type: 'EncounterStarted', encounter: state, seq: 0, commandId: 'setup' }], { ruleset: a5eRuleset, policy: totalPolicy(sc.policies.prompts) });
      const r = play.dispatch({ id: 'walk', issuedBy: { role: 'gm' }, command: { type: 'move', creatureId: 'boar', to: { x: 8, y: 1 } } });
      expect(r.ok).toBe(true);
      expect(at(play.state, 'boar')).toEqual(end);
      expect(play.state.creatures['boar']!.resources['movementFeet']).toBe(left);
    }
  });

  it('A5E-MOVE-19 the policies walk around the dying creature (a path through free squares) to the furthest square the boar\'s movement reaches, and play takes the whole walk', () => {
    const sc = yard();
    const on = started(sc);
    const m = gridApproach(on.state, 'boar', 'perrin', a5eRuleset)!;
    expect(m.end).toEqual({ x: 8, y: 1 });
    const path = (m.to as { path: { x: number; y: number }[] }).path;
    expect(path).toHaveLength(8);
    expect(path.some((p) => p.x === 1 && p.y === 1)).toBe(false);
    expect([m.preview.legal, m.preview.provokes, m.preview.cost]).toEqual([true, [], 40]);
    const cmd = sc.policies.chooseCommand(on.state, a5eRuleset, fightPolicyRng('pass', 0));
    expect(cmd).toEqual({ type: 'move', creatureId: 'boar', to: m.to });
    expect(on.dispatch({ id: 'walk', issuedBy: { role: 'gm' }, command: cmd! }).ok).toBe(true);
    expect(at(on.state, 'boar')).toEqual({ x: 8, y: 1 });
    expect(on.state.creatures['boar']!.resources['movementFeet']).toBe(0);
  });

  it('A5E-MOVE-19 A5E-DYING-3 the fight both ways: on the engine no fight stalls; compiled, every fight plays compiled with the engine\'s tally, fight by fight', () => {
    const sc = yard();
    const engine = runRange(sc, { seed: 'pass', from: 0, to: 40, engine: true });
    expect(engine.stalled).toBe(0);
    expect(engine.wins.reduce((a, b) => a + b, 0)).toBe(40);
    expect(engine.attacks).toBeGreaterThan(200);
    const shape = shapeOf(sc.start);
    const kernel = compileScenario(sc, shape);
    if ('unsupported' in kernel) throw new Error(`the yard is not compiled: ${kernel.unsupported}`);
    const rt = simRuntime(sc);
    const out = kernel.newOutcome();
    for (let i = 0; i < 40; i++) {
      expect(kernel.play(fightDice('pass', i), fightPolicyRng('pass', i), out), `fight ${i} handed back`).toBe(true);
      expect(compareWithEngine(sc, shape, rt, kernel, out, 'pass', i, emptyTally(shape.sides.length, shape.creatures.length)), `fight ${i}`).toBeNull();
    }
    const compiled = runRange(sc, { seed: 'pass', from: 0, to: 40 });
    expect([compiled.compiled, compiled.fallbacks]).toEqual([40, 0]);
    const outcome = ({ fights, wins, draws, stalled, rounds, drops, deaths, downAtEnd, dealt, taken, spent, attacks, commands }: typeof engine) => ({ fights, wins, draws, stalled, rounds, drops, deaths, downAtEnd, dealt, taken, spent, attacks, commands });
    expect(outcome(compiled)).toEqual(outcome(engine));
  });
});
