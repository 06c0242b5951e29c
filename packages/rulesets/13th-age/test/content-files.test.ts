import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ContentError } from '@fray/engine';
import { thirteenthAgeRuleset as R, type StatBlock } from '../src/index';

/** The bundled stat blocks (scenarios/content/13th-age), parsed through the ruleset as `fray run` does. */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = path.join(root, 'scenarios', 'content', '13th-age');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
const raw = (file: string): unknown => parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const load = (file: string): StatBlock => R.parseStatBlock(raw(file), `13th-age/${file}`) as unknown as StatBlock;
const all = files.map((f) => [f, load(f)] as const);

describe('bundled 13th Age content', () => {
  it.each(files)('%s parses through the stat block schema', (file) => {
    expect(() => load(file)).not.toThrow();
  });

  it('holds at least 10 monsters (two kinds of mook among them) and 4 characters', () => {
    const pcs = all.filter(([, s]) => s.kind === 'pc').map(([f]) => f);
    const monsters = all.filter(([, s]) => s.kind !== 'pc');
    expect(pcs).toEqual(['brann-ashgrove.yaml', 'kettle-quickhand.yaml', 'sister-maelis.yaml', 'tessel.yaml', 'wren.yaml']);
    expect(monsters).toHaveLength(12);
    expect(monsters.filter(([, s]) => s.kind !== 'pc' && s.category === 'mook').map(([f]) => f)).toEqual(['bog-archer.yaml', 'mire-grunt.yaml', 'reed-scrapper.yaml']);
  });

  it('reads the numbers as written: the reed scrapper mook and the iron warden', () => {
    expect(load('reed-scrapper.yaml')).toMatchObject({ kind: 'monster', level: 1, hp: 7, ac: 16, pd: 14, md: 11, initiative: 4, category: 'mook', size: 'small', attacks: [{ id: 'knife', bonus: 6, damage: '1d4+2', vs: 'AC' }] });
    expect(load('iron-warden.yaml')).toMatchObject({ category: 'large', hp: 110, resist: { lightning: 12 }, attacks: [{ miss: '4' }, { hit: [{ kind: 'grab' }] }] });
  });

  it('a broken file is refused with the path to the bad field', () => {
    const bad = { ...(raw('reed-scrapper.yaml') as Record<string, unknown>), category: 'minion' };
    expect(() => R.parseStatBlock(bad, '13th-age/bad.yaml')).toThrow(ContentError);
    expect(() => R.parseStatBlock(bad, '13th-age/bad.yaml')).toThrow(/category/);
  });
});
