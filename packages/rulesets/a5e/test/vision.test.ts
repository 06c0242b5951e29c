import { describe, expect, it } from 'vitest';
import type { TestTable } from '@fray/testkit';
import { a5eRuleset, perceive, ILLUSION, VISUAL_ILLUSION } from '../src/index';
import { NEEDS_HEARING } from '../src/conditions/options';
import { act, fight, grid, orc, pc, probeRoll, probeRuleset, tests, texts, zones } from './movement-fixtures';

const noProne = { 'a5e.dropProneReaction': 'off' as const };
const perception = (actor: string, targets: string[] = [], options: string[] = []) => probeRoll(actor, { kind: 'check', ability: 'wis', skill: 'perception', dc: 10, options }, targets);
const only = (ev: ReturnType<TestTable['run']>) => tests(ev)[0]!;
const mode = (ev: ReturnType<TestTable['run']>) => only(ev).breakdown.rollMode.mode;

describe('A5E vision, light and senses', () => {
  it('A5E-VIS-1 in a lightly obscured area sight-based Perception has disadvantage; hearing is unaffected', () => {
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 4, y: 0 } }), noProne, { ruleset: probeRuleset });
    t.run({ type: 'a5e.setObscured', degree: 'light', squares: [{ x: 0, y: 0 }] });
    const ev = t.run(perception('ana'), { dice: 'd20:15 d20:6' });
    expect([mode(ev), only(ev).breakdown.rollMode.sources[0]]).toEqual(['disadvantage', expect.objectContaining({ label: 'lightly obscured', ruleId: 'A5E-VIS-1' })]);
    expect(mode(t.run(perception('ana', ['orc'], [NEEDS_HEARING]), { dice: 'd20:15' }))).toBe('normal');
    t.run({ type: 'a5e.setObscured', degree: 'none', squares: [{ x: 0, y: 0 }] });
    t.run({ type: 'a5e.setObscured', degree: 'light', squares: [{ x: 4, y: 0 }] });
    expect(mode(t.run(perception('ana', ['orc']), { dice: 'd20:15 d20:6' }))).toBe('disadvantage');
  });

  it('A5E-VIS-2 heavily obscured: seeing into, within or through it fails as if blind; those inside are unseen', () => {
    const t = fight([pc('ana'), orc('orc'), orc('orc2')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 }, orc2: { x: 4, y: 0 } }), noProne, { ruleset: probeRuleset });
    t.run({ type: 'a5e.setObscured', degree: 'heavy', squares: [{ x: 2, y: 0 }] });
    const through = only(t.run(perception('ana', ['orc2'])));
    expect([through.outcome, through.ruleId]).toEqual(['failure', 'A5E-VIS-2']);
    expect(mode(t.run(perception('ana', ['orc']), { dice: 'd20:11' }))).toBe('normal');
    t.run({ type: 'a5e.setObscured', degree: 'heavy', squares: [{ x: 1, y: 0 }] });
    const atk = t.run(act('ana', 'attack', ['orc']), { dice: 'd20:14 d20:5' });
    expect(only(atk).breakdown.rollMode.sources.filter((s) => s.applied).map((s) => s.ruleId)).toEqual(['A5E-ATK-11']);
    t.run({ type: 'a5e.setObscured', degree: 'heavy', squares: [{ x: 0, y: 0 }] });
    expect(only(t.run(perception('ana'))).outcome).toBe('failure');
  });

  it('A5E-VIS-3 bright light imposes nothing', () => {
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne, { ruleset: probeRuleset });
    t.run({ type: 'a5e.setLight', level: 'bright' });
    expect(mode(t.run(perception('ana', ['orc']), { dice: 'd20:11' }))).toBe('normal');
    expect(only(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' })).breakdown.rollMode.sources).toEqual([]);
  });

  it('A5E-VIS-4 dim light is lightly obscured: Perception at disadvantage (per zone)', () => {
    const t = fight([pc('ana'), orc('orc')], zones({ ana: 'crypt', orc: 'crypt' }), noProne, { ruleset: probeRuleset });
    t.run({ type: 'a5e.setLight', level: 'dim', zone: 'crypt' });
    expect(mode(t.run(perception('ana', ['orc']), { dice: 'd20:11 d20:4' }))).toBe('disadvantage');
  });

  it('A5E-VIS-5 darkness is heavily obscured: without darkvision nothing in it is seen', () => {
    const t = fight([pc('ana'), orc('orc')], zones({ ana: 'hall', orc: 'cellar' }), noProne, { ruleset: probeRuleset });
    t.run({ type: 'a5e.setLight', level: 'dark', zone: 'cellar' });
    expect(only(t.run(perception('ana', ['orc']))).outcome).toBe('failure');
    expect(perceive(a5eRuleset, t.state, 'ana', 'orc')).toMatchObject({ perceives: false, reason: 'Orc is heavily obscured' });
  });

  it('A5E-VIS-6 blindsight ignores darkness, fog and invisibility within its range', () => {
    const bat = pc('bat', { sheet: { senses: { blindsight: 30 } } });
    const t = fight([bat, orc('orc', { conditions: [{ id: 'invisible' }] })], grid({ bat: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne, { ruleset: probeRuleset });
    t.run({ type: 'a5e.setLight', level: 'dark' });
    t.run({ type: 'a5e.setObscured', degree: 'heavy', squares: [{ x: 0, y: 0 }, { x: 1, y: 0 }] });
    expect(mode(t.run(perception('bat', ['orc']), { dice: 'd20:11' }))).toBe('normal');
    expect(only(t.run(act('bat', 'attack', ['orc']), { dice: 'd20:4 d20:12 d8:1' })).breakdown.rollMode.sources.filter((s) => s.applied).map((s) => s.ruleId)).toEqual(['A5E-ATK-10']);
  });

  it('A5E-VIS-7 a creature blind beyond its blindsight is immune to visual illusions', () => {
    const worm = pc('worm', { sheet: { senses: { blindsight: 30, blindBeyond: true } } });
    const t = fight([worm, pc('ana')], grid({ worm: { x: 0, y: 0 }, ana: { x: 1, y: 0 } }), noProne, { ruleset: probeRuleset });
    const ev = t.run(probeRoll('worm', { kind: 'save', ability: 'wis', dc: 20, options: [ILLUSION, VISUAL_ILLUSION] }), { dice: 'd20:2' });
    expect([only(ev).outcome, texts(ev)]).toEqual(['success', ['Worm is not fooled by the illusion']]);
    expect(only(t.run(probeRoll('ana', { kind: 'save', ability: 'wis', dc: 20, options: [ILLUSION, VISUAL_ILLUSION] }), { dice: 'd20:2' })).outcome).toBe('failure');
    expect(only(t.run(probeRoll('worm', { kind: 'save', ability: 'wis', dc: 20, options: [ILLUSION] }), { dice: 'd20:2' })).outcome).toBe('failure');
  });

  it('A5E-VIS-8 darkvision: darkness counts as dim light (Perception at disadvantage), dim as bright, within its range', () => {
    const elf = pc('elf', { sheet: { senses: { darkvision: 10 } } });
    const t = fight([elf, orc('orc'), orc('far')], grid({ elf: { x: 0, y: 0 }, orc: { x: 2, y: 0 }, far: { x: 0, y: 4 } }), noProne, { ruleset: probeRuleset });
    t.run({ type: 'a5e.setLight', level: 'dark' });
    expect(mode(t.run(perception('elf', ['orc']), { dice: 'd20:11 d20:4' }))).toBe('disadvantage');
    expect(only(t.run(perception('elf', ['far']))).outcome).toBe('failure');
    t.run({ type: 'a5e.setLight', level: 'dim' });
    expect(mode(t.run(perception('elf', ['orc']), { dice: 'd20:11' }))).toBe('normal');
  });

  it('A5E-VIS-9 truesight sees in magical darkness and sees the invisible, and sees through illusions', () => {
    const seer = pc('seer', { sheet: { senses: { truesight: 60, darkvision: 60 } } });
    const t = fight([seer, pc('elf', { sheet: { senses: { darkvision: 60 } } }), orc('orc', { conditions: [{ id: 'invisible' }] })], grid({ seer: { x: 0, y: 0 }, elf: { x: 0, y: 1 }, orc: { x: 3, y: 0 } }), noProne, { ruleset: probeRuleset });
    t.run({ type: 'a5e.setLight', level: 'magical-dark' });
    expect(perceive(a5eRuleset, t.state, 'seer', 'orc')).toMatchObject({ perceives: true, by: 'sight', lightlyObscured: false });
    t.run({ type: 'gm.removeCondition', creatureId: 'orc', conditionId: 'invisible' });
    expect(perceive(a5eRuleset, t.state, 'elf', 'orc').perceives).toBe(false);
    expect(only(t.run(probeRoll('seer', { kind: 'save', ability: 'int', dc: 25, options: [ILLUSION] }), { dice: 'd20:1' })).outcome).toBe('success');
  });

  it('A5E-VIS-10 hearing: nothing past the scene\'s hearing limit (an echo doubles it); loud noises carry; deafened hears nothing', () => {
    const t = fight([pc('ana'), orc('orc'), pc('bo', { conditions: [{ id: 'deafened' }] })], grid({ ana: { x: 0, y: 0 }, orc: { x: 4, y: 0 }, bo: { x: 3, y: 0 } }), noProne, { ruleset: probeRuleset });
    const listen = (who: string, options: string[] = []) => t.run(perception(who, ['orc'], [NEEDS_HEARING, ...options]), { dice: 'd20:11' });
    t.run({ type: 'a5e.setHearing', feet: 15 });
    expect(only(t.run(perception('ana', ['orc'], [NEEDS_HEARING])))).toMatchObject({ outcome: 'failure', ruleId: 'A5E-VIS-10' });
    expect(only(listen('ana', ['sound:loud'])).outcome).toBe('success');
    t.run({ type: 'a5e.setHearing', feet: 15, echo: true });
    expect(only(listen('ana')).outcome).toBe('success');
    expect(only(t.run(perception('bo', ['orc'], [NEEDS_HEARING])))).toMatchObject({ outcome: 'failure' });
  });

  it('A5E-VIS-11 effective sight by light and sense (the catalog\'s table)', () => {
    const senses: Record<string, Record<string, unknown>> = { normal: {}, darkvision: { darkvision: 60 }, blindsight: { blindsight: 60 }, truesight: { truesight: 60 } };
    const observers = Object.entries(senses).map(([id, s]) => pc(id, { sheet: { senses: s } }));
    const placements = Object.fromEntries(Object.keys(senses).map((id, i) => [id, { x: 0, y: i }]));
    const t = fight([...observers, orc('orc')], grid({ ...placements, orc: { x: 3, y: 1 } }), noProne);
    const row = () => Object.keys(senses).map((id) => {
      const p = perceive(a5eRuleset, t.state, id, 'orc');
      return p.perceives ? (p.lightlyObscured ? 'dim' : 'seen') : 'unseen';
    });
    expect(row()).toEqual(['seen', 'seen', 'seen', 'seen']);
    t.run({ type: 'a5e.setLight', level: 'dim', squares: [{ x: 3, y: 1 }] });
    expect(row()).toEqual(['dim', 'seen', 'seen', 'seen']);
    t.run({ type: 'a5e.setLight', level: 'dark', squares: [{ x: 3, y: 1 }] });
    expect(row()).toEqual(['unseen', 'dim', 'seen', 'seen']);
    t.run({ type: 'a5e.setLight', level: 'bright', squares: [{ x: 3, y: 1 }] });
    t.run({ type: 'a5e.setObscured', degree: 'heavy', squares: [{ x: 3, y: 1 }] });
    expect(row()).toEqual(['unseen', 'unseen', 'seen', 'unseen']);
    t.run({ type: 'a5e.setObscured', degree: 'none', squares: [{ x: 3, y: 1 }] });
    t.run({ type: 'gm.addCondition', creatureId: 'orc', conditionId: 'invisible' });
    expect(row()).toEqual(['unseen', 'unseen', 'seen', 'seen']);
  });
});
