import { describe, expect, it } from 'vitest';
import { alliesOf, bandBetween, engagedFoes, nextTo } from '../src/index';
import { eng, kira, ostin, brute, grunt, kiraEngagedWithTwoGrunts, table, ofType, ruleIds } from './fixtures';

const spells = [
  { id: 'ember-dart', name: 'Ember Dart', kind: 'ranged', ability: 'int', damage: '2d6', addAbility: true, damageType: 'fire', spell: true, vs: 'PD' },
  { id: 'static-touch', name: 'Static Touch', kind: 'close', ability: 'int', damage: '1d8', damageType: 'lightning', spell: true, closeQuarters: true, vs: 'PD' },
  { id: 'chain-flare', name: 'Chain Flare', kind: 'ranged', ability: 'int', damage: '1d10', damageType: 'fire', spell: true, vs: 'PD', maxTargets: 3, group: true },
  { id: 'scatter-bolts', name: 'Scatter Bolts', kind: 'ranged', ability: 'int', damage: '1d4', damageType: 'force', spell: true, vs: 'PD', maxTargets: 3 },
  { id: 'finisher', name: 'Finisher', kind: 'ranged', ability: 'int', damage: '1d4', damageType: 'force', spell: true, vs: 'MD', hpThreshold: 10 },
  { id: 'staff', name: 'Staff', kind: 'melee', ability: 'str', weaponDie: 'd6', basic: true },
];
describe('position and whereabouts', () => {
  it('13A-POS-1 13A-POS-2 13A-POS-4 position is relations: everyone nearby and free until someone engages (one move)', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, 'not-engaged');
    eng(t, 'kira', 'brute');
    expect((t.state.space as { kind: string }).kind).toBe('zones');
    expect(bandBetween(t.state, 'kira', 'brute')).toBe('engaged');
    expect(t.creature('kira').resources['move']).toBe(0);
  });

  it('13A-POS-3 far away needs the GM to agree there is room; reaching it takes two moves', () => {
    const t = table([kira(), ostin(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:1 d20:15 d20:2' });
    t.run({ type: 'takeAction', actorId: 'ostin', action: 'moveAway', options: { farAway: true } }, { preAnswers: { '13a.farAwayRoom': 'yes' } });
    expect(bandBetween(t.state, 'ostin', 'brute')).toBe('far away');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    eng(t, 'brute', 'ostin');
    expect(t.creature('brute').resources).toMatchObject({ move: 0, standard: 0 });
  });

  it('13A-POS-5 allies engaged with the same enemy are next to each other', () => {
    const t = table([kira(), ostin(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:10 d20:1' });
    eng(t, 'kira', 'brute');
    expect(nextTo(t.state, 'kira', 'ostin')).toBe(false);
    t.run({ type: 'endTurn' });
    eng(t, 'ostin', 'brute');
    expect(nextTo(t.state, 'kira', 'ostin')).toBe(true);
  });

  it('13A-POS-6 13A-ENGAGE-10 a free ally guarding someone behind it may intercept the enemy going past', () => {
    const t = table([kira(), ostin({ vars: { behind: 'kira' } }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:1 d20:2 d20:15' });
    const ev = eng(t, 'brute', 'ostin', { '13a.intercept': 'intercept' });
    expect(ruleIds(ev)).toContain('13A-POS-6');
    expect(engagedFoes(t.state, 'brute')).toEqual(['kira']);
    expect(ofType(ev, 'PromptAnswered')[0]).toMatchObject({ key: '13a.intercept', about: 'kira' });
  });

  it('13A-POS-7 13A-ENGAGE-10 engaged creatures cannot intercept; the intercepted mover stops engaged with the interceptor', () => {
    const t = table([kira(), ostin(), brute(), grunt('g1')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:14 d20:2 d20:3' });
    eng(t, 'kira', 'g1');
    t.run({ type: 'endTurn' });
    // ostin goes for g1: only the free brute may intercept (kira's foe g1 is engaged and is the target)
    const ev = eng(t, 'ostin', 'g1', { '13a.intercept': 'intercept' });
    expect(ofType(ev, 'PromptAnswered').map((e) => e.about)).toEqual(['brute']);
    expect(engagedFoes(t.state, 'ostin')).toEqual(['brute']);
    expect(ruleIds(ev)).toContain('13A-ENGAGE-10');
  });
});

describe('engagement and opportunity attacks', () => {
  it('13A-ENGAGE-1 engagement is mutual and a creature may be engaged with several enemies', () => {
    const t = kiraEngagedWithTwoGrunts();
    expect(engagedFoes(t.state, 'kira')).toEqual(['g1', 'g2']);
    expect(engagedFoes(t.state, 'g1')).toEqual(['kira']);
  });

  it('13A-ENGAGE-2 melee only against engaged enemies; close-quarters spells on them draw nothing', () => {
    const t = table([ostin({ sheet: { attacks: spells } }), brute(), grunt('g1')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1 d20:1' });
    eng(t, 'ostin', 'brute');
    t.rejects({ type: 'takeAction', actorId: 'ostin', action: 'staff', targets: ['g1'] }, 'not-engaged');
    const ev = t.run({ type: 'takeAction', actorId: 'ostin', action: 'static-touch', targets: ['brute'] }, { dice: 'd20:2' });
    expect(ofType(ev, 'TestResolved').map((e) => e.actor)).toEqual(['ostin']);
  });

  it('13A-ENGAGE-3 a ranged attack draws opportunity attacks from engaged foes it does not target', () => {
    const t = kiraEngagedWithTwoGrunts();
    // kira throws at g1: g2 (engaged, not targeted) gets an attack, g1 does not
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'javelin', targets: ['g1'] }, { dice: 'd20:2 d20:2', preAnswers: { '13a.opportunity': 'attack' } });
    expect(ofType(ev, 'TestResolved').map((e) => [e.actor, e.target])).toEqual([['g2', 'kira'], ['kira', 'g1']]);
    expect(ruleIds(ev)).toContain('13A-ENGAGE-3');
  });

  it('13A-ENGAGE-4 a spell provokes even from the enemy it targets', () => {
    const t = table([ostin({ sheet: { attacks: spells } }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    eng(t, 'ostin', 'brute');
    const ev = t.run({ type: 'takeAction', actorId: 'ostin', action: 'ember-dart', targets: ['brute'] }, { dice: 'd20:2 d20:2', preAnswers: { '13a.opportunity': 'attack' } });
    expect(ofType(ev, 'TestResolved').map((e) => e.actor)).toEqual(['brute', 'ostin']);
    expect(ruleIds(ev)).toContain('13A-ENGAGE-4');
  });

  it('13A-ENGAGE-5 moving away draws an attack from each engaged enemy, then the mover is free', () => {
    const t = kiraEngagedWithTwoGrunts();
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'moveAway' }, { dice: 'd20:2 d20:2', preAnswers: { '13a.opportunity': 'attack' } });
    expect(ofType(ev, 'TestResolved').map((e) => e.actor)).toEqual(['g1', 'g2']);
    expect(engagedFoes(t.state, 'kira')).toEqual([]);
  });

  it('13A-ENGAGE-6 13A-ENGAGE-7 disengaging from three foes: a normal save at -2; success pops free without attacks', () => {
    const t = table([kira(), grunt('g1'), grunt('g2'), grunt('g3')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    eng(t, 'kira', 'g1');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    eng(t, 'g2', 'kira', {}); t.run({ type: 'endTurn' });
    eng(t, 'g3', 'kira', {}); t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'disengage' }, { dice: 'd20:13' });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ kind: 'save', outcome: 'success', breakdown: { total: 11 } });
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.rows.find((r) => r.id === 'extra-foes')).toMatchObject({ value: -2 });
    expect(engagedFoes(t.state, 'kira')).toEqual([]);
    expect(ruleIds(ev)).toContain('13A-ENGAGE-7');
  });

  it('13A-ENGAGE-8 a failed disengage spends the move, keeps the engagement, draws nothing, and ends movement this turn', () => {
    const t = table([kira(), grunt('g1')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    eng(t, 'kira', 'g1');
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'disengage' }, { dice: 'd20:10' });
    expect(ofType(ev, 'TestResolved')).toHaveLength(1);
    expect(engagedFoes(t.state, 'kira')).toEqual(['g1']);
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'moveAway' }, 'no-more-movement');
  });

  it('13A-ENGAGE-9 an opportunity attack that drops the provoker stops the provoking action', () => {
    const t = table([kira({ hp: 5 }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    eng(t, 'kira', 'brute');
    const ev2 = t.run({ type: 'takeAction', actorId: 'kira', action: 'moveAway' }, { dice: 'd20:19 d6:6 d6:6', preAnswers: { '13a.opportunity': 'attack' } });
    expect(t.creature('kira').status).toBe('unconscious');
    expect(engagedFoes(t.state, 'kira')).toEqual(['brute']);
    expect(ruleIds(ev2)).toContain('13A-ENGAGE-9');
  });

  it('13A-ENGAGE-11 popping free ends engagement with no check and no attacks', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    eng(t, 'kira', 'brute');
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'popFree' });
    expect(ofType(ev, 'TestResolved')).toHaveLength(0);
    expect(engagedFoes(t.state, 'kira')).toEqual([]);
  });

  it('13A-ENGAGE-12 engagement with a slain enemy ends', () => {
    const t = table([kira(), grunt('g1', { hp: 3 })]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    eng(t, 'kira', 'g1');
    t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['g1'] }, { dice: 'd20:15 d8:1 d8:1 d8:1' });
    expect(t.creature('g1').status).toBe('dead');
    expect(engagedFoes(t.state, 'kira')).toEqual([]);
  });
});

describe('targeting', () => {
  it('13A-TGT-1 illegal targets are refused before rolling; monster categories are on the stat block', () => {
    const t = table([kira(), grunt('g1', { hp: 3 })]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'javelin', targets: ['kira'] }, 'illegal-target');
    expect((t.creature('g1').sheet as { category: string }).category).toBe('mook');
  });

  it('13A-TGT-2 group targets are taken in order without skipping', () => {
    const g = (id: string, n: number) => grunt(id, { vars: { group: 'pack', groupPos: n } });
    const t = table([ostin({ sheet: { attacks: spells } }), g('g1', 1), g('g2', 2), g('g3', 3)]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.rejects({ type: 'takeAction', actorId: 'ostin', action: 'chain-flare', targets: ['g1', 'g3'] }, 'leapfrog');
    t.run({ type: 'takeAction', actorId: 'ostin', action: 'chain-flare', targets: ['g2', 'g3'] }, { dice: 'd20:2 d20:2' });
  });

  it('13A-TGT-3 13A-TGT-4 13A-CRIT-5 free multi-targeting: one roll per target, one damage roll, a crit doubles only its target', () => {
    const t = table([ostin({ sheet: { attacks: spells } }), grunt('g1', { hp: 12 }), grunt('g2', { hp: 12 }), grunt('g3', { hp: 12 })]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    // +4 Int +2 level: 9 → 15 hits PD 14; 20 crits; 3 misses
    const ev = t.run({ type: 'takeAction', actorId: 'ostin', action: 'scatter-bolts', targets: ['g1', 'g3', 'g2'] }, { dice: 'd20:9 d20:20 d20:3 d4:3' });
    expect(ofType(ev, 'TestResolved').map((e) => e.outcome)).toEqual(['hit', 'crit', 'miss']);
    expect(ofType(ev, 'DiceRolled').filter((e) => e.purpose.includes('damage'))).toHaveLength(1);
    expect([t.creature('g1').hp, t.creature('g3').hp, t.creature('g2').hp]).toEqual([9, 6, 12]);
  });

  it('13A-TGT-5 hit-point thresholds use current hit points', () => {
    const t = table([ostin({ sheet: { attacks: spells } }), brute({ hp: 11 })]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.rejects({ type: 'takeAction', actorId: 'ostin', action: 'finisher', targets: ['brute'] }, 'illegal-target');
    t.run({ type: 'gm.setHp', creatureId: 'brute', hp: 10 });
    t.run({ type: 'takeAction', actorId: 'ostin', action: 'finisher', targets: ['brute'] }, { dice: 'd20:2' });
  });

  it('13A-TGT-6 allies are the other PCs (and companions); NPCs never count', () => {
    const npc = { ...grunt('guide'), side: 'party', sheet: { ...(grunt('guide').sheet as Record<string, unknown>), kind: 'npc', name: 'Guide' } };
    const t = table([kira(), ostin(), npc, brute()]);
    expect(alliesOf(t.state, 'kira')).toEqual(['ostin']);
  });
});
