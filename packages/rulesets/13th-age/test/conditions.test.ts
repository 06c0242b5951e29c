import { describe, expect, it } from 'vitest';
import { defense, engagedFoes, thirteenthAgeRuleset as R } from '../src/index';
import { eng, kira, ostin, brute, grunt, table, ofType, ruleIds } from './fixtures';

type T = ReturnType<typeof table>;
const start = (t: T, dice = 'd20:15 d20:1') => { t.run({ type: 'startCombat' }, { dice }); return t; };
const act = (t: T, actorId: string, action: string, targets: string[], dice = '', pre: Record<string, string> = {}, options: Record<string, unknown> = {}) =>
  t.run({ type: 'takeAction', actorId, action, targets, options: options as never }, { dice, preAnswers: pre });
const conds = (t: T, id: string) => t.creature(id).conditions.map((c) => c.conditionId);
const searing = { id: 'searing', name: 'Searing Bolt', kind: 'ranged', ability: 'int', damage: '1d6', damageType: 'fire', spell: true, vs: 'PD', hit: [{ kind: 'ongoing', amount: '5', type: 'fire' }] };
const snare = { id: 'snare', name: 'Snare', kind: 'melee', bonus: 6, damage: '1', hit: [{ kind: 'grab' }] };

describe('conditions', () => {
  it('13A-COND-1 13A-COND-3 a condition counts once, and condition penalties do not stack with each other', () => {
    const t = start(table([kira(), brute()]));
    for (const c of ['weakened', 'weakened', 'dazed']) t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: c });
    eng(t, 'kira', 'brute');
    const ev = act(t, 'kira', 'longsword', ['brute'], 'd20:10');
    const rows = ofType(ev, 'TestResolved')[0]!.breakdown.rows.filter((r) => r.type === 'condition');
    expect(rows.map((r) => [r.id, r.applied])).toEqual([['weakened', true], ['weakened', false], ['dazed', false]]);
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(12);
  });

  it('13A-COND-2 a confused creature attacks one of its own nearby allies instead (engaging it first for melee)', () => {
    const t = start(table([kira(), ostin(), brute()]), 'd20:15 d20:10 d20:1');
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'confused' });
    const ev = act(t, 'kira', 'longsword', ['brute'], 'd20:10 d8:1 d8:1 d8:1');
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ target: 'ostin', outcome: 'hit' });
    expect(t.creature('ostin').hp).toBe(18);
    expect(ruleIds(ev)).toContain('13A-COND-2');
  });

  it('13A-COND-5 a hampered creature can only make basic attacks', () => {
    const t = start(table([ostin(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'ostin', conditionId: 'hampered' });
    t.rejects({ type: 'takeAction', actorId: 'ostin', action: 'ember-dart', targets: ['brute'] }, 'hampered');
  });

  it('13A-COND-6 an asleep creature is helpless: -4 to defenses', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'brute', conditionId: 'asleep' });
    expect(defense(R, t.state, 'brute', 'AC').total).toBe(13);
    expect(conds(t, 'brute')).toEqual(['asleep', 'helpless']);
  });

  it('13A-COND-7 13A-TELE-2 a stuck creature cannot move, disengage or pop free, but can teleport', () => {
    const t = start(table([kira(), brute()]));
    eng(t, 'kira', 'brute');
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'stuck' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'moveAway' }, 'stuck');
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'disengage' }, 'stuck');
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'popFree' }, 'stuck');
    act(t, 'kira', 'teleport', [], '', {}, { closeQuarters: true });
    expect(engagedFoes(t.state, 'kira')).toEqual([]);
  });

  it('13A-COND-8 stunned: -4 to defenses and no actions', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'stunned' });
    expect(defense(R, t.state, 'kira', 'PD').total).toBe(13);
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] }, 'cannot-act');
  });

  it('13A-COND-9 attacks against a vulnerable creature crit on 18+', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'brute', conditionId: 'vulnerable' });
    eng(t, 'kira', 'brute');
    expect(ofType(act(t, 'kira', 'longsword', ['brute'], 'd20:18 d8:1 d8:1 d8:1'), 'TestResolved')[0]!.outcome).toBe('crit');
  });

  it('13A-COND-10 weakened: -4 to attacks and defenses', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'weakened' });
    expect(defense(R, t.state, 'kira', 'MD').total).toBe(9);
    const ev = act(t, 'kira', 'javelin', ['brute'], 'd20:10');
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(11);
  });

  it('13A-COND-11 durations come from the effect: until the end of the attacker\'s next turn', () => {
    const strike = { id: 'dazing-blow', name: 'Dazing Blow', kind: 'melee', ability: 'str', weaponDie: 'd8', hit: [{ kind: 'condition', condition: 'dazed', duration: 'end-of-next-turn' }] };
    const t = start(table([kira({ sheet: { attacks: [strike] } }), brute()]));
    eng(t, 'kira', 'brute');
    act(t, 'kira', 'dazing-blow', ['brute'], 'd20:15 d8:1 d8:1 d8:1');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(conds(t, 'brute')).toEqual(['dazed']);
    t.run({ type: 'endTurn' });
    expect(conds(t, 'brute')).toEqual([]);
  });
});

