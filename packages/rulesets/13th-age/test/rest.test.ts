import type { Json } from '@fray/engine';
import type { CreatureSetup } from '@fray/engine';
import { CampaignTable, TestTable } from '@fray/testkit';
import { describe, expect, it } from 'vitest';
import { thirteenthAgeRuleset } from '../src/index';
import { campaignLosses, expendedOf, restLegalCommands } from '../src/rest/index';
import { brute, grunt, kira, ostin, ruleIds } from './fixtures';

const campaign = (creatures: CreatureSetup[] = [kira(), ostin()]) => new CampaignTable(thirteenthAgeRuleset, { creatures });
const said = (events: readonly { type: string }[], ruleId: string) =>
  TestTable.ofType(events as never, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);

/** A battle from the campaign that the GM ends at once (optionally after setting hit points). */
function battle(t: CampaignTable, id: string, hp: Record<string, number> = {}, reason?: string) {
  const f = t.startFight({ id, seed: 1, foes: [grunt('g1')] });
  for (const [who, value] of Object.entries(hp)) f.run({ type: 'gm.setHp', creatureId: who, hp: value });
  f.run({ type: 'gm.endEncounter', ...(reason ? { reason } : {}) });
  return t.recordFight(f);
}

describe('REST: rests, recharge, full heal-ups', () => {
  it('13A-REST-1 a quick rest comes after each battle, once', () => {
    const t = campaign();
    t.rejects({ type: '13a.quickRest' }, 'no-battle');
    battle(t, 'bridge');
    const ev = t.run({ type: '13a.quickRest' });
    expect(said(ev, '13A-REST-1')).toEqual(["a quick rest after 'bridge': Kira, Ostin"]);
    t.rejects({ type: '13a.quickRest' }, 'already-rested');
    t.rejects({ type: '13a.quickRest' }, 'forbidden', { as: { role: 'player', seat: 'seat-kira' } });
    battle(t, 'ford');
    expect(restLegalCommands(t.state, { role: 'gm' }).map((c) => c.type)).toEqual(['13a.quickRest', '13a.rateBattle', '13a.fullHealUp', '13a.specialHealing']);
    t.run({ type: '13a.quickRest' });
    expect(restLegalCommands(t.state, { role: 'gm' }).map((c) => c.type)).toEqual(['13a.fullHealUp', '13a.specialHealing']);
    expect(restLegalCommands(t.state, { role: 'player', seat: 'seat-kira' })).toEqual([]);
  });

  it('13A-REST-2 in a quick rest the player spends 0 up to all remaining recoveries; what is spent stays spent after the next battle', () => {
    const t = campaign([kira()]);
    battle(t, 'bridge', { kira: 21 });
    t.run({ type: '13a.quickRest' });
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.options.map((o) => o.id), p.default]).toEqual([
      '13a.rest.recoveries', { role: 'player', seat: 'seat-kira' }, ['0', '1', '2', '3', '4', '5', '6', '7', '8'], '0',
    ]);
    const ev = t.answer('13a.rest.recoveries', '2', { dice: 'd10:5 d10:5 d10:5 d10:1 d10:1 d10:1' });
    expect(TestTable.ofType(ev, 'HealingApplied').map((e) => e.amount)).toEqual([17, 2]);
    expect([t.creature('kira').hp, t.creature('kira').resources['recoveries']]).toEqual([40, 6]);
    battle(t, 'ford');
    expect(t.creature('kira').resources['recoveries']).toBe(6);
  });

  it('13A-REST-3 a staggered PC must try to heal: at least one recovery or a spell; with none left the rule is waived', () => {
    const t = campaign([kira()]);
    battle(t, 'bridge', { kira: 20 });
    t.run({ type: '13a.quickRest' });
    const p = t.state.pending!.open[0]!;
    expect([p.ruleId, p.options.map((o) => o.id), p.default]).toEqual(['13A-REST-3', ['1', '2', '3', '4', '5', '6', '7', '8', 'spell'], '1']);
    t.answer('13a.rest.recoveries', '1', { dice: 'd10:2 d10:2 d10:2' });
    expect(t.creature('kira').hp).toBe(28);
    const u = campaign([kira({ sheet: { recoveries: 0 } })]);
    battle(u, 'bridge', { kira: 10 });
    const ev = u.run({ type: '13a.quickRest' });
    expect(said(ev, '13A-REST-3')).toEqual(['Kira is staggered but has no recoveries left: the rule to heal is waived']);
    expect(u.state.pending).toBeNull();
  });

  it('13A-REST-4 a recharge 16+ power rolls 15 and sits out the next battle, back after it without a roll; 16 keeps it', () => {
    const t = campaign([kira()]);
    battle(t, 'bridge');
    const used: Json[] = [{ creatureId: 'kira', power: 'whirlwind', recharge: 16 }, { creatureId: 'kira', power: 'second-wind' }];
    const ev = t.run({ type: '13a.quickRest', used }, { dice: 'd20:15', preAnswers: { '13a.rest.recoveries': '0' } });
    expect(said(ev, '13A-REST-4')).toEqual(["Kira rolls 15 to recharge whirlwind (16+): lost until after the next battle"]);
    expect(expendedOf(t.creature('kira'))).toEqual({ whirlwind: { kind: 'recharge', recharge: 16, state: 'missed' }, 'second-wind': { kind: 'daily', state: 'used' } });
    battle(t, 'ford');
    const back = t.run({ type: '13a.quickRest' }, { preAnswers: { '13a.rest.recoveries': '0' } });
    expect(said(back, '13A-REST-4')).toEqual(["Kira's whirlwind sat out a battle and is back"]);
    expect(expendedOf(t.creature('kira'))).toEqual({ 'second-wind': { kind: 'daily', state: 'used' } });
    battle(t, 'gate');
    const kept = t.run({ type: '13a.quickRest', used: [used[0]!] }, { dice: 'd20:16', preAnswers: { '13a.rest.recoveries': '0' } });
    expect(said(kept, '13A-REST-4')).toEqual(['Kira rolls 16 to recharge whirlwind (16+): ready for the next battle']);
    expect(Object.keys(expendedOf(t.creature('kira')))).toEqual(['second-wind']);
  });

  it('13A-REST-5 a full heal-up restores hit points, recoveries and powers, and removes lasting wounds and the no-recovery penalty', () => {
    const t = campaign([kira()]);
    const f = t.startFight({ id: 'bridge', seed: 1, foes: [grunt('g1')] });
    f.run({ type: 'gm.setHp', creatureId: 'kira', maxHp: 35, hp: 12 });
    f.run({ type: 'gm.endEncounter' });
    t.recordFight(f);
    t.run({ type: '13a.quickRest', used: [{ creatureId: 'kira', power: 'second-wind' }] }, { preAnswers: { '13a.rest.recoveries': '8' }, dice: 'd10:1 '.repeat(24).trim() });
    expect(t.creature('kira').resources['recoveries']).toBe(0);
    expect(t.creature('kira').maxHp).toBe(35);
    const ev = t.run({ type: '13a.fullHealUp', reason: 'earned' });
    expect(said(ev, '13A-REST-5')).toEqual(['a full heal-up: Kira']);
    const k = t.creature('kira');
    expect([k.hp, k.maxHp, k.resources['recoveries'], expendedOf(k)]).toEqual([40, 40, 8, {}]);
    const phantom = campaign([kira({ tallies: { phantomRecoveries: 2 } })]);
    phantom.run({ type: '13a.fullHealUp', reason: 'earned' });
    expect(phantom.creature('kira').tallies['phantomRecoveries']).toBe(0);
  });

  it('13A-REST-6 heal-ups are paced by battles (regular 3, hard 4, very hard 6; due at 12); before then the GM is asked', () => {
    const t = campaign([kira()]);
    t.run({ type: '13a.rateBattle', difficulty: 'regular' });
    const hard = t.run({ type: '13a.rateBattle', difficulty: 'very-hard' });
    expect(said(hard, '13A-REST-6')).toEqual(['a very-hard battle: 9 of 12 towards a full heal-up']);
    t.run({ type: '13a.fullHealUp' });
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.options.map((o) => o.id), p.default]).toEqual(['13a.healUp.early', ['cancel', 'earned', 'retreat', 'ahead-of-time'], 'cancel']);
    const no = t.answer('13a.healUp.early', 'cancel');
    expect(said(no, '13A-REST-6')).toEqual(['no full heal-up yet']);
    const due = t.run({ type: '13a.rateBattle', difficulty: 'regular' });
    expect(said(due, '13A-REST-6')).toEqual(['a regular battle: 12 of 12 towards a full heal-up (one is due)']);
    const ev = t.run({ type: '13a.fullHealUp' });
    expect(ruleIds(ev)).toEqual(['13A-REST-5']);
    expect(t.state.vars['13a.healUpPoints']).toBe(0);
  });

  it('13A-REST-7 a party too battered to go on retreats and heals up anyway, at a campaign loss', () => {
    const t = campaign([kira()]);
    t.run({ type: '13a.fullHealUp', reason: 'retreat' });
    expect(t.state.pending?.open.map((p) => [p.key, p.ruleId, p.default])).toEqual([['13a.campaignLoss', '13A-REST-7', 'foes-advance']]);
    const ev = t.answer('13a.campaignLoss', 'ally-lost');
    expect(said(ev, '13A-REST-7')).toEqual(['a campaign loss (retreated to heal up): An ally or contact is lost']);
    expect(campaignLosses(t.state)).toEqual([{ ruleId: '13A-REST-7', reason: 'retreated to heal up', consequence: 'An ally or contact is lost', encounterId: null, at: 0 }]);
  });

  it('13A-REST-8 resting ahead of time is a campaign loss whose consequence the GM picks; fleeing a battle is one too', () => {
    const t = campaign([kira(), ostin()]);
    const f = t.startFight({ id: 'hill', seed: 1, foes: [brute()] });
    f.run({ type: 'startCombat' }, { dice: 'd20:1 d20:15 d20:10' });
    f.run({ type: '13a.proposeFlee', creatureId: 'kira' }, { preAnswers: { '13a.flee': 'yes' } });
    t.recordFight(f);
    t.run({ type: '13a.rateBattle', difficulty: 'regular' });
    t.run({ type: '13a.fullHealUp' }, { preAnswers: { '13a.healUp.early': 'ahead-of-time', '13a.campaignLoss': 'rival-prospers' } });
    expect(campaignLosses(t.state).map((l) => [l.ruleId, l.reason, l.consequence, l.encounterId])).toEqual([
      ['13A-SPEC-4', "the party fled 'hill'", 'the foes hold the field', 'hill'],
      ['13A-REST-8', 'healed up ahead of time', 'A rival or icon profits', null],
    ]);
    // The flight counts once.
    t.run({ type: '13a.quickRest' }, { preAnswers: { '13a.rest.recoveries': '0' } });
    expect(campaignLosses(t.state)).toHaveLength(2);
  });

  it('13A-REST-9 a special source of healing gives back one or two recoveries and extra recharge rolls', () => {
    const t = campaign([kira()]);
    battle(t, 'bridge', { kira: 30 });
    t.run({ type: '13a.quickRest', used: [{ creatureId: 'kira', power: 'whirlwind', recharge: 16 }] }, { dice: 'd20:3 ' + 'd10:1 '.repeat(9).trim(), preAnswers: { '13a.rest.recoveries': '3' } });
    expect(t.creature('kira').resources['recoveries']).toBe(5);
    const ev = t.run({ type: '13a.specialHealing', recoveries: 2, rechargeRolls: 1 }, { dice: 'd20:17' });
    expect(said(ev, '13A-REST-9')).toEqual(['special healing: Kira regains 2 recoveries and may make 1 extra recharge roll', 'Kira rolls 17 to recharge whirlwind (16+): ready for the next battle']);
    expect([t.creature('kira').resources['recoveries'], expendedOf(t.creature('kira'))]).toEqual([7, {}]);
    t.rejects({ type: '13a.specialHealing', recoveries: 3 }, 'malformed');
  });
});
