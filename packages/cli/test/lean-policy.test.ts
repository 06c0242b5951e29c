// The simulator's lean A5E turn policy (packages/sim/src/policy/lean-a5e.ts) against the policy it
// stands in for: on states from fights played with random legal commands (moves, dodges, hiding,
// help, maneuvers, readied attacks… so conditions, maps and budgets vary; and now and then the creature
// whose turn it is drops prone, A5E-POS-7, as one woken by a natural 20 death save lies prone,
// A5E-DYING-6, so prone creatures stand or fight prone), it issues the very command
// `legalTurnPolicy` would (same target, same policy-stream draws), and that command is in
// `legalCommands`' list. Same seed, same aggregates.
import { seeded } from '@fray/dice';
import { currentCreatureId, hasCondition, legalCommands, type Command, type EncounterState } from '@fray/engine';
import { fightStart, leanA5eTurnPolicy, legalTurnPolicy, recordedAuthority, simRuntime, simulate, type PolicyRng, type SimScenario, type TargetStrategy } from '@fray/sim';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';

const files = ['a5e/sim-4v4.yaml', 'a5e/forest-ambush.yaml', 'a5e/storm-crag.yaml', 'a5e/swamp-ferry.yaml', 'a5e/demo-forest.yaml'];

const load = (file: string, target: TargetStrategy = 'weakest'): SimScenario => loadSimFile({ file: scenario(file), cwd: process.cwd(), target }).scenario;

/** A policy stream that records its draws. */
function streamRng(seed: string): PolicyRng & { draws: number[] } {
  const s = seeded(seed);
  const draws: number[] = [];
  return { draws, int: (n) => { const x = s.next(n) - 1; draws.push(x); return x; } };
}

describe('the lean A5E turn policy', () => {
  for (const file of files) {
    it(`issues legalTurnPolicy's command, which legalCommands lists, on random states of ${file}`, () => {
      const sc = load(file);
      const rt = simRuntime(sc);
      const pick = seeded(`pick ${file}`);
      let checked = 0;
      let attacks = 0;
      let prone = 0;
      for (let fight = 0; fight < 40 && checked < 600; fight++) {
        const auth = recordedAuthority(rt, fightStart(sc.start, file, fight), () => {});
        for (let step = 0; step < 400 && auth.state.phase !== 'ended'; step++) {
          const state: EncounterState = auth.state;
          const legal = legalCommands(state, { role: 'gm' }, sc.ruleset);
          if (!state.pending && state.phase === 'combat') {
            for (const target of ['weakest', 'random'] as const) {
              const a = streamRng(`rng ${fight} ${step}`);
              const b = streamRng(`rng ${fight} ${step}`);
              const lean = leanA5eTurnPolicy(target)(state, sc.ruleset, a);
              const old = legalTurnPolicy(target)(state, sc.ruleset, b);
              expect(lean).toEqual(old);
              expect(a.draws).toEqual(b.draws);
              if (lean) expect(legal).toContainEqual(lean);
              if (lean?.type === 'takeAction') attacks++;
              const current = currentCreatureId(state);
              if (current && hasCondition(state.creatures[current]!, 'prone')) prone++;
              checked++;
            }
          }
          if (legal.length === 0) break;
          // mostly the policy's own attacks, sometimes anything the rules list
          const chosen = pick.next(3) === 1 ? null : legalTurnPolicy('random')(state, sc.ruleset, { int: (n) => pick.next(n) - 1 });
          const current = currentCreatureId(state);
          // dropping prone is not among the legal commands, so the test drops some creatures itself (A5E-POS-7)
          const drop: Command | null = current && !state.pending && pick.next(8) === 1 ? { type: 'takeAction', actorId: current, action: 'drop-prone', targets: [] } : null;
          const cmd: Command = drop ?? chosen ?? legal[pick.next(legal.length) - 1]!;
          const r = auth.issue(`t${step}`, cmd);
          if (!r.ok && cmd.type !== 'endTurn' && cmd !== drop) auth.issue(`t${step}e`, { type: 'endTurn' });
        }
      }
      expect(checked).toBeGreaterThan(300);
      expect(attacks).toBeGreaterThan(10);
      expect(prone).toBeGreaterThan(10);
    });
  }

  it('gives the same aggregates as the legal-command policy for the same seed (4v4, random and weakest targets)', () => {
    for (const target of ['random', 'weakest'] as const) {
      const base = load('a5e/sim-4v4.yaml', target);
      const old: SimScenario = { ...base, source: undefined, policies: { ...base.policies, chooseCommand: legalTurnPolicy(target) } };
      const lean: SimScenario = { ...base, source: undefined, policies: { ...base.policies, chooseCommand: leanA5eTurnPolicy(target) } };
      expect(simulate(lean, { n: 150, seed: 'lean' })).toEqual(simulate(old, { n: 150, seed: 'lean' }));
    }
  });
});
