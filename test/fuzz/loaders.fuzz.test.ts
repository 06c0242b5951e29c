import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenarioFile } from '../../packages/cli/src/scenario/run';
import { runCampaignFile } from '../../packages/cli/src/scenario/campaign';
import { FUZZ_SCALE, FUZZ_SEED, RESERVED } from './inputs';
import { prototypeProblem, repoRoot } from './tables';

// The scenario and campaign loaders read files a person wrote: every mangled file ends in an exit
// code (0-3), and invalid input (2) names the file; nothing escapes as an internal error (70).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-fuzz-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TOKENS = [
  ...RESERVED, '*nowhere', '&a x', '*a', '[[[[[[', '{', '}', ']', '- ', ': ', '"', "'", '!!binary AA==', '!!js/function x', '~', 'null', '-1', '1e999',
  '0x10', '.nan', '<<: *a', 'type: constructor', 'ref: ../../../../etc/passwd', 'd20:21', 'd20:0 d8:1', '1d6*2', 'x'.repeat(300),
];

/** A line-level edit of a real file: replace a value, drop or repeat a line, or insert a token. */
type Edit = { line: number; op: number; token: number };
const arbEdit = fc.record({ line: fc.nat(), op: fc.nat({ max: 4 }), token: fc.nat() });

function apply(text: string, edits: readonly Edit[]): string {
  const lines = text.split('\n');
  for (const e of edits) {
    const i = e.line % lines.length;
    const token = TOKENS[e.token % TOKENS.length]!;
    const line = lines[i]!;
    switch (e.op) {
      case 0: lines[i] = line.includes(':') ? `${line.slice(0, line.lastIndexOf(':') + 1)} ${token}` : `${line} ${token}`; break;
      case 1: lines.splice(i, 1); break;
      case 2: lines.splice(i, 0, line); break;
      case 3: lines.splice(i, 0, `${line.match(/^\s*/)![0]}${token}`); break;
      default: lines[i] = line.replace(/[a-z]+/, token);
    }
  }
  return lines.join('\n');
}

/** An alias bomb: each level doubles the one below (YAML's "billion laughs"). */
const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`)].join('\n');

function fuzzFile(kind: 'scenario' | 'campaign', source: string, runs: number, seed: number): { inputs: number; codes: Record<number, number> } {
  const original = fs.readFileSync(path.join(repoRoot, source), 'utf8');
  const codes: Record<number, number> = {};
  let n = 0;
  fc.assert(fc.property(fc.array(arbEdit, { minLength: 1, maxLength: 4 }), fc.boolean(), (edits, withBomb) => {
    const file = path.join(dir, `${kind}-${n++}.yaml`);
    // Keep `ref:` paths working: the edited file sits where the original did, as far as content goes.
    const text = apply(original, edits).replace(/ref: (?!\.\.)/g, `ref: ${path.join(repoRoot, 'scenarios/content')}/`);
    fs.writeFileSync(file, withBomb ? `${text}\n${bomb}\n` : text);
    let outcome: { exitCode: number; message?: string };
    try {
      outcome = kind === 'scenario' ? runScenarioFile(file, dir) : runCampaignFile(file, dir);
    } catch (err) {
      throw new Error(`${kind} loader threw on:\n${fs.readFileSync(file, 'utf8')}\n${(err as Error).stack}`);
    }
    codes[outcome.exitCode] = (codes[outcome.exitCode] ?? 0) + 1;
    expect([0, 1, 2, 3], outcome.message).toContain(outcome.exitCode);
    if (outcome.exitCode === 2) expect(outcome.message).toContain(path.basename(file));
    expect(prototypeProblem()).toBeNull();
  }), { numRuns: runs, seed });
  return { inputs: n, codes };
}

describe('fuzz: scenario and campaign loaders (issue 19)', () => {
  it(`mangled scenario files end in exit 0-3, never an internal error`, () => {
    const r = fuzzFile('scenario', 'scenarios/13th-age/bog-bridge.yaml', 150 * FUZZ_SCALE, FUZZ_SEED + 20);
    expect(r.codes[2]).toBeGreaterThan(20);
    console.log(`fuzz scenario loader: ${r.inputs} inputs, exit codes ${JSON.stringify(r.codes)}`);
  });

  it(`mangled campaign files end in exit 0-3, never an internal error`, () => {
    const r = fuzzFile('campaign', 'scenarios/campaigns/ftd-day.yaml', 80 * FUZZ_SCALE, FUZZ_SEED + 21);
    expect(r.codes[2]).toBeGreaterThan(10);
    console.log(`fuzz campaign loader: ${r.inputs} inputs, exit codes ${JSON.stringify(r.codes)}`);
  });

  it(`mangled campaign files with fight maps, places and pre-answers end in exit 0-3, never an internal error`, () => {
    const zones = fuzzFile('campaign', 'scenarios/campaigns/13a-two-battles.yaml', 40 * FUZZ_SCALE, FUZZ_SEED + 22);
    const grid = fuzzFile('campaign', 'scenarios/campaigns/a5e-watchtower.yaml', 40 * FUZZ_SCALE, FUZZ_SEED + 23);
    expect((zones.codes[2] ?? 0) + (grid.codes[2] ?? 0)).toBeGreaterThan(10);
    console.log(`fuzz campaign loader (maps, pre-answers): ${zones.inputs + grid.inputs} inputs, exit codes ${JSON.stringify(zones.codes)} ${JSON.stringify(grid.codes)}`);
  });
});

describe('class 10: scenario loader errors are invalid input (exit 2) naming file and line', () => {
  const head = 'ruleset: mini\nseed: 1\ncreatures:\n  - { id: ana, side: party, ref: mini/ogre.yaml }\n';
  const cases: [string, string, RegExp][] = [
    ['an unresolved alias', `${head}steps:\n  - command: *nowhere\n`, /alias\.yaml:6: YAML: .*nowhere/],
    ['an alias bomb', `${head}${bomb}\nsteps: []\n`, /bomb\.yaml:\d+: YAML: .*[Ee]xcessive alias count/],
    ['a step typed constructor', `${head}steps:\n  - command: { type: constructor }\n`, /ctor\.yaml:6: steps\.0\.command\.type: 'constructor' is a reserved name/],
    ['a creature id __proto__', `ruleset: mini\nseed: 1\ncreatures:\n  - { id: __proto__, side: party, ref: mini/ogre.yaml }\n`, /proto\.yaml:4: creatures\.0\.id: '__proto__' is a reserved name/],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => {
      const name = { 'an unresolved alias': 'alias', 'an alias bomb': 'bomb', 'a step typed constructor': 'ctor', 'a creature id __proto__': 'proto' }[what]!;
      const file = path.join(dir, `${name}.yaml`);
      fs.writeFileSync(file, text.replace(/ref: /g, `ref: ${path.join(repoRoot, 'scenarios/content')}/`));
      const outcome = runScenarioFile(file, dir);
      expect(outcome.exitCode).toBe(2);
      expect(outcome.message).toMatch(message);
    });
  }
});
