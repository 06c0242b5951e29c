import { describe, expect, it } from 'vitest';
import { unarmedDice } from '../src/index';
import { kira, ostin, brute, grunt, table, ofType, ruleIds } from './fixtures';

const abil = (over: Record<string, number> = {}) => ({ str: 16, dex: 14, con: 14, int: 8, wis: 12, cha: 10, ...over });
const melee = (t: ReturnType<typeof table>, a: string, b: string) => t.run({ type: 'takeAction', actorId: a, action: 'engage', targets: [b] }, { preAnswers: { '13a.intercept': 'let-pass' } });
const start = (t: ReturnType<typeof table>, dice = 'd20:15 d20:1') => { t.run({ type: 'startCombat' }, { dice }); return t; };
const atk = (t: ReturnType<typeof table>, actorId: string, action: string, targets: string[], dice: string, extra: Record<string, unknown> = {}) =>
  t.run({ type: 'takeAction', actorId, action, targets, ...(extra['options'] ? { options: extra['options'] as never } : {}) }, { dice, ...(extra['pre'] ? { preAnswers: extra['pre'] as never } : {}) });

const flexKira = () => kira({ sheet: { attacks: [
  { id: 'longsword', name: 'Longsword', kind: 'melee', ability: 'str', weaponDie: 'd8', basic: true, miss: 'level' },
  { id: 'even-cut', name: 'Even Cut', kind: 'melee', ability: 'str', weaponDie: 'd10', flexible: 'roll:natural:even', miss: '1' },
  { id: 'high-cut', name: 'High Cut', kind: 'melee', ability: 'str', weaponDie: 'd12', flexible: { gte: ['roll:natural', 16] }, miss: '2' },
] } });

