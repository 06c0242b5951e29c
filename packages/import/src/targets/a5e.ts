import type { Json } from '@fray/engine';
import { contentConditionIds } from '@fray/ruleset-a5e';
import { abilityKeys, type AbilityKey, type Draft5e, type DraftAttack, type DraftDamageList, type DraftFeature } from '../draft';
import { ImportError } from '../errors';
import { lookup } from '../sources/json-read';
import type { ReportLine } from '../report';
import { crValue, hitDiceOf, multiattackCount, parseAttackSentence, parseSaveSentence, proficiencyForCr } from '../text/five-e';
import { uniqueIds } from '../text/kebab';

/** 5e skill names (as Open5e and 5etools spell them) → A5E skill ids with their usual ability. */
const skillIds: Record<string, [string, AbilityKey]> = {
  acrobatics: ['acrobatics', 'dex'], animal_handling: ['animal-handling', 'wis'], 'animal handling': ['animal-handling', 'wis'], arcana: ['arcana', 'int'],
  athletics: ['athletics', 'str'], culture: ['culture', 'int'], deception: ['deception', 'cha'], engineering: ['engineering', 'int'], history: ['history', 'int'],
  insight: ['insight', 'wis'], intimidation: ['intimidation', 'cha'], investigation: ['investigation', 'int'], medicine: ['medicine', 'wis'],
  nature: ['nature', 'int'], perception: ['perception', 'wis'], performance: ['performance', 'cha'], persuasion: ['persuasion', 'cha'],
  religion: ['religion', 'int'], sleight_of_hand: ['sleight-of-hand', 'dex'], 'sleight of hand': ['sleight-of-hand', 'dex'], stealth: ['stealth', 'dex'], survival: ['survival', 'wis'],
};

const sizeWords: Record<string, string> = { t: 'tiny', s: 'small', m: 'medium', l: 'large', h: 'huge', g: 'gargantuan', tiny: 'tiny', small: 'small', medium: 'medium', large: 'large', huge: 'huge', gargantuan: 'gargantuan' };
const abilityNames: Record<AbilityKey, string> = { str: 'Str', dex: 'Dex', con: 'Con', int: 'Int', wis: 'Wis', cha: 'Cha' };

const mod = (score: number) => Math.floor((score - 10) / 2);
const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);

export interface Mapped {
  statBlock: Record<string, Json>;
  runs: ReportLine[];
  text: ReportLine[];
  refused: ReportLine[];
}

/** Requires the three things every stat block needs; a creature without them is not imported at all. */
export function requireCore(d: Draft5e): { ac: number; hp: number; abilities: Record<AbilityKey, number> } {
  const missing = abilityKeys.filter((a) => d.abilities[a] === undefined);
  if (missing.length) throw new ImportError('bad-creature', `no ability score for ${missing.join(', ')}`, d.at.abilities ?? d.pointer, d.name);
  if (d.ac === undefined) throw new ImportError('bad-creature', 'no armor class', d.at.ac ?? d.pointer, d.name);
  if (d.hp === undefined) throw new ImportError('bad-creature', 'no hit points', d.at.hp ?? d.pointer, d.name);
  return { ac: d.ac, hp: d.hp, abilities: d.abilities as Record<AbilityKey, number> };
}

/** The damage dice of an attack as A5E writes them: the main piece unlabelled (it takes `damageType`), extras labelled. */
function damageText(pieces: DraftAttack['damage'], mainType: string): string {
  return pieces.map((p, i) => (i === 0 || !p.type || p.type === mainType ? p.dice : `${p.dice} ${p.type}`)).join(' + ');
}

function damageNodes(pieces: { dice: string; type?: string }[], fallbackType: string | undefined, half?: boolean): Json[] | null {
  const nodes: Json[] = [];
  for (const p of pieces) {
    const type = p.type ?? fallbackType;
    if (!type) return null;
    nodes.push(half ? { kind: 'damage', dice: p.dice, type, half: true } : { kind: 'damage', dice: p.dice, type });
  }
  return nodes;
}

