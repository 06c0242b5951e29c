import { describe, expect, it } from 'vitest';
import { importCreatures } from '../src/index';
import { sample } from './samples';

describe('A5E: attacks taken as a bonus action or a reaction', () => {
  it('become special actions whose effect is the attack, paid from the bonus action or the reaction; the reaction keeps its trigger words', () => {
    const c = importCreatures(sample('5e-bonus-reaction.txt')).creatures[0]!;
    const sb = c.statBlock as Record<string, unknown>;
    expect(sb['actions']).toEqual([
      { id: 'tail-lash', name: 'Tail Lash', cost: 'bonusAction', targets: { rangeFeet: 10 }, effects: [{ kind: 'attack', bonus: 5, label: 'Tail Lash', hit: [{ kind: 'damage', dice: '1d4 + 3', type: 'bludgeoning' }] }] },
    ]);
    expect(sb['reactions']).toEqual([
      {
        id: 'spiteful-bite', name: 'Spiteful Bite', cost: 'reaction', targets: { rangeFeet: 5 },
        trigger: { text: 'When a creature within 5 feet of the lurker hits it with a melee attack, the lurker makes one attack against that creature.', on: 'manual' },
        effects: [{ kind: 'attack', bonus: 4, label: 'Spiteful Bite', hit: [{ kind: 'damage', dice: '1d8 + 3', type: 'piercing' }] }],
      },
    ]);
    expect((sb['attacks'] as { id: string }[]).map((a) => a.id)).toEqual(['claw']);
    expect(c.runs.slice(2).map((l) => [l.field, l.text])).toEqual([
      ['line 12', 'bonus action Tail Lash: +5 to hit, reach 10 ft, 1d4 + 3 bludgeoning'],
      ['line 14', 'reaction Spiteful Bite: +4 to hit, reach 5 ft, 1d8 + 3 piercing (taken by command when its trigger comes)'],
    ]);
    expect([c.text, c.refused]).toEqual([[], []]);
  });
});
