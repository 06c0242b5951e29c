import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Campaign, Encounter, canonicalJson, fold, legalCommands, LogVersionError, EVENT_SCHEMA_VERSION,
  type CommandEnvelope, type FrayEvent, type Runtime, type Principal, type Proposal,
} from '@fray/engine';
import { arbSeed, miniRuleset } from '../src/index';
import { LegacyEncounter } from './legacy-encounter';
import { fighter, goblin, ogre, bo, sparePolicy } from './fixtures';

const policy = sparePolicy;
const rt: Runtime = { ruleset: miniRuleset, policy };
const gm: Principal = { role: 'gm' };

const setup = (seed: number) => ({
  id: 'auth',
  seed,
  creatures: [
    fighter(),
    bo(),
    ogre({ notes: 'SECRET', hp: 29 }),
    goblin('g1'),
    goblin('lurker', { hidden: true }),
  ],
});

/**
 * One step of a random session: a legal command (as the GM or as a seat, which the rules may refuse),
 * an undo, an illegal but well-formed command, an id used before reused for another command, or
 * (only where `malformed` is allowed) input that is not an envelope at all.
 */
type Step =
  | { kind: 'legal'; pick: number; seat: number }
  | { kind: 'undo'; player: boolean }
  | { kind: 'illegal'; which: number }
  | { kind: 'reuse'; back: number; pick: number }
  | { kind: 'malformed'; which: number };

