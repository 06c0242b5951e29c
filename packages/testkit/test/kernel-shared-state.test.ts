import { describe, expect, it } from 'vitest';
import { Encounter, cloneJson, playerView, type CreatureState, type Runtime } from '@fray/engine';
import { miniRuleset } from '../src/index';
import { fighter, goblin, ogre, bo, sparePolicy, gridWithLurker } from './fixtures';

const rt: Runtime = { ruleset: miniRuleset, policy: sparePolicy };
const gm = { role: 'gm' as const };

const setup = () => ({
  id: 'shared',
  seed: 3,
  space: gridWithLurker({ x: 7, y: 3 }),
  creatures: [fighter(), bo(), ogre(), goblin('g1'), goblin('lurker', { hidden: true, name: 'Lurker' })],
});

function dispatch(enc: Encounter, id: string, command: Record<string, unknown>): void {
  const r = enc.dispatch({ id, issuedBy: gm, command });
  if (!r.ok) throw new Error(`${id}: ${r.error.code}: ${r.error.message}`);
}

describe('ENGINE-STATE states share what a command did not change', () => {
  it('a command copies only the creatures it changes; the others are the very objects the last state held', () => {
    const enc = Encounter.create(setup(), rt);
    const before = { ...enc.state.creatures };
    dispatch(enc, 'hurt', { type: 'gm.setHp', creatureId: 'g1', hp: 2 });
    for (const id of ['ana', 'bo', 'ogre', 'lurker']) expect(enc.state.creatures[id]).toBe(before[id]);
    expect(enc.state.creatures['g1']).not.toBe(before['g1']);
    expect(enc.state.creatures['g1']!.hp).toBe(2);
    expect(before['g1']!.hp).not.toBe(2);
    // Undo brings back the state before, with its own objects.
    dispatch(enc, 'back', { type: 'undo' });
    expect(enc.state.creatures['g1']).toBe(before['g1']);
  });

  it('a published creature is frozen: writing into it throws instead of changing states that share it', () => {
    const enc = Encounter.create(setup(), rt);
    dispatch(enc, 'hurt', { type: 'gm.setHp', creatureId: 'g1', hp: 2 });
    const g1 = enc.state.creatures['g1'] as CreatureState;
    expect(() => { g1.hp = 9; }).toThrow(TypeError);
    expect(() => { g1.resources['action'] = 9; }).toThrow(TypeError);
    expect(() => { g1.conditions.push({ instanceId: 'x', conditionId: 'prone', source: null, duration: { kind: 'untilRemoved' } }); }).toThrow(TypeError);
    expect(enc.state.creatures['g1']!.hp).toBe(2);
  });

  it('an undo snapshot keeps the creatures it had while later commands change them', () => {
    const enc = Encounter.create(setup(), rt);
    dispatch(enc, 'a', { type: 'gm.setHp', creatureId: 'g1', hp: 3 });
    const after = cloneJson(enc.state);
    dispatch(enc, 'b', { type: 'gm.setHp', creatureId: 'g1', hp: 1 });
    dispatch(enc, 'c', { type: 'gm.addCondition', creatureId: 'g1', conditionId: 'prone' });
    dispatch(enc, 'u1', { type: 'undo' });
    dispatch(enc, 'u2', { type: 'undo' });
    expect({ ...cloneJson(enc.state), version: 0, undoable: [] }).toEqual({ ...after, version: 0, undoable: [] });
  });
});

describe('ENGINE-VIEW a seat keeps the views of creatures nothing changed', () => {
  it('the view of a creature no command changed is the same frozen object; a changed creature gets a new one', () => {
    const enc = Encounter.create(setup(), rt);
    const v1 = playerView(enc.state, 'seat-ana', miniRuleset);
    dispatch(enc, 'hurt', { type: 'gm.setHp', creatureId: 'ogre', hp: 1 });
    const v2 = playerView(enc.state, 'seat-ana', miniRuleset);
    expect(v2.creatures['ana']).toBe(v1.creatures['ana']);
    expect(v2.creatures['g1']).toBe(v1.creatures['g1']);
    expect(Object.isFrozen(v2.creatures['ana'])).toBe(true);
    expect(v2.creatures['ogre']).not.toBe(v1.creatures['ogre']);
    expect(v2.creatures['ogre']!.hpBand).toBe('bloodied');
    // Another seat has views of its own (its own creature shows exact hit points).
    const bo1 = playerView(enc.state, 'seat-bo', miniRuleset);
    expect(bo1.creatures['ana']).not.toBe(v2.creatures['ana']);
  });

  it('a kept view follows a reveal: the source of a condition shows as someone while hidden, by its id after', () => {
    const enc = Encounter.create(setup(), rt);
    dispatch(enc, 'grab', { type: 'gm.addCondition', creatureId: 'ana', conditionId: 'prone', source: 'lurker' });
    const hidden = playerView(enc.state, 'seat-ana', miniRuleset);
    expect(hidden.creatures['ana']!.conditions.map((c) => c.source)).toEqual(['someone']);
    const ana = enc.state.creatures['ana'];
    dispatch(enc, 'show', { type: 'gm.revealCreature', creatureId: 'lurker' });
    // Ana herself did not change, but what her view may say did.
    expect(enc.state.creatures['ana']).toBe(ana);
    const shown = playerView(enc.state, 'seat-ana', miniRuleset);
    expect(shown.creatures['ana']!.conditions.map((c) => c.source)).toEqual(['lurker']);
  });

  it('a state changed in place (the simulator\'s) is viewed afresh every time', () => {
    const enc = Encounter.create(setup(), rt);
    const own = cloneJson(enc.state);
    const v1 = playerView(own, 'seat-ana', miniRuleset);
    own.creatures['ogre']!.hp = 1;
    const v2 = playerView(own, 'seat-ana', miniRuleset);
    expect(v2.creatures['ana']).not.toBe(v1.creatures['ana']);
    expect(v2.creatures['ogre']!.hpBand).toBe('bloodied');
  });
});
