// Odds from here for every scenario in the repository with a fight left to play (issue 16): how many
// fights a second the simulator plays from the state after the file's steps, and which path played
// them (compiled: the ruleset's compiled fight; fallbacks: left the compiled fight and replayed on the
// engine; engine: not admitted, with the compiled fight's reason). Also the web table's Five Torches
// Deep fight as the odds E2E sets it up (crypt-ambush's creatures in zones, after startCombat).
// Goal: 10,000 fights in 2 s of wall time (5,000 fights/s). Rates are on one thread, so they say what
// one worker does; the machine is shared, so the A5E 4v4's compiled rate in the same run is the yardstick.
import fs from 'node:fs';
import path from 'node:path';
import { Encounter, type EncounterSetup, type EncounterState } from '@fray/engine';
import { compileScenario, runRange, shapeOf, simPoliciesFor, totalPolicy, type SimScenario } from '@fray/sim';
import { parse } from 'yaml';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import { loadSimFile } from '../packages/cli/src/sim/load-sim-scenario';
import { consume, repoRoot } from './harness';

const root = repoRoot();
const GOAL = 5000;
const MOST = 10_000;
/** Milliseconds of fights per scenario (at least one batch). */
const BUDGET_MS = 1500;

function scenarioFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'content') walk(p);
      } else if (e.name.endsWith('.yaml')) out.push(p);
    }
  };
  walk(path.join(root, 'scenarios'));
  return out.sort();
}

/** The web table's FTD fight in the odds E2E: crypt-ambush's four in one zone, ranged from each other, the battle begun (no morale call). */
function webFtdFight(): SimScenario {
  const sheet = (file: string): unknown => parse(fs.readFileSync(path.join(root, 'scenarios/content/five-torches-deep', `${file}.yaml`), 'utf8'));
  const zone = { zone: null };
  const setup = {
    id: 'crypt', seed: 4, options: { moraleTriggers: true },
    creatures: [
      { id: 'wren', side: 'party', sheet: sheet('wren') }, { id: 'ilka', side: 'party', sheet: sheet('ilka') },
      { id: 'gob', side: 'raiders', sheet: sheet('gloomgob') }, { id: 'brute', side: 'raiders', sheet: sheet('tusk-brute') },
    ],
    space: { kind: 'zones', bands: ['close', 'ranged', 'far'], defaultBand: 'ranged', creatures: { wren: zone, ilka: zone, gob: zone, brute: zone }, engagements: {}, pairBands: {} },
  } as unknown as EncounterSetup;
  const policies = simPoliciesFor('five-torches-deep');
  const answer = totalPolicy(policies.prompts);
  const enc = Encounter.create(setup, { ruleset: ftdRuleset, policy: (p, s) => (p.key === 'ftd.morale.call' ? 'no' : answer(p, s)) });
  const r = enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
  if (!r.ok) throw new Error(r.error.message);
  return { ruleset: ftdRuleset, start: enc.state as EncounterState, policies };
}

interface Measured {
  name: string;
  rate: number;
  fights: number;
  compiled: number;
  fallbacks: number;
  why: string;
  /** milliseconds of the simulation's start: compiling the fight, the run-time check's engine fights, and the first five fights */
  startMs: number;
}

function measure(name: string, scenario: SimScenario): Measured {
  const c = compileScenario(scenario, shapeOf(scenario.start));
  const why = 'unsupported' in c ? c.unsupported : '';
  // warm-up: a few fights (compiles, checks the first compiled fights against the engine, JIT)
  const s0 = performance.now();
  runRange(scenario, { seed: 'warm', from: 0, to: 5 });
  const startMs = performance.now() - s0;
  let fights = 0;
  let compiled = 0;
  let fallbacks = 0;
  let batch = 5;
  const t0 = performance.now();
  while (fights < MOST && performance.now() - t0 < BUDGET_MS) {
    const k = Math.min(MOST - fights, batch);
    const t = runRange(scenario, { seed: 'bench', from: fights, to: fights + k });
    consume(t.wins[0] ?? 0);
    compiled += t.compiled;
    fallbacks += t.fallbacks;
    fights += k;
    batch = Math.min(2000, batch * 2);
  }
  const ms = performance.now() - t0;
  return { name, rate: (fights / ms) * 1000, fights, compiled, fallbacks, why, startMs };
}

const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en') : x.toFixed(1));

export default function simScenariosBench(): void {
  const rows: Measured[] = [];
  const skipped: string[] = [];
  for (const file of scenarioFiles()) {
    const rel = path.relative(path.join(root, 'scenarios'), file);
    let scenario: SimScenario;
    try {
      scenario = loadSimFile({ file, cwd: root }).scenario;
    } catch (err) {
      skipped.push(`${rel}: ${(err as Error).message.split('\n')[0]}`);
      continue;
    }
    rows.push(measure(rel, scenario));
  }
  rows.push(measure('web table: FTD crypt-ambush in zones, after startCombat (odds E2E)', webFtdFight()));
  const yard = rows.find((r) => r.name === 'a5e/sim-4v4.yaml');
  const header = ['scenario (odds from the state after its steps)', 'fights/s', '10k fights', 'start', 'vs 4v4', 'fights: compiled / fallback / engine', 'goal met', 'why not compiled'];
  const cells = rows.map((r) => [
    r.name, fmt(r.rate), `${fmt(MOST / r.rate)} s`, `${Math.round(r.startMs)} ms`, yard ? `${(r.rate / yard.rate).toFixed(4)}×` : '',
    `${r.fights}: ${r.compiled} / ${r.fallbacks} / ${r.fights - r.compiled - r.fallbacks}`, r.rate >= GOAL ? 'yes' : 'NO', r.why,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  console.log(`(one thread; goal ≥ ${GOAL.toLocaleString('en')} fights/s, 10,000 fights in ≤ 2 s; a row plays up to ${MOST.toLocaleString('en')} fights or ${BUDGET_MS} ms; 'start' is the first call: compiling, the run-time check's engine fights and five fights; 'vs 4v4' is the rate over the A5E 4v4's compiled rate in this run)`);
  console.log('Not simulated (nothing left to play, or not a scenario file):');
  for (const s of skipped) console.log(`  ${s}`);
}
