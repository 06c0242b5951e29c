import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { adjacentTo, type GridSpaceState } from '@fray/engine';
import { a5eRuleset, modeSpeed } from '../src/index';
import { act, at, feetLeft, fight, grid, move, orc, path, pc, probeRuleset, rules, tests, texts, zones } from './movement-fixtures';

describe('A5E movement', () => {
  it('A5E-MOVE-1 a creature moves up to its Speed on its turn, in pieces; the pool refuses more', () => {
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 20, y: 0 } }));
    t.run(move('ana', path([1, 0], [2, 0])));
    expect([at(t, 'ana'), feetLeft(t, 'ana')]).toEqual([{ x: 2, y: 0, elevation: 0 }, 20]);
    t.run(move('ana', { x: 6, y: 0 }));
    expect([at(t, 'ana').x, feetLeft(t, 'ana')]).toEqual([6, 0]);
    const r = t.rejects(move('ana', path([7, 0])), 'not-enough-movement');
    expect(r.ruleId).toBe('A5E-MOVE-1');
    t.rejects(move('orc', path([19, 0])), 'not-your-turn');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(feetLeft(t, 'ana')).toBe(30);
  });

  it('A5E-MOVE-2 flying and burrowing need the speed; climbing and swimming work on the walking Speed', () => {
    const t = fight([pc('ana'), pc('wren', { sheet: { speed: { walk: 20, fly: 50 } } })], grid({ ana: { x: 0, y: 0 }, wren: { x: 5, y: 5 } }));
    expect(t.rejects(move('ana', { path: path([0, 0, 5]), mode: 'fly' }), 'no-fly-speed').ruleId).toBe('A5E-MOVE-9');
    t.rejects(move('ana', { path: path([1, 0]), mode: 'burrow' }), 'no-burrow-speed');
    t.run(move('ana', { path: path([1, 0]), mode: 'swim' }));
    expect(feetLeft(t, 'ana')).toBe(20);
    t.run({ type: 'endTurn' });
    t.run(move('wren', { path: path([5, 5, 5], [6, 5, 10]), mode: 'fly' }));
    expect([at(t, 'wren'), t.creature('wren').vars['a5e.flying']]).toEqual([{ x: 6, y: 5, elevation: 10 }, true]);
  });

  it('A5E-MOVE-3 switching speeds: the new speed minus what was spent this turn (the seed\'s run, swim, run)', () => {
    const water = { tags: { water: [{ x: 2, y: 0 }, { x: 3, y: 0 }] } };
    const otter = pc('otter', { sheet: { speed: { walk: 30, swim: 30 } } });
    const t = fight([otter], grid({ otter: { x: 0, y: 0 } }, water));
    t.run(move('otter', path([1, 0], [2, 0], [3, 0], [4, 0], [5, 0])));
    expect(feetLeft(t, 'otter')).toBe(5);
    const r = t.rejects(move('otter', path([6, 0], [7, 0])), 'not-enough-movement');
    expect(r.ruleId).toBe('A5E-MOVE-1');

    // walk 30 / swim 20: after 25 ft on foot, 20 - 25 < 0 leaves no swimming this turn
    const seal = pc('seal', { sheet: { speed: { walk: 30, swim: 20 } } });
    const u = fight([seal], grid({ seal: { x: 0, y: 0 } }, { tags: { water: [{ x: 6, y: 0 }] } }));
    u.run(move('seal', { x: 5, y: 0 }));
    expect(u.rejects(move('seal', path([6, 0])), 'not-enough-movement').ruleId).toBe('A5E-MOVE-3');

    // walk 30 / fly 60: after walking 20, 40 ft of flight are left
    const hawk = pc('hawk', { sheet: { speed: { walk: 30, fly: 60 } } });
    const v = fight([hawk], grid({ hawk: { x: 0, y: 0 } }));
    v.run(move('hawk', { x: 4, y: 0 }));
    v.rejects(move('hawk', { x: 13, y: 0, mode: 'fly' }), 'not-enough-movement');
    v.run(move('hawk', { x: 12, y: 0, mode: 'fly' }));
    expect([at(v, 'hawk').x, feetLeft(v, 'hawk')]).toEqual([12, 0]);

    // seed 003 subtracts the distance moved (10 ft through difficult terrain, costing 20): 20 ft of swimming
    // left; the catalog's reading subtracts the 20 ft spent (option a5e.modeSwitchCounts = 'cost')
    const pond = () => grid({ otter: { x: 0, y: 0 } }, { difficult: [{ x: 1, y: 0 }, { x: 2, y: 0 }], tags: { water: [{ x: 3, y: 0 }, { x: 4, y: 0 }, { x: 5, y: 0 }, { x: 6, y: 0 }] } });
    const seed = fight([otter], pond());
    seed.run(move('otter', path([1, 0], [2, 0])));
    seed.run(move('otter', path([3, 0], [4, 0], [5, 0])));
    expect(at(seed, 'otter').x).toBe(5);
    const catalog = fight([otter], pond(), { 'a5e.modeSwitchCounts': 'cost' });
    catalog.run(move('otter', path([1, 0], [2, 0])));
    catalog.rejects(move('otter', path([3, 0], [4, 0], [5, 0])), 'not-enough-movement');
  });

  it('A5E-MOVE-4 climbing costs an extra foot per foot without a climb speed (the berserker climbs 15 ft)', () => {
    const t = fight([pc('berserker'), pc('spider', { sheet: { speed: { walk: 30, climb: 30 } } })], grid({ berserker: { x: 0, y: 0 }, spider: { x: 5, y: 0 } }));
    const ev = t.run(move('berserker', { path: path([0, 0, 5], [0, 0, 10], [0, 0, 15]), mode: 'climb' }));
    expect([at(t, 'berserker').elevation, feetLeft(t, 'berserker')]).toEqual([15, 0]);
    expect(rules(ev)).toContain('A5E-MOVE-4');
    t.run({ type: 'endTurn' });
    t.run(move('spider', { path: path([5, 0, 5], [5, 0, 10], [5, 0, 15]), mode: 'climb' }));
    expect(feetLeft(t, 'spider')).toBe(15);
  });

  it('A5E-MOVE-5 a prone creature can only crawl, each foot costing an extra foot', () => {
    const t = fight([pc('ana', { conditions: [{ id: 'prone' }] })], grid({ ana: { x: 0, y: 0 } }));
    t.rejects(move('ana', { path: path([0, 0, 5]), mode: 'climb' }), 'crawl-only');
    const ev = t.run(move('ana', path([1, 0], [2, 0])));
    expect([feetLeft(t, 'ana'), rules(ev)]).toEqual([10, ['A5E-MOVE-5']]);
  });

  it('A5E-MOVE-6 difficult terrain costs an extra foot, once however many hazards, and stacks with crawling', () => {
    const rough = { difficult: [{ x: 1, y: 0 }, { x: 2, y: 0 }, { x: 3, y: 0 }] };
    const t = fight([pc('ana'), pc('bo', { conditions: [{ id: 'prone' }] })], grid({ ana: { x: 0, y: 0 }, bo: { x: 0, y: 2 } }, { difficult: [...rough.difficult, { x: 1, y: 2 }, { x: 2, y: 2 }] }));
    t.run(move('ana', path([1, 0], [2, 0], [3, 0])));
    expect(feetLeft(t, 'ana')).toBe(0);
    t.run({ type: 'endTurn' });
    const ev = t.run(move('bo', path([1, 2], [2, 2])));
    expect([feetLeft(t, 'bo'), rules(ev).sort()]).toEqual([0, ['A5E-MOVE-5', 'A5E-MOVE-6']]);
  });

  it('A5E-MOVE-7 costs add up: pulling an ally through difficult terrain is 4 ft per foot', () => {
    const t = fight([pc('ana'), pc('bo', { controller: 'seat-ana' })], grid({ ana: { x: 1, y: 0 }, bo: { x: 0, y: 0 } }, { difficult: [{ x: 2, y: 0 }, { x: 3, y: 0 }] }));
    t.rejects(move('ana', { path: path([2, 0], [3, 0]), pull: 'bo' }), 'not-enough-movement');
    const ev = t.run(move('ana', { path: path([2, 0]), pull: 'bo' }));
    expect([at(t, 'ana').x, at(t, 'bo').x, feetLeft(t, 'ana'), t.creature('ana').resources['reaction']]).toEqual([2, 1, 10, 0]);
    expect(rules(ev)).toEqual(expect.arrayContaining(['A5E-MOVE-6', 'A5E-POS-12']));
  });

  it('A5E-MOVE-7 moving away from its fixation costs an extra foot; frightened and enraged creatures are held to their direction (A5E-COND-15, A5E-COND-13)', () => {
    const space = () => grid({ ana: { x: 2, y: 0 }, orc: { x: 0, y: 0 }, gob: { x: 6, y: 0 } });
    const held = (conditionId: string, source: string) => fight([pc('ana'), orc('orc', { side: 'wild' }), orc('gob', { side: 'wild' })], space(), {}, {
      ruleset: probeRuleset, setup: (u) => u.run({ type: 'probe.addCondition', creatureId: 'ana', conditionId, source }),
    });
    const t = held('fixated', 'orc');
    const ev = t.run(move('ana', path([3, 0], [3, 1])));
    expect([feetLeft(t, 'ana'), rules(ev)]).toEqual([15, ['A5E-COND-14']]);
    const f = held('frightened', 'gob');
    expect(f.rejects(move('ana', path([3, 0])), 'frightened').ruleId).toBe('A5E-COND-15');
    f.run(move('ana', path([1, 1])));
    const e = held('enraged', 'ana');
    expect(e.rejects(move('ana', path([3, 0])), 'enraged').ruleId).toBe('A5E-COND-13');
    e.run(move('ana', path([1, 0])));
  });

  it('A5E-MOVE-8 climbing in difficult terrain: 3 ft per foot by default, 4 with the seed\'s example (7 ft of 30)', () => {
    const t = fight([pc('berserker')], zones({ berserker: 'cliff' }));
    t.rejects(move('berserker', { feet: 11, mode: 'climb', difficult: true }), 'not-enough-movement');
    t.run(move('berserker', { feet: 10, mode: 'climb', difficult: true }));
    expect(feetLeft(t, 'berserker')).toBe(0);
    const u = fight([pc('berserker')], zones({ berserker: 'cliff' }), { climbInDifficultTerrainCostPerFoot: 4 });
    u.rejects(move('berserker', { feet: 8, mode: 'climb', difficult: true }), 'not-enough-movement');
    const ev = u.run(move('berserker', { feet: 7, mode: 'climb', difficult: true }));
    expect([feetLeft(u, 'berserker'), rules(ev)]).toEqual([2, ['A5E-MOVE-6', 'A5E-MOVE-4', 'A5E-MOVE-8']]);
  });

  it('A5E-MOVE-9 a flyer knocked prone falls (A5E-ENV-1) unless it can hover', () => {
    const t = fight([pc('hawk', { sheet: { speed: { walk: 30, fly: 60 } } }), pc('bee', { sheet: { speed: { walk: 10, fly: 40, hover: true } } })], grid({ hawk: { x: 0, y: 0 }, bee: { x: 3, y: 0 } }));
    t.run(move('hawk', { path: path([0, 0, 5], [0, 0, 10], [0, 0, 15], [0, 0, 20]), mode: 'fly' }));
    const ev = t.run({ type: 'gm.addCondition', creatureId: 'hawk', conditionId: 'prone' }, { dice: 'd6:3 d6:4' });
    expect(texts(ev)).toContain('Hawk can no longer stay aloft and falls 20 ft');
    expect([at(t, 'hawk').elevation, t.creature('hawk').hp, t.creature('hawk').vars['a5e.flying']]).toEqual([0, 28 - 7, undefined]);
    t.run({ type: 'endTurn' });
    t.run(move('bee', { path: path([3, 0, 5]), mode: 'fly' }));
    const hover = t.run({ type: 'gm.addCondition', creatureId: 'bee', conditionId: 'prone' });
    expect([texts(hover), at(t, 'bee').elevation]).toEqual([['Bee hovers and does not fall'], 5]);
    // a fly speed reduced to 0 grounds it as well
    const u = fight([pc('hawk', { sheet: { speed: { walk: 30, fly: 60 } } })], grid({ hawk: { x: 0, y: 0 } }));
    u.run(move('hawk', { path: path([0, 0, 5], [0, 0, 10]), mode: 'fly' }));
    const held = u.run({ type: 'gm.addCondition', creatureId: 'hawk', conditionId: 'restrained' }, { dice: 'd6:6' });
    expect([texts(held)[0], at(u, 'hawk').elevation, u.creature('hawk').hp]).toEqual(['Hawk can no longer stay aloft and falls 10 ft', 0, 22]);
  });

  it('A5E-MOVE-10 a long jump after a 10-ft run-up covers up to the Strength score, each foot costing a foot', () => {
    const t = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }));
    t.rejects(move('ana', { path: path([1, 0], [2, 0]), jump: { kind: 'long', to: { x: 6, y: 0 } } }), 'jump-too-far');
    const ev = t.run(move('ana', { path: path([1, 0], [2, 0]), jump: { kind: 'long', to: { x: 5, y: 0 } } }));
    expect(texts(ev)).toContain('Ana long-jumps 15 ft with a run-up (up to 16 ft)');
    expect([at(t, 'ana').x, feetLeft(t, 'ana')]).toEqual([5, 5]);
    // standing: seed 002 requires the run-up; the catalog's half-distance standing jump is an option
    const s = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }));
    expect(s.rejects(move('ana', { path: path([1, 0]), jump: { kind: 'long', to: { x: 2, y: 0 } } }), 'no-run-up').ruleId).toBe('A5E-MOVE-10');
    const u = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }), { 'a5e.standingLongJump': 'half' });
    expect(u.rejects(move('ana', { jump: { kind: 'long', to: { x: 2, y: 0 } } }), 'jump-too-far').message).toContain('8 ft standing');
    u.run(move('ana', { jump: { kind: 'long', to: { x: 1, y: 0 } } }));
    expect(feetLeft(u, 'ana')).toBe(25);
  });

  it('A5E-MOVE-11 a long jump clears a low obstacle up to a quarter of its length; a failed DC 10 Athletics check stops it short', () => {
    const t = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }));
    const jump = (height: number) => move('ana', { path: path([1, 0], [2, 0]), jump: { kind: 'long', to: { x: 5, y: 0 }, obstacle: { height, before: { x: 3, y: 0 } } } });
    t.rejects(jump(4), 'obstacle-too-tall');
    const ev = t.run(jump(3), { dice: 'd20:1', preAnswers: { 'a5e.jumpObstacle': 'check' } });
    expect(tests(ev)[0]).toMatchObject({ against: { value: 10 }, outcome: 'failure', ruleId: 'A5E-MOVE-11' });
    expect(texts(ev)).toContain('Ana crashes into the obstacle and stops short of it');
    expect([at(t, 'ana').x, feetLeft(t, 'ana')]).toEqual([3, 15]);
  });

  it('A5E-MOVE-12 landing in difficult terrain takes a DC 10 Acrobatics check or the jumper lands prone', () => {
    const t = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }, { difficult: [{ x: 5, y: 0 }] }));
    const ev = t.run(move('ana', { path: path([1, 0], [2, 0]), jump: { kind: 'long', to: { x: 5, y: 0 } } }), { dice: 'd20:8' });
    expect(tests(ev)[0]).toMatchObject({ against: { label: 'land on its feet', value: 10 }, outcome: 'failure', ruleId: 'A5E-MOVE-12' });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['prone']);
    const u = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }, { difficult: [{ x: 5, y: 0 }] }));
    u.run(move('ana', { path: path([1, 0], [2, 0]), jump: { kind: 'long', to: { x: 5, y: 0 } } }), { dice: 'd20:9' });
    expect(u.creature('ana').conditions).toEqual([]);
  });

  it('A5E-MOVE-13 a high jump reaches 3 + Strength modifier feet with a run-up, half standing', () => {
    const t = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }));
    const ev = t.run(move('ana', { jump: { kind: 'high', feet: 3 } }));
    expect([texts(ev), feetLeft(t, 'ana')]).toEqual([['Ana high-jumps 3 ft standing (up to 3 ft)'], 27]);
    const run = t.run(move('ana', { path: path([1, 0], [2, 0]), jump: { kind: 'high', feet: 6, to: { x: 3, y: 0, elevation: 5 } } }));
    expect(texts(run)).toContain('Ana high-jumps 6 ft with a run-up (up to 6 ft)');
    expect([at(t, 'ana'), feetLeft(t, 'ana')]).toEqual([{ x: 3, y: 0, elevation: 5 }, 11]);
  });

  it('A5E-MOVE-14 a jump longer than its Speed may use twice its Speed, when the turn holds no other movement', () => {
    const leaper = pc('leaper', { sheet: { speed: { walk: 15 }, abilities: { str: 18, dex: 12, con: 14, int: 10, wis: 12, cha: 8 } } });
    const t = fight([leaper], zones({ leaper: 'bank' }));
    const ev = t.run(move('leaper', { feet: 10, jump: { kind: 'long', feet: 18 } }));
    expect(rules(ev)).toContain('A5E-MOVE-14');
    expect(feetLeft(t, 'leaper')).toBe(0);
    const u = fight([leaper], zones({ leaper: 'bank' }));
    u.run(move('leaper', { feet: 5 }));
    expect(u.rejects(move('leaper', { feet: 10, jump: { kind: 'long', feet: 18 } }), 'not-enough-movement').ruleId).toBe('A5E-MOVE-14');
  });

  it('A5E-MOVE-15 at the top of a jump a creature reaches the jump height plus 1.5 times its own height', () => {
    const t = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }));
    const ev = t.run(move('ana', { path: path([1, 0], [2, 0]), jump: { kind: 'high', feet: 5, bodyHeight: 6 } }));
    expect(texts(ev)).toContain('Ana can reach 14 ft above the ground at the top of the jump');
  });

  it('A5E-MOVE-16 the Narrator may allow a Strength (Athletics) check to jump higher', () => {
    const t = fight([pc('ana')], grid({ ana: { x: 0, y: 0 } }));
    const ev = t.run(move('ana', { jump: { kind: 'high', feet: 5 } }), { dice: 'd20:8', preAnswers: { 'a5e.jumpHigher': 'dc-10' } });
    expect(tests(ev)[0]).toMatchObject({ against: { value: 10 }, outcome: 'success', ruleId: 'A5E-MOVE-16' });
    expect(feetLeft(t, 'ana')).toBe(25);
    const refused = t.run(move('ana', { jump: { kind: 'high', feet: 5 } }), { preAnswers: { 'a5e.jumpHigher': 'refuse' } });
    expect(texts(refused)).toContain('Ana reaches only 3 ft');
    expect(feetLeft(t, 'ana')).toBe(22);
  });

  it('A5E-MOVE-17 a Large creature fills a 10-ft square and needs that much room', () => {
    const t = fight([orc('ogre', { sheet: { size: 'large', speed: { walk: 40 } } }), pc('ana')], grid({ ogre: { x: 3, y: 0, size: 'large' }, ana: { x: 1, y: 1 } }));
    t.rejects(move('ogre', path([2, 0], [1, 0])), 'space-occupied');
    t.run(move('ogre', path([2, 0])));
    const g = t.state.space as unknown as GridSpaceState;
    expect(adjacentTo(g, 'ana')).toEqual(['ogre']);
  });

  it('A5E-MOVE-18 a Medium creature is surrounded by at most 8 Medium creatures, a Large one by 12', () => {
    const ring = [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]] as const;
    const placements = Object.fromEntries(ring.map(([x, y], i) => [`o${i}`, { x, y }]));
    const t = fight([pc('ana'), ...ring.map((_, i) => orc(`o${i}`)), orc('late')], grid({ ana: { x: 1, y: 1 }, ...placements, late: { x: 4, y: 1 } }));
    const g = t.state.space as unknown as GridSpaceState;
    expect(adjacentTo(g, 'ana')).toHaveLength(8);
    const big = [[-1, -1], [0, -1], [1, -1], [2, -1], [-1, 0], [2, 0], [-1, 1], [2, 1], [-1, 2], [0, 2], [1, 2], [2, 2]] as const;
    const u = fight([orc('ogre', { sheet: { size: 'large' } }), ...big.map((_, i) => pc(`p${i}`))], grid({ ogre: { x: 0, y: 0, size: 'large' }, ...Object.fromEntries(big.map(([x, y], i) => [`p${i}`, { x, y }])) }));
    expect(adjacentTo(u.state.space as unknown as GridSpaceState, 'ogre')).toHaveLength(12);
  });

  it('A5E-MOVE-19 allies let a creature through; a hostile one is asked; nobody ends in another\'s space', () => {
    const t = fight([pc('ana'), pc('bo'), orc('orc')], grid({ ana: { x: 0, y: 0 }, bo: { x: 1, y: 0 }, orc: { x: 1, y: 1 } }), { 'a5e.dropProneReaction': 'off' });
    t.rejects(move('ana', path([1, 0])), 'space-occupied');
    const refused = t.run(move('ana', path([1, 1], [2, 2])), { preAnswers: { 'a5e.letPass': 'refuse', 'a5e.opportunityAttack': 'decline' } });
    expect(texts(refused)).toContain('Orc will not let Ana through');
    expect([at(t, 'ana').x, feetLeft(t, 'ana')]).toEqual([0, 30]);
    t.run(move('ana', path([1, 1], [2, 2])), { preAnswers: { 'a5e.letPass': 'allow', 'a5e.opportunityAttack': 'decline' } });
    t.run(move('ana', path([1, 1], [1, 0], [0, 0])), { preAnswers: { 'a5e.letPass': 'allow', 'a5e.opportunityAttack': 'decline' } });
    expect([at(t, 'ana'), feetLeft(t, 'ana')]).toEqual([{ x: 0, y: 0, elevation: 0 }, 5]);
  });

  it('A5E-MOVE-20 squeezing into a space one size smaller: +1 ft per foot, attacks and Dexterity saves at disadvantage, attacks against it with advantage', () => {
    const ogre = orc('ogre', { sheet: { size: 'large', speed: { walk: 40 }, attacks: [{ id: 'club', name: 'Club', kind: 'melee', bonus: 6, damage: '2d8', damageType: 'bludgeoning' }] } });
    const t = fight([ogre, orc('gob1'), orc('gob2'), pc('ana')], grid({ ogre: { x: 0, y: 1, size: 'large' }, gob1: { x: 3, y: 0 }, gob2: { x: 3, y: 2 }, ana: { x: 4, y: 1 } }));
    t.rejects(move('ogre', path([1, 1], [2, 1])), 'space-occupied');
    t.rejects(move('ogre', path([1, 1], [2, 1], [3, 1])), 'space-occupied');
    const ev = t.run(move('ogre', { path: path([1, 1], [2, 1], [3, 1]), squeeze: true }));
    expect([feetLeft(t, 'ogre'), rules(ev)]).toEqual([10, ['A5E-MOVE-20']]);
    const swing = t.run(act('ogre', 'attack', ['ana']), { dice: 'd20:15 d20:4' });
    expect(tests(swing)[0]!.breakdown.rollMode.sources.map((s) => [s.label, s.mode])).toEqual([['squeezing', 'disadvantage']]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const back = t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:3 d20:12 d8:2' });
    expect(tests(back)[0]!.breakdown.rollMode.mode).toBe('advantage');
  });

  it('A5E-MOVE-21 teleportation and forced movement spend no movement and provoke nothing', () => {
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }));
    const ev = t.run(move('ana', { x: 8, y: 0, kind: 'teleport' }));
    expect([at(t, 'ana').x, feetLeft(t, 'ana'), rules(ev)]).toEqual([8, 30, ['A5E-MOVE-21']]);
    t.rejects(move('ana', { x: 9, y: 0, kind: 'forced' }), 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
    t.run(move('ana', { x: 2, y: 0, kind: 'teleport' }));
    const pushed = t.run(move('ana', { x: 5, y: 0, kind: 'forced' }));
    expect([at(t, 'ana').x, TestTable.ofType(pushed, 'ResolutionPaused')]).toEqual([5, []]);
  });

  it('A5E-MOVE-22 Speed: bonuses (none while grappled), each halving once, caps, zero; rebuilt mid-turn', () => {
    const t = fight([pc('ana', { conditions: [{ id: 'slowed' }, { id: 'fatigue', level: 3 }] }), pc('bo', { conditions: [{ id: 'slowed' }, { id: 'encumbered' }] })], grid({ ana: { x: 0, y: 0 }, bo: { x: 0, y: 3 } }));
    expect([feetLeft(t, 'ana'), modeSpeed(a5eRuleset, t.state, 'bo')]).toEqual([7, 5]);
    t.run(move('ana', path([1, 0])));
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'grappled' });
    expect(feetLeft(t, 'ana')).toBe(0);
    t.rejects(move('ana', path([2, 0])), 'speed-zero');
    t.run({ type: 'gm.removeCondition', creatureId: 'ana', conditionId: 'grappled' });
    expect(feetLeft(t, 'ana')).toBe(2);
  });
});