describe('attack resolution', () => {
  it('13A-ATK-1 declare, roll per target, then roll damage and apply it', () => {
    const t = start(table([kira(), brute()]));
    melee(t, 'kira', 'brute');
    const ev = atk(t, 'kira', 'longsword', ['brute'], 'd20:15 d8:5 d8:5 d8:5');
    expect(ev.map((e) => e.type).filter((x) => x === 'TestResolved' || x === 'DamageApplied')).toEqual(['TestResolved', 'DamageApplied']);
    expect(ofType(ev, 'DamageApplied')[0]).toMatchObject({ total: 18, hpAfter: 42 });
  });

  it('13A-ATK-2 a PC attack adds ability, level, the magic item and the escalation die', () => {
    const t = start(table([kira({ sheet: { level: 2, abilities: abil({ dex: 17 }), itemAttackBonus: 1 } }), brute()]));
    for (let i = 0; i < 4; i++) t.run({ type: 'endTurn' });
    const ev = atk(t, 'kira', 'javelin', ['brute'], 'd20:9 d6:1 d6:1');
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'hit', breakdown: { total: 17 } });
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.rows.map((r) => [r.id, r.value])).toEqual([['base', 3], ['level', 2], ['magic-item', 1], ['escalation-die', 2]]);
  });

  it('13A-ATK-3 13A-WPN-2 a spell attack adds its ability and level; spell damage is its dice + Ability', () => {
    const t = start(table([ostin(), brute()]));
    const ev = atk(t, 'ostin', 'ember-dart', ['brute'], 'd20:10 d6:3 d6:4');
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'hit', breakdown: { total: 16 }, against: { label: 'PD', value: 16 } });
    expect(ofType(ev, 'DamageApplied')[0]!.rows[0]).toMatchObject({ type: 'fire', before: 11 });
  });

  it('13A-ATK-4 13A-CRIT-1 a natural 20 hits any defense; a natural 19 is only a hit; a natural 1 never hits', () => {
    const t = start(table([kira(), brute({ sheet: { ac: 40 } })]));
    melee(t, 'kira', 'brute');
    expect(ofType(atk(t, 'kira', 'longsword', ['brute'], 'd20:20 d8:1 d8:1 d8:1'), 'TestResolved')[0]!.outcome).toBe('crit');
    t.undo();
    expect(ofType(atk(t, 'kira', 'longsword', ['brute'], 'd20:19'), 'TestResolved')[0]!.outcome).toBe('miss');
    const e = start(table([kira(), brute({ sheet: { ac: 5 } })]));
    melee(e, 'kira', 'brute');
    expect(ofType(atk(e, 'kira', 'longsword', ['brute'], 'd20:1'), 'TestResolved')[0]).toMatchObject({ outcome: 'fumble', breakdown: { total: 7 } });
    expect(ofType(atk(start(table([ostin(), brute({ sheet: { pd: 10 } })])), 'ostin', 'ember-dart', ['brute'], 'd20:19 d6:1 d6:1'), 'TestResolved')[0]!.outcome).toBe('hit');
  });

  it('13A-ATK-5 without a miss effect a miss does nothing', () => {
    const t = start(table([kira(), brute()]));
    const ev = atk(t, 'kira', 'javelin', ['brute'], 'd20:3');
    expect(ofType(ev, 'DamageApplied')).toHaveLength(0);
  });

  it('13A-ATK-6 13A-ATK-7 miss damage on a miss, but nothing at all on a natural 1', () => {
    const t = start(table([kira(), brute()]));
    melee(t, 'kira', 'brute');
    const fumble = atk(t, 'kira', 'longsword', ['brute'], 'd20:1');
    expect(ofType(fumble, 'DamageApplied')).toHaveLength(0);
    expect(ruleIds(fumble)).toContain('13A-ATK-6');
    t.undo();
    const miss = atk(t, 'kira', 'longsword', ['brute'], 'd20:7');
    expect(ofType(miss, 'DamageApplied')[0]).toMatchObject({ total: 3 });
  });

  it('13A-ATK-8 the natural die picks the flexible attack (the attacker chooses when several fit; none → basic); the total decides the hit', () => {
    const t = start(table([flexKira(), brute()]));
    melee(t, 'kira', 'brute');
    const both = atk(t, 'kira', 'flexible', ['brute'], 'd20:16 d12:1 d12:1 d12:1', { pre: { '13a.flexible': 'high-cut' } });
    expect(ofType(both, 'PromptAnswered')[0]).toMatchObject({ key: '13a.flexible', answer: 'high-cut' });
    expect(ofType(both, 'DamageApplied')[0]!.total).toBe(6);
    t.undo();
    const none = atk(t, 'kira', 'flexible', ['brute'], 'd20:15 d8:1 d8:1 d8:1');
    expect(ofType(none, 'DamageApplied')[0]!.total).toBe(6);
    const u = start(table([flexKira(), brute({ sheet: { ac: 24 } })]));
    melee(u, 'kira', 'brute');
    const missed = atk(u, 'kira', 'flexible', ['brute'], 'd20:16', { pre: { '13a.flexible': 'even-cut' } });
    expect(ofType(missed, 'TestResolved')[0]).toMatchObject({ outcome: 'miss', breakdown: { total: 22 } });
    expect(ofType(missed, 'DamageApplied')[0]!.total).toBe(1);
  });

  it('13A-ATK-9 a flexible attack must be declared as flexible; opportunity attacks use the basic attack', () => {
    const t = start(table([flexKira(), grunt('g1')]));
    melee(t, 'kira', 'g1');
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'even-cut', targets: ['g1'] }, 'declare-flexible');
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'g1', action: 'moveAway' }, { dice: 'd20:16 d8:1 d8:1 d8:1', preAnswers: { '13a.opportunity': 'attack' } });
    expect(ofType(ev, 'DiceRolled').map((e) => e.purpose)).toEqual(['attack', 'Longsword damage']);
  });
});

describe('weapons', () => {
  it('13A-WPN-3 unarmed: Str at -2, floor(level/2) d6 plus a d3 at odd levels, + Str x M', () => {
    expect([1, 2, 3, 4, 5, 8, 10].map(unarmedDice)).toEqual(['1d3', '1d6', '1d6+1d3', '2d6', '2d6+1d3', '4d6', '5d6']);
    const t = start(table([kira({ sheet: { abilities: abil({ str: 14 }) } }), grunt('g1')]));
    melee(t, 'kira', 'g1');
    const ev = atk(t, 'kira', 'unarmed', ['g1'], 'd20:13 d6:4 d3:2');
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'hit', breakdown: { total: 16 } });
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(8);
  });

  it('13A-WPN-4 13A-GEN-6 two weapons: a natural 2 may be rerolled and the reroll counts (a 20 crits)', () => {
    const t = start(table([kira({ sheet: { twoWeapon: true } }), brute()]));
    melee(t, 'kira', 'brute');
    const ev = atk(t, 'kira', 'longsword', ['brute'], 'd20:2 d20:20 d8:1 d8:1 d8:1', { pre: { '13a.twoWeaponReroll': 'reroll' } });
    expect(ofType(ev, 'TestResolved').map((e) => e.outcome)).toEqual(['miss', 'crit']);
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(12);
  });

  it('13A-WPN-5 the GM may let a weapon roll bigger dice for a moment', () => {
    const t = start(table([kira(), brute()]));
    melee(t, 'kira', 'brute');
    const ev = atk(t, 'kira', 'longsword', ['brute'], 'd20:15 d10:10 d10:10 d10:10', { options: { swapDie: 'd10' }, pre: { '13a.situationalWeapon': 'yes' } });
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(33);
  });
});

