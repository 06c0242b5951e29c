import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import { expectLines, itRunsEach, scenario, scenarioFiles } from './helpers';

const dir = scenario('five-torches-deep');
const files = scenarioFiles('five-torches-deep');
const run = (name: string) => runCommand(path.join(dir, name));

describe('bundled Five Torches Deep scenarios (scenarios/five-torches-deep)', () => {
  it('lists them', () => {
    expect(files).toEqual(['barrow-skirmish.yaml', 'crypt-ambush.yaml', 'mire-retreat.yaml', 'shot-into-melee.yaml']);
  });

  itRunsEach('five-torches-deep', files);

  it('FTD-DEATH-2 crypt: the ambush order, a doubled natural 20, and the minute running out after the fight, at the table (a campaign file: fight, then time)', () => {
    const lines = run('crypt-ambush.yaml').output.split('\n');
    expectLines(lines, [
      '  Initiative: Gloomgob 14, Tusk Brute 10, Wren the Warden 13, Ilka Lampbearer 11 (ambush: the raiders side acts first in round 1)',
      '    [FTD-CRIT-1] critical hit: 5 doubled to 10',
    ]);
    const end = lines.indexOf('    [FTD-DEATH-2] Gloomgob has 48 seconds left to be stabilized');
    expect(lines.slice(end, end + 6)).toEqual([
      '    [FTD-DEATH-2] Gloomgob has 48 seconds left to be stabilized',
      '  The encounter is over: the brute throws down its club',
      '  back in the campaign at day 1, 22:00:12 after 2 rounds',
      '[steps.1] ftd.passTime seconds=60',
      '  Gloomgob is now dead',
      '    [FTD-DEATH-2] Gloomgob dies: not stabilized within the minute',
    ]);
    expect(fs.readFileSync(path.join(dir, 'crypt-ambush.yaml'), 'utf8')).not.toContain('ftd.endFight');
  });

  it('no bundled FTD file ends its fight with ftd.endFight: a fight ends with its file (or its fight step), time after it passes at the table', () => {
    for (const f of files) expect(fs.readFileSync(path.join(dir, f), 'utf8'), f).not.toContain('ftd.endFight');
  });
});
