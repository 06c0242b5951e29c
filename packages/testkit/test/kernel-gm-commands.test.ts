import { describe, expect, it } from 'vitest';
import { playerView, redactEvents, Campaign, type GridSpaceState, type Json } from '@fray/engine';
import { TestTable, miniRuleset } from '../src/index';
import { fighter, goblin, ogre, gridWithLurker } from './fixtures';

const grid = (): Json => gridWithLurker({ x: 5, y: 5 });

const table = () => new TestTable(miniRuleset, {
  creatures: [fighter(), ogre(), goblin('lurker', { hidden: true, name: 'Lurking Goblin' })],
  space: grid(),
});

describe('ENGINE-GM gm.removeCreature', () => {
  it('takes the creature off the map, out of the roster and the order, with its name and the reason for narration', () => {
    const t = table();
    t.run({ type: 'startCombat' }, { dice: 'd20:14 d20:9 d20:3' });
    const ev = t.run({ type: 'gm.removeCreature', creatureId: 'ogre', reason: 'flees the field' });
    expect(ev.map((e) => e.type)).toEqual(['SpaceChanged', 'CreatureRemoved']);
    expect(TestTable.ofType(ev, 'CreatureRemoved')[0]).toMatchObject({ creatureId: 'ogre', name: 'Ogre', reason: 'flees the field' });
    expect(t.state.creatures['ogre']).toBeUndefined();
    expect(t.state.creatureIds).toEqual(['ana', 'lurker']);
    expect(t.state.order.map((o) => o.creatureId)).toEqual(['ana', 'lurker']);
    expect(Object.keys((t.state.space as unknown as GridSpaceState).creatures).sort()).toEqual(['ana', 'lurker']);
  });

  it('on its own turn, the turn ends first and the next creature\'s begins', () => {
    const t = table();
    t.run({ type: 'startCombat' }, { dice: 'd20:3 d20:14 d20:1' }); // ana 5, ogre 14, lurker 3
    expect(t.state.order[t.state.turnIndex]?.creatureId).toBe('ogre');
    const ev = t.run({ type: 'gm.removeCreature', creatureId: 'ogre' });
    expect(ev.map((e) => e.type)).toContain('TurnEnded');
    expect(t.state.order[t.state.turnIndex]?.creatureId).toBe('ana');
  });

  it('refuses an unknown creature (prototype names included) and players', () => {
    const t = table();
    t.rejects({ type: 'gm.removeCreature', creatureId: 'nobody' }, 'unknown-creature');
    t.rejects({ type: 'gm.removeCreature', creatureId: 'constructor' }, 'malformed'); // prototype names are refused at the edge (input-guard.ts)
    t.rejects({ type: 'gm.removeCreature', creatureId: 'ogre' }, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
    t.rejects({ type: 'gm.removeCreature', creatureId: 'ogre', extra: 1 }, 'malformed');
  });
});

describe('ENGINE-GM gm.revealCreature', () => {
  it('makes a hidden creature visible: the seats get it as it stands (no exact HP, no notes) from then on', () => {
    const t = table();
    t.run({ type: 'gm.setHp', creatureId: 'lurker', hp: 3 });
    expect(playerView(t.state, 'seat-ana', miniRuleset).creatures['lurker']).toBeUndefined();
    const ev = t.run({ type: 'gm.revealCreature', creatureId: 'lurker' });
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ type: 'CreatureAdded', reason: 'revealed', creature: { id: 'lurker', hidden: false, hp: 3 } });
    expect(t.creature('lurker').hidden).toBe(false);
    expect(t.creature('lurker').hp).toBe(3);
    const view = playerView(t.state, 'seat-ana', miniRuleset).creatures['lurker'];
    expect(view).toMatchObject({ id: 'lurker', name: 'Lurking Goblin', hpBand: 'bloodied' });
    expect(view).not.toHaveProperty('hp');
    const seen = redactEvents(t.encounter.events, 'seat-ana', t.state, miniRuleset);
    const reveal = seen.find((e) => e.seq === ev[0]!.seq);
    expect(reveal).toMatchObject({ type: 'CreatureAdded', reason: 'revealed', creature: { id: 'lurker', hpBand: 'bloodied' } });
    expect(JSON.stringify(reveal)).not.toContain('"hp":3');
  });

  it('refuses a creature that is not hidden, an unknown one, and players', () => {
    const t = table();
    t.rejects({ type: 'gm.revealCreature', creatureId: 'ogre' }, 'not-hidden');
    t.rejects({ type: 'gm.revealCreature', creatureId: 'ghost' }, 'unknown-creature');
    t.rejects({ type: 'gm.revealCreature', creatureId: 'lurker' }, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
  });
});

describe('ENGINE-GM gm.setController', () => {
  it('gives a creature to a seat: that seat may command it, its old seat may not, and the event says who had it', () => {
    const t = table();
    t.run({ type: 'startCombat' }, { dice: 'd20:14 d20:9 d20:3' }); // ana's turn
    const ev = t.run({ type: 'gm.setController', creatureId: 'ana', seat: 'seat-bo' });
    expect(ev).toEqual([expect.objectContaining({ type: 'CreatureUpdated', creatureId: 'ana', changes: { controller: 'seat-bo' }, previous: { controller: 'seat-ana' } })]);
    const attack = { type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] };
    t.rejects(attack, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
    t.run(attack, { as: { role: 'player', seat: 'seat-bo' }, dice: 'd20:2' });
    // Seat bo now sees ana's exact hit points; seat ana sees a band.
    expect(playerView(t.state, 'seat-bo', miniRuleset).creatures['ana']).toHaveProperty('hp', 20);
    expect(playerView(t.state, 'seat-ana', miniRuleset).creatures['ana']).not.toHaveProperty('hp');
  });

  it('null gives the creature to the GM; the same controller again, or an unknown creature, is refused', () => {
    const t = table();
    t.run({ type: 'gm.setController', creatureId: 'ana', seat: null });
    expect(t.creature('ana').controller).toBeNull();
    t.rejects({ type: 'gm.setController', creatureId: 'ana', seat: null }, 'no-change');
    t.rejects({ type: 'gm.setController', creatureId: 'toString', seat: 'seat-x' }, 'malformed'); // refused at the edge (input-guard.ts)
    t.rejects({ type: 'gm.setController', creatureId: 'ana' }, 'malformed');
  });

  it('works between fights too (a campaign gives a character to a seat)', () => {
    const c = Campaign.create({ id: 'camp', seed: 1, creatures: [fighter()] }, { ruleset: miniRuleset });
    const r = c.dispatch({ id: 'give', issuedBy: { role: 'gm' }, command: { type: 'gm.setController', creatureId: 'ana', seat: 'seat-z' } });
    expect(r.ok).toBe(true);
    expect(c.state.creatures['ana']!.controller).toBe('seat-z');
  });
});