/**
 * Maps a 5e-family creature to an A5E stat block (`packages/rulesets/a5e/src/sheet/stat-block.ts`).
 * Printed numbers win: attacks keep their printed bonus and damage (`addAbilityToDamage: false`),
 * saves and skills become proficiencies and the report says where the printed bonus differs.
 */
export function draftToA5e(d: Draft5e): Mapped {
  const { ac, hp, abilities } = requireCore(d);
  const runs: ReportLine[] = [];
  const text: ReportLine[] = [];
  const refused: ReportLine[] = [];
  const sb: Record<string, Json> = { name: d.name, kind: 'monster' };

  const size = d.size !== undefined ? lookup(sizeWords, d.size.toLowerCase()) : undefined;
  if (size) sb['size'] = size;
  else refused.push({ field: d.at.size ?? d.pointer, text: d.size === undefined ? 'no size: medium assumed' : `size '${d.size}' is not one of tiny … gargantuan: medium assumed` });

  const hd = hitDiceOf(d.hitDice);
  if (hd && hd.count >= 1 && hd.count <= 100) {
    sb['hitDice'] = hd.count;
    if ([4, 6, 8, 10, 12, 20].includes(hd.size)) sb['hitDieSize'] = hd.size;
  }

  const cr = crValue(d.cr);
  let prof = d.proficiency;
  if (prof === undefined || !Number.isInteger(prof) || prof < 0 || prof > 10) {
    prof = cr !== undefined ? proficiencyForCr(cr) : 2;
    if (cr === undefined) refused.push({ field: d.at.cr ?? d.pointer, text: 'no challenge rating: proficiency bonus +2 assumed' });
  }
  sb['proficiency'] = prof;
  sb['abilities'] = { ...abilities };
  sb['ac'] = ac;
  sb['hp'] = hp;
  runs.push({ field: d.at.ac ?? d.pointer, text: `AC ${ac}, ${hp} hit points${hd ? ` (${hd.count} Hit Dice)` : ''}, proficiency ${signed(prof)}` });

  const speed: Record<string, Json> = {};
  for (const k of ['walk', 'fly', 'swim', 'climb', 'burrow'] as const) {
    const v = d.speed[k];
    if (v !== undefined && Number.isInteger(v) && v >= 0) speed[k] = v;
  }
  if (d.speed.hover) speed['hover'] = true;
  if (speed['walk'] === undefined) {
    speed['walk'] = 0;
    if (Object.keys(speed).length === 1) {
      speed['walk'] = 30;
      refused.push({ field: d.at.speed ?? d.pointer, text: 'no speed: 30 ft assumed' });
    }
  }
  sb['speed'] = speed;

  const saves: AbilityKey[] = [];
  for (const a of abilityKeys) {
    const b = d.saves[a];
    if (b === undefined) continue;
    const m = mod(abilities[a]);
    if (b <= m) continue;
    saves.push(a);
    if (b !== m + prof) refused.push({ field: `${d.at.saves ?? d.pointer}`, text: `${abilityNames[a]} save ${signed(b)} in the source; the stat block gives ${signed(m + prof)} (ability ${signed(m)}, proficiency ${signed(prof)})` });
  }
  if (saves.length) {
    sb['saves'] = saves;
    runs.push({ field: d.at.saves ?? d.pointer, text: `saving throws: ${saves.map((a) => `${abilityNames[a]} ${signed(mod(abilities[a]) + prof)}`).join(', ')}` });
  }

  const skills: Record<string, Json> = {};
  for (const [raw, b] of Object.entries(d.skills)) {
    const known = lookup(skillIds, raw.toLowerCase());
    if (!known) {
      refused.push({ field: d.at.skills ?? d.pointer, text: `skill '${raw}' is not an A5E skill` });
      continue;
    }
    const [id, ability] = known;
    const m = mod(abilities[ability]);
    if (b <= m) continue;
    const level = b - m >= 2 * prof ? 'expertise' : 'proficient';
    skills[id] = level;
    const given = m + (level === 'expertise' ? 2 * prof : prof);
    if (b !== given) refused.push({ field: d.at.skills ?? d.pointer, text: `${raw} ${signed(b)} in the source; the stat block gives ${signed(given)} (${level})` });
  }
  if (Object.keys(skills).length) sb['skills'] = skills;

  const senses: Record<string, Json> = {};
  for (const k of ['darkvision', 'blindsight', 'truesight', 'tremorsense'] as const) {
    const v = d.senses[k];
    if (v !== undefined && Number.isInteger(v) && v > 0) senses[k] = v;
  }
  if (d.senses.blindBeyond && senses['blindsight'] !== undefined) senses['blindBeyond'] = true;
  if (Object.keys(senses).length) sb['senses'] = senses;

  const damageList = (key: 'resist' | 'immune' | 'vulnerable', list: DraftDamageList, word: string) => {
    if (list.types.length) {
      sb[key] = list.types;
      runs.push({ field: list.pointer, text: `${word}: ${list.types.join(', ')}` });
    }
    for (const q of list.qualifiers) text.push({ field: list.pointer, text: `${word} ${q}: the rules apply it to every attack of those types; the GM waives it where the words say so` });
    for (const u of list.unknown) refused.push({ field: list.pointer, text: `${word}: '${u}' is not a damage type` });
  };
  damageList('resist', d.resist, 'resistance');
  damageList('immune', d.immune, 'immunity');
  damageList('vulnerable', d.vulnerable, 'vulnerability');

  const condImmune: string[] = [];
  for (const raw of d.conditionImmunities.names) {
    const c = raw.toLowerCase().trim();
    if (!c) continue;
    if (contentConditionIds.includes(c)) {
      if (!condImmune.includes(c)) condImmune.push(c);
    } else refused.push({ field: d.conditionImmunities.pointer, text: `condition immunity '${raw}' names no A5E condition` });
  }
  if (condImmune.length) {
    sb['conditionImmunities'] = condImmune;
    runs.push({ field: d.conditionImmunities.pointer, text: `condition immunities: ${condImmune.join(', ')}` });
  }

  const id = uniqueIds();
  const attacks: Json[] = [];
  const actions: Json[] = [];
  const reactions: Json[] = [];
  for (const f of d.features) mapFeature(f, { id, attacks, actions, reactions, runs, text, refused, sb });
  if (attacks.length) sb['attacks'] = attacks;
  if (actions.length) sb['actions'] = actions;
  if (reactions.length) sb['reactions'] = reactions;
  return { statBlock: sb, runs, text, refused };
}

