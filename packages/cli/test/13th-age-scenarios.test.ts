import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import { expectLines, itRunsEach, scenario, scenarioFiles } from './helpers';

const files = scenarioFiles('13th-age');
const run = (name: string) => runCommand(path.join(scenario('13th-age'), name));

describe('bundled 13th Age scenarios (scenarios/13th-age)', () => {
  it('lists them', () => {
    expect(files).toEqual(['bog-bridge.yaml', 'demo-marsh.yaml', 'engaged-start.yaml', 'intercept.yaml', 'lantern-crypt.yaml', 'reed-mob.yaml']);
  });

  itRunsEach('13th-age', files);

  it('intercept: the free grunt steps in front of Wren (13A-ENGAGE-10); moving away from the brute draws its attack (13A-ENGAGE-9)', () => {
    const lines = run('intercept.yaml').output.split('\n');
    expectLines(lines, [
      '    Wren Halloway moves past Mire Grunt toward Hill Brute: intercept? → Intercept and engage it, by the GM',
      '    [13A-ENGAGE-10] Mire Grunt intercepts Wren Halloway, who stops there',
      '  rejected as expected: not-engaged: Wren Halloway must be engaged with Hill Brute to make a melee attack: engage it first (a move action)',
      '    [13A-ENGAGE-9] Hill Brute makes an opportunity attack on Brann Ashgrove',
    ]);
  });

  it('reed mob: one longbow hit spills through three scrappers of the mob into the fourth; leftovers are lost', () => {
    const lines = run('reed-mob.yaml').output.split('\n');
    expectLines(lines, [
      '    3d8+4 → 8+8+6 +4 = 26 weapon; Scrapper A 7 → 0 HP',
      '    [13A-TGT-1] 19 damage spills from Scrapper A to the next mook of the mob, Scrapper B',
      '    [13A-TGT-1] 5 damage spills from Scrapper C to the next mook of the mob, Scrapper D',
      '    [13A-TGT-1] 6 damage is left over: no mook of the mob is standing',
      '  Scrapper D      reeds  0/7 HP    dead',
    ]);
  });

  it('lantern crypt: an expanded crit range, a vulnerable trigger, a daze saved at the end of the turn', () => {
    const lines = run('lantern-crypt.yaml').output.split('\n');
    expectLines(lines, [
      '  Kettle Quickhand attacks Marsh Hag: d20 19 + 3 + 2 level = 24 vs AC 19, crit',
      '  Tessel Varr is now vulnerable until it saves (a save at the end of each of its turns; by Lantern Ghoul)',
      '  Kettle Quickhand attacks Marsh Hag: d20 14 + 3 + 2 level + 1 escalation die - 4 dazed = 16 vs AC 19, miss',
      '  Kettle Quickhand is no longer dazed: saved',
    ]);
  });
});
