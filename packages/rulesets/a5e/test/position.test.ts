import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { act, at, feetLeft, fight, grid, horse, move, orc, path, pc, probeRoll, probeRuleset, rules, tests, texts, zones } from './movement-fixtures';

const controlled = (t: TestTable, mount = 'horse', rider = 'ana') => t.run({ type: 'a5e.setController', creatureId: mount, controllerId: rider, mount: true });
const conds = (t: TestTable, id: string) => t.creature(id).conditions.map((c) => c.conditionId).sort();
const expertise = (ev: ReturnType<TestTable['run']>) => tests(ev)[0]!.breakdown.dice;

describe('A5E position', () => {
  it('A5E-POS-1 a creature rides one at least a size larger; the Narrator rules on weight', () => {
    const t = fight([pc('ana'), orc('orc', { side: 'party' }), horse('horse')], grid({ ana: { x: 0, y: 0 }, orc: { x: 0, y: 1 }, horse: { x: 1, y: 0, size: 'large' } }));
    t.rejects(act('ana', 'mount', ['orc']), 'mount-too-small');
    const no = t.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'no' } });
    expect([texts(no), t.creature('ana').vars['a5e.riding']]).toEqual([['Horse cannot bear Ana\'s weight'], undefined]);
    t.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    expect([t.creature('ana').vars['a5e.riding'], t.creature('horse').vars['a5e.rider'], at(t, 'ana')]).toEqual(['horse', 'ana', { x: 1, y: 0, elevation: 0 }]);
  });

  it('A5E-POS-2 mounting or dismounting costs half its Speed, once per turn', () => {
    const t = fight([pc('ana'), horse('horse')], grid({ ana: { x: 0, y: 0 }, horse: { x: 1, y: 0, size: 'large' } }));
    t.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    expect(feetLeft(t, 'ana')).toBe(15);
    expect(t.rejects(act('ana', 'dismount'), 'once-per-turn').ruleId).toBe('A5E-POS-2');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run(act('ana', 'dismount', [], { to: { x: 0, y: 1 } }));
    expect([feetLeft(t, 'ana'), at(t, 'ana'), t.creature('ana').vars['a5e.riding']]).toEqual([15, { x: 0, y: 1, elevation: 0 }, undefined]);
    t.rejects(act('ana', 'dismount'), 'not-mounted');
  });

  it('A5E-POS-3 riding a mount it controls, the rider uses the mount\'s Speed, less what it already spent', () => {
    const t = fight([pc('ana'), horse('horse')], grid({ ana: { x: -2, y: 0 }, horse: { x: 1, y: 0, size: 'large' } }), {}, { setup: (u) => controlled(u) });
    t.run(move('ana', path([-1, 0], [0, 0])));
    const ev = t.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    expect(texts(ev)).toContain('Ana rides Horse at its Speed 60: 35 ft left after 25 ft spent');
    t.rejects(move('ana', { x: 9, y: 0 }), 'not-enough-movement');
    t.run(move('ana', { x: 8, y: 0 }));
    expect([at(t, 'horse').x, at(t, 'ana').x, feetLeft(t, 'horse')]).toEqual([8, 8, 0]);
  });

  it('A5E-POS-4 a controlled mount may Dash during its rider\'s move; the rider may command it to attack', () => {
    const t = fight([pc('ana'), horse('horse'), orc('orc')], grid({ ana: { x: 0, y: 0 }, horse: { x: 1, y: 0, size: 'large' }, orc: { x: 20, y: 0 } }), { 'a5e.dropProneReaction': 'off' }, { setup: (u) => controlled(u) });
    t.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    t.run(move('ana', { x: 6, y: 0 }));
    t.run(act('horse', 'dash'));
    t.run(move('ana', { x: 18, y: 0 }));
    expect([at(t, 'horse').x, feetLeft(t, 'horse')]).toEqual([18, 20]);
    t.rejects(act('horse', 'attack', ['orc']), 'not-commanded');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run(act('ana', 'command', ['horse']));
    const kick = t.run(act('horse', 'attack', ['orc']), { dice: 'd20:15 d4:2 d4:3' });
    expect([tests(kick)[0]!.outcome, t.creature('orc').hp]).toEqual(['hit', 15 - 9]);
  });

  it('A5E-POS-5 mounted: moved by force the rider saves or falls; if the mount falls prone the rider may leap clear', () => {
    const t = fight([pc('ana'), horse('horse'), orc('orc')], grid({ ana: { x: 0, y: 0 }, horse: { x: 1, y: 0, size: 'large' }, orc: { x: 5, y: 5 } }));
    t.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    const shoved = t.run(move('horse', { x: 2, y: 0, kind: 'forced' }), { dice: 'd20:9' });
    expect(tests(shoved)[0]).toMatchObject({ against: { label: 'stay mounted', value: 10 }, outcome: 'success', ruleId: 'A5E-POS-5' });
    expect(at(t, 'ana')).toEqual({ x: 2, y: 0, elevation: 0 });
    const thrown = t.run(move('horse', { x: 3, y: 0, kind: 'forced' }), { dice: 'd20:2' });
    expect(texts(thrown)).toContain('Ana is thrown from Horse');
    expect([conds(t, 'ana'), t.creature('ana').vars['a5e.riding']]).toEqual([['prone'], undefined]);

    const u = fight([pc('ana'), horse('horse')], grid({ ana: { x: 0, y: 0 }, horse: { x: 1, y: 0, size: 'large' } }));
    u.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    const leap = u.run({ type: 'gm.addCondition', creatureId: 'horse', conditionId: 'prone' }, { preAnswers: { 'a5e.mountFalls': 'dismount' } });
    expect(texts(leap)).toContain('Ana leaps clear of Horse and lands on its feet');
    expect([conds(u, 'ana'), u.creature('ana').resources['reaction'], at(u, 'ana')]).toEqual([[], 0, { x: 0, y: -1, elevation: 0 }]);
  });

  it('A5E-POS-5 a rider thrown from a flying mount without a fly speed falls', () => {
    const griffon = horse('griffon', { sheet: { name: 'Griffon', speed: { walk: 30, fly: 80 } } });
    const t = fight([pc('ana'), griffon], grid({ ana: { x: 0, y: 0, elevation: 20 }, griffon: { x: 1, y: 0, size: 'large', elevation: 20 } }));
    t.run(act('ana', 'mount', ['griffon']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    const ev = t.run(move('griffon', { x: 3, y: 0, kind: 'forced' }), { dice: 'd20:1 d6:2 d6:5' });
    expect(rules(ev)).toEqual(expect.arrayContaining(['A5E-POS-5', 'A5E-ENV-1']));
    expect([at(t, 'ana').elevation, t.creature('ana').hp, conds(t, 'ana')]).toEqual([0, 28 - 7, ['prone']]);
  });

  it('A5E-POS-6 a controlled mount moves only with its rider; an uncontrolled one carries the rider on its own turn; the pair provokes once', () => {
    const t = fight([pc('ana'), horse('horse', { side: 'wild' }), orc('orc')], grid({ ana: { x: 1, y: 2 }, horse: { x: 1, y: 0, size: 'large' }, orc: { x: 0, y: 0 } }), { 'a5e.dropProneReaction': 'off' });
    t.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    t.rejects(move('ana', path([2, 0])), 'mount-not-controlled');
    t.run({ type: 'endTurn' });
    const ev = t.run(move('horse', path([2, 0], [3, 0])), { preAnswers: { 'a5e.opportunityAttack': 'attack:greataxe:ana' }, dice: 'd20:14 d12:7' });
    const prompt = TestTable.ofType(ev, 'PromptAnswered');
    expect(prompt).toHaveLength(1);
    expect(TestTable.ofType(ev, 'DamageApplied')[0]).toMatchObject({ target: 'ana', hpAfter: 28 - 10 });
    expect([at(t, 'horse').x, at(t, 'ana').x]).toEqual([3, 3]);

    const u = fight([pc('ana'), horse('horse')], grid({ ana: { x: 0, y: 0 }, horse: { x: 1, y: 0, size: 'large' } }), {}, { setup: (v) => controlled(v) });
    u.run(act('ana', 'mount', ['horse']), { preAnswers: { 'a5e.mountBearsWeight': 'yes' } });
    u.rejects(move('horse', path([2, 0])), 'mount-controlled');
  });

  it('A5E-POS-7 dropping prone is free on its turn, or a reaction to a ranged attack it can see (before the roll)', () => {
    const t = fight([orc('orc'), pc('ana')], grid({ orc: { x: 0, y: 0 }, ana: { x: 4, y: 0 } }));
    const ev = t.run(act('orc', 'attack', ['ana'], { attack: 'javelin' }), { preAnswers: { 'a5e.dropProne': 'drop-prone' }, dice: 'd20:18 d20:6' });
    expect([conds(t, 'ana'), t.creature('ana').resources['reaction']]).toEqual([['prone'], 0]);
    expect(tests(ev)[0]!.breakdown).toMatchObject({ rollMode: { mode: 'disadvantage' }, total: 11 });
    t.run({ type: 'endTurn' });
    t.run(act('ana', 'stand-up'));
    t.run(act('ana', 'drop-prone'));
    expect([conds(t, 'ana'), feetLeft(t, 'ana')]).toEqual([['prone'], 15]);
  });

  it('A5E-POS-8 standing up costs half its Speed, not half of what is left; with less left it cannot stand', () => {
    const t = fight([pc('ana', { conditions: [{ id: 'prone' }] })], grid({ ana: { x: 0, y: 0 } }));
    t.run(move('ana', path([1, 0], [2, 0])));
    expect(feetLeft(t, 'ana')).toBe(10);
    expect(t.rejects(act('ana', 'stand-up'), 'not-enough-movement').ruleId).toBe('A5E-POS-8');
    const u = fight([pc('ana', { conditions: [{ id: 'prone' }] })], grid({ ana: { x: 0, y: 0 } }));
    u.run(act('ana', 'stand-up'));
    expect([conds(u, 'ana'), feetLeft(u, 'ana')]).toEqual([[], 15]);
    const v = fight([pc('ana', { conditions: [{ id: 'prone' }, { id: 'grappled' }] })], grid({ ana: { x: 0, y: 0 } }));
    v.rejects(act('ana', 'stand-up'), 'speed-zero');
  });

  it('A5E-POS-9 5 ft or more above its target, a creature that is not grappled gains an expertise die on melee attacks', () => {
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0, elevation: 5 }, orc: { x: 1, y: 0 } }));
    const ev = t.run(act('ana', 'attack', ['orc']), { dice: 'd20:12 d4:2 d8:3' });
    expect([expertise(ev), tests(ev)[0]!.breakdown.total]).toEqual(['1d20 + 1d4 expertise', 12 + 5 + 2]);
    const u = fight([pc('ana', { conditions: [{ id: 'grappled' }] }), orc('orc')], grid({ ana: { x: 0, y: 0, elevation: 5 }, orc: { x: 1, y: 0 } }));
    expect(tests(u.run(act('ana', 'attack', ['orc']), { dice: 'd20:12 d8:3' }))[0]!.breakdown.total).toBe(17);
  });

  it('A5E-POS-10 5 ft or more below a target its size or smaller: an expertise die on Strength checks and saves against it', () => {
    const t = fight([pc('ana'), orc('orc'), orc('ogre', { sheet: { size: 'large' } })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0, elevation: 5 }, ogre: { x: 0, y: 1, elevation: 5, size: 'large' } }), {}, { ruleset: probeRuleset });
    const ev = t.run(probeRoll('ana', { kind: 'check', ability: 'str', skill: 'athletics' }, ['orc']), { dice: 'd20:10 d4:4' });
    expect(tests(ev)[0]!.breakdown.total).toBe(10 + 5 + 4);
    expect(tests(t.run(probeRoll('ana', { kind: 'check', ability: 'str', skill: 'athletics' }, ['ogre']), { dice: 'd20:10' }))[0]!.breakdown.total).toBe(15);
    expect(expertise(t.run(probeRoll('ana', { kind: 'save', ability: 'str' }, ['orc']), { dice: 'd20:10 d4:1' }))).toBe('1d20 + 1d4 expertise');
  });

  it('A5E-POS-11 back-to-back: a bonus action next to an ally; passive Perception +2, no flanking, until its next turn or either moves', () => {
    const t = fight([pc('ana'), pc('bo'), orc('orc')], grid({ ana: { x: 0, y: 0 }, bo: { x: 1, y: 0 }, orc: { x: 5, y: 5 } }));
    t.run(act('ana', 'back-to-back', ['bo']));
    expect([conds(t, 'ana'), t.creature('ana').resources['bonusAction']]).toEqual([['back-to-back'], 0]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    // passive Perception 10 + 1 (Wis) + 2 back-to-back = 13; Stealth 11 + 1 = 12
    const hide = t.run(act('orc', 'hide', [], { observers: ['ana'] }), { dice: 'd20:11', preAnswers: { 'a5e.hidePossible': 'yes' } });
    expect(texts(hide)).toContain('Stealth 12 vs Ana\'s passive Perception 13: noticed');
    t.run({ type: 'endTurn' });
    expect(conds(t, 'ana')).toEqual([]);
    t.run(act('ana', 'back-to-back', ['bo']));
    t.run({ type: 'endTurn' });
    const ev = t.run(move('bo', path([2, 0])));
    expect(TestTable.ofType(ev, 'ConditionRemoved')[0]).toMatchObject({ creatureId: 'ana', conditionId: 'back-to-back', ruleId: 'A5E-POS-11' });
    t.rejects(act('bo', 'back-to-back', ['ana']), 'too-far');
  });

  it('A5E-POS-12 pulling an ally: its reaction, +2 ft per foot, the ally ends beside it and both provoke', () => {
    const t = fight([pc('ana'), pc('bo'), orc('orc')], grid({ ana: { x: 1, y: 0 }, bo: { x: 0, y: 0 }, orc: { x: 0, y: 1 } }));
    const ev = t.run(move('ana', { path: path([2, 0], [3, 0]), pull: 'bo' }), { preAnswers: { 'a5e.pullAlly': 'accept', 'a5e.opportunityAttack': 'decline' } });
    const asked = TestTable.ofType(ev, 'PromptAnswered').map((p) => p.promptId.split('.').slice(2).join('.'));
    expect(asked).toEqual(['a5e.pullAlly.bo', 'a5e.opportunityAttack.orc', 'a5e.opportunityAttack.orc']);
    expect([at(t, 'ana').x, at(t, 'bo').x, feetLeft(t, 'ana'), t.creature('bo').vars['a5e.beingPulled']]).toEqual([3, 2, 0, undefined]);
    const u = fight([pc('ana'), pc('bo'), orc('orc')], grid({ ana: { x: 1, y: 0 }, bo: { x: 0, y: 0 }, orc: { x: 9, y: 9 } }));
    u.run(move('ana', { path: path([2, 0]), pull: 'bo' }), { preAnswers: { 'a5e.pullAlly': 'refuse' } });
    expect([at(u, 'bo').x, feetLeft(u, 'ana'), u.creature('ana').resources['reaction']]).toEqual([0, 25, 1]);
  });

  it('A5E-POS-13 flanking on a grid: an ally directly opposite gives an expertise die; not if either is incapacitated or the target stands back-to-back', () => {
    const t = fight([pc('ana'), pc('bo'), orc('orc'), orc('orc2')], grid({ ana: { x: 0, y: 1 }, bo: { x: 2, y: 1 }, orc: { x: 1, y: 1 }, orc2: { x: 1, y: 2 } }));
    expect(expertise(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:10 d4:3 d8:4' }))).toBe('1d20 + 1d4 expertise');
    t.run({ type: 'gm.addCondition', creatureId: 'bo', conditionId: 'stunned' });
    t.run({ type: 'gm.removeCondition', creatureId: 'bo', conditionId: 'stunned' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run(act('orc', 'back-to-back', ['orc2']));
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(expertise(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:10 d8:4' }))).toBe('1d20');
    t.run({ type: 'gm.addCondition', creatureId: 'bo', conditionId: 'stunned' });
    const u = fight([pc('ana'), pc('bo', { conditions: [{ id: 'stunned' }] }), orc('orc')], grid({ ana: { x: 0, y: 1 }, bo: { x: 2, y: 1 }, orc: { x: 1, y: 1 } }));
    expect(expertise(u.run(act('ana', 'attack', ['orc']), { dice: 'd20:10 d8:4' }))).toBe('1d20');
  });

  it('A5E-POS-14 flanking without a grid: the third creature attacking it in melee this round (each, by engagement with the option)', () => {
    const space = () => zones({ ana: 'hall', bo: 'hall', cy: 'hall', orc: 'hall' }, [['ana', 'orc'], ['bo', 'orc'], ['cy', 'orc']]);
    const t = fight([pc('ana'), pc('bo'), pc('cy'), orc('orc')], space());
    expect(expertise(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' }))).toBe('1d20');
    t.run({ type: 'endTurn' });
    expect(expertise(t.run(act('bo', 'attack', ['orc']), { dice: 'd20:2' }))).toBe('1d20');
    t.run({ type: 'endTurn' });
    const third = t.run(act('cy', 'attack', ['orc']), { dice: 'd20:2 d4:1' });
    expect(TestTable.ofType(third, 'TestResolved')[0]!.breakdown.dice).toBe('1d20 + 1d4 expertise');
    const u = fight([pc('ana'), pc('bo'), pc('cy'), orc('orc')], space(), { 'a5e.zoneFlanking': 'engaged' });
    expect(expertise(u.run(act('ana', 'attack', ['orc']), { dice: 'd20:2 d4:1' }))).toBe('1d20 + 1d4 expertise');
  });
});