interface Sink {
  id: (name: string, fallback?: string) => string;
  attacks: Json[];
  actions: Json[];
  reactions: Json[];
  runs: ReportLine[];
  text: ReportLine[];
  refused: ReportLine[];
  sb: Record<string, Json>;
}

const costOf = { action: 'action', bonus: 'bonusAction', reaction: 'reaction' } as const;

function usageFields(f: DraftFeature, s: Sink): Record<string, Json> {
  const out: Record<string, Json> = {};
  const u = f.usage;
  if (u.recharge !== undefined) {
    if (u.recharge >= 2 && u.recharge <= 6) out['recharge'] = { min: u.recharge };
    else s.refused.push({ field: f.pointer, text: `recharge ${u.recharge} is outside 2-6: used without a recharge` });
  }
  if (u.perDay !== undefined) {
    if (u.perDay >= 1 && u.perDay <= 20) out['usesPerDay'] = u.perDay;
    else s.refused.push({ field: f.pointer, text: `${u.perDay} uses a day is outside 1-20: used without a limit` });
  }
  if (u.rest && out['usesPerDay'] === undefined) {
    out['usesPerDay'] = 1;
    s.text.push({ field: f.pointer, text: `${f.name} recharges after a short or long rest: imported as once a day (a long rest gives it back; the GM gives it back after a short rest)` });
  }
  for (const n of u.notes) s.text.push({ field: f.pointer, text: `${f.name}: '${n}' stays with the GM` });
  return out;
}

