import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import { runProgram } from '../src/program';
import { repoRoot } from '../src/paths';
import type { CommandResult } from '../src/result';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Writes files into a fresh temporary folder and returns the path of the first one. */
export function writeTemp(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-cli-'));
  dirs.push(dir);
  let first = '';
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    first ||= file;
  }
  return first;
}

export const scenario = (name: string) => path.join(repoRoot, 'scenarios', name);

/** `fray ARGV…` run in process: its exit code, and what it wrote to stdout and stderr. */
export const capture = (argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = runProgram(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

/** The YAML files of a bundled scenario folder, sorted by name. */
export const scenarioFiles = (folder: string) => fs.readdirSync(scenario(folder)).filter((f) => f.endsWith('.yaml')).sort();

/** What a command printed, line by line, once it has passed: no error output and exit 0. */
export function okLines(r: CommandResult): string[] {
  expect(r.errorOutput).toBeUndefined();
  expect(r.exitCode).toBe(0);
  return r.output.split('\n');
}

/** One test per file (`name` with %s for the file): `fray run` plays it with exit 0, its last line saying every expectation was met. */
export function itRunsEach(folder: string, files: readonly string[], name = '%s runs with exit 0 and every expectation met'): void {
  it.each(files)(name, (file) => {
    expect(okLines(runCommand(path.join(scenario(folder), file))).at(-1)).toMatch(/^OK: \d+ steps?, every expectation met$/);
  });
}

/** Every wanted line is among the printed lines (one assertion a line, so a failure names the line missing). */
export function expectLines(lines: readonly string[], wanted: readonly string[]): void {
  for (const line of wanted) expect(lines).toContain(line);
}

/** A two-creature mini encounter in YAML; `steps` and `extra` are appended verbatim. */
export const duel = (steps = '', extra = '') => `ruleset: mini
creatures:
  - id: ana
    side: party
    controller: seat-ana
    tags: [pc]
    statBlock: { name: Ana, hp: 20, ac: 16, attackBonus: 5, damage: 1d8+3, initiativeBonus: 2, dexSave: 2 }
  - id: ogre
    side: foes
    ref: mini/ogre.yaml
${extra}steps:
  - command: { type: startCombat }
    dice: d20:15 d20:10
${steps}`;
