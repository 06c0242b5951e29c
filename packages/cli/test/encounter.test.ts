import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentDir } from '../src/paths';
import { encounterCommand, suggestCount, type EncounterRow } from '../src/commands/encounter';

const odds = (p: number) => ({ count: Math.round(p * 100), p, ci: [Math.max(0, p - 0.1), Math.min(1, p + 0.1)] as [number, number] });
const row = (foes: number, win: number): EncounterRow => ({ foes, partyWins: odds(win), draws: odds(0), meanRounds: 3, anyPcDrops: odds(0.5), anyPcDies: odds(0.1), worstDrop: { name: 'A', ...odds(0.5) }, worstDeath: { name: 'A', ...odds(0.1) } });

describe('fray encounter', () => {
  it('suggests the most foes with which the party still wins as often as the GM asks', () => {
    const rows = [row(1, 1), row(2, 0.97), row(3, 0.8), row(4, 0.6), row(5, 0.2)];
    expect(suggestCount(rows, 0.75)).toBe(3);
    expect(suggestCount(rows, 0.5)).toBe(4);
    expect(suggestCount(rows, 0.99)).toBe(1);
    expect(suggestCount([row(1, 0.3)], 0.75)).toBeNull();
  });

  const party = ['a5e/characters/brannoc-vale.yaml', 'a5e/characters/ilse-marrow.yaml', 'a5e/characters/tamsin-reed.yaml', 'a5e/characters/perrin-ashdown.yaml'];

  it('plays each count with the A5E rules: four PCs always beat one gloam rat; the same seed gives the same odds', () => {
    const run = () => encounterCommand({ ruleset: 'a5e', party, foe: 'a5e/monsters/gloam-rat', counts: [1, 2], n: 40, seed: 'test', json: true });
    const r = JSON.parse(run().output) as { rows: EncounterRow[]; hard: number | null; n: number };
    expect(r.n).toBe(40);
    expect(r.rows.map((x) => x.foes)).toEqual([1, 2]);
    expect(r.rows[0]!.partyWins.count).toBe(40);
    expect(r.rows[0]!.draws.count).toBe(0);
    expect(r.hard).toBe(2);
    for (const x of r.rows) {
      // the union of the PCs' drops is at least the likeliest PC's, and a death is a drop
      expect(x.anyPcDrops.count).toBeGreaterThanOrEqual(x.worstDrop.count);
      expect(x.anyPcDies.count).toBeLessThanOrEqual(x.anyPcDrops.count);
      expect(x.anyPcDies.count).toBeGreaterThanOrEqual(x.worstDeath.count);
    }
    expect(run().output).toBe(JSON.stringify(r, null, 2));
    const text = encounterCommand({ ruleset: 'a5e', party, foe: 'a5e/monsters/gloam-rat', counts: [1], n: 20, seed: 'test' }).output.split('\n');
    expect(text[0]).toBe('4 PCs against gloam-rat (a5e), 20 fights per count (95 % intervals):');
    expect(text[2]).toMatch(/^foes +party wins +a PC drops +a PC dies +rounds +draws +likeliest to drop$/);
    expect(text[3]).toMatch(/^1 +100\.0 % \(83\.9-100\.0\) +/);
    expect(text.at(-1)).toBe('hard (the party wins at least 75 %): 1 of them');
  });

  it('takes a bare name for a stat block when one library entry of the ruleset has it, and refuses a name two entries share', () => {
    const full = encounterCommand({ ruleset: 'a5e', party: party.slice(0, 2), foe: 'a5e/monsters/gloam-rat', counts: [1], n: 5, seed: 'bare', json: true });
    const bare = encounterCommand({ ruleset: 'a5e', party: ['brannoc-vale', 'ilse-marrow.yaml'], foe: 'gloam-rat', counts: [1], n: 5, seed: 'bare', json: true });
    expect(bare.errorOutput ?? '').toBe('');
    expect((JSON.parse(bare.output) as { rows: unknown }).rows).toEqual((JSON.parse(full.output) as { rows: unknown }).rows);
    const library = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-lib-'));
    try {
      fs.mkdirSync(path.join(library, 'a5e', 'mine'), { recursive: true });
      fs.copyFileSync(path.join(contentDir, 'a5e', 'monsters', 'gloam-rat.yaml'), path.join(library, 'a5e', 'mine', 'gloam-rat.yaml'));
      expect(encounterCommand({ ruleset: 'a5e', party, foe: 'gloam-rat', library }).errorOutput).toBe(
        "fray encounter: 'gloam-rat' names 2 stat blocks (a5e/monsters/gloam-rat.yaml, a5e/mine/gloam-rat.yaml); give one of these refs",
      );
    } finally {
      fs.rmSync(library, { recursive: true, force: true });
    }
  });

  it('refuses what it cannot play, naming it', () => {
    expect(encounterCommand({ ruleset: 'a5e', party, foe: 'a5e/monsters/nothing-here' }).errorOutput).toBe("fray encounter: no stat block 'a5e/monsters/nothing-here' (looked in fray-data/content, scenarios/content and the working folder)");
    expect(encounterCommand({ ruleset: 'pathfinder', party, foe: 'x' }).errorOutput).toBe("fray encounter: no ruleset 'pathfinder'; rulesets: a5e, 13th-age, five-torches-deep");
    expect(encounterCommand({ ruleset: 'a5e', party, foe: 'a5e/monsters/gloam-rat', counts: [0] }).errorOutput).toBe('fray encounter: --count takes whole numbers from 1 to 30, e.g. 1-6 or 2,4,6');
    expect(encounterCommand({ ruleset: 'a5e', party, foe: 'a5e/monsters/gloam-rat', win: 1.5 }).errorOutput).toBe('fray encounter: --win is a chance between 0 and 1, e.g. 0.75');
    expect(encounterCommand({ ruleset: 'a5e', party: [], foe: 'a5e/monsters/gloam-rat' }).errorOutput).toBe('fray encounter: give the party: --party ref[,ref…]');
  });
});