describe('coup de grace', () => {
  it('13A-CDG-1 13A-CDG-2 against a helpless engaged enemy, with move and quick unused: an automatic crit', () => {
    const t = start(table([kira(), brute()]));
    eng(t, 'kira', 'brute');
    t.run({ type: 'gm.addCondition', creatureId: 'brute', conditionId: 'asleep' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'], options: { coupDeGrace: true } }, 'no-coup-de-grace');
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    const ev = act(t, 'kira', 'longsword', ['brute'], 'd20:1 d8:5 d8:5 d8:5', {}, { coupDeGrace: true });
    expect(ofType(ev, 'TestResolved')[0]!.outcome).toBe('crit');
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(36);
    expect(t.creature('kira').resources).toMatchObject({ standard: 0, move: 0, quick: 0 });
    t.undo();
    t.run({ type: 'gm.removeCondition', creatureId: 'brute', conditionId: 'asleep' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'], options: { coupDeGrace: true } }, 'not-helpless');
  });
});

describe('grabbed', () => {
  const grabbed = () => {
    const t = start(table([kira(), brute()]), 'd20:1 d20:15');
    eng(t, 'brute', 'kira');
    act(t, 'brute', 'grasp', ['kira'], 'd20:15 d6:2');
    return t;
  };

  it('13A-GRAB-1 a hit grabs; the grabber lets go as a free action', () => {
    const t = grabbed();
    expect(t.creature('kira').conditions[0]).toMatchObject({ conditionId: 'grabbed', data: { grabber: 'brute' } });
    act(t, 'brute', 'release', ['kira']);
    expect(conds(t, 'kira')).toEqual([]);
  });

  it('13A-GRAB-2 13A-GRAB-6 a grabbed creature cannot move away or make ranged attacks', () => {
    const t = grabbed();
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'moveAway' }, 'grabbed');
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'javelin', targets: ['brute'] }, 'grabbed-no-ranged');
  });

  it('13A-GRAB-3 disengaging from the grabber takes -5, unless it hit the grabber this turn', () => {
    const t = grabbed();
    t.run({ type: 'endTurn' });
    const fail = act(t, 'kira', 'disengage', [], 'd20:15');
    expect(ofType(fail, 'TestResolved')[0]).toMatchObject({ outcome: 'failure', breakdown: { total: 10 } });
    t.undo();
    act(t, 'kira', 'longsword', ['brute'], 'd20:15 d8:1 d8:1 d8:1');
    const ok = act(t, 'kira', 'disengage', [], 'd20:11');
    expect(ofType(ok, 'TestResolved')[0]).toMatchObject({ outcome: 'success', breakdown: { total: 11 } });
    expect(conds(t, 'kira')).toEqual([]);
  });

  it('13A-GRAB-4 13A-GRAB-5 a bigger grabber carries its prey; a same-size one lets go, and the released creature gets no attack', () => {
    const t = grabbed();
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    act(t, 'brute', 'moveAway', []);
    expect(engagedFoes(t.state, 'brute')).toEqual(['kira']);
    const u = start(table([kira(), grunt('g1', { sheet: { attacks: [snare] } })]), 'd20:1 d20:15');
    eng(u, 'g1', 'kira');
    act(u, 'g1', 'snare', ['kira'], 'd20:15');
    u.run({ type: 'endTurn' }); u.run({ type: 'endTurn' });
    const ev = act(u, 'g1', 'moveAway', []);
    expect(ruleIds(ev)).toEqual(expect.arrayContaining(['13A-GRAB-5']));
    expect(ofType(ev, 'PromptAnswered')).toHaveLength(0);
    expect(engagedFoes(u.state, 'g1')).toEqual([]);
  });

  it('13A-GRAB-7 the grabber gets +4 to attack the creature it holds', () => {
    const t = grabbed();
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    const ev = act(t, 'brute', 'club', ['kira'], 'd20:2');
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.rows.find((r) => r.id === 'grabbing')).toMatchObject({ value: 4, applied: true });
  });

  it('13A-TELE-2 teleporting leaves a grab behind', () => {
    const t = grabbed();
    t.run({ type: 'endTurn' });
    act(t, 'kira', 'teleport', [], '', {}, { closeQuarters: true });
    expect(conds(t, 'kira')).toEqual([]);
  });
});

