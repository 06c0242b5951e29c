import { describe, expect, it } from 'vitest';
import { defense, thirteenthAgeRuleset as R } from '../src/index';
import { kira, ostin, brute, grunt, table, ofType, ruleIds } from './fixtures';

const abil = (over: Record<string, number> = {}) => ({ str: 16, dex: 14, con: 14, int: 8, wis: 12, cha: 10, ...over });
/** kira (PC) acts first, the brute second; the brute is engaged with kira. */
const fight = (k: Parameters<typeof kira>[0] = {}, options: Record<string, unknown> = {}, extra: ReturnType<typeof kira>[] = []) => {
  const t = table([kira(k), brute(), ...extra], options);
  t.run({ type: 'startCombat' }, { dice: `d20:15 d20:1${extra.map(() => ' d20:2').join('')}` });
  t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] }, { preAnswers: { '13a.intercept': 'let-pass' } });
  return t;
};
const club = (t: ReturnType<typeof table>, d6a: number, d6b: number) => t.run({ type: 'takeAction', actorId: 'brute', action: 'club', targets: ['kira'] }, { dice: `d20:15 d6:${d6a} d6:${d6b}` });
const toBrute = (t: ReturnType<typeof table>) => { while (t.state.order[t.state.turnIndex]!.creatureId !== 'brute') t.run({ type: 'endTurn' }); };

describe('hit points', () => {
  it('13A-HP-1 13A-DMG-3 a PC keeps its exact negative hit points', () => {
    const t = fight({ hp: 6 });
    toBrute(t);
    club(t, 6, 5);
    expect(t.creature('kira').hp).toBe(-9);
  });

  it('13A-HP-2 healing never goes above the maximum', () => {
    const t = fight({ hp: 35 });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'rally' }, { dice: 'd10:5 d10:5 d10:5' });
    expect(ofType(ev, 'HealingApplied')[0]).toMatchObject({ amount: 5, hpAfter: 40 });
  });

  it('13A-HP-3 staggered at half or less, compared exactly (max 27: 13 yes, 14 no)', () => {
    const t = fight({ hp: 19, sheet: { hp: 27 } });
    toBrute(t);
    club(t, 1, 1);
    expect(t.creature('kira').hp).toBe(13);
    expect(t.creature('kira').conditions.map((c) => c.conditionId)).toEqual(['staggered']);
    t.undo();
    t.run({ type: 'takeAction', actorId: 'brute', action: 'club', targets: ['kira'] }, { dice: 'd20:1' });
    expect(t.creature('kira').conditions).toEqual([]);
  });

  it('13A-HP-4 a monster is staggered at half its hit points', () => {
    const t = fight({}, {}, []);
    t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:15 d8:8 d8:8 d8:8' });
    expect(t.creature('brute').hp).toBe(33);
    expect(t.creature('brute').conditions).toEqual([]);
    t.undo();
    t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:20 d8:4 d8:4 d8:4' });
    expect([t.creature('brute').hp, t.creature('brute').conditions.map((c) => c.conditionId)]).toEqual([30, ['staggered']]);
  });

  it('13A-HP-5 13A-COND-6 an unconscious PC is helpless: -4 to defenses', () => {
    const t = fight({ hp: 6 });
    toBrute(t);
    club(t, 6, 5);
    expect(defense(R, t.state, 'kira', 'AC').total).toBe(13);
    expect(t.creature('kira').conditions.map((c) => c.conditionId)).toContain('helpless');
  });

  it('13A-HP-6 a monster at 0 hp is slain, unless the PCs try to spare it and the GM agrees', () => {
    const t = fight();
    t.run({ type: 'gm.setHp', creatureId: 'brute', hp: 5 });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:15 d8:1 d8:1 d8:1' });
    expect(t.creature('brute')).toMatchObject({ hp: 0, status: 'dead' });
    t.undo();
    t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'], options: { nonlethal: true } }, { dice: 'd20:15 d8:1 d8:1 d8:1', preAnswers: { '13a.knockOut': 'knock-out' } });
    expect(t.creature('brute').status).toBe('unconscious');
  });
});

