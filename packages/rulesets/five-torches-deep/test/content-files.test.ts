import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ftdRuleset, type StatBlock } from '../src/index';

/** The bundled stat blocks (scenarios/content/five-torches-deep), parsed through the ruleset as `fray run` does. */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = path.join(root, 'scenarios', 'content', 'five-torches-deep');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
const load = (file: string): StatBlock => ftdRuleset.parseStatBlock(parse(fs.readFileSync(path.join(dir, file), 'utf8')), `five-torches-deep/${file}`) as unknown as StatBlock;
const all = files.map((f) => [f, load(f)] as const);

describe('bundled Five Torches Deep content', () => {
  it.each(files)('%s parses through the stat block schema', (file) => {
    expect(() => load(file)).not.toThrow();
  });

  it('holds at least 10 monsters and 4 characters', () => {
    const kinds = (k: string) => all.filter(([, s]) => s.kind === k).map(([f]) => f);
    expect(kinds('character')).toEqual(['corvin.yaml', 'ilka.yaml', 'sable.yaml', 'wren.yaml']);
    expect(kinds('monster')).toHaveLength(10);
  });

  it('every monster carries HD, AC, attacks, a morale bonus and load; every character a level and attacks', () => {
    for (const [file, s] of all) {
      expect(s.attacks.length, file).toBeGreaterThan(0);
      expect(s.ac, file).toBeGreaterThan(0);
      expect(Number.isInteger(s.load), file).toBe(true);
      if (s.kind === 'monster') {
        expect(s.hd, file).toBeGreaterThanOrEqual(1);
        expect(Number.isInteger(s.moraleBonus), file).toBe(true);
        // monsters' attacks use their own fixed modifier, not ability + PB (FTD-ATK-8)
        for (const a of s.attacks) expect(a.bonus, `${file} ${a.id}`).toBeTypeOf('number');
      }
    }
  });

  it('reads the numbers as written: the tunnel ogre', () => {
    expect(load('tunnel-ogre.yaml')).toMatchObject({
      hd: 4, ac: 12, hp: 26, moraleBonus: 2, load: 16, coins: 120, living: true, leader: false, darksight: 'heat',
      attacks: [
        { id: 'long-maul', kind: 'melee', damage: '2d6', bonus: 5, reach: 10, addMod: false },
        { id: 'thrown-rock', kind: 'ranged', damage: '1d8', bonus: 3, range: 30, addMod: false, reach: 5 },
      ],
    });
    expect(load('cairn-husk.yaml')).toMatchObject({ living: false, moraleBonus: 0 });
  });
});
