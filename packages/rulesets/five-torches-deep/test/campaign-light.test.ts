import { describe, expect, it } from 'vitest';
import { ftdRuleset, lightAt, lightEffects, lightLevels } from '../src/index';
import { TestTable, brenna, fight, gob, gobSheet, grid, odo, sheetWith, table } from './fixtures';
import { said } from './campaign-fixtures';

type Events = ReturnType<TestTable['run']>;
const test0 = (ev: Events) => TestTable.ofType(ev, 'TestResolved')[0]!;
const mode = (ev: Events) => {
  const r = test0(ev).breakdown.rollMode;
  return [r.mode, r.sources.map((s) => s.ruleId)];
};
const check = (t: TestTable, category: string, dice: string, creatureId = 'brenna') =>
  t.run({ type: 'ftd.check', creatureId, ability: 'dex', dc: 11, category, label: category }, { dice });
const lit = (level: string) => table([brenna(), odo(), gob()], { options: { light: level } });
const seer = (id = 'gob', sense = 'heat') => gob(id, { sheet: sheetWith(gobSheet(), { darksight: sense }) });

describe('LIGHT: light levels and darksight', () => {
  it('FTD-LIGHT-1 four light levels; the scene has one, well lit unless the table or the GM says otherwise', () => {
    expect(lightLevels).toEqual(['darkness', 'dim', 'well-lit', 'brilliant']);
    const t = table([brenna()]);
    expect(lightAt(t.state, 'brenna')).toBe('well-lit');
    expect(lightAt(lit('brilliant').state, 'brenna')).toBe('brilliant');
    t.run({ type: 'ftd.setLight', level: 'darkness' });
    expect(lightAt(t.state, 'brenna')).toBe('darkness');
  });

  it('FTD-LIGHT-2 a torch burns an hour and a lantern three, and either gives dim light', () => {
    const t = lit('darkness');
    t.run({ type: 'ftd.lightSource', creatureId: 'odo', source: 'lantern' });
    expect(t.creature('odo').conditions[0]!.duration).toEqual({ kind: 'gameTime', seconds: 10_800, endsAtSeconds: 10_800 });
    expect(lightAt(t.state, 'gob')).toBe('dim');
    t.run({ type: 'ftd.lightSource', creatureId: 'brenna', source: 'torch' });
    expect(t.creature('brenna').conditions[0]!.duration).toEqual({ kind: 'gameTime', seconds: 3600, endsAtSeconds: 3600 });
    t.rejects({ type: 'ftd.lightSource', creatureId: 'brenna', source: 'torch' }, 'already-lit');
    t.run({ type: 'ftd.lightSource', creatureId: 'odo', source: 'lantern', douse: true });
    t.run({ type: 'ftd.lightSource', creatureId: 'brenna', source: 'torch', douse: true });
    expect(lightAt(t.state, 'gob')).toBe('darkness');
  });

  it('FTD-LIGHT-3 the GM tells everyone how bright it is; a source burning out is announced', () => {
    const t = table([brenna()]);
    const ev = t.run({ type: 'ftd.setLight', level: 'dim' });
    expect(said(ev, 'FTD-LIGHT-3')).toEqual(['the GM says it is dim here']);
    t.rejects({ type: 'ftd.setLight', level: 'dim' }, 'forbidden', { as: { role: 'player', seat: 'seat-brenna' } });
    t.run({ type: 'ftd.lightSource', creatureId: 'brenna', source: 'torch' });
    const out = t.run({ type: 'ftd.passTime', seconds: 3600 });
    expect(said(out, 'FTD-LIGHT-3')).toEqual(["Brenna's torch burns out"]);
    expect(t.creature('brenna').conditions).toEqual([]);
  });

  it('FTD-LIGHT-4 in darkness nobody sees: a sight check fails unrolled, unless the creature has darksight', () => {
    const t = table([brenna(), seer()], { options: { light: 'darkness' } });
    const ev = t.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'wis', dc: 8, category: 'sight' });
    expect(test0(ev)).toMatchObject({ outcome: 'failure', ruleId: 'FTD-LIGHT-6' });
    expect(said(ev, 'FTD-LIGHT-6')).toEqual(['Brenna cannot see in darkness: the check fails without a roll']);
    const g = t.run({ type: 'ftd.check', creatureId: 'gob', ability: 'wis', dc: 8, category: 'sight' }, { dice: 'd20:12' });
    expect(test0(g).outcome).toBe('success');
    expect(mode(g)).toEqual(['normal', []]);
  });

  it('FTD-LIGHT-5 darkness gives advantage on stealth, hiding and listening', () => {
    const t = lit('darkness');
    expect(mode(check(t, 'stealth', 'd20:3 d20:14'))).toEqual(['advantage', ['FTD-LIGHT-5']]);
    expect(mode(check(t, 'listen', 'd20:3 d20:14'))).toEqual(['advantage', ['FTD-LIGHT-5']]);
    expect(test0(check(t, 'listen', 'd20:3 d20:14')).breakdown.total).toBe(16);
  });

  it('FTD-LIGHT-6 darkness gives disadvantage on attacks, defense, predicting danger, finesse and a surface-dweller\'s morale', () => {
    const t = fight([], { options: { light: 'darkness' } });
    const atk = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:15 d20:5' });
    expect(mode(atk)).toEqual(['disadvantage', ['FTD-LIGHT-6']]);
    expect(test0(atk)).toMatchObject({ outcome: 'miss' });
    expect(test0(atk).breakdown.total).toBe(10);
    for (const cat of ['defense', 'danger', 'finesse', 'precision']) expect(mode(check(t, cat, 'd20:9 d20:10'))).toEqual(['disadvantage', ['FTD-LIGHT-6']]);
    expect(lightEffects(t.state, { kind: 'morale', actor: 'gob', selectors: ['check', 'morale'], options: [] }).sources.map((s) => [s.mode, s.ruleId])).toEqual([['disadvantage', 'FTD-LIGHT-6']]);
  });

  it('FTD-LIGHT-7 dim light lies within 30 ft of a torch or lantern; the GM marks who stands outside it', () => {
    const t = lit('darkness');
    t.run({ type: 'ftd.lightSource', creatureId: 'brenna', source: 'torch' });
    expect(['brenna', 'odo', 'gob'].map((id) => lightAt(t.state, id))).toEqual(['dim', 'dim', 'dim']);
    const ev = t.run({ type: 'ftd.setLight', creatureId: 'gob', level: 'darkness' });
    expect(said(ev, 'FTD-LIGHT-3')).toEqual(['the GM says it is darkness around Cave Gob']);
    expect(['brenna', 'gob'].map((id) => lightAt(t.state, id))).toEqual(['dim', 'darkness']);
    expect(lightAt(lit('dim').state, 'odo')).toBe('dim');
  });

  it('FTD-LIGHT-8 dim light gives advantage on stealth, hiding and listening', () => {
    const t = lit('dim');
    expect(mode(check(t, 'hide', 'd20:3 d20:14'))).toEqual(['advantage', ['FTD-LIGHT-8']]);
    expect(mode(check(t, 'listen', 'd20:3 d20:14'))).toEqual(['advantage', ['FTD-LIGHT-8']]);
  });

  it('FTD-LIGHT-9 dim light gives disadvantage on ranged attacks, defense against ranged effects and sight; not on melee', () => {
    const t = fight([], { options: { light: 'dim' } });
    const bow = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, { dice: 'd20:15 d20:5' });
    expect(mode(bow)).toEqual(['disadvantage', ['FTD-LIGHT-9']]);
    const u = fight([], { options: { light: 'dim' } });
    const sword = u.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'longsword' } }, { dice: 'd20:15 d8:2' });
    expect(mode(sword)).toEqual(['normal', []]);
    expect(mode(check(u, 'sight', 'd20:9 d20:10'))).toEqual(['disadvantage', ['FTD-LIGHT-9']]);
    expect(mode(check(u, 'defense-ranged', 'd20:9 d20:10'))).toEqual(['disadvantage', ['FTD-LIGHT-9']]);
  });

  it('FTD-LIGHT-10 well lit brings nothing automatic: the GM rules case by case', () => {
    const t = lit('well-lit');
    for (const cat of ['stealth', 'sight', 'defense', 'tracking']) expect(mode(check(t, cat, 'd20:9'))).toEqual(['normal', []]);
    const f = fight([], { options: { edgePrompt: 'always' } });
    f.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } });
    expect(f.state.pending?.open[0]).toMatchObject({ key: 'ftd.edge', to: { role: 'gm' } });
  });

  it('FTD-LIGHT-11 brilliant light is a level of its own that the GM can set', () => {
    const t = table([brenna()]);
    const ev = t.run({ type: 'ftd.setLight', level: 'brilliant' });
    expect(said(ev, 'FTD-LIGHT-3')).toEqual(['the GM says it is brilliant here']);
    expect(lightAt(t.state, 'brenna')).toBe('brilliant');
  });

  it('FTD-LIGHT-12 brilliant light gives advantage on tracking and on spotting movement', () => {
    const t = lit('brilliant');
    expect(mode(check(t, 'tracking', 'd20:3 d20:14'))).toEqual(['advantage', ['FTD-LIGHT-12']]);
    expect(mode(check(t, 'movement', 'd20:3 d20:14'))).toEqual(['advantage', ['FTD-LIGHT-12']]);
  });

  it('FTD-LIGHT-13 brilliant light gives disadvantage on stealth and hiding, and on ranged attacks beyond 30 ft', () => {
    const t = lit('brilliant');
    expect(mode(check(t, 'stealth', 'd20:3 d20:14'))).toEqual(['disadvantage', ['FTD-LIGHT-13']]);
    const far = table([brenna(), gob()], { options: { light: 'brilliant' }, space: grid({ brenna: [0, 0], gob: [8, 0] }) });
    far.run({ type: 'startCombat' });
    const shot = far.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, { dice: 'd20:15 d20:5' });
    expect(mode(shot)).toEqual(['disadvantage', ['FTD-LIGHT-13']]);
    const near = table([brenna(), gob()], { options: { light: 'brilliant' }, space: grid({ brenna: [0, 0], gob: [5, 0] }) });
    near.run({ type: 'startCombat' });
    expect(mode(near.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, { dice: 'd20:15 d6:2' }))).toEqual(['normal', []]);
  });

  it('FTD-LIGHT-14 in darkness a darksighted goblin attacks with advantage while the PC it fights has disadvantage', () => {
    const t = table([brenna(), seer(), odo()], { options: { light: 'darkness' } });
    t.run({ type: 'startCombat' });
    const pc = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:15 d20:5' });
    expect(mode(pc)).toEqual(['disadvantage', ['FTD-LIGHT-6']]);
    t.run({ type: 'endTurn' });
    const g = t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:4 d20:16 d6:3' });
    expect(mode(g)).toEqual(['advantage', ['FTD-LIGHT-14']]);
    expect(test0(g).breakdown.total).toBe(19);
    expect(lightEffects(t.state, { kind: 'morale', actor: 'gob', selectors: ['check', 'morale'], options: [] }).sources.map((s) => [s.mode, s.ruleId])).toEqual([['advantage', 'FTD-LIGHT-14']]);
    // It keeps the darkness advantage on stealth.
    expect(mode(check(t, 'stealth', 'd20:3 d20:14', 'gob'))).toEqual(['advantage', ['FTD-LIGHT-5']]);
  });

  it('FTD-LIGHT-15 darksight may come from heat, tremors, echolocation or magic, and each works alike', () => {
    const t = table([seer('bat', 'echolocation')], { options: { light: 'darkness' } });
    expect(mode(check(t, 'danger', 'd20:3 d20:14', 'bat'))).toEqual(['advantage', ['FTD-LIGHT-14']]);
    expect(() => ftdRuleset.parseStatBlock(sheetWith(gobSheet(), { darksight: 'smell' }), 'bad.yaml')).toThrow(/darksight/);
  });
});
