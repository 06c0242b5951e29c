import { describe, expect, it } from 'vitest';
import { gmView, playerView } from '@fray/engine';
import { ftdRuleset } from '../src/index';
import { gob, table, tusk } from './fixtures';

describe('what every screen shows', () => {
  it('FTD-LIGHT-10 FTD-MORALE-1 the scene\'s light and whose nerve broke are public; a hidden creature\'s is not', () => {
    const t = table([tusk(), gob('sneak', { hidden: true })]);
    expect(playerView(t.state, 'seat-x', ftdRuleset).publicState).toEqual({ light: 'well-lit', morale: { fleeing: [], surrendered: [] } });
    t.run({ type: 'ftd.setLight', level: 'dim' });
    t.run({ type: 'ftd.morale', creatureIds: ['tusk'] }, { dice: 'd20:8' });
    t.answer('ftd.morale.failure', 'flee');
    t.run({ type: 'gm.addCondition', creatureId: 'sneak', conditionId: 'surrendered' });
    expect(playerView(t.state, 'seat-x', ftdRuleset).publicState).toEqual({ light: 'dim', morale: { fleeing: ['tusk'], surrendered: [] } });
    expect(gmView(t.state, ftdRuleset).publicState).toEqual({ light: 'dim', morale: { fleeing: ['tusk'], surrendered: ['sneak'] } });
  });
});