const arbStep = (malformed: boolean): fc.Arbitrary<Step> => fc.oneof(
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('legal' as const), pick: fc.nat({ max: 1000 }), seat: fc.nat({ max: 5 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), player: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('illegal' as const), which: fc.nat({ max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reuse' as const), back: fc.nat({ max: 100 }), pick: fc.nat({ max: 1000 }) }) },
  { weight: malformed ? 2 : 0, arbitrary: fc.record({ kind: fc.constant('malformed' as const), which: fc.nat({ max: 100 }) }) },
);

const ILLEGAL: ((version: number) => Omit<CommandEnvelope, 'id'>)[] = [
  () => ({ issuedBy: gm, command: { type: 'takeAction', actorId: 'nobody', action: 'attack', targets: ['ogre'] } }),
  () => ({ issuedBy: { role: 'player', seat: 'seat-ana' }, command: { type: 'gm.setHp', creatureId: 'ogre', hp: 1 } }),
  () => ({ issuedBy: gm, command: { type: 'nope.verb' } }),
  () => ({ issuedBy: gm, command: { type: 'answerPrompt', promptId: 'p-none', answer: 'x' } }),
  () => ({ issuedBy: gm, command: { type: 'gm.setHp', creatureId: 'ghost', hp: 3 } }),
  () => ({ issuedBy: { role: 'player', seat: 'seat-bo' }, command: { type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] } }),
  (v) => ({ issuedBy: gm, expectedVersion: v + 7, command: { type: 'startCombat' } }),
  () => ({ issuedBy: gm, command: { type: 'gm.setHp', creatureId: 'ogre', hp: 'lots' as never } }),
];

const MALFORMED: unknown[] = [
  null, undefined, 42, 'undo', [], {}, { id: 'm' }, { id: 7, issuedBy: gm, command: { type: 'undo' } },
  { issuedBy: gm, command: { type: 'undo' } }, { id: 'm', issuedBy: gm, command: { type: 'undo' }, extra: 1 },
  { id: 'm', issuedBy: gm, command: { type: 'undo', steps: 2 } }, { id: 'm', issuedBy: { role: 'god' }, command: { type: 'startCombat' } },
  { id: 'setup', issuedBy: gm, command: { type: 'startCombat' } }, { id: 'setup:x', issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 1 } },
];

const SEATS: Principal[] = [gm, gm, gm, { role: 'player', seat: 'seat-ana' }, { role: 'player', seat: 'seat-bo' }, { role: 'player', seat: 'seat-nobody' }];

/** Turns steps into inputs against the encounter's current state (ids fresh unless reused on purpose). */
function inputFor(state: Encounter['state'], step: Step, n: number, accepted: string[]): unknown {
  const id = `s${n}`;
  switch (step.kind) {
    case 'legal': {
      const options = legalCommands(state, gm, miniRuleset);
      if (!options.length) return { id, issuedBy: gm, command: { type: 'undo' } };
      return { id, issuedBy: SEATS[step.seat % SEATS.length]!, command: options[step.pick % options.length]! };
    }
    case 'undo':
      return { id, issuedBy: step.player ? { role: 'player', seat: 'seat-ana' } : gm, command: { type: 'undo' } };
    case 'illegal':
      return { id, ...ILLEGAL[step.which % ILLEGAL.length]!(state.version) };
    case 'reuse': {
      if (!accepted.length) return { id, issuedBy: gm, command: { type: 'nope.verb' } };
      // The same id as an accepted command, with a command it did not carry: always a duplicate.
      return { id: accepted[step.back % accepted.length]!, issuedBy: gm, command: { type: 'gm.setCounter', key: `reuse-${n}`, value: step.pick } };
    }
    case 'malformed':
      return MALFORMED[step.which % MALFORMED.length];
  }
}

/** Everything an encounter holds, as text: state, log, used ids, undo snapshots, the dice inside the state. */
function everything(enc: Encounter): string {
  const inner = enc as unknown as { snapshots: Map<string, unknown> };
  return canonicalJson({ state: enc.state, events: enc.events, snap: enc.snapshot(), undo: [...inner.snapshots.entries()], version: enc.version });
}

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const withoutLogMeta = (events: readonly FrayEvent[]) => events.map(({ digest: _d, ...e }) => (e.type === 'CommandUndone' ? { ...e, undoId: undefined } : e));

describe('the authority: propose decides without changing anything, commit applies', () => {
  it('propose leaves the encounter (state, log, used ids, undo snapshots, dice) and Object.prototype as they were', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep(true), { maxLength: 40 }), (seed, steps) => {
      const enc = Encounter.create(setup(seed), rt);
      const protoBefore = prototypeNames();
      const accepted: string[] = [];
      steps.forEach((step, n) => {
        const input = inputFor(enc.state, step, n, accepted);
        const before = everything(enc);
        const p = enc.propose(input);
        expect(everything(enc)).toBe(before);
        expect(prototypeNames()).toBe(protoBefore);
        if (step.kind === 'malformed' || (typeof input === 'object' && input !== null && 'id' in input && String((input as { id: unknown }).id).startsWith('setup'))) {
          expect(p.ok).toBe(false);
          if (!p.ok) expect(['malformed', 'reserved-id']).toContain(p.error.code);
        }
        if (p.ok) {
          enc.commit(p);
          accepted.push(p.commandId);
        }
        // After every step, undo included, the live state is exactly the fold of the log.
        expect(canonicalJson(fold(enc.events))).toBe(canonicalJson(enc.state));
      });
    }), { numRuns: 60 });
  });

  it('propose + commit plays exactly as the old dispatch did: same events, same states, same rejections', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep(false), { maxLength: 40 }), (seed, steps) => {
      const enc = Encounter.create(setup(seed), rt);
      const old = new LegacyEncounter(rt, enc.events);
      const accepted: string[] = [];
      steps.forEach((step, n) => {
        const input = inputFor(enc.state, step, n, accepted) as CommandEnvelope;
        const a = enc.propose(input);
        const b = old.dispatch(input);
        expect(a.ok).toBe(b.ok);
        if (!a.ok || !b.ok) {
          if (!a.ok && !b.ok) expect(a.error.code).toBe(b.error.code);
          return;
        }
        const events = enc.commit(a);
        // The old authority never recorded an undo's own id (a retried undo undid twice): reuse only others.
        if (events[0]?.type !== 'CommandUndone') accepted.push(a.commandId);
        expect(withoutLogMeta(events)).toEqual(withoutLogMeta(b.events));
        expect(canonicalJson(enc.state)).toBe(canonicalJson(old.state));
      });
      expect(withoutLogMeta(enc.events)).toEqual(withoutLogMeta(old.events));
    }), { numRuns: 60 });
  });

  it('commit refuses a proposal decided against an older log, another encounter\'s, or one committed twice', () => {
    const enc = Encounter.create(setup(1), rt);
    const p1 = enc.propose({ id: 'a', issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 1 } }) as Proposal;
    const p2 = enc.propose({ id: 'b', issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 2 } }) as Proposal;
    expect(p1.ok && p2.ok).toBe(true);
    expect(p1.baseVersion).toBe(enc.version);
    expect(p1.events.map((e) => [e.seq, e.commandId])).toEqual([[enc.version, 'a']]);
    enc.commit(p1);
    expect(() => enc.commit(p2)).toThrow(/log moved from version/);
    expect(() => enc.commit(p1)).toThrow(/already committed/);
    const other = Encounter.create(setup(1), rt);
    expect(() => other.commit(p2)).toThrow(/another encounter/);
    expect(enc.state.counters['k']).toBe(1);
  });

  it('propose works for undo and answerPrompt: nothing changes until commit', () => {
    const enc = Encounter.create(setup(3), rt);
    enc.dispatch({ id: 'start', issuedBy: gm, command: { type: 'startCombat' } });
    const before = everything(enc);
    const u = enc.propose({ id: 'u', issuedBy: gm, command: { type: 'undo' } });
    expect(u.ok && u.events).toEqual([{ type: 'CommandUndone', commandId: 'start', undoId: 'u', seq: enc.version, digest: expect.any(String) }]);
    expect(everything(enc)).toBe(before);
    enc.commit(u as Proposal);
    expect(enc.state.phase).toBe('setup');
    expect(canonicalJson(enc.state)).toBe(canonicalJson(fold(enc.events)));
  });
});

