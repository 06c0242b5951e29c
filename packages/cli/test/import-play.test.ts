import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCommand } from '../src/commands/import';
import { runCommand } from '../src/commands/run';
import { repoRoot } from '../src/paths';
import { expectLines, okLines } from './helpers';

const sample = path.join(repoRoot, 'packages', 'import', 'test', 'samples', 'open5e-v2-a5e-page.json');

/**
 * An Open5e v2 A5E creature (our own sample) imported with `fray import`, then fought in a scenario
 * with scripted dice: its attack, its resistance, its saving throw and its recharge breath run through
 * the A5E rules exactly as a hand-written stat block's would.
 */
const scenario = `ruleset: a5e
seed: 1
creatures:
  - { id: drake, side: foes, ref: lib/a5e/monsters/cinder-drake.yaml, initiative: 20 }
  - { id: perrin, side: party, controller: seat-perrin, ref: a5e/characters/perrin-ashdown.yaml, initiative: 15 }
  - { id: brannoc, side: party, controller: seat-brannoc, ref: a5e/characters/brannoc-vale.yaml, initiative: 10 }
steps:
  - command: { type: startCombat }
  # Ember Breath (imported: DC 13 Dex, 6d6 fire, half on a success, recharge 5-6) on both
  - command: { type: takeAction, actorId: drake, action: use-action, targets: [perrin, brannoc], options: { id: ember-breath } }
    dice: d20:5 d6:1 d6:1 d6:2 d6:2 d6:3 d6:3 d20:18
    expect: { creatures: { perrin: { hp: 5 }, brannoc: { hp: 22 } } }
  - command: { type: endTurn }
  # Burning Fan on the drake: its imported Dex save (+4) makes 9 a success; half, then its fire resistance
  - command: { type: takeAction, actorId: perrin, action: use-action, targets: [drake], options: { id: burning-fan } }
    as: seat-perrin
    dice: d20:9 d6:6 d6:5 d6:4
    expect: { creatures: { drake: { hp: 72 } } }
  - command: { type: endTurn }
    as: seat-perrin
  - command: { type: takeAction, actorId: brannoc, action: attack, targets: [drake], options: { attack: longsword } }
    as: seat-brannoc
    dice: d20:15 d8:6
    expect: { creatures: { drake: { hp: 63 } } }
  # round 2: the recharge d6 is a 4, not enough
  - command: { type: endTurn }
    as: seat-brannoc
    dice: d6:4
  - command: { type: takeAction, actorId: drake, action: use-action, targets: [perrin], options: { id: ember-breath } }
    expectRejected: not-recharged
  - command: { type: takeAction, actorId: drake, action: attack, targets: [brannoc], options: { attack: bite } }
    dice: d20:12 d8:3 d8:5 d6:4
    expect: { creatures: { brannoc: { hp: 6 } } }
  - command: { type: endTurn }
  - command: { type: takeAction, actorId: perrin, action: attack, targets: [drake], options: { attack: ember-dart } }
    as: seat-perrin
    dice: d20:14 d10:9
    expect: { creatures: { drake: { hp: 59 } } }
  - command: { type: endTurn }
    as: seat-perrin
  # round 3: a 5 recharges the breath
  - command: { type: endTurn }
    as: seat-brannoc
    dice: d6:5
  - command: { type: takeAction, actorId: drake, action: use-action, targets: [brannoc], options: { id: ember-breath } }
    dice: d20:3 d6:1 d6:1 d6:1 d6:1 d6:1 d6:1
    expect: { creatures: { brannoc: { hp: 0, status: dying } } }
`;

