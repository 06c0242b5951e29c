import { describe, expect, it } from 'vitest';
import { canonicalJson, type Command, type CommandEnvelope } from '@fray/engine';
import { TestTable, miniRuleset } from '../src/index';
import { fighter, ogre } from './fixtures';

const gm = { role: 'gm' as const };
const entered = () => {
  const t = new TestTable(miniRuleset, { creatures: [fighter({ initiative: 20 }), ogre({ initiative: 5 })], diceMode: 'entered' });
  t.run({ type: 'startCombat' }, { dice: 'seeded' }); // leaves the runtime on the encounter's own (entered) dice
  return t;
};
const attack: Command = { type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] };

/** Dispatches with the encounter's own (entered) dice; must be refused with `code`, nothing changed. */
function refuse(t: TestTable, env: Record<string, unknown>, code: string) {
  const before = canonicalJson(t.state);
  const length = t.encounter.events.length;
  const r = t.encounter.dispatch({ id: `x${length}`, issuedBy: gm, ...env } as unknown as CommandEnvelope);
  if (r.ok) throw new Error('accepted');
  expect(r.error.code).toBe(code);
  expect([canonicalJson(t.state), t.encounter.events.length]).toEqual([before, length]);
  return r.error;
}

// Issue 19 class 5 and issue 14 B2: a pre-answer meets the answer's own check when its prompt opens.
describe('pre-answers are checked against their prompt', () => {
  for (const [face, shown] of [[21, '21'], [0, '0'], [1.5, '1.5'], ['x', '"x"'], [null, 'null']] as const) {
    it(`an entered d20 pre-answered with ${shown} is refused, naming the die and the face`, () => {
      const t = entered();
      const e = refuse(t, { command: attack, preAnswers: { 'dice.enter': [face] } }, 'bad-answer');
      expect(e.message).toBe(`pre-answer for dice.enter: d20 face ${shown} is impossible (1-20)`);
      expect(e.path).toEqual(['preAnswers', 'dice.enter']);
    });
  }

  it('a pre-answer with the wrong number of faces, or not a list, is refused', () => {
    const t = entered();
    expect(refuse(t, { command: attack, preAnswers: { 'dice.enter': [12, 3] } }, 'bad-answer').message).toBe("pre-answer for dice.enter: answer must be a list of 1 die faces (d20), not 2");
    expect(refuse(t, { command: attack, preAnswers: { 'dice.enter': null } }, 'bad-answer').message).toBe("pre-answer for dice.enter: answer must be a list of 1 die faces (d20), not null");
  });

  it('a pre-answer that is not one of the options is refused', () => {
    const t = new TestTable(miniRuleset, { creatures: [fighter({ initiative: 20 }), ogre({ initiative: 5 })] });
    t.run({ type: 'startCombat' });
    const e = t.rejects({ type: 'takeAction', actorId: 'ana', action: 'shove', targets: ['ogre'] }, 'bad-answer', { preAnswers: { 'mini.brace': 'dance' }, dice: 'd20:15' });
    expect(e.message).toBe("pre-answer for mini.brace: answer must be one of 'brace', 'fall'");
  });

  it('a good pre-answer still answers its prompt', () => {
    const t = entered();
    // 2 + 5 misses AC 11: no damage roll, so the one entered d20 was the whole command.
    const ev = t.run(attack, { preAnswers: { 'dice.enter': [2] }, dice: 'seeded' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('miss');
    expect(t.state.pending).toBeNull();
  });

  it('the answer path names the die and the face too (issue 14 B2)', () => {
    const t = entered();
    t.run(attack, { dice: 'seeded' });
    const p = t.state.pending!.open[0]!;
    const e = t.rejects({ type: 'answerPrompt', promptId: p.id, answer: [21] }, 'bad-answer', { as: { role: 'player', seat: 'seat-ana' } });
    expect(e.message).toBe(`prompt ${p.id}: d20 face 21 is impossible (1-20)`);
  });
});

// Issue 19 class 7: thousands of levels of nesting overflowed the stack in validation.
describe('deep nesting is refused before any schema walks it', () => {
  const nest = (levels: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < levels; i++) v = [v];
    return v;
  };
  for (const where of ['preAnswers', 'options'] as const) {
    it(`2,000 levels in ${where} are a typed rejection`, () => {
      const t = entered();
      const command = where === 'options' ? { ...attack, options: { deep: nest(2000) } } : attack;
      const env = { id: 'deep', issuedBy: gm, command, ...(where === 'preAnswers' ? { preAnswers: { 'dice.enter': nest(2000) } } : {}) };
      const e = t.rejects(env, 'malformed');
      expect(e.message).toBe('command envelope: input nests deeper than 32 levels');
    });
  }

  it('32 levels are still read', () => {
    const t = entered();
    t.rejects({ id: 'ok', issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 1, extra: nest(28) } }, 'malformed');
    expect(t.encounter.events.length).toBeGreaterThan(0);
  });
});
