import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCommand } from '../src/commands/import';
import { runCommand } from '../src/commands/run';
import { repoRoot } from '../src/paths';
import { okLines } from './helpers';

const sample = path.join(repoRoot, 'packages', 'import', 'test', 'samples', '5e-bonus-reaction.txt');

/**
 * A pasted 5e block (our own sample) whose Bonus Actions and Reactions sections hold attacks: imported
 * with `fray import` into A5E special actions, then fought with scripted dice. The tail lash is paid
 * with the bonus action, the bite with the reaction, each once (A5E-ROUND-4), as attacks with the
 * printed bonus against AC (A5E-ATK-2).
 */
const scenario = (steps: string) => `ruleset: a5e
seed: 1
creatures:
  - { id: lurker, side: foes, ref: lib/a5e/monsters/thornback-lurker.yaml, initiative: 20 }
  - { id: brannoc, side: party, controller: seat-brannoc, ref: a5e/characters/brannoc-vale.yaml, initiative: 10 }
steps:
  - command: { type: startCombat }
${steps}`;

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-import-bonus-'));
  const imported = importCommand(sample, { out: path.join(dir, 'lib'), cwd: dir });
  expect(imported.errorOutput).toBeUndefined();
  expect(imported.output).toContain('bonus action Tail Lash: +5 to hit, reach 10 ft, 1d4 + 3 bludgeoning [line 12]');
  expect(imported.output).toContain('reaction Spiteful Bite: +4 to hit, reach 5 ft, 1d8 + 3 piercing (taken by command when its trigger comes) [line 14]');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function play(name: string, steps: string): string[] {
  fs.writeFileSync(path.join(dir, `${name}.yaml`), scenario(steps));
  return okLines(runCommand(path.join(dir, `${name}.yaml`)));
}

describe('an imported A5E creature\'s bonus-action and reaction attacks play through the rules', () => {
  it('A5E-ROUND-4 the bonus-action attack comes after the Attack action in the same turn, with its printed bonus (A5E-ATK-2); a second one that turn is refused', () => {
    const lines = play('bonus', `  - command: { type: takeAction, actorId: lurker, action: attack, targets: [brannoc], options: { attack: claw } }
    dice: d20:15 d6:3
    expect: { creatures: { brannoc: { hp: 22 } } }
  - command: { type: takeAction, actorId: lurker, action: use-action, targets: [brannoc], options: { id: tail-lash } }
    dice: d20:14 d4:2
    expect: { creatures: { brannoc: { hp: 17 } } }
  - command: { type: takeAction, actorId: lurker, action: use-action, targets: [brannoc], options: { id: tail-lash } }
    expectRejected: no-bonus-action-left
  # a miss: 1 + 5 = 6 against AC 18, no damage (next round, the bonus action back)
  - command: { type: endTurn }
  - command: { type: endTurn }
    as: seat-brannoc
  - command: { type: takeAction, actorId: lurker, action: use-action, targets: [brannoc], options: { id: tail-lash } }
    dice: d20:1
    expect: { creatures: { brannoc: { hp: 17 } } }
`);
    expect(lines.at(-1)).toMatch(/^OK: \d+ steps, every expectation met$/);
  });

  it('A5E-ROUND-4 the reaction attack is taken on the other creature\'s turn, once a round: a second is refused until the lurker\'s own turn gives it back', () => {
    const lines = play('reaction', `  - command: { type: endTurn }
  - command: { type: takeAction, actorId: brannoc, action: attack, targets: [lurker], options: { attack: longsword } }
    as: seat-brannoc
    dice: d20:15 d8:6
    expect: { creatures: { lurker: { hp: 31 } } }
  - command: { type: takeAction, actorId: lurker, action: use-action, targets: [brannoc], options: { id: spiteful-bite } }
    dice: d20:15 d8:4
    expect: { creatures: { brannoc: { hp: 21 } } }
  - command: { type: takeAction, actorId: lurker, action: use-action, targets: [brannoc], options: { id: spiteful-bite } }
    expectRejected: no-reaction-left
`);
    expect(lines.at(-1)).toMatch(/^OK: \d+ steps, every expectation met$/);
  });
});
