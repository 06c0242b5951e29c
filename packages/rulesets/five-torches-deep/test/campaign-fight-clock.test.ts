import { clockAt } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { brenna, gob, odo } from './fixtures';
import { TestTable, campaign, defaults, said } from './campaign-fixtures';

/** A campaign at 08:00 on day 1, in a fight against a gob; Odo drops in round 1 (the gob's spear). */
function odoDownInCampaign(clockSeconds = clockAt(1, 8)) {
  const t = campaign({ creatures: [brenna(), odo()], clockSeconds, policy: defaults });
  const f = t.startFight({ id: 'hall', seed: 1, foes: [gob()] });
  f.run({ type: 'startCombat' });
  f.run({ type: 'endTurn' });
  f.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:20 d6:4' });
  f.run({ type: 'endTurn' });
  return { t, f };
}

describe('a fight inside a campaign keeps the campaign clock', () => {
  it('FTD-DEATH-2 a creature dying when a campaign fight ends keeps the rest of its minute (it does not die at once)', () => {
    const { t, f } = odoDownInCampaign();
    expect(f.state.round).toBe(2);
    const end = f.run({ type: 'gm.endEncounter', reason: 'the gob flees' });
    // dropped in round 1 (08:00:00-08:00:06); the fight ends with round 2 at 08:00:12: 48 s of the minute left
    expect(said(end, 'FTD-DEATH-2')).toEqual(['Odo has 48 seconds left to be stabilized']);
    expect(f.creature('odo').status).toBe('dying');
    t.recordFight(f);
    expect(t.creature('odo').status).toBe('dying');
    expect(t.state.clockSeconds).toBe(clockAt(1, 8) + 12);
  });

  it('FTD-DEATH-2 the fight over, the dying campaign creature dies when the minute runs out on the campaign clock', () => {
    const { t, f } = odoDownInCampaign();
    f.run({ type: 'gm.endEncounter', reason: 'the gob flees' });
    t.recordFight(f);
    t.run({ type: 'ftd.passTime', seconds: 47 });
    expect(t.creature('odo').status).toBe('dying');
    const ev = t.run({ type: 'ftd.passTime', seconds: 1 });
    expect(t.creature('odo').status).toBe('dead');
    expect(TestTable.ofType(ev, 'StatusSet').map((e) => e.status)).toEqual(['dead']);
  });

  it.each([0, clockAt(1, 8)])('FTD-TIME-1 the campaign clock counts the last round of a fight ended with ftd.endFight once (campaign at %i s)', (start) => {
    const { t, f } = odoDownInCampaign(start);
    f.run({ type: 'endTurn' });
    f.run({ type: 'endTurn' });
    expect(f.state.round).toBe(3);
    f.run({ type: 'ftd.endFight' });
    f.run({ type: 'gm.endEncounter', reason: 'over' });
    t.recordFight(f);
    // three 6-second rounds
    expect(t.state.clockSeconds).toBe(start + 18);
  });
});
