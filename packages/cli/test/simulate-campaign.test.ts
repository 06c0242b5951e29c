import { describe, expect, it } from 'vitest';
import { oddsCommand } from '../src/commands/odds';
import { simulateCommand } from '../src/commands/simulate';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';

/**
 * `fray simulate` and `fray odds` on a campaign file (issue 14 A3): a fight of the file (--fight, default
 * its first) as it begins, the table as the file's steps before it leave it.
 */
const twoBattles = scenario('campaigns/13a-two-battles.yaml');

describe('simulate and odds read campaign files', () => {
  it('13A-REST-2 the ford fight starts from the table after the bridge and the quick rest: recoveries spent, temporary hit points gone', () => {
    const { scenario: s, seed, fight } = loadSimFile({ file: twoBattles, cwd: process.cwd(), fight: 'ford' });
    expect([fight, seed, s.start.id]).toEqual(['ford', '2:ford', 'ford']);
    const c = (id: string) => s.start.creatures[id]!;
    expect([c('brann').hp, c('brann').resources['recoveries'], c('wren').tempHp, c('grunt').hp]).toEqual([36, 6, 0, 12]);
  });

  it('simulates the named fight, or the first one; the report says which', () => {
    const r = simulateCommand(twoBattles, { n: 40, fight: 'ford', json: true });
    expect(r.exitCode, r.errorOutput).toBe(0);
    const doc = JSON.parse(r.output) as { fight: string; n: number; sides: Record<string, unknown> };
    expect([doc.fight, doc.n]).toEqual(['ford', 40]);
    const first = simulateCommand(twoBattles, { n: 20 });
    expect(first.exitCode, first.errorOutput).toBe(0);
    expect(first.output.split('\n')[0]).toMatch(/^fray simulate .*13a-two-battles\.yaml \(fight bridge\): 20 fights, seed 2:bridge /);
  });

  it('a fight the file does not have, or --fight on a scenario file, is invalid input naming the fights', () => {
    expect(simulateCommand(twoBattles, { n: 1, fight: 'nope' })).toMatchObject({ exitCode: 2, errorOutput: expect.stringMatching(/^fray simulate: --fight nope: no such fight in .*13a-two-battles\.yaml \(fights: bridge, ford\)$/) });
    expect(simulateCommand(scenario('13th-age/intercept.yaml'), { n: 1, fight: 'x' })).toMatchObject({ exitCode: 2, errorOutput: expect.stringContaining('is a scenario file (one fight); --fight picks a fight of a campaign file') });
  });

  it('exact odds of an attack in a campaign fight as it begins', () => {
    const r = oddsCommand(scenario('campaigns/a5e-day.yaml'), { fight: 'ford', attacker: 'brannoc', target: 'wolf' });
    expect(r.exitCode, r.errorOutput).toBe(0);
    expect(r.output.split('\n')[0]).toBe('Brannoc Vale: Longsword (+5 to hit, 1d8 + 3 slashing) against Ashback Wolf (AC 13, 13 HP)');
  });
});
