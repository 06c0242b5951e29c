import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { bruno, conditionIds, dummy, fight } from './damage-fixtures';

const hit = (t: TestTable, id: string, amount: number, type = 'force', dice?: string) =>
  t.run({ type: 'a5e.damage', targets: [id], damage: String(amount), damageType: type }, dice ? { dice } : {});
const heal = (t: TestTable, id: string, amount: number) => t.run({ type: 'a5e.heal', creatureId: id, amount });
const grant = (t: TestTable, id: string, amount: number, extra: Record<string, unknown> = {}) => t.run({ type: 'a5e.grantTempHp', creatureId: id, amount, ...extra } as never);

describe('A5E hit points', () => {
  it('A5E-HP-1 current hit points stay between 0 and the maximum', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', {}, { hp: 55 })] });
    heal(t, 'imp', 100);
    expect(t.creature('imp').hp).toBe(60);
    hit(t, 'imp', 500);
    expect(t.creature('imp').hp).toBe(0);
  });

  it('A5E-HP-2 damage comes off hit points and stops at 0 (7 hit points, 12 damage)', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', {}, { hp: 7 })] });
    const d = TestTable.ofType(hit(t, 'imp', 12), 'DamageApplied')[0]!;
    expect([d.toHp, d.hpBefore, d.hpAfter]).toEqual([12, 7, 0]);
  });

  it('A5E-HP-3 healing past the maximum is lost (the ranger at 10 of 13 regains only 3)', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('ranger', { hp: 13 }, { hp: 10 })] });
    const h = TestTable.ofType(heal(t, 'ranger', 6), 'HealingApplied')[0]!;
    expect([h.amount, h.hpAfter]).toEqual([3, 13]);
  });

  it('A5E-HP-3 rolled healing too', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('ranger', { hp: 13 }, { hp: 2 })] });
    t.run({ type: 'a5e.heal', creatureId: 'ranger', dice: '1d8 + 3' }, { dice: 'd8:6' });
    expect(t.creature('ranger').hp).toBe(11);
  });

  it('A5E-HP-4 a creature at 1 hit point fights at full strength: bloodied is only a marker, no roll penalty', () => {
    const t = fight([bruno({ hp: 1 }), dummy('imp')]);
    const ev = t.run({ type: 'takeAction', actorId: 'bruno', action: 'attack', targets: ['imp'] }, { dice: 'd20:10 d8:4' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([conditionIds(t, 'bruno'), a5eRuleset.conditionById['bloodied']!.effects, test.breakdown.rows.length, test.breakdown.rollMode.mode, test.breakdown.total]).toEqual([['bloodied'], [], 1, 'normal', 16]);
  });

  it('A5E-HP-5 a dead creature cannot regain hit points', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', {}, { hp: 0, status: 'dead' })] });
    const ev = heal(t, 'imp', 10);
    expect(TestTable.ofType(ev, 'RuleApplied').map((e) => e.ruleId)).toEqual(['A5E-HP-5']);
    expect([TestTable.ofType(ev, 'HealingApplied').length, t.creature('imp').hp]).toEqual([0, 0]);
  });

  it('A5E-HP-6 temporary hit points go first; the rest comes off hit points', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', {}, { tempHp: 5 }), dummy('orc', { hp: 30 }, { hp: 20, tempHp: 10 })] });
    hit(t, 'imp', 8);
    hit(t, 'orc', 25);
    expect([t.creature('imp').tempHp, t.creature('imp').hp, t.creature('orc').tempHp, t.creature('orc').hp]).toEqual([0, 57, 0, 5]);
  });

  it('A5E-HP-7 temporary hit points go past the maximum; healing never restores them', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('orc', { hp: 30 })] });
    grant(t, 'orc', 8);
    expect([t.creature('orc').hp, t.creature('orc').tempHp]).toEqual([30, 8]);
    hit(t, 'orc', 5);
    heal(t, 'orc', 5);
    expect([t.creature('orc').hp, t.creature('orc').tempHp]).toEqual([30, 3]);
    hit(t, 'orc', 33);
    expect([t.creature('orc').hp, t.creature('orc').tempHp]).toEqual([0, 0]);
  });

  it('A5E-HP-8 temporary hit points never add: the holder picks a set, the larger by default', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno({ tempHp: 5 })] });
    grant(t, 'bruno', 10);
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.options.map((o) => o.id), p.default]).toEqual(['a5e.tempHp.keep', { role: 'player', seat: 'seat-bruno' }, ['new', 'old'], 'new']);
    t.answer('a5e.tempHp.keep', 'old');
    expect(t.creature('bruno').tempHp).toBe(5);
    grant(t, 'bruno', 3);
    expect(t.state.pending!.open[0]!.default).toBe('old');
    t.answer('a5e.tempHp.keep', 'new');
    expect(t.creature('bruno').tempHp).toBe(3);
  });

  it('A5E-HP-9 temporary hit points at 0 wake no one, and damage they swallow has no 0-HP consequence', () => {
    const t = fight([dummy('imp'), bruno({ hp: 0, status: 'dying', conditions: [{ id: 'unconscious' }] })]);
    grant(t, 'bruno', 5);
    expect([t.creature('bruno').status, conditionIds(t, 'bruno').includes('unconscious')]).toEqual(['dying', true]);
    const ev = hit(t, 'bruno', 4);
    expect([t.creature('bruno').tempHp, t.creature('bruno').tallies['deathSaveFailures'] ?? 0, TestTable.ofType(ev, 'TallySet')]).toEqual([1, 0, []]);
    // damage that gets through does count: one failure
    hit(t, 'bruno', 3);
    expect(t.creature('bruno').tallies['deathSaveFailures']).toBe(1);
  });

  it('A5E-HP-10 temporary hit points with a duration vanish when it ends', () => {
    const t = fight([bruno(), dummy('imp')]);
    grant(t, 'bruno', 7, { duration: { kind: 'nextTurn', creatureId: 'bruno', boundary: 'start' } });
    t.run({ type: 'endTurn' });
    expect(t.creature('bruno').tempHp).toBe(7);
    const ev = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(ev, 'HitPointsSet').map((e) => [e.tempHp, e.ruleId])).toEqual([[0, 'A5E-HP-10']]);
    expect(t.creature('bruno').tempHp).toBe(0);
  });

  it('A5E-HP-10 without a duration they last until used up, through turns and the end of the fight', () => {
    const t = fight([bruno(), dummy('imp')]);
    grant(t, 'bruno', 7);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'gm.endEncounter' });
    expect(t.creature('bruno').tempHp).toBe(7);
  });

  it('A5E-HP-10 a timed grant used up early leaves nothing behind to expire', () => {
    const t = fight([bruno(), dummy('imp')]);
    grant(t, 'bruno', 4, { duration: { kind: 'rounds', rounds: 10, creatureId: 'bruno' } });
    expect(conditionIds(t, 'bruno')).toEqual(['temporary-hit-points']);
    hit(t, 'bruno', 6);
    expect([conditionIds(t, 'bruno'), t.creature('bruno').hp]).toEqual([[], 38]);
  });
});