describe('crits and damage', () => {
  it('13A-CRIT-2 13A-COND-9 expansions add: a +1 power against a vulnerable target crits on 17', () => {
    const t = start(table([kira({ sheet: { attacks: [{ id: 'keen', name: 'Keen Blade', kind: 'melee', ability: 'str', weaponDie: 'd8', critExpansion: 1 }] } }), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'brute', conditionId: 'vulnerable' });
    melee(t, 'kira', 'brute');
    expect(ofType(atk(t, 'kira', 'keen', ['brute'], 'd20:17 d8:1 d8:1 d8:1'), 'TestResolved')[0]!.outcome).toBe('crit');
    t.undo();
    expect(ofType(atk(t, 'kira', 'keen', ['brute'], 'd20:16 d8:1 d8:1 d8:1'), 'TestResolved')[0]!.outcome).toBe('hit');
  });

  it('13A-CRIT-3 13A-CRIT-4 a crit doubles; each differently named doubling makes it one step more (x3)', () => {
    const t = start(table([kira({ sheet: { attacks: [{ id: 'smite', name: 'Smite', kind: 'melee', ability: 'str', weaponDie: 'd8', critDoubling: ['Holy Fury', 'Holy Fury'] }] } }), brute()]));
    melee(t, 'kira', 'brute');
    const ev = atk(t, 'kira', 'smite', ['brute'], 'd20:20 d8:2 d8:2 d8:2');
    expect(ofType(ev, 'DamageApplied')[0]!.rows.find((r) => r.step === 'adjust')).toMatchObject({ before: 9, after: 27, ruleId: '13A-CRIT-4' });
  });

  it('13A-CRIT-6 the crit multiplies hit damage, not the ongoing damage it starts', () => {
    const burn = { id: 'searing', name: 'Searing Bolt', kind: 'ranged', ability: 'int', damage: '1d6', damageType: 'fire', spell: true, vs: 'PD', hit: [{ kind: 'ongoing', amount: '5', type: 'fire' }] };
    const t = start(table([ostin({ sheet: { attacks: [burn] } }), brute()]));
    const ev = atk(t, 'ostin', 'searing', ['brute'], 'd20:20 d6:4');
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(8);
    expect(t.creature('brute').conditions.find((c) => c.conditionId === 'ongoing-damage')!.data).toMatchObject({ amount: '5', natural: 20 });
  });

  it('13A-CRIT-7 13A-DMG-4 multiply first, then halve for resistance when the natural is below the number', () => {
    const lance = { id: 'lance', name: 'Flame Lance', kind: 'ranged', ability: 'int', damage: '3d6+5', damageType: 'fire', spell: true, vs: 'PD' };
    const t = start(table([ostin({ sheet: { attacks: [lance] } }), brute({ sheet: { resist: { fire: 19 } } })]));
    t.run({ type: 'gm.addCondition', creatureId: 'brute', conditionId: 'vulnerable' });
    const ev = atk(t, 'ostin', 'lance', ['brute'], 'd20:18 d6:6 d6:6 d6:6');
    expect(ofType(ev, 'DamageApplied')[0]!.rows.map((r) => [r.step, r.before, r.after])).toEqual([['rolled', 23, 23], ['adjust', 23, 46], ['resistance', 46, 23]]);
  });

  it('13A-DMG-1 13A-DMG-4 13A-THP-3 rolled once, crit x2, temporary hit points first, then hit points', () => {
    const t = start(table([kira({ sheet: { level: 4 } }), brute({ sheet: { hp: 70 } })]));
    t.run({ type: 'gm.setHp', creatureId: 'brute', tempHp: 12 });
    melee(t, 'kira', 'brute');
    const ev = atk(t, 'kira', 'longsword', ['brute'], 'd20:20 d8:8 d8:8 d8:8 d8:3');
    expect(ofType(ev, 'DamageApplied')[0]).toMatchObject({ total: 60, absorbed: 12, toHp: 48, hpAfter: 22, tempAfter: 0 });
    expect(t.creature('brute').conditions.map((c) => c.conditionId)).toEqual(['staggered']);
  });

  it('13A-DMG-5 damage never goes below 0', () => {
    const t = start(table([kira({ sheet: { level: 1, abilities: abil({ str: 7 }) } }), grunt('g1')]));
    melee(t, 'kira', 'g1');
    const ev = atk(t, 'kira', 'unarmed', ['g1'], 'd20:19 d3:1');
    expect(ofType(ev, 'DamageApplied')[0]).toMatchObject({ total: 0, hpAfter: 12 });
  });
});

describe('combat modifiers', () => {
  it('13A-MOD-1 advantageous circumstances are a flat +2 (adverse -2), never extra dice', () => {
    const t = start(table([kira(), brute()]));
    melee(t, 'kira', 'brute');
    const ev = atk(t, 'kira', 'longsword', ['brute'], 'd20:10 d8:1 d8:1 d8:1', { options: { circumstance: 'advantage' } });
    expect(ofType(ev, 'TestResolved')[0]!.breakdown).toMatchObject({ dice: '1d20', total: 18, rollMode: { bonus: 2 } });
    t.undo();
    expect(ofType(atk(t, 'kira', 'longsword', ['brute'], 'd20:10', { options: { circumstance: 'disadvantage' } }), 'TestResolved')[0]!.breakdown.total).toBe(14);
  });

  it('13A-MOD-2 a natural 1 shooting into a melee rerolls against the engaged ally', () => {
    const t = start(table([kira(), ostin(), brute()]), 'd20:10 d20:18 d20:1');
    melee(t, 'ostin', 'brute');
    t.run({ type: 'endTurn' });
    const ev = atk(t, 'kira', 'javelin', ['brute'], 'd20:1 d20:14 d6:1 d6:1 d6:1');
    expect(ofType(ev, 'TestResolved').map((e) => [e.target, e.outcome])).toEqual([['brute', 'fumble'], ['ostin', 'hit']]);
    expect(t.creature('ostin').hp).toBe(19);
    expect(ruleIds(ev)).toContain('13A-MOD-2');
  });

  it('13A-MOD-3 an invisible creature gets +5 to stealth', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'invisible' });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'check', options: { ability: 'dex', purpose: 'stealth' } }, { dice: 'd20:5', preAnswers: { '13a.checkDc': 15 } });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'success', breakdown: { total: 15 } });
  });

  it('13A-MOD-4 attacks on an invisible creature first have a 50% chance to miss outright, before any d20', () => {
    const t = start(table([kira(), brute()]));
    t.run({ type: 'gm.addCondition', creatureId: 'brute', conditionId: 'invisible' });
    const ev = atk(t, 'kira', 'javelin', ['brute'], 'd100:37');
    expect(ofType(ev, 'TestResolved')).toHaveLength(0);
    expect(ruleIds(ev)).toContain('13A-MOD-4');
    t.undo();
    expect(ofType(atk(t, 'kira', 'javelin', ['brute'], 'd100:64 d20:3'), 'TestResolved')).toHaveLength(1);
  });
});

