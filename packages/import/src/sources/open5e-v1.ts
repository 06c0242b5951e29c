import { abilityKeys, type AbilityKey, type Draft5e, type FeatureKind } from '../draft';
import { damageListOf, plain, sensesOf, speedsOf, usageInName } from '../text/five-e';
import { arr, get, int, isObj, num, str } from './json-read';
import { namedEntry, readAcHpHitDice, readSkillBonuses, readSpeedObject } from './open5e-fields';

const abilityFields: Record<AbilityKey, string> = { str: 'strength', dex: 'dexterity', con: 'constitution', int: 'intelligence', wis: 'wisdom', cha: 'charisma' };

/** An Open5e v1 `monsters` entry (actions as text) as a 5e draft; `at` is its JSON pointer in the file. */
export function draftFromOpen5eV1(input: unknown, at: string): Draft5e {
  const { entry: c, name } = namedEntry(input, at);
  const d: Draft5e = {
    name, pointer: at, source: 'open5e-v1',
    abilities: {}, saves: {}, skills: Object.create(null) as Record<string, number>, speed: {}, senses: {},
    resist: damageListOf(str(get(c, 'damage_resistances')) ?? '', `${at}/damage_resistances`),
    immune: damageListOf(str(get(c, 'damage_immunities')) ?? '', `${at}/damage_immunities`),
    vulnerable: damageListOf(str(get(c, 'damage_vulnerabilities')) ?? '', `${at}/damage_vulnerabilities`),
    conditionImmunities: { names: (str(get(c, 'condition_immunities')) ?? '').split(/,|;/).map((s) => s.trim()).filter(Boolean), pointer: `${at}/condition_immunities` },
    features: [],
    at: { ac: `${at}/armor_class`, hp: `${at}/hit_points`, abilities: `${at}/strength`, saves: `${at}/strength_save`, skills: `${at}/skills`, speed: `${at}/speed`, cr: `${at}/challenge_rating`, size: `${at}/size` },
  };
  const key = str(get(c, 'slug'));
  if (key) d.key = key;
  const doc = str(get(c, 'document__slug'));
  if (doc) d.document = doc;
  const size = str(get(c, 'size'));
  if (size) d.size = size;
  const type = str(get(c, 'type'));
  if (type) d.type = type.toLowerCase();
  const cr = str(get(c, 'challenge_rating')) ?? (num(get(c, 'cr')) !== undefined ? String(num(get(c, 'cr'))) : undefined);
  if (cr) d.cr = cr.trim();
  readAcHpHitDice(d, c);
  for (const a of abilityKeys) {
    const v = int(get(c, abilityFields[a]));
    if (v !== undefined) d.abilities[a] = v;
    const s = int(get(c, `${abilityFields[a]}_save`));
    if (s !== undefined) d.saves[a] = s;
  }
  readSkillBonuses(d, get(c, 'skills'));
  const speed = get(c, 'speed');
  if (isObj(speed)) readSpeedObject(d, speed);
  else if (typeof speed === 'string') d.speed = speedsOf(speed);
  d.senses = sensesOf(str(get(c, 'senses')) ?? '');

  const lists: [string, FeatureKind][] = [['special_abilities', 'trait'], ['actions', 'action'], ['bonus_actions', 'bonus'], ['reactions', 'reaction'], ['legendary_actions', 'legendary']];
  for (const [field, kind] of lists) {
    for (const [i, a] of arr(get(c, field)).entries()) {
      if (!isObj(a)) continue;
      const { name: an, usage } = usageInName(str(get(a, 'name')) ?? `${field} ${i + 1}`);
      d.features.push({ kind, name: an, text: plain(str(get(a, 'desc')) ?? ''), pointer: `${at}/${field}/${i}`, usage });
    }
  }
  return d;
}
