import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Encounter } from '@fray/engine';
import { campaignTables, fightTables, fingerprint, foldMatches, prototypeProblem, type FuzzTable } from './tables';
import { FUZZ_SCALE, FUZZ_SEED, arbFuzzStep, envelopeFor, type FuzzStep } from './inputs';

/**
 * Issue 19's contract, checked for every input: `Encounter.dispatch` (and the campaign's log) never
 * throws; a refusal is typed and leaves state, log and dice exactly as they were; after an accepted
 * command, folding the log gives the live state; `Object.prototype` is never touched. Malformed input
 * is mixed with legal play so it meets fights in every phase, with prompts open and after undos.
 *
 * Reproduce: `npx vitest run test/fuzz` (seed fixed); more: `FRAY_FUZZ_RUNS=20 FRAY_FUZZ_SEED=7 npx vitest run test/fuzz`.
 */

const STEPS = 25;

export interface StepReport {
  inputs: number;
  accepted: number;
  refused: number;
}

function check(t: FuzzTable, seed: number, steps: readonly FuzzStep[], report: StepReport): void {
  const enc: Encounter = t.create(seed);
  const used: string[] = [];
  const promptKeys = new Set<string>();
  steps.forEach((step, n) => {
    for (const p of enc.state.pending?.open ?? []) promptKeys.add(p.key);
    const env = envelopeFor(t, enc.state, step, n, used, [...promptKeys]);
    if (env === null) return;
    const before = fingerprint(enc);
    let r: ReturnType<Encounter['dispatch']>;
    try {
      r = enc.dispatch(env as never);
    } catch (err) {
      throw new Error(`step ${n} threw: ${(err as Error).stack}\ninput: ${safeJson(env)}`);
    }
    report.inputs++;
    const polluted = prototypeProblem();
    if (polluted) throw new Error(`step ${n}: ${polluted}\ninput: ${safeJson(env)}`);
    if (!r.ok) {
      report.refused++;
      if (typeof r.error.code !== 'string' || typeof r.error.message !== 'string' || r.error.code === 'internal') {
        throw new Error(`step ${n}: untyped or internal refusal ${safeJson(r.error)}\ninput: ${safeJson(env)}`);
      }
      if (fingerprint(enc) !== before) throw new Error(`step ${n}: refused (${r.error.code}) but the state, log or dice changed\ninput: ${safeJson(env)}`);
      return;
    }
    report.accepted++;
    const id = (env as { id?: unknown }).id;
    if (typeof id === 'string') used.push(id);
    if (!foldMatches(enc)) throw new Error(`step ${n}: fold(log) differs from the live state\ninput: ${safeJson(env)}`);
  });
}

function safeJson(v: unknown): string {
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 2000 ? `${s.slice(0, 2000)}...` : s;
  } catch {
    return String(v);
  }
}

describe('fuzz: every authority refuses bad input cleanly (issue 19)', () => {
  const tables = [...fightTables(), ...campaignTables()];
  tables.forEach((t, i) => {
    // Campaign steps (rests, hours of travel) cost more each: fewer runs there.
    const RUNS = (t.legal ? 40 : 100) * FUZZ_SCALE;
    it(`${t.name}: ${RUNS} runs of ${STEPS} steps, malformed input mixed with legal play`, () => {
      const report: StepReport = { inputs: 0, accepted: 0, refused: 0 };
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(arbFuzzStep, { minLength: STEPS, maxLength: STEPS }), (seed, steps) => check(t, seed, steps, report)),
        { numRuns: RUNS, seed: FUZZ_SEED + i, endOnFailure: true },
      );
      // Most inputs are refused; enough legal play is accepted to reach deep into fights.
      expect(report.accepted).toBeGreaterThan(RUNS * 2);
      expect(report.refused).toBeGreaterThan(RUNS * 5);
      console.log(`fuzz ${t.name}: ${report.inputs} inputs (${report.accepted} accepted, ${report.refused} refused)`);
    });
  });
});
