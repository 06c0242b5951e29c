import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, LogLoadError, canonicalJson, type EncounterSnapshot } from '@fray/engine';
import { arbPlay, arbSeed, commandFor, miniRuleset, playSteps, type Step } from '../src/index';
import { fourCreatureFight, spareRuntime, undoHeavyPlay } from './fixtures';

const rt = spareRuntime;
const gm = { role: 'gm' as const };
const setup = (seed: number) => fourCreatureFight('snap', seed);

/** Undo-heavy play, so undos often reach back across the snapshot. */
const arbUndoHeavy = undoHeavyPlay(25);

/** Plays the same steps on several encounters in lockstep; every result must be the same. */
function lockstep(encs: Encounter[], steps: readonly Step[], prefix: string): void {
  steps.forEach((step, n) => {
    const command = 'undo' in step ? { type: 'undo' } : commandFor(encs[0]!.state, miniRuleset, step);
    if (!command) return;
    const results = encs.map((e) => e.dispatch({ id: `${prefix}${n}`, issuedBy: gm, command }));
    for (const r of results.slice(1)) expect(canonicalJson(r)).toBe(canonicalJson(results[0]));
    for (const e of encs.slice(1)) expect(canonicalJson(e.state)).toBe(canonicalJson(encs[0]!.state));
  });
}

describe('ENGINE-AUTH snapshots', () => {
  it('fromSnapshot(snapshot, tail) is the same encounter as fromEvents(whole log), undo across the snapshot included', () => {
    fc.assert(fc.property(arbSeed, arbPlay(30), arbUndoHeavy, arbUndoHeavy, (seed, before, after, more) => {
      const enc = playSteps(Encounter.create(setup(seed), rt), miniRuleset, before, 'a');
      // Stored as JSON, as a store keeps it.
      const snap = JSON.parse(JSON.stringify(enc.snapshot())) as EncounterSnapshot;
      expect(snap.version).toBe(enc.version);
      playSteps(enc, miniRuleset, after, 'b');
      const log = enc.events;
      const whole = Encounter.fromEvents(log, rt);
      const fromSnap = Encounter.fromSnapshot(snap, log.slice(snap.version), rt, { earlier: () => log.slice(0, snap.version) });
      expect(canonicalJson(fromSnap.state)).toBe(canonicalJson(enc.state));
      expect(canonicalJson(whole.state)).toBe(canonicalJson(enc.state));
      expect(fromSnap.version).toBe(whole.version);
      // Retries of commands from before the snapshot still answer with their original events.
      const first = log.find((e) => e.commandId.startsWith('a'));
      if (first) expect(fromSnap.isUsed(first.commandId)).toBe(true);
      lockstep([whole, fromSnap, enc], more, 'c');
    }), { numRuns: 60 });
  });

  it('without the earlier log, an undo that reaches behind the snapshot is refused (undo-unavailable) and nothing else differs', () => {
    fc.assert(fc.property(arbSeed, arbPlay(20), arbUndoHeavy, (seed, before, more) => {
      const enc = playSteps(Encounter.create(setup(seed), rt), miniRuleset, before, 'a');
      const snap = enc.snapshot();
      const alone = Encounter.fromSnapshot(snap, [], rt);
      expect(canonicalJson(alone.state)).toBe(canonicalJson(enc.state));
      for (const [n, step] of more.entries()) {
        const command = 'undo' in step ? { type: 'undo' } : commandFor(enc.state, miniRuleset, step);
        if (!command) break;
        const env = { id: `c${n}`, issuedBy: gm, command };
        const b = alone.dispatch(env);
        if (!b.ok && b.error.code === 'undo-unavailable') {
          const target = enc.state.undoable[enc.state.undoable.length - 1]!;
          expect(enc.events.findIndex((e) => e.commandId === target)).toBeLessThan(snap.version);
          expect(canonicalJson(alone.state)).toBe(canonicalJson(enc.state));
          break;
        }
        const a = enc.dispatch(env);
        expect(canonicalJson(b)).toBe(canonicalJson(a));
        expect(canonicalJson(alone.state)).toBe(canonicalJson(enc.state));
      }
    }), { numRuns: 60 });
  });

  it('a tail that undoes a command from before the snapshot needs the earlier log; a gap in the tail is refused', () => {
    const enc = Encounter.create(setup(1), rt);
    enc.dispatch({ id: 'k1', issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 1 } });
    const snap = enc.snapshot();
    enc.dispatch({ id: 'u1', issuedBy: gm, command: { type: 'undo' } });
    const tail = enc.events.slice(snap.version);
    expect(() => Encounter.fromSnapshot(snap, tail, rt)).toThrow(LogLoadError);
    expect(() => Encounter.fromSnapshot(snap, tail, rt)).toThrow(/opts.earlier/);
    const loaded = Encounter.fromSnapshot(snap, tail, rt, { earlier: () => enc.events.slice(0, snap.version) });
    expect(loaded.state.counters['k']).toBeUndefined();
    expect(canonicalJson(loaded.state)).toBe(canonicalJson(enc.state));
    expect(() => Encounter.fromSnapshot(snap, tail.map((e) => ({ ...e, seq: e.seq + 1 })), rt)).toThrow(/seq/);
  });
});
