import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@fray/engine';
import { TestTable, miniRuleset } from '../src/index';
import { fighter, goblin, ogre } from './fixtures';

const started = (extra: Parameters<typeof fighter>[0] = {}) => {
  const t = new TestTable(miniRuleset, { creatures: [fighter(extra), ogre()] });
  t.run({ type: 'startCombat' }, { dice: 'd20:14 d20:9' }); // ana 16, ogre 9
  return t;
};

describe('attacks, modifiers and roll modes', () => {
  it('a hit rolls damage and records a full breakdown', () => {
    const t = started();
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:11 d8:6' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect(test.outcome).toBe('hit');
    expect(test.breakdown.total).toBe(16);
    expect(test.breakdown.natural).toBe(11);
    expect(test.against).toEqual({ label: 'AC', value: 11 });
    const dmg = TestTable.ofType(ev, 'DamageApplied')[0]!;
    expect(dmg.rows).toEqual([{ step: 'rolled', type: 'slashing', before: 9, after: 9 }]);
    expect([dmg.hpBefore, dmg.hpAfter]).toEqual([30, 21]);
    expect(t.creature('ogre').hp).toBe(21);
  });

  it('a natural 20 doubles the damage dice, not the flat bonus', () => {
    const t = started();
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:20 d8:4 d8:5' });
    expect(t.creature('ogre').hp).toBe(30 - (4 + 5 + 3));
  });

  it('advantage from the target and disadvantage from the attacker cancel to one d20', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'prone' });
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'poisoned' });
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:3' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect(test.breakdown.rollMode.verdict).toBe('cancelled');
    expect(test.breakdown.dice).toBe('1d20');
    expect(test.outcome).toBe('miss');
  });

  it('advantage rolls two d20s and keeps the higher', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'prone' });
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:2 d20:17 d8:1' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect(test.breakdown.rollMode.mode).toBe('advantage');
    expect(test.breakdown.natural).toBe(17);
    expect(test.breakdown.total).toBe(22);
  });

  it('condition modifiers appear as breakdown rows', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'blessed' });
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:4 d8:1' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect(test.breakdown.rows.map((r) => [r.label, r.value, r.applied])).toEqual([['attack bonus', 5, true], ['blessed', 2, true]]);
    expect(test.breakdown.total).toBe(11);
    expect(test.outcome).toBe('hit');
  });

  it('resistance from a condition halves damage, rounding down, with its own row', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'stoneskin' });
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:15 d8:6' });
    const dmg = TestTable.ofType(ev, 'DamageApplied')[0]!;
    expect(dmg.rows).toEqual([
      { step: 'rolled', type: 'slashing', before: 9, after: 9 },
      { step: 'resistance', type: 'slashing', before: 9, after: 4, note: 'resistant' },
    ]);
    expect(t.creature('ogre').hp).toBe(26);
  });

  it('temporary hit points absorb damage first', () => {
    const t = started();
    t.run({ type: 'gm.setHp', creatureId: 'ogre', tempHp: 5 });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:15 d8:6' });
    expect([t.creature('ogre').hp, t.creature('ogre').tempHp]).toEqual([26, 0]);
  });
});