function usageWords(u: Record<string, Json>): string {
  const r = u['recharge'] as { min: number } | undefined;
  return r ? ` (recharge ${r.min === 6 ? '6' : `${r.min}-6`})` : u['usesPerDay'] !== undefined ? ` (${String(u['usesPerDay'])}/day)` : '';
}

function mapFeature(f: DraftFeature, s: Sink): void {
  if (f.kind === 'trait') {
    s.text.push({ field: f.pointer, text: `trait ${f.name}: stays text`, words: f.text });
    return;
  }
  if (f.kind === 'legendary' || f.kind === 'lair') {
    s.text.push({ field: f.pointer, text: `${f.kind === 'legendary' ? 'legendary' : 'lair'} action ${f.name}: the A5E stat block has no ${f.kind} actions yet; the GM runs it`, words: f.text });
    return;
  }
  if (f.kind === 'action' && /^multiattack\b/i.test(f.name)) {
    const n = multiattackCount(f.text);
    if (n !== null && n >= 1 && n <= 10) {
      s.sb['attacksPerAction'] = n;
      s.runs.push({ field: f.pointer, text: `Multiattack: ${n} attacks with one Attack action` });
      if (/\b(one|two|three|\d)\s+with\b|\bor\b|\binstead\b|\breplace\b|\buses?\b/i.test(f.text)) s.text.push({ field: f.pointer, text: `Multiattack: which attacks it makes (${f.text.trim().slice(0, 160)}) is the GM's choice` });
    } else s.refused.push({ field: f.pointer, text: `Multiattack: no attack count in '${f.text.trim().slice(0, 120)}'` });
    return;
  }
  const attacks = f.attacks && f.attacks.length ? f.attacks.map((a) => ({ attack: a, rest: '' })) : (() => {
    const one = parseAttackSentence(f.text);
    return one ? [one] : [];
  })();
  if (attacks.length) {
    for (const [i, { attack, rest }] of attacks.entries()) {
      const label = attacks.length > 1 ? `${f.name} (${attack.kind === 'ranged' ? 'ranged' : 'melee'})` : f.name;
      mapAttack(f, label, attack, rest || (i === 0 && f.attacks?.length ? riderOf(f.text) : ''), s);
    }
    return;
  }
  const save = parseSaveSentence(f.text);
  if (save) {
    const fail = damageNodes(save.damage, undefined);
    if (!fail) {
      s.refused.push({ field: f.pointer, text: `${f.name}: a save against damage with no damage type; stays text` });
      return;
    }
    const effect: Record<string, Json> = { kind: 'save', ability: save.ability, dc: save.dc, fail };
    if (save.half) effect['success'] = damageNodes(save.damage, undefined, true)!;
    const targets: Record<string, Json> = {};
    if (save.area) targets['area'] = save.area;
    if (save.rangeFeet !== undefined) targets['rangeFeet'] = save.rangeFeet;
    const entry: Record<string, Json> = { id: s.id(f.name, 'action'), name: f.name, ...usageFields(f, s), ...(Object.keys(targets).length ? { targets } : {}), effects: [effect] };
    const words = `${f.name}${usageWords(entry)}: DC ${save.dc} ${save.ability} save, ${save.damage.map((p) => `${p.dice} ${p.type}`).join(' + ')}${save.half ? ', half on a success' : ''}${save.area ? ` in a ${save.area}` : ''}`;
    if (f.kind === 'reaction') {
      s.reactions.push({ ...entry, cost: 'reaction', trigger: { text: f.text.trim().slice(0, 200) || f.name, on: 'manual' } });
      s.runs.push({ field: f.pointer, text: `reaction ${words} (offered by command)` });
    } else {
      s.actions.push({ ...entry, cost: costOf[f.kind] });
      s.runs.push({ field: f.pointer, text: `${f.kind === 'bonus' ? 'bonus action' : 'action'} ${words}` });
    }
    const beyond = /\b(and (?:is|be) |pushed|knocked|grappled|restrained|poisoned|frightened|stunned|blinded|prone)\b/i.exec(f.text);
    if (beyond) s.text.push({ field: f.pointer, text: `${f.name}: effects besides the damage ('${beyond[0].trim()}' …) stay with the GM` });
    return;
  }
  const parry = /\badds?\s+(\d+)\s+to\s+its\s+AC\s+against\s+one\s+(melee\s+)?attack/i.exec(f.text);
  if (f.kind === 'reaction' && parry) {
    const bonus = Number(parry[1]);
    s.reactions.push({ id: s.id(f.name, 'reaction'), name: f.name, targets: { count: 0 }, trigger: { text: f.text.trim().slice(0, 200), on: parry[2] ? 'melee-hit' : 'hit' }, effects: [{ kind: 'hook', hook: 'a5e.raise-ac', params: { bonus } }] });
    s.runs.push({ field: f.pointer, text: `reaction ${f.name}: +${bonus} AC against ${parry[2] ? 'a melee attack' : 'an attack'} that hits (offered by prompt)` });
    return;
  }
  s.text.push({ field: f.pointer, text: `${f.kind === 'bonus' ? 'bonus action' : f.kind} ${f.name}: stays text (no attack or save against damage the rules can read)`, words: f.text });
}