describe('recoveries and rallying', () => {
  it('13A-HEAL-1 13A-HEAL-5 a PC has recoveries; rallying once is a standard action that spends one', () => {
    const t = fight({ hp: 20 });
    expect(t.creature('kira').resources['recoveries']).toBe(8);
    t.run({ type: 'takeAction', actorId: 'kira', action: 'rally' }, { dice: 'd10:1 d10:1 d10:1' });
    expect(t.creature('kira')).toMatchObject({ hp: 25, resources: { recoveries: 7, standard: 0 }, tallies: { rallies: 1 } });
  });

  it('13A-HEAL-2 a recovery is level dice + Con x M: level 6 with Con 14 heals 6d8+4', () => {
    const t = fight({ hp: 45, sheet: { level: 6, hp: 60, recoveryDie: 'd8' } });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'rally' }, { dice: 'd8:5 d8:2 d8:8 d8:4 d8:7 d8:1' });
    expect(ofType(ev, 'DiceRolled')[0]!.record.total).toBe(31);
    expect(t.creature('kira').hp).toBe(60);
  });

  it('13A-HEAL-3 13A-HEAL-7 healing a dying PC starts from 0; a potion takes the giver\'s standard action', () => {
    const t = fight({ hp: 9, sheet: { level: 6, hp: 60, recoveryDie: 'd8' } }, {}, [ostin()]);
    toBrute(t);
    club(t, 6, 5);
    expect(t.creature('kira').hp).toBe(-6);
    t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'ostin', action: 'potion', targets: ['kira'] }, { dice: 'd8:5 d8:2 d8:8 d8:4 d8:7 d8:1' });
    expect(t.creature('kira')).toMatchObject({ hp: 31, status: 'conscious' });
    expect(t.creature('ostin').resources['standard']).toBe(0);
    expect(ruleIds(ev)).toContain('13A-HEAL-3');
  });

  it('13A-HEAL-3 the healing logged is what the recovery gives, counted from 0: from -6 to 31 is 31 hit points, not 37', () => {
    const t = fight({ hp: 9, sheet: { level: 6, hp: 60, recoveryDie: 'd8' } }, {}, [ostin()]);
    toBrute(t);
    club(t, 6, 5);
    t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'ostin', action: 'potion', targets: ['kira'] }, { dice: 'd8:5 d8:2 d8:8 d8:4 d8:7 d8:1' });
    expect(ofType(ev, 'HealingApplied').map((e) => [e.amount, e.hpBefore, e.hpAfter])).toEqual([[31, -6, 31]]);
    expect(ofType(ev, 'RuleApplied').filter((e) => e.ruleId === '13A-HEAL-3').map((e) => e.text)).toEqual(['healing starts from 0 hit points, not from -6']);
  });

  it('13A-HEAL-4 with no recoveries left: half healing and a stacking -1 to attacks and defenses', () => {
    const t = fight({ hp: 5, sheet: { recoveries: 0 } });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'rally' }, { dice: 'd10:10 d10:10 d10:9' });
    expect(t.creature('kira')).toMatchObject({ hp: 5 + 15, tallies: { phantomRecoveries: 1 } });
    expect(defense(R, t.state, 'kira', 'AC').total).toBe(16);
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'potion', targets: ['kira'] }, { dice: 'd10:1 d10:1 d10:1' });
    expect(t.creature('kira')).toMatchObject({ hp: 22, tallies: { phantomRecoveries: 2 } });
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:10' });
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.rows.find((r) => r.id === 'no-recoveries')).toMatchObject({ value: -2, applied: true });
  });

  it('13A-HEAL-6 rallying again needs a normal save; failing keeps the standard action', () => {
    const t = fight({ hp: 10 });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'rally' }, { dice: 'd10:1 d10:1 d10:1' });
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    const fail = t.run({ type: 'takeAction', actorId: 'kira', action: 'rally' }, { dice: 'd20:9' });
    expect(ruleIds(fail)).toContain('13A-HEAL-6');
    expect(t.creature('kira').resources['standard']).toBe(1);
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'rally' }, { dice: 'd20:12 d10:1 d10:1 d10:1' });
    expect(t.creature('kira').tallies['rallies']).toBe(2);
  });
});

