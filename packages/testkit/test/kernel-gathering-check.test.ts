import { afterEach, describe, expect, it } from 'vitest';
import { GatheringStageActedError, checkGatheringStages, loadRuleset, type AnyHook, type LoadedRuleset } from '@fray/engine';
import { TestTable, miniRulesetDef } from '../src/index';
import { fighter, ogre } from './fixtures';

const attack = { type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] };
const note = { type: 'RuleApplied', ruleId: 'TEST-1', text: 'a note', creatureId: 'ana' } as const;

/** The mini ruleset with one more hook on an attack roll. */
const withHook = (hook: AnyHook): LoadedRuleset => loadRuleset({ ...miniRulesetDef, hooks: [...(miniRulesetDef.hooks ?? []), hook] });

/** A test.modifiers hook that gathers a +1 and, unless `act` is null, also uses one of the resolution's doors. */
const gatherer = (act: ((ctx: Parameters<AnyHook['run']>[0]) => void) | null): AnyHook => ({
  stage: 'test.modifiers', id: 'test.gatherer', priority: 0, ruleId: 'TEST-1',
  run: (ctx, p) => {
    const payload = p as { modifiers: { id: string; label: string; value: number; type: string; source: string }[] };
    payload.modifiers.push({ id: 'test', label: 'test', value: 1, type: 'untyped', source: 'test' });
    act?.(ctx);
  },
});

/** Ana's turn: she rolls 16 for initiative, the ogre 9. */
function table(ruleset: LoadedRuleset): TestTable {
  const t = new TestTable(ruleset, { creatures: [fighter(), ogre()] });
  t.run({ type: 'startCombat' }, { dice: 'd20:14 d20:9' });
  return t;
}

describe('ENGINE-STAGES a gathering stage only gathers (the tests\' gathering check)', () => {
  // test/gathering-check-setup.ts has it on for every test; a test here that turns it off turns it back on.
  afterEach(() => checkGatheringStages(true));

  it('a test.modifiers hook that only gathers runs as ever: its modifier is in the roll\'s breakdown', () => {
    const t = table(withHook(gatherer(null)));
    const ev = t.run(attack, { dice: 'd20:11 d8:6' });
    const rows = TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.rows.map((r) => r.id);
    expect(rows).toContain('test');
  });

  it('a test.modifiers hook that emits (a note, a spent resource), refuses, rolls or asks throws GatheringStageActedError naming it and the door; nothing changes', () => {
    const doors: [string, (ctx: Parameters<AnyHook['run']>[0]) => void][] = [
      ['emit', (ctx) => ctx.emit(note)],
      ['emit', (ctx) => ctx.emit({ type: 'ResourceSet', creatureId: 'ana', key: 'action', value: 0 })],
      ['reject', (ctx) => ctx.reject('no', 'refused while gathering')],
      ['roll', (ctx) => ctx.roll('1d4', { roller: 'ana', purpose: 'a die while gathering' })],
      ['ask', (ctx) => ctx.ask({ key: 'test.q', to: { role: 'gm' }, about: 'ana', text: 'Really?', options: [{ id: 'y', label: 'Yes' }] })],
    ];
    for (const [door, act] of doors) {
      const t = table(withHook(gatherer(act)));
      const before = JSON.stringify(t.state);
      let thrown: unknown = null;
      try {
        t.encounter.propose({ id: 'gathering-1', issuedBy: { role: 'gm' }, command: attack });
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(GatheringStageActedError);
      expect([(thrown as GatheringStageActedError).hookId, (thrown as GatheringStageActedError).door]).toEqual(['test.gatherer', door]);
      expect(JSON.stringify(t.state)).toBe(before);
    }
  });

  it('the same note from a test.commit hook is fine: that stage acts', () => {
    const commit: AnyHook = { stage: 'test.commit', id: 'test.committer', priority: 0, ruleId: 'TEST-1', run: (ctx) => ctx.emit(note) };
    const t = table(withHook(commit));
    const ev = t.run(attack, { dice: 'd20:11 d8:6' });
    expect(TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === 'TEST-1').map((e) => e.text)).toEqual(['a note']);
  });

  it('with the check off (a product), the gathering hook\'s note goes through unchecked: the check is what catches it', () => {
    checkGatheringStages(false);
    const t = table(withHook(gatherer((ctx) => ctx.emit(note))));
    const ev = t.run(attack, { dice: 'd20:11 d8:6' });
    expect(TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === 'TEST-1')).toHaveLength(1);
  });
});
