import { TestTable } from '@fray/testkit';
import { describe, expect, it } from 'vitest';
import { thirteenthAgeRuleset } from '../src/index';
import { brute, kira, ostin, table } from './fixtures';

const searing = { id: 'searing', name: 'Searing Bolt', kind: 'ranged', ability: 'int', damage: '1d6', damageType: 'fire', spell: true, vs: 'PD', hit: [{ kind: 'ongoing', amount: '5', type: 'fire' }] };
const flick = { id: 'flick', name: 'Flicked Dart', kind: 'ranged', ability: 'dex', damage: '1', action: 'free' };

describe('entered dice and free actions', () => {
  it('13A-ONG-1 with entered dice, a constant ongoing damage asks nobody for dice; the save that follows does', () => {
    const t = new TestTable(thirteenthAgeRuleset, {
      creatures: [ostin({ initiative: 20, sheet: { attacks: [searing] } }), brute({ initiative: 1 })],
      diceMode: 'entered',
    });
    t.run({ type: 'startCombat' });
    t.run({ type: 'takeAction', actorId: 'ostin', action: 'searing', targets: ['brute'] }, { dice: 'd20:10 d6:1' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'seeded' });
    const open = t.state.pending!.open[0]!;
    expect([open.key, open.input]).toEqual(['dice.enter', { kind: 'dice', dice: [{ sides: 20, count: 1 }] }]);
    expect(t.creature('brute').hp).toBe(60 - 1 - 5);
  });

  it('13A-ACT-3 a free-action attack is taken on the creature\'s own turn, not before combat nor on another\'s turn', () => {
    const t = table([kira({ sheet: { attacks: [flick] } }), brute()]);
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'flick', targets: ['brute'] }, 'not-your-turn');
    t.run({ type: 'startCombat' }, { dice: 'd20:1 d20:15' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'flick', targets: ['brute'] }, 'not-your-turn');
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'flick', targets: ['brute'] }, { dice: 'd20:15' });
  });
});
