import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Encounter, FastEncounter, InPlaceDecisionError, canonicalJson, cloneJson, fold, type EncounterState, type FrayEventBody, type PromptPolicy, type Runtime,
} from '@fray/engine';
import { arbPlay, arbSeed, commandFor, miniRuleset } from '../src/index';
import { fighter, goblin, ogre, bo } from './fixtures';

const setup = (seed: number) => ({
  id: 'fast',
  seed,
  creatures: [fighter(), bo(), ogre({ hp: 29 }), goblin('g1'), goblin('g2')],
});

/** Every prompt answered by a policy: the fast path never waits for a person. */
const policy: PromptPolicy = (p) => p.options[p.options.length - 1]?.id;
const rt: Runtime = { ruleset: miniRuleset, policy };

/** What the two paths must agree on: the state without the log's bookkeeping. */
const comparable = (s: EncounterState) => {
  const { version: _v, undoable: _u, ...rest } = cloneJson(s);
  return canonicalJson(rest);
};
/** Events without the generator snapshot the recorded path keeps in each roll. */
const bodyOf = (e: FrayEventBody) => {
  const { seq: _s, commandId: _c, visibility: _vis, digest: _d, ...body } = e as FrayEventBody & { seq?: number; commandId?: string; visibility?: unknown; digest?: string };
  if (body.type === 'DiceRolled') delete (body as { rngAfter?: unknown }).rngAfter;
  return canonicalJson(body);
};

describe('the fast path (FastEncounter: decide in place, no log)', () => {
  it('plays the same fight as Encounter: same events to the sink, same state, same dice', () => {
    fc.assert(fc.property(arbSeed, arbPlay(60), (seed, steps) => {
      const enc = Encounter.create(setup(seed), rt);
      const seen: FrayEventBody[] = [];
      const fast = new FastEncounter(rt, cloneJson(enc.state), (e) => seen.push(e));
      const logStart = enc.events.length;
      let n = 0;
      for (const step of steps) {
        if ('undo' in step) continue;
        const command = commandFor(enc.state, miniRuleset, step);
        if (!command) break;
        const a = enc.dispatch({ id: `c${n}`, issuedBy: { role: 'gm' }, command });
        const b = fast.dispatch({ id: `c${n++}`, issuedBy: { role: 'gm' }, command });
        expect(b.ok).toBe(a.ok);
      }
      expect(seen.map(bodyOf)).toEqual(enc.events.slice(logStart).map(bodyOf));
      if (steps.length > 5) expect(seen.some((e) => e.type === 'DiceRolled')).toBe(true);
      expect(comparable(fast.syncDice())).toBe(comparable(enc.state));
    }), { numRuns: 40 });
  });

  it('a rejected command leaves the working state as it was and sends nothing to the sink', () => {
    const enc = Encounter.create(setup(3), rt);
    const seen: FrayEventBody[] = [];
    const fast = new FastEncounter(rt, cloneJson(enc.state), (e) => seen.push(e));
    expect(fast.dispatch({ id: 'c0', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } })).toEqual({ ok: true });
    const before = canonicalJson(fast.state);
    const count = seen.length;
    const r = fast.dispatch({ id: 'c1', issuedBy: { role: 'gm' }, command: { type: 'takeAction', actorId: 'nobody-here', action: 'attack', targets: ['ogre'] } });
    expect(r.ok).toBe(false);
    expect(canonicalJson(fast.state)).toBe(before);
    expect(seen.length).toBe(count);
  });

  it('refuses to wait for a person: a prompt without a policy answer throws', () => {
    const quiet: Runtime = { ruleset: miniRuleset };
    const enc = Encounter.create(setup(5), quiet);
    const fast = new FastEncounter(quiet, cloneJson(enc.state));
    fast.dispatch({ id: 'c0', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
    const actor = fast.state.order[fast.state.turnIndex]!.creatureId;
    const foe = fast.state.creatureIds.find((id) => fast.state.creatures[id]!.side !== fast.state.creatures[actor]!.side)!;
    expect(() => fast.dispatch({ id: 'c1', issuedBy: { role: 'gm' }, command: { type: 'takeAction', actorId: actor, action: 'shove', targets: [foe] } })).toThrow(InPlaceDecisionError);
  });

  it('undo is refused (there is no log)', () => {
    const fast = new FastEncounter(rt, cloneJson(Encounter.create(setup(1), rt).state));
    expect(fast.dispatch({ id: 'u', issuedBy: { role: 'gm' }, command: { type: 'undo' } })).toMatchObject({ ok: false, error: { code: 'not-supported' } });
  });
});

describe('Encounter takes over the decider working copy (one copy of the state per command)', () => {
  it('keeps one state object, equal to folding its log, and undo still restores the state before', () => {
    const enc = Encounter.create(setup(11), rt);
    const state = enc.state;
    enc.dispatch({ id: 'c0', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
    const before = canonicalJson(enc.state);
    const actor = enc.state.order[enc.state.turnIndex]!.creatureId;
    const foe = enc.state.creatureIds.find((id) => enc.state.creatures[id]!.side !== enc.state.creatures[actor]!.side)!;
    expect(enc.dispatch({ id: 'c1', issuedBy: { role: 'gm' }, command: { type: 'takeAction', actorId: actor, action: 'attack', targets: [foe] } }).ok).toBe(true);
    expect(enc.state).toBe(state);
    expect(enc.state.version).toBe(enc.events.length);
    expect(enc.state.undoable).toEqual(['c0', 'c1']);
    expect(canonicalJson(fold(enc.events))).toBe(canonicalJson(enc.state));
    enc.dispatch({ id: 'u', issuedBy: { role: 'gm' }, command: { type: 'undo' } });
    expect(comparable(enc.state)).toBe(comparable(JSON.parse(before) as EncounterState));
  });
});
