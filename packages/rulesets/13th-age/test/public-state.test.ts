import { describe, expect, it } from 'vitest';
import { gmView, playerView } from '@fray/engine';
import { thirteenthAgeRuleset } from '../src/index';
import { kira, brute, table } from './fixtures';

describe('what every screen shows', () => {
  it('13A-ESC-1 the escalation die is public: the GM\'s view and every seat\'s carry it', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(t.state.counters['escalation']).toBe(1);
    expect(playerView(t.state, 'seat-nobody', thirteenthAgeRuleset).publicState).toEqual({ escalationDie: 1 });
    expect(gmView(t.state, thirteenthAgeRuleset).publicState).toEqual({ escalationDie: 1 });
  });
});
