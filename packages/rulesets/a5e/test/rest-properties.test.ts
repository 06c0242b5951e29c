import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Campaign, campaignPlayerView, canonicalJson, fold, redactEvents, sampleAnswers, type Command, type Runtime } from '@fray/engine';
import { a5eRuleset, hitDiceOf, trackLevelOf } from '../src/index';
import { kel, pip, wren } from './rest-fixtures';
import { goblin } from './fixtures';

const SECRET = 'SENTINEL-CAMPAIGN-SECRET';
type Step = { pick: number; damage: number } | { undo: true };
const arbStep: fc.Arbitrary<Step> = fc.oneof({ weight: 5, arbitrary: fc.record({ pick: fc.nat(), damage: fc.nat(90) }) }, { weight: 1, arbitrary: fc.constant({ undo: true as const }) });

/** Random legal campaign play: rests, time, travel, wounds between them, prompts answered with sample answers, undo. */
function play(seed: number, steps: Step[]): Campaign {
  const rt: Runtime = { ruleset: a5eRuleset };
  const c = Campaign.create({ id: 'prop', seed, creatures: [kel({ tallies: { hitDiceSpent: 4 } }), wren({ tallies: { supply: 1 } }), pip(), goblin('spy', { side: 'party', hidden: true, name: SECRET, notes: SECRET })] }, rt);
  c.dispatch({ id: 'notes', issuedBy: { role: 'gm' }, command: { type: 'campaign.setNotes', notes: SECRET } });
  let n = 0;
  for (const s of steps) {
    if ('undo' in s) {
      c.dispatch({ id: `u${n++}`, issuedBy: { role: 'gm' }, command: { type: 'undo' } });
      continue;
    }
    const p = c.state.pending?.open[0];
    let command: Command;
    if (p) {
      const answers = sampleAnswers(p);
      command = { type: 'answerPrompt', promptId: p.id, answer: answers[s.pick % answers.length]! };
    } else if (s.pick % 4 === 0) {
      const ids = ['kel', 'wren', 'pip'];
      const id = ids[s.pick % 3]!;
      command = { type: 'gm.setHp', creatureId: id, hp: Math.max(0, c.state.creatures[id]!.hp - s.damage) };
    } else {
      const legal = a5eRuleset.campaignLegalCommands!(c.state, { role: 'gm' });
      command = legal[s.pick % legal.length]!;
    }
    const r = c.dispatch({ id: `c${n++}`, issuedBy: p ? p.to : { role: 'gm' }, command });
    if (!r.ok) throw new Error(`legal command rejected: ${JSON.stringify(command)}: ${r.error.code} ${r.error.message}`);
  }
  return c;
}

describe('A5E campaign invariants over random rests and travel', () => {
  it('folding reproduces the live state; replay is deterministic; HP, Hit Dice and tracks stay in bounds', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(arbStep, { maxLength: 30 }), (seed, steps) => {
      const c = play(seed, steps);
      expect(canonicalJson(fold(c.events))).toBe(canonicalJson(c.state));
      expect(canonicalJson(play(seed, steps).events)).toBe(canonicalJson(c.events));
      for (const id of ['kel', 'wren', 'pip']) {
        const cr = c.state.creatures[id]!;
        expect(cr.hp >= 0 && cr.hp <= cr.maxHp && cr.tempHp >= 0).toBe(true);
        const hd = hitDiceOf(cr)!;
        expect((cr.tallies['hitDiceSpent'] ?? 0) >= 0 && hd.spent <= hd.total).toBe(true);
        for (const track of ['fatigue', 'strife'] as const) expect(trackLevelOf(c.state, id, track)).toBeLessThanOrEqual(7);
      }
    }), { numRuns: 30 });
  });

  it('a command then undo equals the state before it', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(arbStep, { maxLength: 20 }), fc.nat(), (seed, steps, pick) => {
      const c = play(seed, steps.filter((s) => !('undo' in s)));
      if (c.state.pending) return;
      const legal = a5eRuleset.campaignLegalCommands!(c.state, { role: 'gm' });
      const before = canonicalJson({ ...c.state, version: 0 });
      expect(c.dispatch({ id: 'probe', issuedBy: { role: 'gm' }, command: legal[pick % legal.length]! }).ok).toBe(true);
      c.dispatch({ id: 'probe-undo', issuedBy: { role: 'gm' }, command: { type: 'undo' } });
      expect(canonicalJson({ ...c.state, version: 0 })).toBe(before);
    }), { numRuns: 30 });
  });

  it('no planted secret reaches a player view or the redacted log', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(arbStep, { maxLength: 20 }), (seed, steps) => {
      const c = play(seed, steps);
      const out = JSON.stringify([campaignPlayerView(c.state, 'seat-kel', a5eRuleset), redactEvents(c.events, 'seat-kel', c.state, a5eRuleset)]);
      expect(out).not.toContain(SECRET);
    }), { numRuns: 20 });
  });
});
