import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ContentError, type CreatureSetup } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { attackBonus, saveBonus, sizeRank, type StatBlock } from '../src/index';

/** The bundled A5E stat blocks (scenarios/content/a5e), parsed through the ruleset as `fray run` does. */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const contentDir = path.join(root, 'scenarios', 'content', 'a5e');

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(e.name) ? [full] : [];
  });
}

const files = yamlFiles(contentDir).sort();
const shown = (file: string) => path.relative(root, file);
const load = (file: string): StatBlock => a5eRuleset.parseStatBlock(parse(fs.readFileSync(file, 'utf8')), shown(file)) as unknown as StatBlock;
const byName = (rel: string): StatBlock => load(path.join(contentDir, rel));

/** Condition ids a stat block may be immune to: the ruleset's conditions (fatigue and strife are tracks among them). */
const knownConditions = new Set(Object.keys(a5eRuleset.conditionById));

describe('A5E content (scenarios/content/a5e)', () => {
  it.each(files.map((f) => [shown(f), f]))('%s is a valid stat block', (_name, file) => {
    const sheet = load(file);
    for (const c of sheet.conditionImmunities) expect(knownConditions, `${shown(file)}: conditionImmunities: '${c}'`).toContain(c);
    if (sheet.kind === 'character') expect(sheet.level, `${shown(file)}: a character gives its level`).toBeDefined();
    else expect(sheet.hitDice, `${shown(file)}: a monster or NPC gives its Hit Dice`).toBeDefined();
    // every attack's damage type is one the ruleset knows, and ids do not repeat
    expect(new Set(sheet.attacks.map((a) => a.id)).size).toBe(sheet.attacks.length);
    expect(sheet.attacks.length).toBeGreaterThan(0);
  });

  it('has at least 12 monsters and NPCs from tiny to huge, and the four level 3 characters', () => {
    const sheets = files.map(load);
    const monsters = sheets.filter((s) => s.kind !== 'character');
    const characters = sheets.filter((s) => s.kind === 'character');
    expect(monsters.length).toBeGreaterThanOrEqual(12);
    expect(new Set(monsters.map((s) => s.size))).toEqual(new Set(['tiny', 'medium', 'small', 'large', 'huge']));
    expect(Math.max(...monsters.map((s) => sizeRank(s.size)))).toBe(sizeRank('huge'));
    expect(characters.map((s) => [s.name, s.level, s.proficiency]).sort()).toEqual([
      ['Brannoc Vale', 3, 2], ['Ilse Marrow', 3, 2], ['Perrin Ashdown', 3, 2], ['Tamsin Reed', 3, 2],
    ]);
    // an important NPC runs under the full dying rules (A5E-DYING-16)
    expect(monsters.filter((s) => s.important).map((s) => s.name)).toEqual(['Vessa Redcloak']);
  });

  it('the characters derive the numbers their sheets were built for', () => {
    const fighter = byName('characters/brannoc-vale.yaml');
    const rogue = byName('characters/tamsin-reed.yaml');
    const cleric = byName('characters/ilse-marrow.yaml');
    const wizard = byName('characters/perrin-ashdown.yaml');
    const bonus = (s: StatBlock, id: string) => attackBonus(s, s.attacks.find((a) => a.id === id)!);
    expect([bonus(fighter, 'longsword'), bonus(rogue, 'rapier'), bonus(rogue, 'shortbow'), bonus(cleric, 'dawnbrand'), bonus(wizard, 'ember-dart')]).toEqual([5, 5, 5, 5, 5]);
    expect([saveBonus(fighter, 'con'), saveBonus(rogue, 'dex'), saveBonus(cleric, 'wis'), saveBonus(wizard, 'int'), saveBonus(wizard, 'str')]).toEqual([4, 5, 5, 5, -1]);
    expect([fighter.shield, cleric.shield, rogue.shield, wizard.shield]).toEqual([true, true, false, false]);
    expect(rogue.skills['stealth']).toBe('expertise');
  });

  it('A5E-DMG-2 a content monster hits with its printed bonus and adds its Strength to the damage dice', () => {
    const setup = (id: string, rel: string, initiative: number, side: string): CreatureSetup => ({ id, side, initiative, sheet: parse(fs.readFileSync(path.join(contentDir, rel), 'utf8')) });
    const t = new TestTable(a5eRuleset, { creatures: [setup('brute', 'monsters/mossback-brute.yaml', 15, 'foes'), setup('brannoc', 'characters/brannoc-vale.yaml', 10, 'party')] });
    t.run({ type: 'startCombat' });
    // d20 12 + 6 = 18 vs AC 18: hit; 2d8 (3, 5) + 4 Strength = 12
    const ev = t.run({ type: 'takeAction', actorId: 'brute', action: 'attack', targets: ['brannoc'], options: { attack: 'maul' } }, { dice: 'd20:12 d8:3 d8:5' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('hit');
    expect(t.creature('brannoc').hp).toBe(28 - 12);
  });

  it('A5E-DMG-14 content defences: the Cinderwake is immune to fire and (A5E-DMG-10) halves a longsword', () => {
    const sheet = (rel: string) => parse(fs.readFileSync(path.join(contentDir, rel), 'utf8'));
    const t = new TestTable(a5eRuleset, {
      creatures: [
        { id: 'perrin', side: 'party', initiative: 20, sheet: sheet('characters/perrin-ashdown.yaml') },
        { id: 'brannoc', side: 'party', initiative: 15, sheet: sheet('characters/brannoc-vale.yaml') },
        { id: 'cinder', side: 'foes', initiative: 10, sheet: sheet('monsters/cinderwake.yaml') },
      ],
    });
    t.run({ type: 'startCombat' });
    // Ember Dart: d20 15 + 5 = 20 vs AC 13, hit; 1d10 = 9 fire, immune → 0
    t.run({ type: 'takeAction', actorId: 'perrin', action: 'attack', targets: ['cinder'], options: { attack: 'ember-dart' } }, { dice: 'd20:15 d10:9' });
    expect(t.creature('cinder').hp).toBe(90);
    t.run({ type: 'endTurn' });
    // Longsword: d20 10 + 5 = 15, hit; 1d8 6 + 3 = 9 slashing, resisted → 4
    t.run({ type: 'takeAction', actorId: 'brannoc', action: 'attack', targets: ['cinder'], options: { attack: 'longsword' } }, { dice: 'd20:10 d8:6' });
    expect(t.creature('cinder').hp).toBe(86);
  });

  it('A5E-DMG-15 content condition immunities hold, with the linked ones (A5E-COND-2): the Hollow Sentinel cannot be poisoned, frightened or placid', () => {
    const t = new TestTable(a5eRuleset, {
      creatures: [{ id: 'sentinel', side: 'foes', sheet: parse(fs.readFileSync(path.join(contentDir, 'monsters/hollow-sentinel.yaml'), 'utf8')) }],
    });
    t.run({ type: 'gm.addCondition', creatureId: 'sentinel', conditionId: 'poisoned' });
    t.run({ type: 'gm.addCondition', creatureId: 'sentinel', conditionId: 'frightened' });
    t.run({ type: 'gm.addCondition', creatureId: 'sentinel', conditionId: 'placid' }); // frightened-immune → placid-immune
    t.run({ type: 'gm.addCondition', creatureId: 'sentinel', conditionId: 'enraged' }); // charmed-immune → enraged-immune
    t.run({ type: 'gm.addCondition', creatureId: 'sentinel', conditionId: 'prone' });
    expect(t.creature('sentinel').conditions.map((c) => c.conditionId)).toEqual(['prone']);
  });
});

describe('A5E stat block errors', () => {
  const good = () => parse(fs.readFileSync(path.join(contentDir, 'monsters/snapjaw-skirmisher.yaml'), 'utf8')) as Record<string, unknown>;
  const attackWith = (over: Record<string, unknown>) => {
    const s = good();
    s['attacks'] = [{ ...(s['attacks'] as Record<string, unknown>[])[0], ...over }];
    return s;
  };
  const rejection = (raw: unknown): ContentError => {
    try {
      a5eRuleset.parseStatBlock(raw, 'scenarios/content/a5e/broken.yaml');
    } catch (e) {
      if (e instanceof ContentError) return e;
      throw e;
    }
    throw new Error('the broken stat block was accepted');
  };

  it.each([
    ['a word for AC', { ...good(), ac: 'high' }, ['ac'], /expected number/],
    ['an unknown damage type', attackWith({ damageType: 'sonic' }), ['attacks', 0, 'damageType'], /slashing/],
    ['a bad dice string', attackWith({ damage: '1d' }), ['attacks', 0, 'damage'], /bad dice '1d'/],
    ['an unknown field', { ...good(), armour: 14 }, [], /armour/],
    ['an unknown size', { ...good(), size: 'colossal' }, ['size'], /gargantuan/],
  ])('rejects %s with a ContentError naming the file and the path', (_what, raw, where, message) => {
    const e = rejection(raw);
    expect(e.file).toBe('scenarios/content/a5e/broken.yaml');
    expect(e.path).toEqual(where);
    expect(e.reason).toMatch(message);
    expect(e.message.startsWith(`scenarios/content/a5e/broken.yaml: ${where.length ? where.join('.') : '(root)'}: `)).toBe(true);
  });
});
