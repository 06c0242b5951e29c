import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Campaign, canonicalJson, fold, type PromptPolicy, type Runtime } from '@fray/engine';
import { ftdRuleset, ftdCampaignLegalCommands, scores } from '../src/index';
import { brenna, gob, odo } from './fixtures';

/** Every prompt takes its default: the GM's travel-turn threats, resilience calls, drops, fates. */
const policy: PromptPolicy = (p) => p.default;
const rt = (): Runtime => ({ ruleset: ftdRuleset, policy });

type Step = { kind: 'legal'; pick: number } | { kind: 'fight'; damage: number } | { kind: 'undo' };
const arbStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('legal' as const), pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fight' as const), damage: fc.nat(12) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'undo' as const }) },
);
const gm = { role: 'gm' as const };
/** The state without its version (undo is an event of its own, so the version moves on). */
const unversioned = (c: Campaign) => canonicalJson({ ...c.state, version: 0 });

function play(seed: number, steps: Step[], check?: (c: Campaign) => void): Campaign {
  const c = Campaign.create({ id: 'p', seed, creatures: [brenna(), odo()], options: { moraleTriggers: false } }, rt());
  let n = 0;
  for (const s of steps) {
    if (s.kind === 'undo') c.dispatch({ id: `u${n++}`, issuedBy: gm, command: { type: 'undo' } });
    else if (s.kind === 'legal') {
      const legal = ftdCampaignLegalCommands(c.state, gm);
      // An undone write-back leaves a fight under way: nothing but finishing it is legal.
      if (!legal.length) continue;
      const command = legal[s.pick % legal.length]!;
      const before = unversioned(c);
      const r = c.dispatch({ id: `c${n++}`, issuedBy: gm, command });
      if (!r.ok) throw new Error(`legal campaign command refused: ${JSON.stringify(command)}: ${r.error.code}: ${r.error.message}`);
      if (check && n % 5 === 0) {
        c.dispatch({ id: `u${n++}`, issuedBy: gm, command: { type: 'undo' } });
        expect(unversioned(c)).toBe(before);
        c.dispatch({ id: `c${n++}`, issuedBy: gm, command });
      }
    } else {
      const started = c.startEncounter({ id: `f${n++}`, seed, foes: [gob('g1')] });
      if (!started.ok) continue;
      const b = started.encounter.state.creatures['brenna']!;
      started.encounter.dispatch({ id: 'd', issuedBy: gm, command: { type: 'gm.setHp', creatureId: 'brenna', hp: Math.max(0, b.hp - s.damage) } });
      started.encounter.dispatch({ id: 'e', issuedBy: gm, command: { type: 'gm.endEncounter' } });
      c.finishEncounter(started.encounter.state);
    }
    check?.(c);
  }
  return c;
}

describe('Five Torches Deep campaign invariants over random legal play', () => {
  it('replay is deterministic and folding the log gives the live state', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(arbStep, { maxLength: 30 }), (seed, steps) => {
      const c = play(seed, steps);
      expect(canonicalJson(play(seed, steps).events)).toBe(canonicalJson(c.events));
      expect(canonicalJson(fold(c.events))).toBe(canonicalJson(c.state));
    }), { numRuns: 25 });
  });

  it('HP and ability scores stay in bounds; a command then undo gives the state before it back', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(arbStep, { maxLength: 30 }), (seed, steps) => {
      play(seed, steps, (c) => {
        for (const cr of Object.values(c.state.creatures)) {
          expect(cr.hp >= 0 && cr.hp <= cr.maxHp).toBe(true);
          expect(Object.values(scores(cr)).every((v) => v >= 0)).toBe(true);
        }
      });
    }), { numRuns: 25 });
  });
});
