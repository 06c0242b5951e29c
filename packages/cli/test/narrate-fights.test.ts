import { describe, expect, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import { scenario } from './helpers';

/**
 * Whole fights read as a GM reads them (issue 14 B11, the remainders): each ruleset's scenario played
 * with `fray run`, and the lines that read stiffly before, asserted as they read now.
 */
const lines = (file: string): string[] => {
  const r = runCommand(file);
  expect(r.exitCode, r.errorOutput).toBe(0);
  return r.output.split('\n');
};

describe('narration of whole fights, ruleset by ruleset', () => {
  it("the mini ruleset: a condition named by a noun, a save's ability, initiative with its bonus in the roll", () => {
    expect(lines(scenario('mini-table-dice.yaml'))).toContain('  Bram now has heroism (by the GM)');
    const duel = lines(scenario('mini-ogre-duel.yaml'));
    expect(duel.slice(5, 8)).toEqual(['  Ana rolls initiative: 1d20 [15] + 2 = 17', '  Ogre rolls initiative: 1d20 [10] - 1 = 9', '  Initiative: Ana 17, Ogre 9']);
    expect(duel).toContain('  Ogre makes a DEX save: d20 4 - 1 = 3 vs DC 12, failure');
  });

  it('FTD-CHASE-2 FTD-MORALE-5 Five Torches Deep: a chase and morale are checks, a check names its ability, a surrender reads as one', () => {
    const mire = lines(scenario('five-torches-deep/mire-retreat.yaml'));
    expect(mire).toContain('  Ilka Lampbearer makes a chase check: d20 14 + 0 = 14 vs chase DC 13, success');
    expect(mire).toContain('  Ilka Lampbearer makes a DEX check: d20 1 + 0 = 1 vs Reed darts DC 12, failure (natural 1)');
    expect(mire).toContain('  Ilka Lampbearer makes a DEX check: d20 11 + 0 = 11 vs retreat DC 11, success');
    const barrow = lines(scenario('five-torches-deep/barrow-skirmish.yaml'));
    expect(barrow).toContain('  Ash Cultist makes a morale check: d20 12 + 0 + 1 morale bonus (HD) = 13 vs morale DC 11, success');
    expect(barrow).toContain('  Tunnel Ogre makes a morale check: d20 6 - 1 + 2 morale bonus (HD) = 7 vs morale DC 11, failure');
    const crypt = lines(scenario('five-torches-deep/crypt-ambush.yaml'));
    expect(crypt.filter((l) => /Tusk Brute (surrenders|is now surrendered)/.test(l)).map((l) => l.trim())).toEqual(['Tusk Brute surrenders']);
    expect(crypt.filter((l) => l.includes('stabilize DC')).map((l) => l.trim())).toEqual([
      'Wren the Warden makes a WIS check against Ilka Lampbearer: d20 9 + 1 + 2 proficiency bonus = 12 vs stabilize DC 11, success',
    ]);
  });

  it('13A-INIT-1 13A-HEAL-2 13th Age: initiative with its bonus in the roll, recoveries rolled, temporary hit points ending with the battle', () => {
    expect(lines(scenario('13th-age/lantern-crypt.yaml')).slice(6, 11)).toEqual([
      '  Kettle Quickhand rolls initiative: 1d20 [16] + 5 = 21',
      '  Tessel Varr rolls initiative: 1d20 [12] + 5 = 17',
      '  Lantern Ghoul rolls initiative: 1d20 [10] + 6 = 16',
      '  Marsh Hag rolls initiative: 1d20 [5] + 8 = 13',
      '  Initiative: Kettle Quickhand 21, Tessel Varr 17, Lantern Ghoul 16, Marsh Hag 13',
    ]);
    const day = lines(scenario('campaigns/13a-two-battles.yaml'));
    expect(day).toContain('  Brann Ashgrove rolls a recovery (rally): 3d8 [5, 4, 3] + 1 = 13');
    expect(day).toContain("  Wren Halloway's temporary hit points end (the battle is over)");
    expect(day).toContain('    Brann Ashgrove is at 34/36 HP with 7 recoveries. How many recoveries to spend? → 1 recovery, answered ahead');
  });

  it('A5E-COND-24 A5E: a roll mode that does not hold says why in words, not as a code', () => {
    const ambush = lines(scenario('a5e/forest-ambush.yaml'));
    expect(ambush).toContain('  Brannoc Vale attacks Snapjaw Grik: d20 15 (advantage from target prone: rolled 3 and 15, kept 15) + 5 = 20 vs AC 14, hit; not applied: disadvantage from target prone (not in this situation)');
    expect(ambush.join('\n')).not.toContain('predicate-false');
  });
});
