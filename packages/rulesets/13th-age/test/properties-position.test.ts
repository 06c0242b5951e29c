import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, canonicalJson, currentCreatureId, fold, type Command, type EncounterState, type FrayEvent, type PromptPolicy } from '@fray/engine';
import { arbSeed, commandFor } from '@fray/testkit';
import { engagedFoes, thirteenthAgeRuleset as R } from '../src/index';
import { kira, ostin, brute, grunt, table } from './fixtures';

/** Random play: legal commands, undo, the GM's escalation commands and teleports by whoever is up. */
type Step = { pick: number } | { undo: true } | { gm: 'hold' | 'reset' | 'unbind' | 'bind' } | { teleport: true; farAway: boolean };
const arbStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 14, arbitrary: fc.nat({ max: 1000 }).map((pick) => ({ pick })) },
  { weight: 1, arbitrary: fc.constant({ undo: true as const }) },
  { weight: 2, arbitrary: fc.constantFrom('hold', 'reset', 'unbind', 'bind').map((gm) => ({ gm: gm as 'hold' | 'reset' | 'unbind' | 'bind' })) },
  { weight: 2, arbitrary: fc.boolean().map((farAway) => ({ teleport: true as const, farAway })) },
);
const arbPlay = (min = 30, max = 120) => fc.array(arbStep, { minLength: min, maxLength: max });

const setup = (seed: number) => ({ id: '13a-prop-pos', seed, creatures: [kira({ hp: 20 }), ostin({ hp: 14 }), brute(), grunt('g1'), grunt('g2')] });
const policy: PromptPolicy = (p) => p.default;

function commandOf(state: EncounterState, step: Step): Command | null {
  if ('pick' in step) return commandFor(state, R, step);
  if ('undo' in step) return { type: 'undo' };
  if ('gm' in step) return { type: '13a.escalation', mode: step.gm };
  const actorId = currentCreatureId(state);
  return actorId ? { type: 'takeAction', actorId, action: 'teleport', options: { farAway: step.farAway } } : null;
}

/** Checks after every step of one play: the escalation die's range, engagement's symmetry and ends. */
function play(seed: number, steps: Step[], check: (s: EncounterState, events: readonly FrayEvent[], step: Step) => void = () => {}): Encounter {
  const enc = Encounter.create(setup(seed), { ruleset: R, policy });
  let n = 0;
  for (const step of steps) {
    const command = commandOf(enc.state, step);
    if (!command) break;
    const before = canonicalJson(enc.state);
    const r = enc.dispatch({ id: `c${n++}`, issuedBy: { role: 'gm' }, command });
    if (!r.ok) {
      // only the extra steps may be refused (a teleport off-turn, binding a bound die); a refusal changes nothing
      if ('pick' in step) throw new Error(`legal command rejected: ${JSON.stringify(command)}: ${r.error.code}`);
      expect(canonicalJson(enc.state)).toBe(before);
      continue;
    }
    check(enc.state, r.events, step);
  }
  return enc;
}

const ids = (s: EncounterState) => s.creatureIds;

describe('13th Age escalation and engagement over random play', () => {
  it('13A-ESC-1 the escalation die stays within 0..6 unless the GM unbinds it, and never exceeds round - 1', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      play(seed, steps, (s) => {
        const esc = s.counters['escalation'] ?? 0;
        expect(esc).toBeGreaterThanOrEqual(0);
        expect(esc).toBeLessThanOrEqual(Math.max(0, s.round - 1));
        if (s.counters['escalationUnbound'] !== 1) expect(esc).toBeLessThanOrEqual(6);
      });
    }), { numRuns: 40 });
  });

  it('13A-ENGAGE-1 13A-ENGAGE-12 13A-TELE-1 engagement is symmetric, ends with the slain and with a teleport', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      play(seed, steps, (s, events, step) => {
        for (const a of ids(s)) {
          const mine = engagedFoes(s, a);
          for (const b of mine) expect(engagedFoes(s, b), `${a} engaged with ${b}`).toContain(a);
          if (s.creatures[a]!.status === 'dead') expect(mine).toEqual([]);
        }
        const teleported = events.find((e) => e.type === 'RuleApplied' && e.ruleId === '13A-TELE-1') as { creatureId?: string } | undefined;
        if ('teleport' in step && teleported?.creatureId) expect(engagedFoes(s, teleported.creatureId)).toEqual([]);
      });
    }), { numRuns: 40 });
  });

  it('replay and undo hold with GM escalation commands and teleports in the mix', () => {
    fc.assert(fc.property(arbSeed, arbPlay(20, 80), (seed, steps) => {
      const enc = play(seed, steps);
      expect(canonicalJson(play(seed, steps).events)).toBe(canonicalJson(enc.events));
      expect(canonicalJson(fold(enc.events))).toBe(canonicalJson(enc.state));
      const probe = commandOf(enc.state, { teleport: true, farAway: false });
      if (!probe || enc.state.phase === 'ended') return;
      const before = canonicalJson({ ...enc.state, version: 0 });
      if (!enc.dispatch({ id: 'probe', issuedBy: { role: 'gm' }, command: probe }).ok) return;
      enc.dispatch({ id: 'probe-undo', issuedBy: { role: 'gm' }, command: { type: 'undo' } });
      expect(canonicalJson({ ...enc.state, version: 0 })).toBe(before);
    }), { numRuns: 25 });
  });
});

describe('escalation die house rule: unbinding', () => {
  const endRounds = (t: ReturnType<typeof table>, rounds: number) => { for (let i = 0; i < rounds * 2; i++) t.run({ type: 'endTurn' }); };

  it('13A-ESC-1 unbound by the GM the die rises past 6; bound again it drops back to 6 and stays', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.rejects({ type: '13a.escalation', mode: 'bind' }, 'no-change');
    t.run({ type: '13a.escalation', mode: 'unbind' });
    expect(t.state.counters['escalationUnbound']).toBe(1);
    t.rejects({ type: '13a.escalation', mode: 'unbind' }, 'no-change');
    t.rejects({ type: '13a.escalation', mode: 'unbind' }, 'forbidden', { as: { role: 'player', seat: 'seat-kira' } });
    endRounds(t, 8);
    expect([t.state.round, t.state.counters['escalation']]).toEqual([9, 8]);
    const ev = t.run({ type: '13a.escalation', mode: 'bind' });
    expect(ev.filter((e) => e.type === 'CounterSet').map((e) => [(e as { key: string }).key, (e as { value: number }).value])).toEqual([['escalationUnbound', 0], ['escalation', 6]]);
    endRounds(t, 1);
    expect([t.state.round, t.state.counters['escalation']]).toEqual([10, 6]);
  });
});

describe('legal commands and far-away foes', () => {
  it('13A-POS-3 after a teleport far away, engaging (two moves) is not listed with only the move action left', () => {
    const t = table([ostin(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.run({ type: 'takeAction', actorId: 'ostin', action: 'teleport', options: { farAway: true } });
    const legal = R.legalCommands!(t.state, { role: 'gm' }).filter((c) => c.type === 'takeAction' && c.action === 'engage');
    expect(legal).toEqual([]);
    t.rejects({ type: 'takeAction', actorId: 'ostin', action: 'engage', targets: ['brute'] }, 'no-action-left');
  });
});
