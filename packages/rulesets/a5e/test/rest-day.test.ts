import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { campaignPlayerView, canonicalJson, clockAt, encounterHistory, fold, formatClock, hours } from '@fray/engine';
import { hitDiceOf, trackLevelOf } from '../src/index';
import { campaign, kel, wren } from './rest-fixtures';
import { goblin, ogre } from './fixtures';

describe('an A5E adventuring day in a campaign', () => {
  it('a fight, a short rest, another fight and a night at the inn, with every wound carried across', () => {
    const day = campaign([kel(), wren()], clockAt(1, 9));

    // Fight 1 on the road: goblin 20, Kel 11, Wren 7.
    const road = day.startFight({ id: 'road', seed: 1, foes: [goblin('g1')] });
    road.run({ type: 'startCombat' }, { dice: 'd20:18 d20:10 d20:5' });
    road.run({ type: 'takeAction', actorId: 'g1', action: 'attack', targets: ['kel'], options: { attack: 'scimitar' } }, { dice: 'd20:16 d6:5' });
    road.run({ type: 'endTurn' });
    road.run({ type: 'takeAction', actorId: 'kel', action: 'attack', targets: ['g1'], options: { attack: 'longsword' } }, { dice: 'd20:12 d8:6' });
    expect(road.creature('g1').status).toBe('dead');
    road.run({ type: 'gm.endEncounter', reason: 'the goblin is dead' });
    day.recordFight(road);
    expect([day.creature('kel').hp, day.state.clockSeconds, day.state.creatureIds]).toEqual([77, clockAt(1, 9) + 6, ['kel', 'wren']]);

    // A short rest: Kel spends one Hit Die (d10 5 + 2); Wren is unhurt and is not asked.
    day.run({ type: 'a5e.shortRest', creatureIds: ['kel', 'wren'], light: true });
    expect(day.state.pending?.open.map((p) => p.about)).toEqual(['kel']);
    day.answer('a5e.rest.hitDie', 'spend', { dice: 'd10:5' });
    expect(day.state.pending).toBeNull();
    expect([day.creature('kel').hp, hitDiceOf(day.creature('kel'))!.spent]).toEqual([84, 1]);

    // Fight 2 at the bridge: the ogre, at full strength, hits Kel (2d8 + 4) and Kel blocks nothing.
    const bridge = day.startFight({ id: 'bridge', seed: 2, foes: [ogre()] });
    expect(bridge.creature('kel').hp).toBe(84);
    expect(bridge.state.clockSeconds).toBe(clockAt(1, 10) + 6);
    bridge.run({ type: 'startCombat' }, { dice: 'd20:15 d20:3 d20:1' });
    bridge.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['kel'], options: { attack: 'greatclub' } }, { dice: 'd20:14 d8:5 d8:3' });
    bridge.run({ type: 'gm.endEncounter', reason: 'the ogre retreats' });
    day.recordFight(bridge);
    expect([day.creature('kel').hp, day.state.clockSeconds, formatClock(day.state.clockSeconds)]).toEqual([72, clockAt(1, 10) + 12, 'day 1, 10:00:12']);
    expect(encounterHistory(day.state).map((r) => [r.id, r.rounds, r.endedReason])).toEqual([['road', 1, 'the goblin is dead'], ['bridge', 1, 'the ogre retreats']]);

    // The night at an inn with Supply.
    day.run({ type: 'campaign.advanceTime', seconds: hours(12) - 12 });
    day.run({ type: 'a5e.longRest', creatureIds: ['kel', 'wren'], inHaven: true });
    expect([day.creature('kel').hp, hitDiceOf(day.creature('kel'))!.spent, trackLevelOf(day.state, 'kel', 'fatigue')]).toEqual([84, 0, 0]);
    expect(formatClock(day.state.clockSeconds)).toBe('day 2, 06:00');

    // The log folds to the same campaign, and a player sees her own numbers but not Kel's.
    expect(canonicalJson(fold(day.encounter.events))).toBe(canonicalJson(day.state));
    const view = campaignPlayerView(day.state, 'seat-wren', day.encounter.rt.ruleset);
    expect([view.creatures['wren']!.hp, view.creatures['kel']!.hp, view.creatures['kel']!.hpBand, view.encounters.length]).toEqual([22, undefined, 'unhurt', 2]);
    // The two set-up creatures, then both members written back after each fight; foes never join the campaign.
    expect(TestTable.ofType(day.encounter.events, 'CreatureAdded').map((e) => e.creature.id)).toEqual(['kel', 'wren', 'kel', 'wren', 'kel', 'wren']);
  });

  it('a fight\'s fatigue, dying state and conditions come back with the character; healing and rests between fights deal with them', () => {
    const day = campaign([kel(), wren()]);
    const pit = day.startFight({ id: 'pit', seed: 3, foes: [goblin('g1')] });
    pit.run({ type: 'startCombat' }, { dice: 'd20:18 d20:10 d20:5' });
    pit.run({ type: 'a5e.damage', targets: ['wren'], damage: '30', damageType: 'bludgeoning' });
    // Fatigue gained in a fight waits for its end (A5E-FATIGUE-9).
    expect([pit.creature('wren').hp, pit.creature('wren').tallies['pendingFatigue'], trackLevelOf(pit.state, 'wren', 'fatigue')]).toEqual([0, 1, 0]);
    pit.run({ type: 'gm.endEncounter' });
    day.run({ type: 'gm.setHp', creatureId: 'kel', hp: 84 });
    day.recordFight(pit);
    const w = day.creature('wren');
    expect([w.hp, w.status, trackLevelOf(day.state, 'wren', 'fatigue'), w.conditions.map((c) => c.conditionId).sort()]).toEqual([0, 'dying', 1, ['bloodied', 'fatigue', 'incapacitated', 'prone', 'unconscious']]);
    day.run({ type: 'a5e.heal', creatureId: 'wren', amount: 5 });
    expect([day.creature('wren').hp, day.creature('wren').status]).toEqual([5, 'conscious']);
    day.run({ type: 'a5e.longRest', creatureIds: ['kel', 'wren'], inHaven: false });
    expect([day.creature('wren').hp, trackLevelOf(day.state, 'wren', 'fatigue'), day.creature('wren').conditions.map((c) => c.conditionId)]).toEqual([22, 0, ['prone']]);
  });
});