let dir = '';
let lines: string[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-import-play-'));
  const imported = importCommand(sample, { out: path.join(dir, 'lib'), cwd: dir });
  expect(imported.exitCode).toBe(0);
  fs.writeFileSync(path.join(dir, 'play.yaml'), scenario);
  lines = okLines(runCommand(path.join(dir, 'play.yaml')));
  expect(lines.at(-1)).toBe('OK: 14 steps, every expectation met');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('an imported A5E creature plays through the rules (Open5e v2, a5e-mm)', () => {
  it('A5E-ATK-2 its attack rolls the printed +7 against AC and deals 2d8 + 4 piercing plus the extra 1d6 fire', () => {
    expectLines(lines, [
      '  Cinder Drake attacks Brannoc Vale: d20 12 + 7 = 19 vs AC 18, hit',
      '    2d8+4+1d6 fire → 3+5 +4 + 4 = 16 (12 piercing + 4 fire); Brannoc Vale 22 → 6 HP',
    ]);
  });

  it('A5E-DMG-10 its fire resistance halves fire damage from an attack and after a save', () => {
    expectLines(lines, [
      '    1d10 → 9 = 9 fire, resistant: fire 9 → 4; Cinder Drake 63 → 59 HP',
      '    3d6 → 6+5+4 = 15 → 7 fire, resistant: fire 7 → 3; Cinder Drake 75 → 72 HP',
    ]);
  });

  it('A5E-CORE-1 its Dex save proficiency (+4) makes a 9 meet DC 13, and its breath\'s DC 13 save halves on a success (A5E-DMG-20)', () => {
    expectLines(lines, [
      '  Cinder Drake makes a DEX save: d20 9 + 4 = 13 vs DC 13 (Burning Fan), success',
      '  Perrin Ashdown makes a DEX save: d20 5 + 2 = 7 vs DC 13 (Ember Breath), failure',
      '    6d6 → 1+1+2+2+3+3 = 12 fire; Perrin Ashdown 17 → 5 HP',
      '  Brannoc Vale makes a DEX save: d20 18 + 1 = 19 vs DC 13 (Ember Breath), success',
      '    [A5E-DMG-20] a successful save halves Ember Breath: 12 → 6',
    ]);
  });

  it('A5E-ROUND-5 its Recharge 5-6 breath stays spent on a d6 of 4 at the start of its turn and comes back on a 5', () => {
    expectLines(lines, [
      '  Cinder Drake rolls Ember Breath recharge (5–6): 1d6 [4] = 4',
      '  rejected as expected: not-recharged: Cinder Drake\'s Ember Breath has not recharged (recharge 5–6)',
      '  Cinder Drake rolls Ember Breath recharge (5–6): 1d6 [5] = 5',
      '    6d6 → 1+1+1+1+1+1 = 6 fire; Brannoc Vale 6 → 0 HP',
    ]);
  });
});

/** A pasted 13th Age block (our own sample) imported, then fought by Tessel with scripted dice. */
const scenario13a = `ruleset: 13th-age
seed: 13
creatures:
  - { id: ghast, side: foes, ref: lib/13th-age/ditch-ghast.yaml, initiative: 20 }
  - { id: tessel, side: party, controller: seat-tessel, ref: 13th-age/tessel.yaml, initiative: 10 }
steps:
  - command: { type: startCombat }
  - command: { type: takeAction, actorId: ghast, action: engage, targets: [tessel] }
  # Rending Claws +8 vs. AC: natural 14 hits for 9, and a natural even hit adds 4 ongoing damage
  - command: { type: takeAction, actorId: ghast, action: rending-claws, targets: [tessel] }
    dice: d20:14
    expect: { creatures: { tessel: { hp: 31 } } }
  - command: { type: endTurn }
  - command: { type: endTurn }
    as: seat-tessel
    dice: d20:18
    expect: { creatures: { tessel: { hp: 27 } } }
  # a miss still deals the imported "Miss: 3 damage."
  - command: { type: takeAction, actorId: ghast, action: rending-claws, targets: [tessel] }
    dice: d20:3
    expect: { creatures: { tessel: { hp: 24 } } }
  - command: { type: endTurn }
  - command: { type: endTurn }
    as: seat-tessel
  # R: Grave Spit +7 vs. PD, 8 negative energy; natural 16+ weakens
  - command: { type: takeAction, actorId: ghast, action: grave-spit, targets: [tessel] }
    dice: d20:16
    expect: { creatures: { tessel: { hp: 16 } } }
`;

describe('an imported 13th Age monster plays through the rules (pasted text)', () => {
  let out: string[] = [];
  beforeAll(() => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-import-13a-'));
    try {
      expect(importCommand(path.join(repoRoot, 'packages', 'import', 'test', 'samples', '13a-block.txt'), { out: path.join(d, 'lib'), cwd: d }).exitCode).toBe(0);
      fs.writeFileSync(path.join(d, 'play.yaml'), scenario13a);
      out = okLines(runCommand(path.join(d, 'play.yaml')));
      expect(out.at(-1)).toBe('OK: 9 steps, every expectation met');
    } finally {
      fs.rmSync(d, { recursive: true, force: true });
    }
  });

  it('13A-ATK-4 the attack line\'s bonus and defense: +8 vs. AC and +7 vs. PD', () => {
    expectLines(out, [
      '  Ditch Ghast attacks Tessel Varr: d20 14 + 8 = 22 vs AC 17, hit',
      '  Ditch Ghast attacks Tessel Varr: d20 16 + 7 = 23 vs PD 17, hit',
      '    8 negative energy; Tessel Varr 24 → 16 HP',
    ]);
  });

  it('13A-ONG-1 a "natural even hit" trigger line gives 4 ongoing damage, taken at the end of the target\'s turn', () => {
    expectLines(out, [
      '    [13A-GEN-1] Rending Claws: natural 14 triggers an effect',
      '    [13A-ONG-1] Tessel Varr takes 4 ongoing weapon damage at the end of its turn',
    ]);
  });

  it('13A-ATK-7 the "Miss: 3 damage." line deals 3 on a miss', () => {
    expect(out).toContain('    [13A-ATK-7] miss damage 3 to Tessel Varr');
  });
});