describe('ENGINE-AUTH retried commands', () => {
  const setCounter = (id: string, value = 1): CommandEnvelope => ({ id, issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value } });

  it('an identical envelope sent again returns the original events, retried, and changes nothing', () => {
    const enc = Encounter.create(setup(1), rt);
    const first = enc.dispatch(setCounter('c1', 5));
    enc.dispatch(setCounter('c2', 6));
    const before = everything(enc);
    const again = enc.dispatch(setCounter('c1', 5));
    expect(again).toEqual({ ok: true, retried: true, events: first.ok ? first.events : [] });
    expect(everything(enc)).toBe(before);
  });

  it('a different command under a used id is a duplicate', () => {
    const enc = Encounter.create(setup(1), rt);
    enc.dispatch(setCounter('c1', 5));
    const r = enc.dispatch(setCounter('c1', 6));
    expect(r.ok === false && r.error.code).toBe('duplicate-command');
    const r2 = enc.dispatch({ ...setCounter('c1', 5), expectedVersion: 0 });
    expect(r2.ok === false && r2.error.code).toBe('duplicate-command');
  });

  it('a retried undo does not undo a second command (regression: undo ids were never recorded)', () => {
    const enc = Encounter.create(setup(1), rt);
    enc.dispatch(setCounter('c1', 5));
    enc.dispatch(setCounter('c2', 6));
    const undo: CommandEnvelope = { id: 'u1', issuedBy: gm, command: { type: 'undo' } };
    const first = enc.dispatch(undo);
    const again = enc.dispatch(undo);
    expect(again).toEqual({ ok: true, retried: true, events: first.ok ? first.events : [] });
    expect(enc.state.counters['k']).toBe(5);
    const reloaded = Encounter.fromEvents(enc.events, rt);
    expect(reloaded.dispatch(undo)).toEqual({ ok: true, retried: true, events: first.ok ? first.events : [] });
    expect(reloaded.state.counters['k']).toBe(5);
  });

  it('after a reload from the log (and from a snapshot) retries and duplicates are still told apart', () => {
    const enc = Encounter.create(setup(1), rt);
    const first = enc.dispatch(setCounter('c1', 5));
    const snap = enc.snapshot();
    enc.dispatch(setCounter('c2', 6));
    const tail = enc.events.slice(snap.version);
    for (const loaded of [Encounter.fromEvents(enc.events, rt), Encounter.fromSnapshot(snap, tail, rt, { earlier: () => enc.events.slice(0, snap.version) })]) {
      expect(loaded.dispatch(setCounter('c1', 5))).toEqual({ ok: true, retried: true, events: first.ok ? first.events : [] });
      const dup = loaded.dispatch(setCounter('c2', 7));
      expect(dup.ok === false && dup.error.code).toBe('duplicate-command');
      expect(loaded.state.counters['k']).toBe(6);
    }
  });
});