/** The words of an Open5e v2 action's text after its damage, when the attack itself came structured. */
function riderOf(text: string): string {
  return parseAttackSentence(text)?.rest ?? '';
}

function mapAttack(f: DraftFeature, label: string, a: DraftAttack, rest: string, s: Sink): void {
  if (a.damage.length === 0) {
    s.refused.push({ field: f.pointer, text: `${label}: an attack with no damage the rules can read; stays text`, words: f.text });
    return;
  }
  const mainType = a.damage[0]!.type;
  if (!mainType) {
    s.refused.push({ field: f.pointer, text: `${label}: no damage type in the attack or its text; stays text`, words: f.text });
    return;
  }
  const attack: Record<string, Json> = { id: s.id(label, 'attack'), name: label, kind: a.kind === 'ranged' ? 'ranged' : 'melee', bonus: a.bonus };
  if (a.kind !== 'ranged') attack['reachFeet'] = a.reach ?? 5;
  if (a.kind !== 'melee') {
    if (a.range !== undefined) attack['rangeFeet'] = a.longRange !== undefined && a.longRange >= a.range ? [a.range, a.longRange] : a.range;
    else if (a.kind === 'ranged') s.refused.push({ field: f.pointer, text: `${label}: a ranged attack with no range; no range limit` });
  }
  attack['damage'] = damageText(a.damage, mainType);
  attack['damageType'] = mainType;
  attack['addAbilityToDamage'] = false;
  const props: string[] = [];
  if (a.spell) props.push('spell');
  if (a.kind === 'melee-or-ranged') props.push('thrown');
  if (props.length) attack['properties'] = props;

  const riders = riderNodes(rest);
  if (riders.nodes.length) attack['onHit'] = riders.nodes;
  const usage = usageFields(f, s);
  const where = a.kind === 'ranged' ? `range ${a.range ?? '-'}${a.longRange !== undefined ? `/${a.longRange}` : ''} ft` : `reach ${a.reach ?? 5} ft${a.kind === 'melee-or-ranged' && a.range !== undefined ? ` or range ${a.range}${a.longRange !== undefined ? `/${a.longRange}` : ''} ft` : ''}`;
  const typeFromText = a.from.includes('from the text') ? ' (damage type from the text)' : '';
  const words = `${label}: ${signed(a.bonus)} to hit, ${where}, ${a.damage.map((p) => `${p.dice} ${p.type ?? mainType}`).join(' + ')}${typeFromText}${riders.words ? `; on a hit ${riders.words}` : ''}`;

  if (f.kind === 'bonus' || f.kind === 'reaction') {
    // Stat block attacks go with the Attack action; one taken as a bonus action or a reaction is a special
    // action whose effect is the attack, paid from that part of the turn's budget (A5E-ROUND-4).
    const hit = damageNodes(a.damage, mainType)!;
    const node: Record<string, Json> = { kind: 'attack', bonus: a.bonus, label, hit: [...hit, ...riders.nodes] };
    if (a.kind === 'ranged') node['options'] = ['attack:ranged'];
    const reach = a.kind === 'ranged' ? (a.longRange ?? a.range) : (a.reach ?? 5);
    const entry: Record<string, Json> = { id: attack['id'] as string, name: label, ...usage, ...(reach !== undefined ? { targets: { rangeFeet: reach } } : {}), effects: [node] };
    if (f.kind === 'bonus') {
      s.actions.push({ ...entry, cost: 'bonusAction' });
      s.runs.push({ field: f.pointer, text: `bonus action ${words}${usageWords(usage)}` });
    } else {
      // The trigger is the words before the attack sentence ("When a creature within 5 feet hits it …").
      const trigger = f.text.split(/\b(?:Melee|Ranged)(?: or Ranged)?(?: Weapon| Spell)? Attack(?: Roll)?:/)[0]!.trim();
      s.reactions.push({ ...entry, cost: 'reaction', trigger: { text: (trigger || f.text.trim() || f.name).slice(0, 200), on: 'manual' } });
      s.runs.push({ field: f.pointer, text: `reaction ${words}${usageWords(usage)} (taken by command when its trigger comes)` });
    }
  } else if (usage['recharge'] !== undefined || usage['usesPerDay'] !== undefined) {
    // A limited attack is a special action whose effect is the attack (A5E stat block attacks have no limits).
    const hit = damageNodes(a.damage, mainType)!;
    const node: Record<string, Json> = { kind: 'attack', bonus: a.bonus, label, hit: [...hit, ...riders.nodes] };
    if (a.kind === 'ranged') node['options'] = ['attack:ranged'];
    const entry: Record<string, Json> = { id: attack['id'] as string, name: label, cost: 'action', ...usage, effects: [node] };
    if (a.kind === 'ranged' && a.range !== undefined) entry['targets'] = { rangeFeet: a.longRange ?? a.range };
    s.actions.push(entry);
    s.runs.push({ field: f.pointer, text: `action ${words}${usageWords(usage)}` });
  } else {
    s.attacks.push(attack);
    s.runs.push({ field: f.pointer, text: `attack ${words}` });
  }
  if (riders.left) s.text.push({ field: f.pointer, text: `${label}: '${riders.left.slice(0, 160)}' stays with the GM` });
}

