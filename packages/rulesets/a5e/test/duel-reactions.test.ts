import { describe, expect, it } from 'vitest';
import { actionMenu, createGridSpace, placeCreature, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { attack, kass, ruleTexts, startedDuel, vey } from './duel-fixtures';

/** Vey at (0, 0), Kass beside her at (1, 0): each leaves the other's reach by stepping away. */
function grid(): Json {
  let g = createGridSpace({});
  g = placeCreature(g, 'vey', { x: 0, y: 0, size: 'medium' });
  g = placeCreature(g, 'kass', { x: 1, y: 0, size: 'medium' });
  return g as unknown as Json;
}

const pool = (t: TestTable, id: string) => t.creature(id).resources['duelActions'];
const step = (id: string, ...to: [number, number][]) => ({ type: 'move', creatureId: id, to: to.map(([x, y]) => ({ x, y })) });
const open = (t: TestTable) => t.state.pending?.open.map((p) => ({ key: p.key, about: p.about, text: p.text, options: p.options.map((o) => o.id) }));
const spell = (id: string, castingTime: string) => ({ type: 'takeAction', actorId: id, action: 'cast-spell', targets: [], options: { spell: 'shield', castingTime } });

describe('A5E duel: reactions and purchases, targeted attacks on every attack', () => {
  it('DUEL-EXERT-1 a duelist with no duel actions left but exertion is offered an opportunity attack, and buys the duel action it costs', () => {
    const t = startedDuel({ space: grid() });
    t.run(attack('vey', 'kass'), { dice: 'd20:2' }); // the Attack action: 2 of Vey's 3
    t.run(spell('vey', 'bonusAction')); // the last one
    expect(pool(t, 'vey')).toBe(0);
    t.run({ type: 'endTurn' });
    t.run(step('kass', [2, 0]));
    expect(open(t)).toEqual([{
      key: 'a5e.opportunityAttack', about: 'vey',
      text: "Kass is leaving Vey's reach: make an opportunity attack with its reaction (no duel actions left: 1 exertion buys the one it needs)?",
      options: ['attack:longsword', 'attack:longsword;target=neck', 'attack:longsword;target=head', 'attack:longsword;target=limbs', 'decline'],
    }]);
    const ev = t.answer('a5e.opportunityAttack', 'attack:longsword', { dice: 'd20:15 d8:4' });
    expect(ruleTexts(ev, 'DUEL-EXERT-1')).toEqual(['Vey spends 1 exertion for 1 more duel action (1 now; 1 of 3 exertion spent on duel actions this round)']);
    expect(ruleTexts(ev, 'DUEL-ACTION-9')).toEqual(['Vey spends 1 duel action on a reaction (0 left)']);
    expect([pool(t, 'vey'), t.creature('vey').resources['exertion'], t.creature('kass').hp]).toEqual([0, 5, 30 - 7]);
  });

  it('DUEL-EXERT-3 no purchase past the round\'s cap, and none without exertion: then no opportunity attack is offered', () => {
    // Kass has no exertion: with its 2 duel actions spent, Vey walks away unchallenged.
    const t = startedDuel({ space: grid() });
    t.run(spell('kass', 'reaction'));
    t.run({ type: 'takeAction', actorId: 'kass', action: 'maneuver', targets: ['vey'], options: { maneuver: 'parry', cost: 'reaction' } }, { preAnswers: { 'a5e.maneuverResult': 'success' } });
    expect(pool(t, 'kass')).toBe(0);
    t.run(step('vey', [-1, 0]));
    expect(t.state.pending).toBeNull();
    // Vey (PB 3) has bought 2 this round for 3 exertion, the cap: no third purchase, so no opportunity attack.
    const u = startedDuel({ space: grid() });
    u.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 2 });
    u.run(attack('vey', 'kass'), { dice: 'd20:2' });
    u.run(spell('vey', 'bonusAction'));
    u.run(spell('vey', 'reaction'));
    u.run({ type: 'takeAction', actorId: 'vey', action: 'maneuver', targets: ['kass'], options: { maneuver: 'parry', cost: 'reaction' } }, { preAnswers: { 'a5e.maneuverResult': 'success' } });
    expect([pool(u, 'vey'), u.creature('vey').resources['exertion']]).toEqual([0, 3]);
    u.run({ type: 'endTurn' });
    u.run(step('kass', [2, 0]));
    expect(u.state.pending).toBeNull();
  });

  it('DUEL-TARGET-1 an opportunity attack may be a targeted attack, declared in the answer; once a round', () => {
    const t = startedDuel({ space: grid() });
    // Vey steps away on her turn: Kass (2 duel actions) is asked, and aims at her head.
    t.run(step('vey', [-1, 0]));
    expect(open(t)![0]!.options).toEqual(['attack:rapier', 'attack:rapier;target=neck', 'attack:rapier;target=head', 'attack:rapier;target=limbs', 'decline']);
    const ev = t.answer('a5e.opportunityAttack', 'attack:rapier;target=head', { dice: 'd20:17 d20:16 d8:3' });
    expect(ruleTexts(ev, 'DUEL-TARGET-2')).toEqual(["Kass declares a targeted attack at Vey's head before rolling, with disadvantage"]);
    expect(t.creature('vey').conditions.map((c) => c.conditionId)).toContain('blinded');
    // Back in and out again the same round: another opportunity attack, but no second targeted one.
    t.run(step('vey', [0, 0]));
    t.run(step('vey', [-1, 0]));
    expect(open(t)![0]!.options).toEqual(['attack:rapier', 'decline']);
    // An answer naming a location anyway is refused by the rule itself.
    const r = t.encounter.propose({ id: 'x1', issuedBy: { role: 'gm' }, command: { type: 'answerPrompt', promptId: t.state.pending!.open[0]!.id, answer: 'attack:rapier;target=neck' } });
    expect(r.ok).toBe(false);
  });

  it('DUEL-TARGET-1 a readied attack may be a targeted attack: declared when readied, or when released', () => {
    const t = startedDuel();
    t.run({ type: 'takeAction', actorId: 'vey', action: 'ready', targets: ['kass'], options: { trigger: 'Kass lunges', readied: 'attack', readiedOptions: { attack: 'longsword', target: 'legs' } } });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'a5e.releaseReadied', creatureId: 'vey', decision: 'release' }, { dice: 'd20:15 d20:14 d8:4' });
    expect(ruleTexts(ev, 'DUEL-TARGET-2')).toEqual(["Vey declares a targeted attack at Kass's arms/legs before rolling, with disadvantage"]);
    expect(t.creature('kass').conditions.map((c) => c.conditionId)).toContain('slowed');

    const u = startedDuel();
    u.run({ type: 'takeAction', actorId: 'vey', action: 'ready', targets: ['kass'], options: { trigger: 'Kass lunges', readied: 'attack', readiedOptions: { attack: 'longsword' } } });
    u.run({ type: 'endTurn' });
    u.run({ type: 'a5e.releaseReadied', creatureId: 'vey' });
    expect(open(u)![0]!.options).toEqual(['release', 'release;target=neck', 'release;target=head', 'release;target=limbs', 'ignore']);
    const rel = u.answer('a5e.releaseReadied', 'release;target=neck', { dice: 'd20:15 d20:14 d8:4 d4:2' });
    expect(ruleTexts(rel, 'DUEL-TARGET-5')).toEqual(['neck: 2 × 3 = 6 more slashing damage']);
    expect(u.creature('kass').hp).toBe(30 - 7 - 6);
  });

  it('DUEL-TARGET-1 the action menu offers a targeted attack on the attacks while it is unused this round', () => {
    const t = startedDuel();
    const targetOption = () => actionMenu(t.state, 'vey', { role: 'gm' }, a5eRuleset).actions.find((a) => a.id === 'attack:longsword')!.options!.properties!['target'];
    expect(targetOption()).toEqual({
      type: 'string', enum: ['neck', 'head', 'limbs'],
      enumLabels: ['a targeted attack at the neck (1d4 × proficiency bonus more damage)', 'a targeted attack at the head (blinded)', 'a targeted attack at the arms/legs (slowed)'],
      description: 'a targeted attack at the opponent: once a round, declared before the roll, with disadvantage (DUEL-TARGET-1)',
    });
    t.run(attack('vey', 'kass', { target: 'head' }), { dice: 'd20:3 d20:2' });
    expect(targetOption()).toBeUndefined();
    // never on a table without a duel
    const plain = new TestTable(a5eRuleset, { creatures: [vey(), kass()] });
    plain.run({ type: 'startCombat' });
    expect(actionMenu(plain.state, 'vey', { role: 'gm' }, a5eRuleset).actions.find((a) => a.id === 'attack:longsword')!.options!.properties!['target']).toBeUndefined();
  });
});
