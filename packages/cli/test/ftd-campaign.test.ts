import { describe, expect, it } from 'vitest';
import { campaignCommand } from '../src/commands/campaign';
import { expectLines, okLines, scenario } from './helpers';

describe('fray campaign: the Five Torches Deep adventuring day (scenarios/campaigns/ftd-day.yaml)', () => {
  it('travels, fights, camps, fights again and rolls to return, with wounds, lights and hours carried', () => {
    const lines = okLines(campaignCommand(scenario('campaigns/ftd-day.yaml')));
    expectLines(lines, [
      '    [FTD-TRAVEL-5] the party is cautious: the travel turn is rolled with advantage (4, 15 → 15)',
      "[steps.2.fight] fight 'crypt-door' at day 1, 10:00: Wren the Warden, Ilka Lampbearer against gob",
      "    [FTD-LIGHT-3] Ilka Lampbearer's lantern burns out",
      '  Wren the Warden heals 1: 12 → 13 HP',
      '    [FTD-RETURN-4] rolling to return: 3 travel turns from safety, DC 13, an arduous path',
      'Time: day 2, 14:00:12; fights: crypt-door (1 round), ossuary (1 round)',
    ]);
    expect(lines.at(-1)).toBe('OK: 11 steps, every expectation met');
  });
});
