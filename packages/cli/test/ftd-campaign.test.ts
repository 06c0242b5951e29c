import { describe, expect, it } from 'vitest';
import { campaignCommand } from '../src/commands/campaign';
import { scenario } from './helpers';

describe('fray campaign: the Five Torches Deep adventuring day (scenarios/campaigns/ftd-day.yaml)', () => {
  it('travels, fights, camps, fights again and rolls to return, with wounds, lights and hours carried', () => {
    const r = campaignCommand(scenario('campaigns/ftd-day.yaml'));
    expect(r.errorOutput).toBeUndefined();
    expect(r.exitCode).toBe(0);
    const lines = r.output.split('\n');
    expect(lines).toContain('    [FTD-TRAVEL-5] the party is cautious: the travel turn is rolled with advantage (4, 15 → 15)');
    expect(lines).toContain("[steps.2.fight] fight 'crypt-door' at day 1, 10:00: Wren the Warden, Ilka Lampbearer against gob");
    expect(lines).toContain("    [FTD-LIGHT-3] Ilka Lampbearer's lantern burns out");
    expect(lines).toContain('  Wren the Warden heals 1: 12 → 13 HP');
    expect(lines).toContain('    [FTD-RETURN-4] rolling to return: 3 travel turns from safety, DC 13, an arduous path');
    expect(lines).toContain('Time: day 2, 14:00:12; fights: crypt-door (1 round), ossuary (1 round)');
    expect(lines.at(-1)).toBe('OK: 11 steps, every expectation met');
  });
});
