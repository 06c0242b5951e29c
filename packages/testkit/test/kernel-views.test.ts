import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Encounter, canonicalJson, gmView, playerView, redactEvents,
  type GridSpaceState, type Json, type Runtime,
} from '@fray/engine';
import { arbPlay, arbSeed, miniRuleset, playSteps, type Step } from '../src/index';
import { fighter, goblin, ogre, bo, sparePolicy, gridWithLurker } from './fixtures';

const SECRET_NAME = 'SENTINEL-HIDDEN-ASSASSIN';
const SECRET_NOTE = 'SENTINEL-GM-NOTE';
const policy = sparePolicy;
const rt: Runtime = { ruleset: miniRuleset, policy };
const SEATS = ['seat-ana', 'seat-bo', 'seat-nobody'];

const space = (): Json => gridWithLurker({ x: 7, y: 3 });

const setup = (seed: number) => ({
  id: 'views',
  seed,
  space: space(),
  creatures: [
    fighter(),
    bo(),
    ogre({ notes: SECRET_NOTE, hp: 29 }),
    goblin('g1'),
    goblin('lurker', { hidden: true, name: SECRET_NAME, notes: SECRET_NOTE }),
  ],
});

describe('ENGINE-VIEW what a screen needs', () => {
  it('a seat\'s view carries the map without hidden creatures, the clock and the ruleset\'s public state', () => {
    const enc = Encounter.create(setup(1), rt);
    const v = playerView(enc.state, 'seat-ana', miniRuleset);
    expect(Object.keys((v.space as unknown as GridSpaceState).creatures).sort()).toEqual(['ana', 'ogre']);
    expect(v.clockSeconds).toBe(0);
    expect(v.publicState).toEqual({});
    const g = gmView(enc.state, miniRuleset);
    expect(Object.keys((g.space as unknown as GridSpaceState).creatures).sort()).toEqual(['ana', 'lurker', 'ogre']);
    expect(g.publicState).toEqual({});
    // The lurker's own seat would see it on the map.
    enc.dispatch({ id: 'give', issuedBy: { role: 'gm' }, command: { type: 'gm.setController', creatureId: 'lurker', seat: 'seat-bo' } });
    expect(Object.keys((playerView(enc.state, 'seat-bo', miniRuleset).space as unknown as GridSpaceState).creatures).sort()).toEqual(['ana', 'lurker', 'ogre']);
  });

  it('a paused resolution\'s replay base and the dice generator never reach a seat', () => {
    const enc = Encounter.create({ ...setup(2), diceMode: 'entered' as const }, { ruleset: miniRuleset });
    enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
    expect(enc.state.pending).not.toBeNull();
    for (const seat of SEATS) {
      const text = JSON.stringify(playerView(enc.state, seat, miniRuleset));
      expect(text).not.toMatch(/"base":\{/);
      expect(text).not.toContain('"rng"');
      expect(text).not.toContain('"emitted"');
      expect(text).not.toContain(JSON.stringify(enc.state.dice.rng.state));
    }
  });
});

/** Random legal play, then random GM reveals and hand-overs of the hidden creature, interleaved. */
type Extra = { at: number; what: 'reveal' | 'give-ana' | 'give-gm' };
const arbExtras = fc.array(fc.record({ at: fc.nat({ max: 40 }), what: fc.constantFrom('reveal' as const, 'give-ana' as const, 'give-gm' as const) }), { maxLength: 3 });

function playWithExtras(seed: number, steps: Step[], extras: Extra[]): Encounter {
  const enc = Encounter.create(setup(seed), rt);
  let done = 0;
  for (let i = 0; i <= steps.length; i++) {
    for (const x of extras.filter((e) => e.at === i)) {
      const command = x.what === 'reveal' ? { type: 'gm.revealCreature', creatureId: 'lurker' } : { type: 'gm.setController', creatureId: 'lurker', seat: x.what === 'give-ana' ? 'seat-ana' : null };
      enc.dispatch({ id: `x${done++}`, issuedBy: { role: 'gm' }, command });
    }
    if (i < steps.length) playSteps(enc, miniRuleset, [steps[i]!], `p${i}-`);
  }
  return enc;
}

describe('ENGINE-VIEW secrets over random play', () => {
  it('no player view or redacted history carries a planted secret while the creature stays hidden', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      const enc = playWithExtras(seed, steps, []);
      const rng = JSON.stringify(enc.state.dice.rng.state);
      for (const seat of SEATS) {
        const view = playerView(enc.state, seat, miniRuleset);
        const history = redactEvents(enc.events, seat, enc.state, miniRuleset);
        const payload = JSON.stringify(view) + JSON.stringify(history);
        expect(payload).not.toContain(SECRET_NAME);
        expect(payload).not.toContain(SECRET_NOTE);
        expect(payload).not.toContain('lurker');
        expect(payload).not.toContain(rng);
        expect(payload).not.toContain('"rngAfter"');
        expect(payload).not.toContain('"digest"');
        expect(payload).not.toMatch(/"base":\{/);
        expect(JSON.stringify(view.creatures['ogre'])).not.toMatch(/"(hp|maxHp|tempHp)"/);
        for (const e of history) {
          if (typeof e['target'] === 'string' && enc.state.creatures[e['target']]?.controller !== seat) expect(e).not.toHaveProperty('hpAfter');
        }
      }
    }), { numRuns: 30 });
  });

  it('a reveal or a hand-over later does not change the history a seat was shown before it', () => {
    fc.assert(fc.property(arbSeed, arbPlay(30), arbExtras, fc.nat({ max: 30 }), (seed, steps, extras, cut) => {
      const enc = playWithExtras(seed, steps, extras);
      const k = Math.min(cut, enc.events.length);
      const prefix = enc.events.slice(0, k);
      for (const seat of SEATS) {
        const then = redactEvents(prefix, seat, enc.state, miniRuleset);
        const now = redactEvents(enc.events, seat, enc.state, miniRuleset).filter((e) => e.seq < k);
        expect(canonicalJson(now)).toBe(canonicalJson(then));
      }
      // And the same history whether or not the reveal happens at all.
      const without = playWithExtras(seed, steps, []);
      const upTo = Math.min(...extras.map((x) => x.at), steps.length);
      const base = playWithExtras(seed, steps.slice(0, upTo), []);
      const shared = base.events.length;
      for (const seat of SEATS) {
        expect(canonicalJson(redactEvents(enc.events, seat, enc.state, miniRuleset).filter((e) => e.seq < shared)))
          .toBe(canonicalJson(redactEvents(without.events, seat, without.state, miniRuleset).filter((e) => e.seq < shared)));
      }
    }), { numRuns: 40 });
  });

  it('after a reveal the seats see the creature from then on, redacted like any other', () => {
    const enc = playWithExtras(5, [{ pick: 0 }, { pick: 1 }], [{ at: 2, what: 'reveal' }]);
    const history = redactEvents(enc.events, 'seat-ana', enc.state, miniRuleset);
    const reveal = history.find((e) => e.type === 'CreatureAdded' && e['reason'] === 'revealed');
    expect(reveal).toMatchObject({ creature: { id: 'lurker', name: SECRET_NAME, hpBand: 'unhurt' } });
    expect(JSON.stringify(reveal)).not.toContain(SECRET_NOTE);
    expect(Object.keys((playerView(enc.state, 'seat-ana', miniRuleset).space as unknown as GridSpaceState).creatures)).toContain('lurker');
  });

  it('a batch redacted against the state before commit matches the same events in the whole history', () => {
    fc.assert(fc.property(arbSeed, arbPlay(30), arbExtras, (seed, steps, extras) => {
      const enc = playWithExtras(seed, steps, extras);
      // Cut the log into its batches and redact each against the state before it, as a server pushes them.
      const whole = new Map(SEATS.map((s) => [s, canonicalJson(redactEvents(enc.events, s, enc.state, miniRuleset))]));
      const pieces = new Map(SEATS.map((s) => [s, [] as unknown[]]));
      let from = 0;
      while (from < enc.events.length) {
        const id = enc.events[from]!.commandId;
        let to = from;
        while (to < enc.events.length && enc.events[to]!.commandId === id && (to === from || enc.events[to]!.type !== 'CommandUndone')) to++;
        const before = Encounter.fromEvents(enc.events.slice(0, from), rt).state;
        for (const s of SEATS) pieces.get(s)!.push(...redactEvents(enc.events.slice(from, to), s, before, miniRuleset));
        from = to;
      }
      for (const s of SEATS) expect(canonicalJson(pieces.get(s))).toBe(whole.get(s));
    }), { numRuns: 15 });
  });
});