describe('conditions and durations', () => {
  it('an implied condition comes and goes with its parent', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'paralyzed' });
    expect(t.creature('ogre').conditions.map((c) => c.conditionId).sort()).toEqual(['incapacitated', 'paralyzed']);
    t.run({ type: 'gm.removeCondition', creatureId: 'ogre', conditionId: 'paralyzed' });
    expect(t.creature('ogre').conditions).toEqual([]);
  });

  it('an automatic failure rolls no die', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'paralyzed' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'shove', targets: ['ogre'] }, { preAnswers: { 'mini.brace': 'brace' } });
    const test = TestTable.ofType(t.encounter.events, 'TestResolved').at(-1)!;
    expect(test.outcome).toBe('failure');
    expect(test.ruleId).toBe('auto-fail');
    expect(t.creature('ogre').conditions.map((c) => c.conditionId)).toContain('prone');
  });

  it('a stat block immunity stops a condition', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter(), ogre({ sheet: { name: 'Golem', hp: 30, ac: 11, attackBonus: 6, damage: '2d8+4', conditionImmunities: ['prone'] } })] });
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'prone' });
    expect(t.creature('ogre').conditions).toEqual([]);
  });

  it('dodging lasts until the start of the dodger\'s next turn', () => {
    const t = started();
    t.run({ type: 'takeAction', actorId: 'ana', action: 'dodge' });
    t.run({ type: 'endTurn' });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['dodging']);
    t.run({ type: 'endTurn' }); // ogre ends; round 2 starts with ana
    expect(t.state.round).toBe(2);
    expect(t.creature('ana').conditions).toEqual([]);
  });

  it('"until the end of its next turn" applied during its own turn skips the current turn end', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'blessed', duration: { kind: 'nextTurn', creatureId: 'ana', boundary: 'end' } });
    t.run({ type: 'endTurn' });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['blessed']);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(t.creature('ana').conditions).toEqual([]);
  });

  it('N rounds counts the named creature\'s turn starts', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'poisoned', duration: { kind: 'rounds', rounds: 2, creatureId: 'ana' } });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }); // round 2 begins: 1 left
    expect(t.creature('ogre').conditions.map((c) => c.conditionId)).toEqual(['poisoned']);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }); // round 3 begins: gone
    expect(t.creature('ogre').conditions).toEqual([]);
  });

  it('ongoing damage fires at the start of the holder\'s turn', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'burning' });
    const ev = t.run({ type: 'endTurn' }, { dice: 'd4:3' });
    expect(TestTable.ofType(ev, 'DamageApplied')[0]!.rows).toEqual([{ step: 'rolled', type: 'fire', before: 3, after: 3 }]);
    expect(t.creature('ogre').hp).toBe(27);
  });

  it('save-ends effects roll at the holder\'s turn boundary and end on a success', () => {
    const t = started();
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'poisoned', duration: { kind: 'saveEnds', save: { dc: 12 }, timing: 'end' } });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd20:5' }); // ogre: 5 - 1 = 4 fails
    expect(t.creature('ogre').conditions.map((c) => c.conditionId)).toEqual(['poisoned']);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd20:18' });
    expect(t.creature('ogre').conditions).toEqual([]);
  });

  it('a leveled track rises instead of doubling, and its levels add up', () => {
    const t = started();
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'weary', value: 2 });
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'weary', level: 2 });
    expect(t.creature('ana').conditions.map((c) => [c.conditionId, c.level])).toEqual([['weary', 2]]);
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:10 d8:1' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(13);
    t.rejects({ type: 'gm.setTrack', creatureId: 'ana', track: 'weary', value: 4 }, 'out-of-bounds');
  });
});

