import { describe, expect, it } from 'vitest';
import { actionMenu, createGridSpace, placeCreature, previewMove, type ActionMenu, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { act, ana, fight, goblin, ogre } from './flow-fixtures';

const action = (m: ActionMenu, id: string) => {
  const a = m.actions.find((x) => x.id === id);
  if (!a) throw new Error(`no action '${id}' in ${m.actions.map((x) => x.id).join(', ')}`);
  return a;
};
const target = (m: ActionMenu, id: string, t: string) => action(m, id).targets!.find((x) => x.creatureId === t)!;

function onGrid(at: Record<string, { x: number; y: number; size: string }>): Json {
  let space = createGridSpace({});
  for (const [id, p] of Object.entries(at)) space = placeCreature(space, id, p);
  return space as unknown as Json;
}

describe('A5E action menu', () => {
  it('A5E-ATK-2 lists each attack with exact odds per target: Longsword +5 against AC 11 and AC 15, 1d8 + 3, crits double the total', () => {
    const t = fight();
    const m = actionMenu(t.state, 'ana', { role: 'gm' }, a5eRuleset);
    const sword = action(m, 'attack:longsword');
    expect(sword).toMatchObject({ kind: 'attack', available: true, cost: [{ resource: 'action', amount: 1 }], command: { type: 'takeAction', actorId: 'ana', action: 'attack', options: { attack: 'longsword' } } });
    expect(sword.targets!.map((x) => x.creatureId)).toEqual(['ogre', 'gob']);
    // ogre: naturals 6..19 hit (14/20), 20 crits; 0.7 × 7.5 + 0.05 × 15 = 6
    const o = target(m, 'attack:longsword', 'ogre').odds!;
    expect(o.hit).toBeCloseTo(0.7, 12);
    expect(o.crit).toBeCloseTo(0.05, 12);
    expect(o.expectedDamage).toBeCloseTo(6, 10);
    const g = target(m, 'attack:longsword', 'gob').odds!;
    expect(g.hit).toBeCloseTo(0.5, 12);
    expect(g.crit).toBeCloseTo(0.05, 12);
    expect(g.expectedDamage).toBeCloseTo(4.5, 10);
    expect(m.resources.map((r) => [r.id, r.left])).toEqual([['action', 1], ['bonusAction', 1], ['reaction', 1], ['movementFeet', 30], ['objectInteraction', 1]]);
    expect(action(m, 'end-turn')).toMatchObject({ available: true, command: { type: 'endTurn' } });
  });

  it('A5E-ROUND-4 a creature that has used its action shows its attacks unavailable, in the words dispatch rejects with', () => {
    const t = fight();
    t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:2' });
    const m = actionMenu(t.state, 'ana', { role: 'gm' }, a5eRuleset);
    expect(action(m, 'attack:longsword')).toMatchObject({ available: false, reason: 'Ana has already used its action' });
    expect(action(m, 'dash')).toMatchObject({ available: false, reason: 'Ana has already used its action' });
    expect(m.resources.find((r) => r.id === 'action')!.left).toBe(0);
    const refused = t.rejects(act('ana', 'attack', ['ogre'], { attack: 'longsword' }), 'no-action-left');
    expect(refused.message).toBe('Ana has already used its action');
  });

  it('A5E-ATK-15 a target beyond reach is listed invalid with the reach rule\'s reason; the one adjacent is valid', () => {
    const space = onGrid({ ana: { x: 0, y: 0, size: 'medium' }, ogre: { x: 1, y: 0, size: 'large' }, gob: { x: 6, y: 0, size: 'small' } });
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 }), goblin('gob', { initiative: 5 })], space });
    t.run({ type: 'startCombat' });
    const m = actionMenu(t.state, 'ana', { role: 'gm' }, a5eRuleset);
    expect(target(m, 'attack:longsword', 'ogre')).toMatchObject({ valid: true });
    expect(target(m, 'attack:longsword', 'gob')).toEqual({ creatureId: 'gob', valid: false, reason: 'Goblin is 30 ft away, beyond Longsword\'s reach of 5 ft', ruleId: 'A5E-ATK-15' });
    expect(t.rejects(act('ana', 'attack', ['gob'], { attack: 'longsword' }), 'out-of-reach').message).toBe('Goblin is 30 ft away, beyond Longsword\'s reach of 5 ft');
  });

  it('A5E-ATK-16 moving out of the ogre\'s reach shows the opportunity attack it provokes; the preview changes nothing', () => {
    const space = onGrid({ ana: { x: 0, y: 0, size: 'medium' }, ogre: { x: 1, y: 0, size: 'large' }, gob: { x: 9, y: 9, size: 'small' } });
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 }), goblin('gob', { initiative: 5 })], space });
    t.run({ type: 'startCombat' });
    const before = JSON.stringify(t.state);
    const away = previewMove(t.state, 'ana', { x: 0, y: 4 }, a5eRuleset);
    expect(away).toMatchObject({ legal: true, cost: 20, provokes: ['ogre'] });
    const along = previewMove(t.state, 'ana', { x: 0, y: 1 }, a5eRuleset);
    expect(along).toMatchObject({ legal: true, cost: 5, provokes: [] });
    expect(previewMove(t.state, 'ana', { x: 0, y: 9 }, a5eRuleset)).toMatchObject({ legal: false });
    const m = actionMenu(t.state, 'ana', { role: 'gm' }, a5eRuleset);
    expect(m.movement!.mode).toBe('grid');
    expect(m.movement!.reachable.find((p) => JSON.stringify(p.to) === JSON.stringify({ x: 0, y: 4 }))).toEqual({ to: { x: 0, y: 4 }, cost: 20, provokes: ['ogre'] });
    expect(JSON.stringify(t.state)).toBe(before);
  });

  it('a player asking about a creature of another seat sees every action unavailable, with dispatch\'s reason', () => {
    const t = fight();
    const m = actionMenu(t.state, 'ana', { role: 'player', seat: 'seat-bob' }, a5eRuleset);
    expect(action(m, 'attack:longsword')).toMatchObject({ available: false, reason: 'seat seat-bob does not control ana' });
    expect(m.movement).toBeUndefined();
  });
});
