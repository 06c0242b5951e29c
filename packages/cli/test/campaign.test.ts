import { describe, expect, it } from 'vitest';
import { campaignCommand } from '../src/commands/campaign';
import { runProgram } from '../src/program';
import { expectLines, okLines, scenario, writeTemp } from './helpers';

const party = `ruleset: a5e
clock: { day: 1, hour: 9 }
creatures:
  - { id: brannoc, side: party, controller: seat-brannoc, ref: a5e/characters/brannoc-vale.yaml, hp: 20 }
`;

describe('fray campaign', () => {
  it('0: the bundled adventuring day carries wounds, Hit Dice and hours from fight to rest to fight', () => {
    const lines = okLines(campaignCommand(scenario('campaigns/a5e-day.yaml')));
    expectLines(lines, [
      "[steps.0.fight] fight 'road' at day 1, 09:00: Brannoc Vale, Tamsin Reed against bandit",
      '  back in the campaign at day 1, 09:00:06 after 1 round',
      '  Brannoc Vale heals 5: 23 → 28 HP',
      'Time: day 2, 04:00:12; fights: road (1 round), ford (1 round)',
    ]);
    expect(lines.at(-1)).toBe('OK: 6 steps, every expectation met');
  });

  it('--json gives the campaign state, the fights and the clock', () => {
    const doc = JSON.parse(campaignCommand(scenario('campaigns/a5e-day.yaml'), { json: true }).output) as { clockSeconds: number; encounters: { id: string; endedAt: number }[]; creatures: Record<string, { hp: number; tallies: Record<string, number> }> };
    expect(doc.clockSeconds).toBe(86_400 + 4 * 3600 + 12);
    expect(doc.encounters.map((e) => [e.id, e.endedAt])).toEqual([['road', 9 * 3600 + 6], ['ford', 14 * 3600 + 12]]);
    expect([doc.creatures['tamsin']!.hp, doc.creatures['brannoc']!.tallies['hitDiceSpent']]).toEqual([21, 0]);
  });

  it('2: an unknown campaign command names the file, line and path; 1: a failed expectation; 3: a refused command', () => {
    const bad = writeTemp({ 'bad.yaml': `${party}steps:\n  - command: { type: startCombat }\n` });
    const r = campaignCommand(bad);
    expect(r.exitCode).toBe(2);
    expect(r.errorOutput).toMatch(/bad\.yaml:6: steps\.0\.command\.type: 'startCombat' is a fight command: put it in a fight's steps \(a fight: step\); between fights the commands are: campaign\.advanceTime/);
    const wrong = writeTemp({ 'wrong.yaml': `${party}steps:\n  - command: { type: a5e.longRest, creatureIds: [brannoc], inHaven: true }\n    expect: { creatures: { brannoc: { hp: 21 } } }\n` });
    expect(campaignCommand(wrong)).toMatchObject({ exitCode: 1, errorOutput: 'fray campaign: steps.0.expect.creatures.brannoc.hp: expected 21, got 28' });
    const refused = writeTemp({ 'refused.yaml': `${party}steps:\n  - command: { type: a5e.shortRest, creatureIds: [brannoc], minutes: 30, light: true }\n` });
    expect(campaignCommand(refused)).toMatchObject({ exitCode: 3 });
  });

  it('is a subcommand of fray', () => {
    const out: string[] = [];
    const code = runProgram(['campaign', scenario('campaigns/a5e-day.yaml')], { out: (t) => out.push(t), err: (t) => out.push(t) });
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('OK: 6 steps');
  });
});