describe('death and dying', () => {
  const drop = (k: Parameters<typeof kira>[0] = { hp: 6 }, options: Record<string, unknown> = {}, extra: ReturnType<typeof kira>[] = []) => {
    const t = fight(k, options, extra);
    toBrute(t);
    club(t, 6, 5);
    return t;
  };

  it('13A-DYING-3 a natural 20 death save heals and gives a full turn', () => {
    const t = drop();
    t.run({ type: 'endTurn' }, { dice: 'd20:20 d10:1 d10:1 d10:1' });
    expect(t.creature('kira')).toMatchObject({ hp: 5, status: 'conscious', resources: { standard: 1, move: 1, quick: 1 } });
  });

  it('13A-DYING-5 death at negative half maximum (max 36: -18)', () => {
    const t = drop({ hp: 9, sheet: { hp: 36 } });
    expect(t.creature('kira').hp).toBe(-6);
    t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    t.run({ type: 'endTurn' });
    const ev = club(t, 4, 4);
    expect(t.creature('kira')).toMatchObject({ hp: -18, status: 'dead' });
    expect(ruleIds(ev)).toContain('13A-DYING-5');
  });

  it('13A-DYING-6 13A-DYING-7 failures add up across drops, damage while dying adds none, and the count resets after the battle', () => {
    const t = drop({ hp: 6, sheet: { hp: 60 } });
    t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    t.run({ type: 'endTurn' });
    const ev = club(t, 1, 1);
    expect(ruleIds(ev)).toContain('13A-DYING-7');
    expect(t.creature('kira').tallies['deathSaveFailures']).toBe(1);
    t.run({ type: 'endTurn' }, { dice: 'd20:17 d10:1 d10:1 d10:1' });
    expect(t.creature('kira').tallies['deathSaveFailures']).toBe(1);
    t.run({ type: 'gm.endEncounter' }, { dice: '' });
    expect(t.creature('kira').tallies['deathSaveFailures']).toBe(0);
  });

  it('13A-DYING-8 stabilizing: DC 10 Wis check as a standard action; 25+ uses only the quick action', () => {
    const cleric = ostin({ sheet: { abilities: { str: 8, dex: 12, con: 12, int: 10, wis: 16, cha: 10 } } });
    const t = drop({ hp: 6 }, {}, [cleric]);
    t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'ostin', action: 'stabilize', targets: ['kira'] }, { dice: 'd20:5' });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'success', breakdown: { total: 10 } });
    expect(t.creature('ostin').resources).toMatchObject({ standard: 0, move: 0, quick: 1 });
    expect(ruleIds(ev)).toContain('13A-DYING-8');
    t.undo();
    t.run({ type: 'takeAction', actorId: 'ostin', action: 'stabilize', targets: ['kira'] }, { dice: 'd20:20' });
    expect(t.creature('ostin').resources).toMatchObject({ standard: 1, quick: 0 });
    expect(t.creature('kira').conditions.map((c) => c.conditionId)).toContain('stabilized');
  });

  it('13A-DYING-8 a helper engaged elsewhere must get free before it can be next to the dying ally', () => {
    const t = drop({ hp: 6 }, {}, [ostin(), grunt('g9')]);
    t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'ostin', action: 'engage', targets: ['g9'] }, { preAnswers: { '13a.intercept': 'let-pass' } });
    t.rejects({ type: 'takeAction', actorId: 'ostin', action: 'stabilize', targets: ['kira'] }, 'not-next-to');
  });

  it('13A-DYING-9 a stabilized PC ignores failed death saves but still wakes on 16+', () => {
    const t = drop();
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'stabilized' });
    const ev = t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    expect(ruleIds(ev)).toContain('13A-DYING-9');
    expect(t.creature('kira').tallies['deathSaveFailures']).toBeUndefined();
  });

  it('13A-DYING-10 13A-ONG-5 after the battle a dying PC succeeds on its next death save', () => {
    const t = drop();
    t.run({ type: 'gm.endEncounter' }, { dice: 'd10:2 d10:2 d10:2' });
    expect(t.creature('kira')).toMatchObject({ hp: 8, status: 'conscious' });
  });

  it('13A-DYING-4 four failed death saves in one battle kill', () => {
    const t = drop({ hp: 6, tallies: { deathSaveFailures: 3 } });
    const ev = t.run({ type: 'endTurn' }, { dice: 'd20:15' });
    expect(t.creature('kira').status).toBe('dead');
    expect(ruleIds(ev)).toContain('13A-DYING-4');
  });
});