describe('ongoing damage and saves', () => {
  const burning = (brOver: Record<string, unknown> = {}, natural = 10) => {
    const t = start(table([ostin({ sheet: { attacks: [searing] } }), brute({ sheet: brOver })]));
    act(t, 'ostin', 'searing', ['brute'], `d20:${natural} d6:1`);
    t.run({ type: 'endTurn' });
    return t;
  };

  it('13A-ONG-1 13A-ONG-2 13A-ACT-8 13A-SAVE-3 ongoing damage at the end of the turn, then a normal save; failure repeats it', () => {
    const t = burning();
    const ev = t.run({ type: 'endTurn' }, { dice: 'd20:10' });
    const order = ev.filter((e) => e.type === 'DamageApplied' || e.type === 'TestResolved').map((e) => e.type);
    expect(order).toEqual(['DamageApplied', 'TestResolved']);
    expect(conds(t, 'brute')).toEqual(['ongoing-damage']);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd20:14' });
    expect(conds(t, 'brute')).toEqual([]);
    expect(t.creature('brute').hp).toBe(60 - 1 - 5 - 5);
  });

  it('13A-ONG-3 the same named ongoing damage does not stack', () => {
    const t = burning();
    t.run({ type: 'endTurn' }, { dice: 'd20:10' });
    act(t, 'ostin', 'searing', ['brute'], 'd20:10 d6:1');
    expect(conds(t, 'brute')).toEqual(['ongoing-damage']);
  });

  it('13A-ONG-4 13A-RES-3 resisted ongoing damage uses the original natural roll: 5 becomes 2', () => {
    const t = burning({ resist: { fire: 16 } }, 12);
    const ev = t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(2);
  });

  it('13A-ONG-5 when the battle ends PCs automatically save', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'dazed', duration: { kind: 'saveEnds', save: { difficulty: 'hard' }, timing: 'end' } });
    const ev = t.run({ type: 'gm.endEncounter' });
    expect(conds(t, 'kira')).toEqual([]);
    expect(ofType(ev, 'ConditionRemoved')[0]).toMatchObject({ ruleId: '13A-ONG-5' });
  });

  it('13A-SAVE-1 a save is a plain d20 with only explicit save bonuses', () => {
    const t = start(table([kira({ sheet: { saveBonus: 1 } }), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'dazed', duration: { kind: 'saveEnds', save: { difficulty: 'normal' }, timing: 'end' } });
    const ev = t.run({ type: 'endTurn' }, { dice: 'd20:10' });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ kind: 'save', outcome: 'success', breakdown: { total: 11 }, against: { value: 11 } });
  });

  it('13A-SAVE-2 easy saves need 6+, hard saves 16+', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'dazed', duration: { kind: 'saveEnds', save: { difficulty: 'easy' }, timing: 'end' } });
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'weakened', duration: { kind: 'saveEnds', save: { difficulty: 'hard' }, timing: 'end' } });
    t.run({ type: 'endTurn' }, { dice: 'd20:6 d20:15' });
    expect(conds(t, 'kira')).toEqual(['weakened']);
  });
});