describe('natural-roll triggers', () => {
  it('13A-GEN-1 effects keyed to the natural die: even rolls daze, 16+ adds fire, whatever the total', () => {
    const blade = {
      id: 'storm-blade', name: 'Storm Blade', kind: 'melee', ability: 'str', weaponDie: 'd8',
      triggers: [
        { when: 'roll:natural:even', effects: [{ kind: 'condition', condition: 'dazed', duration: 'end-of-next-turn' }] },
        { when: { gte: ['roll:natural', 16] }, effects: [{ kind: 'damage', dice: '1d6', type: 'fire' }] },
      ],
    };
    const t = start(table([kira({ sheet: { attacks: [blade] } }), brute({ sheet: { ac: 30 } })]));
    melee(t, 'kira', 'brute');
    const ev = atk(t, 'kira', 'storm-blade', ['brute'], 'd20:16 d6:4');
    expect(ofType(ev, 'TestResolved')[0]!.outcome).toBe('miss');
    expect(t.creature('brute').conditions.map((c) => c.conditionId)).toEqual(['dazed']);
    expect(t.creature('brute').hp).toBe(56);
    t.undo();
    atk(t, 'kira', 'storm-blade', ['brute'], 'd20:15');
    expect([t.creature('brute').conditions, t.creature('brute').hp]).toEqual([[], 60]);
  });
});
