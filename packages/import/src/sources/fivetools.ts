import { abilityKeys, emptyDamageList, type Draft5e, type DraftDamageList, type FeatureKind } from '../draft';
import { ImportError } from '../errors';
import { abilityOf, damageTypeOf, plain, sensesOf, usageInName } from '../text/five-e';
import { arr, get, int, isObj, lookup, num, str, type Obj } from './json-read';

const atkWords: Record<string, string> = {
  mw: 'Melee Weapon Attack:', rw: 'Ranged Weapon Attack:', ms: 'Melee Spell Attack:', rs: 'Ranged Spell Attack:',
  'mw,rw': 'Melee or Ranged Weapon Attack:', 'ms,rs': 'Melee or Ranged Spell Attack:',
  m: 'Melee Attack Roll:', r: 'Ranged Attack Roll:', 'm,r': 'Melee or Ranged Attack Roll:',
};
const saveWords: Record<string, string> = { str: 'Strength', dex: 'Dexterity', con: 'Constitution', int: 'Intelligence', wis: 'Wisdom', cha: 'Charisma' };

/**
 * 5etools inline tags as the words they stand for: `{@atk mw}` → "Melee Weapon Attack:", `{@hit 9}` →
 * "+9", `{@h}` → "Hit: ", `{@damage 4d6 + 5}` → "4d6 + 5", `{@dc 16}` → "DC 16", `{@recharge 5}` →
 * "(Recharge 5-6)"; any other tag → its text before the first `|`. Nested tags are undone inside out.
 */
