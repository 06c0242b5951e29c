import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, LogLoadError, canonicalJson } from '@fray/engine';
import { arbPlay, arbSeed, commandFor, miniRuleset, playSteps, type Step } from '../src/index';
import { fourCreatureFight, spareRuntime, undoHeavyPlay } from './fixtures';

// `follow` is how a server process keeps up with a log other processes append to (a shared store):
// the follower must end up as the encounter that wrote the events, and decide the same from there.
const rt = spareRuntime;
const gm = { role: 'gm' as const };
const setup = (seed: number) => fourCreatureFight('follow', seed);

const arbUndoHeavy = undoHeavyPlay(20);

/** Each chunk is played on the writer, then followed by the follower; then both decide the same commands. */
function check(writer: Encounter, follower: Encounter, chunks: readonly (readonly Step[])[], more: readonly Step[]): void {
  chunks.forEach((chunk, k) => {
    playSteps(writer, miniRuleset, chunk, `w${k}-`);
    follower.follow(writer.events.slice(follower.version - (writer.version - writer.events.length)));
    expect(follower.version).toBe(writer.version);
    expect(canonicalJson(follower.state)).toBe(canonicalJson(writer.state));
  });
  more.forEach((step, n) => {
    const command = 'undo' in step ? { type: 'undo' } : commandFor(writer.state, miniRuleset, step);
    if (!command) return;
    const a = writer.dispatch({ id: `m${n}`, issuedBy: gm, command });
    const b = follower.dispatch({ id: `m${n}`, issuedBy: gm, command });
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(canonicalJson(follower.state)).toBe(canonicalJson(writer.state));
  });
  // Retries of followed commands answer with their events, as the writer's would.
  const first = writer.events.find((e) => e.commandId.startsWith('w'));
  if (first) expect(follower.isUsed(first.commandId)).toBe(true);
}

describe('ENGINE-AUTH follow', () => {
  it('an encounter that follows the log another one writes (undo included) holds the same state and decides the same', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbUndoHeavy, { maxLength: 5 }), arbUndoHeavy, (seed, chunks, more) => {
      check(Encounter.create(setup(seed), rt), Encounter.create(setup(seed), rt), chunks, more);
    }), { numRuns: 60 });
  });

  it('a follower loaded from a snapshot (with its earlier log) follows undos that reach behind the snapshot', () => {
    fc.assert(fc.property(arbSeed, arbPlay(20), fc.array(arbUndoHeavy, { maxLength: 4 }), arbUndoHeavy, (seed, before, chunks, more) => {
      const writer = playSteps(Encounter.create(setup(seed), rt), miniRuleset, before, 'a');
      const snap = JSON.parse(JSON.stringify(writer.snapshot())) as ReturnType<Encounter['snapshot']>;
      const earlier = writer.events.slice(0, snap.version);
      check(writer, Encounter.fromSnapshot(snap, [], rt, { earlier: () => earlier }), chunks, more);
    }), { numRuns: 40 });
  });

  it('a gap is refused, and an undo reaching behind a snapshot load without the earlier log is refused with nothing changed', () => {
    const writer = Encounter.create(setup(1), rt);
    writer.dispatch({ id: 'k1', issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 1 } });
    const follower = Encounter.fromSnapshot(writer.snapshot(), [], rt);
    writer.dispatch({ id: 'k2', issuedBy: gm, command: { type: 'gm.setCounter', key: 'k', value: 2 } });
    expect(() => follower.follow(writer.events.slice(follower.version).map((e) => ({ ...e, seq: e.seq + 1 })))).toThrow(LogLoadError);
    follower.follow(writer.events.slice(follower.version));
    expect(follower.state.counters['k']).toBe(2);
    writer.dispatch({ id: 'u1', issuedBy: gm, command: { type: 'undo' } });
    writer.dispatch({ id: 'u2', issuedBy: gm, command: { type: 'undo' } });
    const before = canonicalJson(follower.state);
    const version = follower.version;
    expect(() => follower.follow(writer.events.slice(version))).toThrow(/earlier log/);
    expect(follower.version).toBe(version);
    expect(canonicalJson(follower.state)).toBe(before);
  });
});
