import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { repoRoot } from '../src/paths';

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