export function untag(text: string): string {
  let out = text;
  for (let guard = 0; guard < 20 && /\{@/.test(out); guard++) {
    const next = out.replace(/\{@(\w+)\s*([^{}]*)\}/g, (_all, tag: string, body: string) => {
      const b = body.trim();
      switch (tag) {
        case 'atk': case 'atkr': return lookup(atkWords, b.replace(/\s/g, '')) ?? 'Attack:';
        case 'hit': return `${/^[+-]/.test(b) ? '' : '+'}${b}`;
        case 'h': return 'Hit: ';
        case 'm': return 'Miss: ';
        case 'damage': case 'dice': case 'd20': return b.split('|')[0]!;
        case 'dc': return `DC ${b.split('|')[0]}`;
        case 'recharge': return `(Recharge ${b ? `${b}-6` : '6'})`;
        case 'actSave': return `${lookup(saveWords, b) ?? b} Saving Throw:`;
        case 'actSaveFail': return 'Failure:';
        case 'actSaveSuccess': return 'Success:';
        case 'actSaveSuccessOrFail': return 'Failure or Success:';
        case 'hitYourSpellAttack': return b.split('|')[0] || '';
        default: return b.split('|')[0]!;
      }
    });
    if (next === out) break;
    out = next;
  }
  return out;
}

/** 5etools `entries`: strings, and objects holding more entries or items, flattened to text. */
export function entriesText(v: unknown, depth = 0): string {
  if (depth > 8) return '';
  if (typeof v === 'string') return untag(v);
  if (Array.isArray(v)) return v.map((x) => entriesText(x, depth + 1)).filter(Boolean).join(' ');
  if (isObj(v)) {
    const parts: string[] = [];
    const name = str(get(v, 'name'));
    if (name) parts.push(`${untag(name)}.`);
    for (const k of ['entries', 'items', 'entry']) if (get(v, k) !== undefined) parts.push(entriesText(get(v, k), depth + 1));
    return parts.filter(Boolean).join(' ');
  }
  return '';
}

function damageListOf5etools(v: unknown, key: string, at: string, depth = 0): DraftDamageList {
  const list = emptyDamageList(at);
  if (depth > 4) return list;
  for (const e of arr(v)) {
    if (typeof e === 'string') {
      const t = damageTypeOf(e);
      if (t) { if (!list.types.includes(t)) list.types.push(t); }
      else list.unknown.push(e);
    } else if (isObj(e)) {
      if (get(e, key) !== undefined) {
        const inner = damageListOf5etools(get(e, key), key, at, depth + 1);
        for (const t of inner.types) if (!list.types.includes(t)) list.types.push(t);
        list.unknown.push(...inner.unknown);
        const note = [str(get(e, 'preNote')), str(get(e, 'note'))].filter(Boolean).map((n) => untag(n!)).join(' ');
        if (note && inner.types.length) list.qualifiers.push(`${inner.types.join(', ')} ${note}`);
        list.qualifiers.push(...inner.qualifiers);
      } else if (str(get(e, 'special'))) list.unknown.push(untag(str(get(e, 'special'))!));
    }
  }
  return list;
}

/** A 5etools bestiary `monster` entry as a 5e draft; `at` is its JSON pointer in the file. */
export function draftFrom5etools(c: unknown, at: string): Draft5e {
  if (!isObj(c)) throw new ImportError('bad-creature', 'a creature must be an object', at);
  const name = str(get(c, 'name'))?.trim();
  if (!name) throw new ImportError('bad-creature', 'a creature needs a name', `${at}/name`);
  if (get(c, '_copy') !== undefined) throw new ImportError('bad-creature', "a '_copy' entry refers to another file's creature; import the full bestiary entry", `${at}/_copy`, name);
  const d: Draft5e = {
    name, pointer: at, source: '5etools',
    abilities: {}, saves: {}, skills: Object.create(null) as Record<string, number>, speed: {}, senses: {},
    resist: damageListOf5etools(get(c, 'resist'), 'resist', `${at}/resist`),
    immune: damageListOf5etools(get(c, 'immune'), 'immune', `${at}/immune`),
    vulnerable: damageListOf5etools(get(c, 'vulnerable'), 'vulnerable', `${at}/vulnerable`),
    conditionImmunities: { names: [], pointer: `${at}/conditionImmune` },
    features: [],
    at: { ac: `${at}/ac`, hp: `${at}/hp`, abilities: `${at}/str`, saves: `${at}/save`, skills: `${at}/skill`, speed: `${at}/speed`, cr: `${at}/cr`, size: `${at}/size` },
  };
  for (const e of arr(get(c, 'conditionImmune'))) {
    if (typeof e === 'string') d.conditionImmunities.names.push(untag(e));
    else if (isObj(e)) for (const x of arr(get(e, 'conditionImmune'))) if (typeof x === 'string') d.conditionImmunities.names.push(untag(x));
  }
  const source = str(get(c, 'source'));
  if (source) d.document = source;
  d.key = `${name}|${source ?? ''}`;
  const size = arr(get(c, 'size'))[0] ?? get(c, 'size');
  if (typeof size === 'string') d.size = size;
  const type = get(c, 'type');
  const typeWord = typeof type === 'string' ? type : isObj(type) ? (typeof get(type, 'type') === 'string' ? (get(type, 'type') as string) : isObj(get(type, 'type')) ? str(arr(get(get(type, 'type') as Obj, 'choose'))[0]) : undefined) : undefined;
  if (typeWord) d.type = typeWord.toLowerCase();
  const cr = get(c, 'cr');
  const crWord = typeof cr === 'string' ? cr : isObj(cr) ? str(get(cr, 'cr')) : undefined;
  if (crWord) d.cr = crWord;
  const pb = get(c, 'pbNote');
  if (typeof pb === 'string' && /^\+?\d+$/.test(pb.trim())) d.proficiency = Number(pb.trim());

  const ac0 = arr(get(c, 'ac'))[0];
  const ac = typeof ac0 === 'number' ? ac0 : isObj(ac0) ? int(get(ac0, 'ac')) : undefined;
  if (ac !== undefined && Number.isInteger(ac)) d.ac = ac;
  const hp = get(c, 'hp');
  if (isObj(hp)) {
    const avg = int(get(hp, 'average'));
    if (avg !== undefined) d.hp = avg;
    const f = str(get(hp, 'formula'));
    if (f) d.hitDice = f;
  }
  for (const a of abilityKeys) {
    const v = int(get(c, a));
    if (v !== undefined) d.abilities[a] = v;
  }
  const save = get(c, 'save');
  if (isObj(save)) for (const [k, v] of Object.entries(save)) {
    const a = abilityOf(k);
    const n = num(typeof v === 'string' ? v.replace(/\s/g, '') : v);
    if (a && n !== undefined && Number.isInteger(n)) d.saves[a] = n;
  }
  const skill = get(c, 'skill');
  if (isObj(skill)) for (const [k, v] of Object.entries(skill)) {
    const n = num(typeof v === 'string' ? v.replace(/\s/g, '') : isObj(v) ? get(v, 'mod') : v);
    if (n !== undefined && Number.isInteger(n)) d.skills[k] = n;
  }
  const speed = get(c, 'speed');
  if (isObj(speed)) {
    for (const k of ['walk', 'fly', 'swim', 'climb', 'burrow'] as const) {
      const v = get(speed, k);
      const n = typeof v === 'number' ? v : isObj(v) ? num(get(v, 'number')) : undefined;
      if (n !== undefined && Number.isInteger(n) && n > 0) d.speed[k] = n;
      if (k === 'fly' && isObj(v) && /hover/i.test(str(get(v, 'condition')) ?? '')) d.speed.hover = true;
    }
    if (get(speed, 'canHover') === true) d.speed.hover = true;
  }
  d.senses = sensesOf(arr(get(c, 'senses')).filter((x): x is string => typeof x === 'string').map(untag).join(', '));

  const lists: [string, FeatureKind][] = [['trait', 'trait'], ['action', 'action'], ['bonus', 'bonus'], ['reaction', 'reaction'], ['legendary', 'legendary']];
  for (const [field, kind] of lists) {
    for (const [i, a] of arr(get(c, field)).entries()) {
      if (!isObj(a)) continue;
      const { name: an, usage } = usageInName(untag(str(get(a, 'name')) ?? `${field} ${i + 1}`));
      d.features.push({ kind, name: an, text: plain(entriesText(get(a, 'entries'))), pointer: `${at}/${field}/${i}`, usage });
    }
  }
  for (const [i, s] of arr(get(c, 'spellcasting')).entries()) {
    if (isObj(s)) d.features.push({ kind: 'trait', name: untag(str(get(s, 'name')) ?? 'Spellcasting'), text: plain(entriesText(get(s, 'headerEntries'))), pointer: `${at}/spellcasting/${i}`, usage: { notes: [] } });
  }
  return d;
}