describe('ENGINE-AUTH issue 19 regressions: envelopes, reserved ids, versions', () => {
  it('null, numbers, strings and arrays are refused as malformed, not thrown', () => {
    const enc = Encounter.create(setup(1), rt);
    const before = everything(enc);
    for (const bad of [null, undefined, 42, 'x', [], true]) {
      const r = enc.dispatch(bad);
      expect(r.ok === false && r.error.code).toBe('malformed');
    }
    expect(everything(enc)).toBe(before);
  });

  it('the ids setup and setup:* are reserved (a command under them was logged in the setup batch, never undoable)', () => {
    const enc = Encounter.create(setup(1), rt);
    for (const id of ['setup', 'setup:ana:cond:0']) {
      const r = enc.dispatch({ id, issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 1 } });
      expect(r.ok === false && r.error).toMatchObject({ code: 'reserved-id', path: ['id'] });
    }
    expect(enc.state.counters['k']).toBeUndefined();
  });

  it('the undo envelope is validated like any other: missing or numeric id, extra keys', () => {
    const enc = Encounter.create(setup(1), rt);
    enc.dispatch({ id: 'c1', issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 1 } });
    const before = everything(enc);
    const bad: unknown[] = [
      { issuedBy: gm, command: { type: 'undo' } },
      { id: 3, issuedBy: gm, command: { type: 'undo' } },
      { id: 'u', issuedBy: gm, command: { type: 'undo' }, extra: true },
      { id: 'u', issuedBy: gm, command: { type: 'undo', count: 2 } },
      { id: 'u', command: { type: 'undo' } },
    ];
    for (const b of bad) {
      const r = enc.dispatch(b);
      expect(r.ok === false && r.error.code).toBe('malformed');
    }
    expect(everything(enc)).toBe(before);
  });

  it('expectedVersion is enforced for undo, answerPrompt and gm.replaceRoll', () => {
    const enc = Encounter.create({ ...setup(1), diceMode: 'entered' as const }, { ruleset: miniRuleset });
    enc.dispatch({ id: 'start', issuedBy: gm, command: { type: 'startCombat' } });
    const prompt = enc.state.pending?.open[0];
    expect(prompt?.input.kind).toBe('dice');
    const v = enc.version;
    const stale = v - 1;
    const answer = enc.dispatch({ id: 'a', issuedBy: gm, expectedVersion: stale, command: { type: 'answerPrompt', promptId: prompt!.id, answer: [5] } });
    expect(answer.ok === false && answer.error.code).toBe('stale-version');
    const replace = enc.dispatch({ id: 'r', issuedBy: gm, expectedVersion: stale, command: { type: 'gm.replaceRoll', promptId: prompt!.id, faces: [5] } });
    expect(replace.ok === false && replace.error.code).toBe('stale-version');
    const undo = enc.dispatch({ id: 'u', issuedBy: gm, expectedVersion: stale, command: { type: 'undo' } });
    expect(undo.ok === false && undo.error.code).toBe('stale-version');
    expect(enc.version).toBe(v);
    const ok = enc.dispatch({ id: 'a2', issuedBy: gm, expectedVersion: v, command: { type: 'answerPrompt', promptId: prompt!.id, answer: [5] } });
    expect(ok.ok).toBe(true);
    expect(enc.dispatch({ id: 'u2', issuedBy: gm, expectedVersion: enc.version, command: { type: 'undo' } }).ok).toBe(true);
  });
});