describe('prompts in the middle of a rule', () => {
  it('pauses for the target\'s controller, then resumes with the answer', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter(), ogre({ controller: 'seat-gm-helper' })] });
    t.run({ type: 'startCombat' }, { dice: 'd20:14 d20:9' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'shove', targets: ['ogre'] });
    const open = t.state.pending!.open;
    expect(open.map((p) => [p.key, p.to])).toEqual([['mini.brace', { role: 'player', seat: 'seat-gm-helper' }]]);
    t.rejects({ type: 'endTurn' }, 'prompt-pending');
    t.rejects({ type: 'answerPrompt', promptId: open[0]!.id, answer: 'brace' }, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
    t.rejects({ type: 'answerPrompt', promptId: open[0]!.id, answer: 'jump' }, 'bad-answer', { as: { role: 'player', seat: 'seat-gm-helper' } });
    t.answer('mini.brace', 'brace', { dice: 'd20:4' }); // 4 - 1 = 3 < 12
    expect(t.state.pending).toBeNull();
    expect(t.creature('ogre').conditions.map((c) => c.conditionId)).toEqual(['prone']);
    expect(t.creature('ana').resources['action']).toBe(0);
  });

  it('events before the question are committed and visible while it waits', () => {
    const t = started();
    t.run({ type: 'gm.setHp', creatureId: 'ogre', hp: 5 });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:15 d8:6' });
    expect(t.creature('ogre').hp).toBe(0);
    expect(t.state.pending!.open[0]!.key).toBe('mini.spare');
    t.answer('mini.spare', 'spare');
    expect(t.creature('ogre').status).toBe('unconscious');
  });

  it('a GM override made while waiting is seen by the rest of the rule', () => {
    const t = started();
    t.run({ type: 'takeAction', actorId: 'ana', action: 'shove', targets: ['ogre'] });
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'paralyzed' });
    t.answer('mini.brace', 'brace'); // paralyzed now: the Dex save fails with no die
    expect(TestTable.ofType(t.encounter.events, 'TestResolved').at(-1)!.ruleId).toBe('auto-fail');
  });

  it('pre-answers and policies answer without pausing', () => {
    const t = started();
    t.run({ type: 'takeAction', actorId: 'ana', action: 'shove', targets: ['ogre'] }, { preAnswers: { 'mini.brace': 'fall' } });
    expect(t.state.pending).toBeNull();
    const byPolicy = new TestTable(miniRuleset, { creatures: [fighter(), ogre()] }, { policy: (p) => (p.key === 'mini.brace' ? 'fall' : undefined) });
    byPolicy.run({ type: 'startCombat' }, { dice: 'd20:14 d20:9' });
    byPolicy.run({ type: 'takeAction', actorId: 'ana', action: 'shove', targets: ['ogre'] });
    expect(byPolicy.creature('ogre').conditions.map((c) => c.conditionId)).toEqual(['prone']);
    const answered = TestTable.ofType(byPolicy.encounter.events, 'PromptAnswered').at(-1)!;
    expect(answered.by).toBe('policy');
    // the log reads without the prompt: the question and the chosen option's label ride along
    expect([answered.text, answered.label]).toEqual(['Brace against the shove?', 'Fall prone']);
  });

  it('entered dice become a prompt to the roller\'s controller; a wrong face count is refused', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter({ initiative: 20 }), ogre({ initiative: 5 })], diceMode: 'entered' });
    t.run({ type: 'startCombat' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'seeded' });
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.input]).toEqual(['dice.enter', { role: 'player', seat: 'seat-ana' }, { kind: 'dice', dice: [{ sides: 20, count: 1 }] }]);
    t.rejects({ type: 'answerPrompt', promptId: p.id, answer: [21] }, 'bad-answer', { as: { role: 'player', seat: 'seat-ana' } });
    t.answer('dice.enter', [12], { dice: 'seeded' });
    const d8 = t.state.pending!.open[0]!;
    expect(d8.input).toEqual({ kind: 'dice', dice: [{ sides: 8, count: 1 }] });
    t.run({ type: 'gm.replaceRoll', promptId: d8.id, faces: [7] }, { dice: 'seeded' });
    expect(t.creature('ogre').hp).toBe(30 - 10);
  });
});

describe('pre-answers', () => {
  it('a pre-answer must fit its prompt: impossible dice faces are refused with bad-answer, state unchanged', () => {
    for (const bad of [[0], [21], [1.5], ['x'], [12, 12], 'x']) {
      const t = new TestTable(miniRuleset, { creatures: [fighter({ initiative: 20 }), ogre({ initiative: 5 })], diceMode: 'entered' });
      t.run({ type: 'startCombat' }, { dice: 'seeded' });
      const before = canonicalJson(t.state);
      const r = t.encounter.dispatch({ id: 'x', issuedBy: { role: 'player', seat: 'seat-ana' }, command: { type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, preAnswers: { 'dice.enter': bad } });
      expect(r.ok ? null : [r.error.code, r.error.message.startsWith('pre-answer for dice.enter: ')]).toEqual(['bad-answer', true]);
      expect(canonicalJson(t.state)).toBe(before);
    }
  });

  it('a fitting pre-answer from the addressee is taken', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter({ initiative: 20 }), ogre({ initiative: 5 })], diceMode: 'entered' });
    t.run({ type: 'startCombat' }, { dice: 'seeded' });
    const r = t.encounter.dispatch({ id: 'y', issuedBy: { role: 'player', seat: 'seat-ana' }, command: { type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, preAnswers: { 'dice.enter': [1] } });
    expect(r.ok).toBe(true);
    expect(TestTable.ofType(r.ok ? r.events : [], 'PromptAnswered').map((e) => [e.by, e.answer])).toEqual([['preAnswer', [1]]]);
  });
});