/** Riders the rules can run: a save against damage, or a save against being knocked prone. */
function riderNodes(rest: string): { nodes: Json[]; words: string; left: string } {
  const r = rest.trim();
  if (!r) return { nodes: [], words: '', left: '' };
  const save = parseSaveSentence(r);
  if (save) {
    const fail = damageNodes(save.damage, undefined);
    if (fail) {
      const node: Record<string, Json> = { kind: 'save', ability: save.ability, dc: save.dc, fail };
      if (save.half) node['success'] = damageNodes(save.damage, undefined, true)!;
      const extra = /\b(poisoned|prone|grappled|restrained|stunned|paralyzed|frightened|blinded|charmed|incapacitated)\b/i.exec(r);
      return { nodes: [node], words: `DC ${save.dc} ${save.ability} save against ${save.damage.map((p) => `${p.dice} ${p.type}`).join(' + ')}${save.half ? ' (half on a success)' : ''}`, left: extra ? r : '' };
    }
  }
  const prone = /\bDC\s*(\d{1,2})\s+(strength|dexterity)\s+saving throw\s+or\s+be\s+knocked\s+prone\.?$/i.exec(r);
  if (prone) {
    const ability = prone[2]!.toLowerCase() === 'strength' ? 'str' : 'dex';
    return { nodes: [{ kind: 'save', ability, dc: Number(prone[1]), fail: [{ kind: 'applyCondition', condition: 'prone' }] }], words: `DC ${prone[1]} ${ability} save or prone`, left: '' };
  }
  return { nodes: [], words: '', left: r };
}