describe('resistance', () => {
  const dart = (natural: number, faces = 'd6:6 d6:6', brOver: Record<string, unknown> = { resist: { fire: 16 } }) => {
    const t = start(table([ostin(), brute({ sheet: brOver })]));
    return ofType(act(t, 'ostin', 'ember-dart', ['brute'], `d20:${natural} ${faces}`), 'DamageApplied')[0]!.total;
  };

  it('13A-RES-1 13A-RES-2 resistance is a number the natural roll must reach, else half damage', () => {
    expect([dart(15), dart(16), dart(20)]).toEqual([8, 16, 32]);
  });

  it('13A-RES-4 resisting an energy makes mundane sources of it harmless; spells still get through', () => {
    const torch = { id: 'torch', name: 'Torch', kind: 'melee', bonus: 6, damage: '1d6', damageType: 'fire' };
    const t = start(table([kira({ sheet: { resist: { fire: 12 } } }), grunt('g1', { sheet: { attacks: [torch] } })]), 'd20:1 d20:15');
    eng(t, 'g1', 'kira');
    const ev = act(t, 'g1', 'torch', ['kira'], 'd20:15 d6:6');
    expect(ofType(ev, 'DamageApplied')[0]!.rows.at(-1)).toMatchObject({ step: 'immunity', after: 0, ruleId: '13A-RES-4' });
    expect(dart(13, 'd6:6 d6:6', { resist: { fire: 12 } })).toBe(16);
  });

  it('13A-RES-5 weapon resistance never makes a creature immune to ordinary weapons', () => {
    const t = start(table([kira({ sheet: { resist: { weapon: 14 } } }), grunt('g1')]), 'd20:1 d20:15');
    eng(t, 'g1', 'kira');
    const ev = act(t, 'g1', 'spear', ['kira'], 'd20:12 d8:8');
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(4);
  });

  it('13A-RES-6 automatic damage rolls a stand-in d20 against resistance', () => {
    const t = start(table([kira(), brute({ sheet: { resist: { fire: 16 } } })]));
    const ev = t.run({ type: '13a.damage', target: 'brute', parts: [{ type: 'fire', amount: 10 }], magical: true }, { dice: 'd20:9' });
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(5);
    expect(ruleIds(ev)).toContain('13A-RES-6');
  });

  it('13A-RES-7 mixed damage is resisted only if every type is, at the lowest number', () => {
    const t = start(table([kira(), brute({ sheet: { resist: { fire: 16, cold: 12 } } })]));
    const both = t.run({ type: '13a.damage', target: 'brute', parts: [{ type: 'fire', amount: 10 }, { type: 'cold', amount: 10 }], natural: 14, magical: true });
    expect(ofType(both, 'DamageApplied')[0]!.total).toBe(20);
    const low = t.run({ type: '13a.damage', target: 'brute', parts: [{ type: 'fire', amount: 10 }, { type: 'cold', amount: 10 }], natural: 11, magical: true });
    expect(ofType(low, 'DamageApplied')[0]!.total).toBe(10);
    const u = start(table([kira(), brute({ sheet: { resist: { fire: 16 } } })]));
    const one = u.run({ type: '13a.damage', target: 'brute', parts: [{ type: 'fire', amount: 10 }, { type: 'cold', amount: 10 }], natural: 2, magical: true });
    expect(ofType(one, 'DamageApplied')[0]!.total).toBe(20);
  });
});

describe('teleportation and temporary hit points', () => {
  it('13A-TELE-1 casting a teleport while engaged provokes; the teleport itself does not', () => {
    const t = start(table([ostin(), brute()]));
    eng(t, 'ostin', 'brute');
    const ev = act(t, 'ostin', 'teleport', [], 'd20:2', { '13a.opportunity': 'attack' });
    expect(ofType(ev, 'TestResolved').map((e) => e.actor)).toEqual(['brute']);
    expect(engagedFoes(t.state, 'ostin')).toEqual([]);
    expect(ruleIds(ev)).toContain('13A-TELE-1');
  });

  it('13A-THP-1 13A-THP-2 temporary hit points are a separate pool and do not add: the higher stays', () => {
    const rally = (n: number) => ({ id: `ward-${n}`, name: `Ward ${n}`, kind: 'ranged', ability: 'dex', damage: '1', hit: [{ kind: 'tempHp', amount: n }] });
    const t = start(table([kira({ sheet: { attacks: [rally(5), rally(12)] } }), brute()]));
    t.run({ type: 'gm.setHp', creatureId: 'kira', tempHp: 8 });
    act(t, 'kira', 'ward-5', ['brute'], 'd20:19');
    expect([t.creature('kira').tempHp, t.creature('kira').hp]).toEqual([8, 40]);
    t.run({ type: 'endTurn' }); t.run({ type: 'endTurn' });
    act(t, 'kira', 'ward-12', ['brute'], 'd20:19');
    expect(t.creature('kira').tempHp).toBe(12);
  });

  it('13A-THP-4 temporary hit points vanish after the battle', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.setHp', creatureId: 'kira', tempHp: 8 });
    t.run({ type: 'gm.endEncounter' });
    expect(t.creature('kira').tempHp).toBe(0);
  });

  it('13A-THP-5 temporary hit points do not count for staggered', () => {
    const t = start(table([kira({ hp: 20 }), brute()]), 'd20:1 d20:15');
    t.run({ type: 'gm.setHp', creatureId: 'kira', tempHp: 30 });
    eng(t, 'brute', 'kira');
    act(t, 'brute', 'club', ['kira'], 'd20:15 d6:1 d6:1');
    expect([t.creature('kira').hp, t.creature('kira').tempHp, conds(t, 'kira')]).toEqual([20, 24, ['staggered']]);
  });
});

describe('grab endings', () => {
  it('13A-GRAB-7 13A-GRAB-1 a grab ends when the grabber is stunned or slain', () => {
    const t = start(table([kira(), brute()]), 'd20:1 d20:15');
    eng(t, 'brute', 'kira');
    act(t, 'brute', 'grasp', ['kira'], 'd20:15 d6:2');
    t.run({ type: 'gm.addCondition', creatureId: 'brute', conditionId: 'stunned' });
    expect(conds(t, 'kira')).toEqual([]);
  });
});