describe('ENGINE-AUTH log versions', () => {
  it('the first event records the event schema and the ruleset id and version', () => {
    const enc = Encounter.create(setup(1), rt);
    const first = enc.events[0]!;
    expect(first.type === 'EncounterStarted' && [first.schemaVersion, first.encounter.ruleset]).toEqual([EVENT_SCHEMA_VERSION, { id: miniRuleset.id, version: miniRuleset.version }]);
  });

  it('a log in an unknown schema, or from another ruleset major version, is refused with LogVersionError', () => {
    const enc = Encounter.create(setup(1), rt);
    const withFirst = (patch: (e: FrayEvent & { type: 'EncounterStarted' }) => void) => {
      const log = JSON.parse(JSON.stringify(enc.events)) as FrayEvent[];
      patch(log[0] as FrayEvent & { type: 'EncounterStarted' });
      return log;
    };
    expect(() => Encounter.fromEvents(withFirst((e) => { e.schemaVersion = 99; }), rt)).toThrow(LogVersionError);
    expect(() => Encounter.fromEvents(withFirst((e) => { e.schemaVersion = 99; }), rt)).toThrow(/event schema version 99/);
    expect(() => Encounter.fromEvents(withFirst((e) => { e.encounter.ruleset.version = '2.0.0'; }), rt)).toThrow(/another major version/);
    expect(() => Encounter.fromEvents(withFirst((e) => { e.encounter.ruleset.id = 'other'; }), rt)).toThrow(/ruleset 'other'/);
    // Same major, later minor: readable. No schemaVersion (a log from before it was recorded): read as 1.
    expect(Encounter.fromEvents(withFirst((e) => { e.encounter.ruleset.version = '1.9.0'; }), rt).version).toBe(enc.version);
    expect(Encounter.fromEvents(withFirst((e) => { delete e.schemaVersion; }), rt).version).toBe(enc.version);
    const snap = enc.snapshot();
    expect(() => Encounter.fromSnapshot({ ...snap, schemaVersion: 42 }, [], rt)).toThrow(LogVersionError);
  });
});

describe('ENGINE-AUTH the campaign stream has the same authority API', () => {
  it('propose changes nothing, commit applies, retries answer the original events, a snapshot loads the same campaign', () => {
    const c = Campaign.create({ id: 'camp', seed: 1, creatures: [fighter()] }, rt);
    const env: CommandEnvelope = { id: 't1', issuedBy: gm, command: { type: 'campaign.advanceTime', seconds: 3600 } };
    const before = canonicalJson({ s: c.state, e: c.events, snap: c.snapshot() });
    const p = c.propose(env);
    expect(canonicalJson({ s: c.state, e: c.events, snap: c.snapshot() })).toBe(before);
    expect(p.ok).toBe(true);
    const events = c.commit(p as Proposal);
    expect(c.state.clockSeconds).toBe(3600);
    expect(c.dispatch(env)).toEqual({ ok: true, retried: true, events });
    const snap = c.snapshot();
    c.dispatch({ id: 't2', issuedBy: gm, command: { type: 'campaign.advanceTime', seconds: 60 } });
    const loaded = Campaign.fromSnapshot(snap, c.events.slice(snap.version), rt, { earlier: () => c.events.slice(0, snap.version) });
    expect(canonicalJson(loaded.state)).toBe(canonicalJson(c.state));
    expect(loaded.version).toBe(c.version);
    expect(loaded.dispatch({ id: 'u', issuedBy: gm, command: { type: 'undo' } }).ok).toBe(true);
    expect(loaded.dispatch({ id: 'u2', issuedBy: gm, command: { type: 'undo' } }).ok).toBe(true);
    expect(loaded.state.clockSeconds).toBe(0);
  });
});