describe('optional rules', () => {
  it('13A-OPT-1 lasting wounds: dropping in a battle costs 2 + level maximum hp afterwards', () => {
    const t = table([kira({ hp: 6, sheet: { level: 4 } }), brute()], { '13a.lastingWounds': true });
    t.run({ type: 'startCombat' }, { dice: 'd20:1 d20:15' });
    t.run({ type: 'takeAction', actorId: 'brute', action: 'engage', targets: ['kira'] });
    club(t, 6, 5);
    t.run({ type: 'gm.endEncounter' }, { dice: 'd10:1 d10:1 d10:1 d10:1' });
    expect(t.creature('kira').maxHp).toBe(34);
  });

  it('13A-OPT-2 meaningful death: without a named villain the fourth failure is a coma', () => {
    const t = table([kira({ hp: 6, tallies: { deathSaveFailures: 3 } }), brute()], { '13a.meaningfulDeath': true });
    t.run({ type: 'startCombat' }, { dice: 'd20:1 d20:15' });
    t.run({ type: 'takeAction', actorId: 'brute', action: 'engage', targets: ['kira'] });
    club(t, 6, 5);
    const ev = t.run({ type: 'endTurn' }, { dice: 'd20:4' });
    expect(t.creature('kira').status).toBe('coma');
    expect(ruleIds(ev)).toContain('13A-OPT-2');
  });
});

describe('special actions', () => {
  const bo = () => kira({ id: 'bo', controller: 'seat-bo', status: 'dead', sheet: { name: 'Bo' } });

  it('13A-SPEC-1 13A-SPEC-2 only a PC out of the fight may fight in spirit; the first grant of a battle may be +2', () => {
    const t = table([kira(), ostin(), bo(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:10 d20:1 d20:1' });
    t.rejects({ type: '13a.fightInSpirit', creatureId: 'ostin', story: 'x' }, 'still-in-the-fight');
    t.run({ type: '13a.fightInSpirit', creatureId: 'bo', story: 'Bo once held a bridge alone' }, { as: { role: 'player', seat: 'seat-bo' } });
    t.run({ type: '13a.grantSpirit', from: 'bo', allyId: 'ostin', stat: 'ac', value: 2, rounds: 2 });
    expect(defense(R, t.state, 'ostin', 'AC').total).toBe(16);
    t.rejects({ type: '13a.grantSpirit', from: 'bo', allyId: 'kira', stat: 'attack', value: 2, rounds: 1 }, 'not-first');
    t.rejects({ type: '13a.fightInSpirit', creatureId: 'bo', story: 'again' }, 'once-per-round');
  });

  it('13A-SPEC-3 the bonus lasts the rounds the GM set, then ends', () => {
    const t = table([kira(), ostin(), bo(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:10 d20:1 d20:1' });
    t.run({ type: '13a.fightInSpirit', creatureId: 'bo', story: 'a song' });
    t.run({ type: '13a.grantSpirit', from: 'bo', allyId: 'ostin', stat: 'attack', value: 1, rounds: 1 });
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' });
    expect(t.creature('ostin').conditions).toEqual([]);
  });

  it('13A-SPEC-4 fleeing needs every player; then the battle ends with a campaign loss', () => {
    const t = table([kira(), ostin(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:10 d20:1' });
    t.run({ type: '13a.proposeFlee', creatureId: 'kira' });
    t.answer('13a.flee', 'yes', { as: { role: 'player', seat: 'seat-kira' } });
    const p = t.state.pending!.open[0]!;
    const ev = t.run({ type: 'answerPrompt', promptId: p.id, answer: 'no' }, { as: { role: 'player', seat: 'seat-ostin' } });
    expect(ruleIds(ev)).toContain('13A-SPEC-4');
    expect(t.state.phase).toBe('combat');
    t.run({ type: '13a.proposeFlee', creatureId: 'kira' }, { preAnswers: { '13a.flee': 'yes' } });
    expect([t.state.phase, t.state.endedReason]).toEqual(['ended', 'the party fled (campaign loss)']);
  });

  it('13A-SPEC-5 a dicey move: d20 + ability + level + a background the GM accepts, against the GM\'s DC', () => {
    const t = table([kira({ sheet: { backgrounds: { acrobat: 3 }, abilities: abil() } }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'check', options: { ability: 'dex', background: 'acrobat' } }, { dice: 'd20:12', preAnswers: { '13a.background': 'yes', '13a.checkDc': 20 } });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'success', breakdown: { total: 20 } });
  });
});

void grunt;
