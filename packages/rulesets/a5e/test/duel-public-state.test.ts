import { describe, expect, it } from 'vitest';
import { gmView, playerView } from '@fray/engine';
import { a5eRuleset } from '../src/index';
import { duelTable, startedDuel } from './duel-fixtures';

describe('A5E duel: what every screen shows', () => {
  it('DUEL-SCOPE-1 the duel\'s record (who duels, the touches, the outcome) is public; without the module there is none', () => {
    const t = startedDuel();
    const rec = playerView(t.state, 'seat-nobody', a5eRuleset).publicState['duel'];
    expect(rec).toMatchObject({ status: 'active', participants: ['vey', 'kass'] });
    expect(gmView(t.state, a5eRuleset).publicState['duel']).toEqual(rec);
    expect(playerView(duelTable({ modules: [] }).state, 'seat-nobody', a5eRuleset).publicState).toEqual({});
  });
});
