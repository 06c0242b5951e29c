import { describe, expect, it } from 'vitest';
import { TestTable, miniRuleset } from '../src/index';
import { fighter, ogre } from './fixtures';

describe('smoke', () => {
  it('runs a fight start', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter(), ogre()] });
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:14 d20:9' });
    expect(ev.map((e) => e.type)).toContain('TurnStarted');
    expect(t.state.order.map((e) => e.creatureId)).toEqual(['ana', 'ogre']);
  });
});