describe('initiative', () => {
  it('ties are settled by d20 roll-offs that do not change totals', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter(), goblin('g1'), goblin('g2')] });
    t.run({ type: 'startCombat' }, { dice: 'd20:10 d20:10 d20:3 d20:8 d20:13' }); // ana 12, g1 12, g2 5; roll-off ana 8, g1 13
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['g1', 12], ['ana', 12], ['g2', 5]]);
  });

  it('a group shares one roll', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter(), goblin('g1', { vars: { initiativeGroup: 'goblins' } }), goblin('g2', { vars: { initiativeGroup: 'goblins' } })] });
    t.run({ type: 'startCombat' }, { dice: 'd20:5 d20:15' });
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['g1', 17], ['g2', 17], ['ana', 7]]);
  });

  it('delay, then act after another creature\'s turn', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter({ initiative: 20 }), ogre({ initiative: 10 }), goblin('g1', { initiative: 5 })] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'delayTurn', creatureId: 'ana' });
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('ogre');
    t.run({ type: 'actNow', creatureId: 'ana' }, { as: { role: 'player', seat: 'seat-ana' } });
    t.run({ type: 'endTurn' });
    expect(t.state.order.map((e) => e.creatureId)).toEqual(['ogre', 'ana', 'g1']);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('ana');
  });

  it('the GM changes a count or moves a creature in the order', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter({ initiative: 20 }), ogre({ initiative: 10 }), goblin('g1', { initiative: 5 })] });
    t.run({ type: 'setInitiative', creatureId: 'g1', total: 25 });
    expect(t.state.order.map((e) => e.creatureId)).toEqual(['g1', 'ana', 'ogre']);
    t.run({ type: 'moveInOrder', creatureId: 'ogre', before: 'g1' });
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['ogre', 25], ['g1', 25], ['ana', 20]]);
  });
});

describe('bad input leaves the state unchanged', () => {
  it('a malformed command names the path', () => {
    const t = started();
    const err = t.rejects({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: 'ogre' }, 'malformed');
    expect(err.path).toEqual(['command', 'targets']);
  });

  it('an unknown command type is malformed', () => {
    expect(started().rejects({ type: 'fly' }, 'malformed').message).toContain("unknown command type 'fly'");
  });

  it('acting out of turn, twice in a turn, or for someone else\'s creature is refused', () => {
    const t = started();
    t.rejects({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, 'not-your-turn');
    t.run({ type: 'takeAction', actorId: 'ana', action: 'dodge' });
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'dodge' }, 'no-action-left');
    t.rejects({ type: 'endTurn' }, 'forbidden', { as: { role: 'player', seat: 'seat-bob' } });
    t.rejects({ type: 'startCombat' }, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
  });

  it('a stale expected version is refused', () => {
    const t = started();
    const r = t.encounter.dispatch({ id: 'x', issuedBy: { role: 'gm' }, expectedVersion: 0, command: { type: 'endTurn' } });
    expect(r.ok ? null : r.error.code).toBe('stale-version');
  });

  it('a bad stat block is refused at load with its path', () => {
    expect(() => new TestTable(miniRuleset, { creatures: [fighter({ sheet: { name: 'Ana', hp: 0, ac: 16, attackBonus: 5, damage: '1d8' } })] })).toThrow(/creatures|hp/);
  });
});

describe('undo', () => {
  it('undo restores the previous state and rewinds the dice', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter({ initiative: 20 }), ogre({ initiative: 5 })], seed: 'undo' });
    t.run({ type: 'startCombat' });
    const before = JSON.stringify({ ...t.state, version: 0 });
    const first = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'seeded', preAnswers: { 'mini.spare': 'kill' } });
    const hpAfterFirst = t.creature('ogre').hp;
    t.undo();
    expect(JSON.stringify({ ...t.state, version: 0 })).toBe(before);
    const second = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'seeded', preAnswers: { 'mini.spare': 'kill' } });
    const faces = (evs: typeof first) => TestTable.ofType(evs, 'DiceRolled').map((e) => e.record.total);
    expect(faces(second)).toEqual(faces(first));
    expect(t.creature('ogre').hp).toBe(hpAfterFirst);
  });

  it('with nothing to undo, undo is refused', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter()] });
    expect(t.encounter.dispatch({ id: 'u', issuedBy: { role: 'gm' }, command: { type: 'undo' } })).toMatchObject({ ok: false, error: { code: 'nothing-to-undo' } });
  });
});

describe('content errors', () => {
  it('a stat block error names the creature path and the field', () => {
    expect(() => new TestTable(miniRuleset, { creatures: [fighter(), ogre({ sheet: { name: 'Ogre', hp: 'lots', ac: 11, attackBonus: 6, damage: '2d8' } })] }))
      .toThrow(/creatures\.1\.sheet\.hp: /);
  });
});
