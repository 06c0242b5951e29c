import { describe, expect, it } from 'vitest';
import type { FrayEvent } from '@fray/engine';
import { mobHp, mobOf, MOB_DROPS } from '../src/index';
import { kira, ostin, brute, grunt, table, ofType } from './fixtures';

const GRUNTS = 'Mire Grunt#1';
const dart = (t: ReturnType<typeof table>, target: string, dice: string) => t.run({ type: 'takeAction', actorId: 'ostin', action: 'ember-dart', targets: [target] }, { dice });
const spills = (ev: readonly FrayEvent[]) => ofType(ev, 'RuleApplied').filter((e) => e.ruleId === '13A-TGT-1').map((e) => e.text);
const archer = (id: string, over: Record<string, unknown> = {}) => grunt(id, { sheet: { name: 'Bog Archer', initiative: 1, attacks: [{ id: 'bow', name: 'Bow', kind: 'ranged', bonus: 5, damage: '1d6' }] }, ...over });

describe('mook mobs (pooled hit points)', () => {
  it('13A-TGT-1 identical mooks form one mob with pooled hit points and one initiative roll', () => {
    const t = table([ostin(), grunt('g1'), grunt('g2'), grunt('g3')]);
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:9' });
    expect(ofType(ev, 'InitiativeSet')[0]!.order.map((e) => [e.creatureId, e.total])).toEqual([['ostin', 18], ['g1', 12], ['g2', 12], ['g3', 12]]);
    expect(['g1', 'g2', 'g3'].map((id) => mobOf(t.creature(id)))).toEqual([GRUNTS, GRUNTS, GRUNTS]);
    expect(mobOf(t.creature('ostin'))).toBeNull();
    expect(mobHp(t.state, GRUNTS)).toBe(36);
  });

  it('13A-TGT-1 damage beyond a mook\'s hit points spills to the next mook of its mob', () => {
    const t = table([ostin(), grunt('g1'), grunt('g2'), grunt('g3')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:9' });
    const ev = dart(t, 'g1', 'd20:10 d6:6 d6:6'); // 10+4+2 = 16 vs PD 14; 2d6+4 = 16
    expect(ofType(ev, 'DamageApplied').map((d) => [d.target, d.toHp, d.hpBefore, d.hpAfter])).toEqual([['g1', 16, 12, 0], ['g2', 4, 12, 8]]);
    expect(spills(ev)).toEqual(['4 damage spills from Mire Grunt to the next mook of the mob, Mire Grunt']);
    expect(t.creature('g1').status).toBe('dead');
    expect(t.creature('g2')).toMatchObject({ hp: 8, status: 'conscious' });
    expect(t.creature('g3').hp).toBe(12);
    expect(t.state.vars[MOB_DROPS]).toEqual({ [GRUNTS]: ['g1'] });
    expect(mobHp(t.state, GRUNTS)).toBe(20);
  });

  it('13A-TGT-1 a big blow runs through the mob in join order, records the drop order and loses what is left', () => {
    const t = table([kira(), grunt('g1'), grunt('g2'), grunt('g3')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:9' });
    // javelin crit on g2: (3d6 + 2) x 2 = 40 → g2 12, then g1 12, then g3 12, 4 left over
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'javelin', targets: ['g2'] }, { dice: 'd20:20 d6:6 d6:6 d6:6' });
    expect(ofType(ev, 'DamageApplied').map((d) => [d.target, d.toHp, d.hpAfter])).toEqual([['g2', 40, 0], ['g1', 28, 0], ['g3', 16, 0]]);
    expect(spills(ev)).toEqual([
      '28 damage spills from Mire Grunt to the next mook of the mob, Mire Grunt',
      '16 damage spills from Mire Grunt to the next mook of the mob, Mire Grunt',
      '4 damage is left over: no mook of the mob is standing',
    ]);
    expect(t.state.vars[MOB_DROPS]).toEqual({ [GRUNTS]: ['g2', 'g1', 'g3'] });
    expect(['g1', 'g2', 'g3'].map((id) => t.creature(id).status)).toEqual(['dead', 'dead', 'dead']);
  });

  it('13A-TGT-1 the spilled remainder is not doubled or resisted a second time', () => {
    const t = table([ostin(), grunt('g1', { sheet: { resist: { fire: 16 } } }), grunt('g2', { sheet: { resist: { fire: 16 } } })]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:9' });
    const ev = dart(t, 'g1', 'd20:12 d6:6 d6:6'); // natural 12 < 16+: 16 halved to 8
    expect(ofType(ev, 'DamageApplied').map((d) => [d.target, d.toHp])).toEqual([['g1', 8]]);
    t.undo();
    // a crit: (2d6+4) x 2 = 32 vs resist 16+: the natural 20 beats it; 20 spills unresisted, 8 more to nobody
    const crit = dart(t, 'g1', 'd20:20 d6:6 d6:6');
    expect(ofType(crit, 'DamageApplied').map((d) => [d.target, d.toHp, d.rows.map((r) => r.step)])).toEqual([['g1', 32, ['rolled', 'adjust']], ['g2', 20, ['rolled']]]);
    expect(spills(crit).at(-1)).toBe('8 damage is left over: no mook of the mob is standing');
  });

  it('13A-TGT-1 mobs named by var or tag keep their damage apart; non-mooks never spill', () => {
    const t = table([ostin(), grunt('a1', { vars: { mob: 'left' } }), grunt('b1', { tags: ['mob:right'] }), grunt('a2', { vars: { mob: 'left' } }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:9 d20:3' });
    expect(['a1', 'b1', 'a2'].map((id) => mobOf(t.creature(id)))).toEqual(['left', 'right', 'left']);
    const ev = dart(t, 'a1', 'd20:10 d6:6 d6:6');
    expect(ofType(ev, 'DamageApplied').map((d) => [d.target, d.toHp])).toEqual([['a1', 16], ['a2', 4]]);
    expect(t.creature('b1').hp).toBe(12);
    t.run({ type: 'endTurn' });
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' });
    const big = t.run({ type: 'takeAction', actorId: 'ostin', action: 'ember-dart', targets: ['brute'] }, { dice: 'd20:20 d6:6 d6:6' });
    expect(ofType(big, 'DamageApplied').map((d) => d.target)).toEqual(['brute']);
    expect(spills(big)).toEqual([]);
  });

  it('13A-INIT-3 a named mob of mixed mooks acts on its first member\'s count; its dead skip their turns', () => {
    const t = table([ostin(), grunt('g1', { vars: { mob: 'raiders' } }), archer('a1', { vars: { mob: 'raiders' } })]);
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:2 d20:18' });
    // the archer rolled 19, the grunt 5: the archer leads the mob and the grunt joins its count
    expect(ofType(ev, 'InitiativeSet').at(-1)!.order.map((e) => [e.creatureId, e.total])).toEqual([['a1', 19], ['g1', 19], ['ostin', 18]]);
    t.run({ type: 'endTurn' });
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('g1');
    t.run({ type: 'endTurn' });
    const kill = dart(t, 'a1', 'd20:10 d6:6 d6:6');
    expect(ofType(kill, 'DamageApplied').map((d) => [d.target, d.toHp, d.hpAfter])).toEqual([['a1', 16, 0], ['g1', 4, 8]]);
    t.run({ type: 'endTurn' });
    expect(t.state.round).toBe(2);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('g1');
  });
});
