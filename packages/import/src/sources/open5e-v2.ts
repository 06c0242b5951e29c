import { abilityKeys, emptyDamageList, type AbilityKey, type Draft5e, type DraftAttack, type DraftDamageList, type DraftFeature, type FeatureKind } from '../draft';
import { pointer } from '../errors';
import { crText, damageListOf, damageTypeOf, parseAttackSentence, plain, usageInName } from '../text/five-e';
import { arr, get, int, isObj, keyOf, lookup, num, str, type Obj } from './json-read';
import { namedEntry, readAcHpHitDice, readSkillBonuses, readSpeedObject } from './open5e-fields';

const abilityFields: Record<AbilityKey, string> = { str: 'strength', dex: 'dexterity', con: 'constitution', int: 'intelligence', wis: 'wisdom', cha: 'charisma' };

const actionKinds: Record<string, FeatureKind> = { ACTION: 'action', BONUS_ACTION: 'bonus', REACTION: 'reaction', LEGENDARY_ACTION: 'legendary', LAIR_ACTION: 'lair' };

/** Open5e's die types are 'D6', 'D10' … */
function dieSize(v: unknown): number | undefined {
  const s = str(v);
  const m = s ? /^d?(\d{1,3})$/i.exec(s.trim()) : null;
  return m ? Number(m[1]) : int(v);
}

function dicePiece(count: unknown, die: unknown, bonus: unknown): string | undefined {
  const n = int(count);
  const d = dieSize(die);
  const b = int(bonus) ?? 0;
  if (n !== undefined && n > 0 && d !== undefined && d >= 2) return `${n}d${d}${b ? ` ${b < 0 ? '-' : '+'} ${Math.abs(b)}` : ''}`;
  if ((n === undefined || n === 0) && b > 0) return String(b);
  return undefined;
}

/** One structured attack; the damage type falls back to the action's text where the field is empty. */
function attackOf(a: Obj, textPieces: { dice: string; type?: string }[]): DraftAttack | undefined {
  const bonus = int(get(a, 'to_hit_mod'));
  if (bonus === undefined) return undefined;
  const unitMiles = str(get(a, 'distance_unit')) === 'miles';
  const reach = unitMiles ? undefined : int(get(a, 'reach'));
  const range = unitMiles ? undefined : int(get(a, 'range'));
  const longRange = unitMiles ? undefined : int(get(a, 'long_range'));
  const kind: DraftAttack['kind'] = range !== undefined && reach !== undefined ? 'melee-or-ranged' : range !== undefined ? 'ranged' : 'melee';
  const damage: DraftAttack['damage'] = [];
  const main = dicePiece(get(a, 'damage_die_count'), get(a, 'damage_die_type'), get(a, 'damage_bonus'));
  let from = 'attacks[]';
  if (main) {
    let type = damageTypeOf(keyOf(get(a, 'damage_type')));
    if (!type && textPieces[0]?.type) {
      type = textPieces[0].type;
      from = 'attacks[] (damage type from the text)';
    }
    damage.push(type ? { dice: main, type } : { dice: main });
  }
  const extra = dicePiece(get(a, 'extra_damage_die_count'), get(a, 'extra_damage_die_type'), get(a, 'extra_damage_bonus'));
  if (extra) {
    const type = damageTypeOf(keyOf(get(a, 'extra_damage_type'))) ?? textPieces[1]?.type;
    damage.push(type ? { dice: extra, type } : { dice: extra });
  }
  const out: DraftAttack = { kind, spell: str(get(a, 'attack_type'))?.toUpperCase() === 'SPELL', bonus, damage, from };
  if (reach !== undefined) out.reach = reach;
  if (range !== undefined) out.range = range;
  if (longRange !== undefined) out.longRange = longRange;
  return out;
}

function damageList(c: Obj, ri: Obj | undefined, key: string, at: string): DraftDamageList {
  const holder = ri && get(ri, key) !== undefined ? ri : c;
  const here = ri && get(ri, key) !== undefined ? `${at}/resistances_and_immunities/${key}` : `${at}/${key}`;
  const raw = get(holder, key);
  const display = str(holder === ri ? get(ri!, `${key}_display`) : undefined);
  if (typeof raw === 'string') return damageListOf(raw, here);
  const list = emptyDamageList(here);
  for (const [i, v] of arr(raw).entries()) {
    const k = keyOf(v);
    const t = damageTypeOf(k);
    if (t) {
      if (!list.types.includes(t)) list.types.push(t);
    } else if (k !== undefined) list.unknown.push(k);
    else list.unknown.push(`(entry ${i})`);
  }
  if (display) list.qualifiers.push(...damageListOf(display, here).qualifiers);
  return list;
}

