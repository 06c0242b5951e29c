import { describe, expect, it } from 'vitest';
import { ImportError, importCreatures } from '../src';
import { sample } from './samples';

/** The typed error an import throws (the test fails if it throws nothing or another kind). */
function failure(input: string, opts: Parameters<typeof importCreatures>[1] = {}): ImportError {
  try {
    importCreatures(input, opts);
  } catch (err) {
    if (err instanceof ImportError) return err;
    throw err;
  }
  throw new Error('the import did not fail');
}

const page = () => JSON.parse(sample('open5e-v2-a5e-page.json')) as { results: Record<string, unknown>[] };

describe('broken and half-filled files', () => {
  it('bad JSON names the line', () => {
    const e = failure('{\n  "results": [\n    { "name": "X", }\n  ]\n}');
    expect(e.code).toBe('bad-json');
    expect(e.pointer).toBe('line 3');
  });

  it('JSON of no known shape', () => {
    expect(failure('{"creatures": []}').code).toBe('unknown-format');
    expect(failure('[1, 2]').code).toBe('unknown-format');
  });

  it('an empty page imports nothing', () => {
    const e = failure('{"count": 0, "results": []}', { format: 'open5e-v2' });
    expect([e.code, e.pointer]).toEqual(['no-creatures', '/results']);
  });

  it('a creature without ability scores fails the whole file, naming it and the field', () => {
    const p = page();
    delete p.results[1]!['ability_scores'];
    const e = failure(JSON.stringify(p));
    expect([e.code, e.creature, e.pointer, e.reason]).toEqual(['bad-creature', 'Hedge Knight', '/results/1/ability_scores', 'no ability score for str, dex, con, int, wis, cha']);
  });

  it('numbers the rules refuse are the ruleset validation\'s own words', () => {
    const p = page();
    p.results[0]!['hit_points'] = 0;
    const e = failure(JSON.stringify(p));
    expect(e.code).toBe('invalid-stat-block');
    expect(e.creature).toBe('Cinder Drake');
    expect(e.pointer).toBe('/results/0');
    expect(e.reason).toMatch(/^the a5e stat block refuses hp: /);
    const q = page();
    (q.results[0]!['ability_scores'] as Record<string, unknown>)['strength'] = 31;
    expect(failure(JSON.stringify(q)).reason).toMatch(/^the a5e stat block refuses abilities\.str: /);
  });

  it('a creature with only its name, scores, AC and HP imports with what was assumed', () => {
    const r = importCreatures(JSON.stringify({ name: 'Bare Thing', ability_scores: { strength: 10, dexterity: 10, constitution: 10, intelligence: 10, wisdom: 10, charisma: 10 }, armor_class: 10, hit_points: 4 }));
    expect(r.creatures[0]!.statBlock).toEqual({ name: 'Bare Thing', kind: 'monster', proficiency: 2, abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }, ac: 10, hp: 4, speed: { walk: 30 } });
    expect(r.creatures[0]!.refused).toEqual([
      { field: '/size', text: 'no size: medium assumed' },
      { field: '/challenge_rating', text: 'no challenge rating: proficiency bonus +2 assumed' },
      { field: '/speed', text: 'no speed: 30 ft assumed' },
    ]);
  });

  it('an attack with no damage type anywhere stays text, and the report says so', () => {
    const p = page();
    const bite = (p.results[0]!['actions'] as Record<string, unknown>[])[1]!;
    bite['desc'] = 'The drake bites.';
    ((bite['attacks'] as Record<string, unknown>[])[0]!)['extra_damage_die_count'] = null;
    const c = importCreatures(JSON.stringify(p)).creatures[0]!;
    expect((c.statBlock as Record<string, unknown>)['attacks']).toBeUndefined();
    expect(c.refused).toEqual([{ field: '/results/0/actions/1', text: 'Bite: no damage type in the attack or its text; stays text', words: 'The drake bites.' }]);
  });

  it('a format named that the file is not', () => {
    expect(failure(sample('5etools-bestiary.json'), { format: 'open5e-v2' }).reason).toBe('the file looks like 5etools, not open5e-v2');
    expect(failure(sample('open5e-v1-page.json'), { format: 'text' }).code).toBe('unknown-format');
  });

  it('rulesets that do not fit the source', () => {
    expect(failure(sample('13a-block.txt'), { ruleset: 'a5e' }).reason).toBe('a 13th-age stat block cannot be imported into a5e');
    expect(failure(sample('open5e-v1-page.json'), { ruleset: '13th-age' }).code).toBe('unsupported-ruleset');
    expect(failure(sample('5e-block.txt'), { ruleset: 'pathfinder' }).reason).toBe('no ruleset \'pathfinder\' to import into; rulesets: a5e, 13th-age, five-torches-deep');
  });

  it('a 13th Age block without defenses or attacks', () => {
    const e = failure('Lost Thing\n2nd level troop [BEAST]\nInitiative: +3\nAC 16\nPD 14\nMD 10\nHP 30\n');
    expect([e.code, e.creature, e.reason]).toEqual(['bad-creature', 'Lost Thing', "no attack line ('Spear +8 vs. AC—10 damage'): a 13th Age monster needs one"]);
    expect(failure('Lost Thing\n2nd level troop\nClaw +7 vs. AC—6 damage\nPD 14\nMD 10\nHP 30\n').reason).toBe('no AC');
  });

  it('5etools _copy entries point at another file', () => {
    const e = failure(JSON.stringify({ monster: [{ name: 'Copycat', source: 'TST', _copy: { name: 'Cat', source: 'MM' } }] }));
    expect([e.code, e.pointer]).toEqual(['bad-creature', '/monster/0/_copy']);
  });

  it('prototype names as keys reach nothing inherited', () => {
    const r = importCreatures('{"name":"Proto","__proto__":{"armor_class":99},"constructor":1,"ability_scores":{"strength":10,"dexterity":10,"constitution":10,"intelligence":10,"wisdom":10,"charisma":10},"armor_class":12,"hit_points":5,"skill_bonuses":{"__proto__":5,"toString":3}}');
    expect((r.creatures[0]!.statBlock as Record<string, unknown>)['ac']).toBe(12);
    expect(r.creatures[0]!.refused.filter((l) => l.field === '/skill_bonuses').map((l) => l.text)).toEqual(["skill '__proto__' is not an A5E skill", "skill 'toString' is not an A5E skill"]);
    expect(({} as Record<string, unknown>)['armor_class']).toBeUndefined();
  });
});

describe('slugs', () => {
  it('creatures of one name get numbered slugs, and a name that already ends in a number is not taken twice', () => {
    const one = (name: string) => ({ name, ability_scores: { strength: 10, dexterity: 10, constitution: 10, intelligence: 10, wisdom: 10, charisma: 10 }, armor_class: 10, hit_points: 4 });
    const r = importCreatures(JSON.stringify([one('Goblin'), one('Goblin'), one('Goblin 2'), one('Goblin'), one('Gob-lin!')]));
    expect(r.creatures.map((c) => c.slug)).toEqual(['goblin', 'goblin-2', 'goblin-2-2', 'goblin-3', 'gob-lin']);
  });
});