/** An Open5e v2 `creatures` entry as a 5e draft; `at` is its JSON pointer in the file. */
export function draftFromOpen5eV2(input: unknown, at: string): Draft5e {
  const { entry: c, name } = namedEntry(input, at);
  const d: Draft5e = {
    name, pointer: at, source: 'open5e-v2',
    abilities: {}, saves: {}, skills: Object.create(null) as Record<string, number>, speed: {}, senses: {},
    resist: emptyDamageList(`${at}/damage_resistances`), immune: emptyDamageList(`${at}/damage_immunities`), vulnerable: emptyDamageList(`${at}/damage_vulnerabilities`),
    conditionImmunities: { names: [], pointer: `${at}/condition_immunities` },
    features: [],
    at: { ac: `${at}/armor_class`, hp: `${at}/hit_points`, abilities: `${at}/ability_scores`, saves: `${at}/saving_throws`, skills: `${at}/skill_bonuses`, speed: `${at}/speed`, cr: `${at}/challenge_rating`, size: `${at}/size` },
  };
  const key = str(get(c, 'key')) ?? str(get(c, 'slug'));
  if (key) d.key = key;
  const doc = keyOf(get(c, 'document')) ?? str(get(c, 'document__key'));
  if (doc) d.document = doc;
  const size = keyOf(get(c, 'size'));
  if (size) d.size = size;
  const type = keyOf(get(c, 'type'));
  if (type) d.type = type.toLowerCase();
  const crNum = num(get(c, 'challenge_rating')) ?? num(get(c, 'challenge_rating_decimal'));
  const crWords = str(get(c, 'challenge_rating_text'));
  if (crWords) d.cr = crWords;
  else if (crNum !== undefined) d.cr = crText(crNum);
  const prof = int(get(c, 'proficiency_bonus'));
  if (prof !== undefined) d.proficiency = prof;
  readAcHpHitDice(d, c);

  const scores = get(c, 'ability_scores');
  if (isObj(scores)) for (const a of abilityKeys) {
    const v = int(get(scores, abilityFields[a]));
    if (v !== undefined) d.abilities[a] = v;
  }
  const saves = get(c, 'saving_throws');
  if (isObj(saves)) for (const a of abilityKeys) {
    const v = int(get(saves, abilityFields[a]));
    if (v !== undefined) d.saves[a] = v;
  }
  readSkillBonuses(d, get(c, 'skill_bonuses'));
  const speed = get(c, 'speed');
  if (isObj(speed) && str(get(speed, 'unit')) !== 'miles') readSpeedObject(d, speed);
  for (const k of ['darkvision', 'blindsight', 'truesight', 'tremorsense'] as const) {
    const v = int(get(c, `${k}_range`));
    if (v !== undefined && v > 0) d.senses[k] = v;
  }
  const ri = isObj(get(c, 'resistances_and_immunities')) ? (get(c, 'resistances_and_immunities') as Obj) : undefined;
  d.resist = damageList(c, ri, 'damage_resistances', at);
  d.immune = damageList(c, ri, 'damage_immunities', at);
  d.vulnerable = damageList(c, ri, 'damage_vulnerabilities', at);
  const condHolder = ri && get(ri, 'condition_immunities') !== undefined ? ri : c;
  d.conditionImmunities = {
    names: arr(get(condHolder, 'condition_immunities')).map(keyOf).filter((x): x is string => x !== undefined),
    pointer: condHolder === ri ? `${at}/resistances_and_immunities/condition_immunities` : `${at}/condition_immunities`,
  };

  for (const [i, t] of arr(get(c, 'traits')).entries()) {
    if (!isObj(t)) continue;
    const { name: tn, usage } = usageInName(str(get(t, 'name')) ?? `trait ${i + 1}`);
    d.features.push({ kind: 'trait', name: tn, text: str(get(t, 'desc')) ?? '', pointer: `${at}/traits/${i}`, usage });
  }
  for (const [i, a] of arr(get(c, 'actions')).entries()) {
    if (!isObj(a)) continue;
    const here = `${at}/actions/${i}`;
    const { name: an, usage } = usageInName(str(get(a, 'name')) ?? `action ${i + 1}`);
    const desc = plain(str(get(a, 'desc')) ?? '');
    const kind = lookup(actionKinds, (str(get(a, 'action_type')) ?? 'ACTION').toUpperCase()) ?? 'action';
    const limits = get(a, 'usage_limits');
    const usesType = isObj(limits) ? str(get(limits, 'type')) : str(get(a, 'uses_type'));
    const usesParam = isObj(limits) ? int(get(limits, 'param')) : int(get(a, 'uses_param'));
    if (usesType === 'RECHARGE_ON_ROLL' && usesParam !== undefined) usage.recharge = usesParam;
    else if (usesType === 'PER_DAY' && usesParam !== undefined) usage.perDay = usesParam;
    else if (usesType === 'RECHARGE_AFTER_REST') usage.rest = true;
    const textPieces = parseAttackSentence(desc)?.attack.damage ?? [];
    const attacks = arr(get(a, 'attacks')).filter(isObj).map((x) => attackOf(x, textPieces)).filter((x): x is DraftAttack => x !== undefined);
    const f: DraftFeature = { kind, name: an, text: desc, pointer: here, usage };
    if (attacks.length) f.attacks = attacks;
    const cost = int(get(a, 'legendary_action_cost')) ?? int(get(a, 'legendary_cost'));
    if (kind === 'legendary' && cost !== undefined) f.legendaryCost = cost;
    d.features.push(f);
  }
  return d;
}

/** The creatures of an Open5e v2 file: a page (`{ results: [...] }`), a list, or one creature. */
export function open5eV2Entries(doc: unknown): { items: unknown[]; base: string } {
  if (Array.isArray(doc)) return { items: doc, base: '' };
  if (isObj(doc) && Array.isArray(get(doc, 'results'))) return { items: get(doc, 'results') as unknown[], base: pointer('results') };
  return { items: [doc], base: '' };
}
