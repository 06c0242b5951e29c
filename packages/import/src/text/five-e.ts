import type { AbilityKey, DraftAttack, DraftDamageList, DraftUsage } from '../draft';

/** The thirteen damage words of the 5e family (A5E uses the same thirteen). */
export const damageWords = ['acid', 'bludgeoning', 'cold', 'fire', 'force', 'lightning', 'necrotic', 'piercing', 'poison', 'psychic', 'radiant', 'slashing', 'thunder'] as const;

const numberWords: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, once: 1, twice: 2 };

/** "two" → 2, "3" → 3; NaN for anything else. */
function wordNumber(w: string): number {
  return Object.hasOwn(numberWords, w) ? numberWords[w]! : Number(w);
}

const abilityWords: Record<string, AbilityKey> = {
  strength: 'str', dexterity: 'dex', constitution: 'con', intelligence: 'int', wisdom: 'wis', charisma: 'cha',
  str: 'str', dex: 'dex', con: 'con', int: 'int', wis: 'wis', cha: 'cha',
};

export function abilityOf(word: string): AbilityKey | undefined {
  const w = word.toLowerCase();
  return Object.hasOwn(abilityWords, w) ? abilityWords[w] : undefined;
}

/** Typographic dashes and minus signs as ASCII, runs of white space as one space. */
export function plain(text: string): string {
  return text.replace(/[\u2012-\u2015\u2212]/g, '-').replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ').trim();
}

/** Dice as our parser reads them: `4d6 + 5`, `2d6-1`, or a bare number. Null for anything else. */
export function diceOf(text: string): string | null {
  const t = plain(text).toLowerCase().replace(/\s+/g, '');
  const m = /^(\d{1,3})?d(\d{1,3})([+-]\d{1,4})?$/.exec(t);
  if (m) {
    const count = m[1] ?? '1';
    if (Number(count) < 1 || Number(m[2]) < 2) return null;
    const bonus = m[3] ? ` ${m[3][0]} ${m[3].slice(1)}` : '';
    return `${count}d${m[2]}${bonus}`.replace(/ \+ 0$/, '').replace(/ - 0$/, '');
  }
  return /^\d{1,4}$/.test(t) ? String(Number(t)) : null;
}

export function damageTypeOf(word: string | undefined): string | undefined {
  const w = word?.toLowerCase().trim();
  return w && (damageWords as readonly string[]).includes(w) ? w : undefined;
}

/**
 * Damage pieces of a hit clause: `19 (4d6 + 5) bludgeoning damage plus 7 (2d6) poison damage`,
 * `1 piercing damage`. The first is the main damage; each `plus` adds one.
 */
export function damagePieces(clause: string): { dice: string; type?: string }[] {
  const out: { dice: string; type?: string }[] = [];
  const re = /(\d+)\s*(?:\(([^)]*)\))?\s*([a-z]+)?\s+damage/gi;
  for (let m = re.exec(clause); m; m = re.exec(clause)) {
    const dice = m[2] !== undefined ? diceOf(m[2]) : diceOf(m[1]!);
    if (!dice) continue;
    const type = damageTypeOf(m[3]);
    out.push(type ? { dice, type } : { dice });
    // Only the pieces joined by "plus" (or "and") belong to the same hit.
    const after = clause.slice(re.lastIndex);
    if (!/^\s*,?\s*(plus|and)\s+\d/i.test(after)) break;
  }
  return out;
}

export interface AttackSentence {
  attack: DraftAttack;
  /** the words after the damage: riders the GM reads */
  rest: string;
}

/**
 * The classic attack sentence ("Melee Weapon Attack: +9 to hit, reach 15 ft., one target. Hit: 19
 * (4d6 + 5) bludgeoning damage plus 7 (2d6) poison damage.") and the 2024 one ("Melee Attack Roll:
 * +17, reach 15 ft. 19 (2d8 + 10) Slashing damage."). Null when the text is not an attack.
 */
export function parseAttackSentence(raw: string): AttackSentence | null {
  const text = plain(raw);
  const head = /\b(melee or ranged|melee|ranged)\s+(weapon\s+|spell\s+)?attack(?:\s+roll)?\s*:\s*([+-]\s*\d{1,2})(?:\s*to hit)?/i.exec(text);
  if (!head) return null;
  const kindWord = head[1]!.toLowerCase();
  const kind: DraftAttack['kind'] = kindWord === 'melee' ? 'melee' : kindWord === 'ranged' ? 'ranged' : 'melee-or-ranged';
  const bonus = Number(head[3]!.replace(/\s/g, ''));
  const after = text.slice(head.index + head[0].length);
  const hitAt = /\bhit\s*:/i.exec(after);
  const reachMatch = /\breach\s+(\d+)\s*(?:ft|feet)/i.exec(after);
  const rangeMatch = /\brange\s+(\d+)(?:\s*\/\s*(\d+))?\s*(?:ft|feet)/i.exec(after);
  let hitClause: string;
  if (hitAt) hitClause = after.slice(hitAt.index + hitAt[0].length);
  else {
    // 2024 wording: the damage follows the reach or range clause's sentence.
    const stop = /\bft\.?\s|\bfeet\.?\s/i.exec(after);
    hitClause = stop ? after.slice(stop.index + stop[0].length) : after;
  }
  const damage = damagePieces(hitClause);
  const attack: DraftAttack = { kind, spell: /spell/i.test(head[2] ?? ''), bonus, damage, from: 'text' };
  if (reachMatch) attack.reach = Number(reachMatch[1]);
  if (rangeMatch) {
    attack.range = Number(rangeMatch[1]);
    if (rangeMatch[2] !== undefined) attack.longRange = Number(rangeMatch[2]);
  }
  // What follows the damage sentence: riders ("and the target is grappled").
  const endOfDamage = /damage[^.]*\./i.exec(hitClause);
  const rest = endOfDamage ? hitClause.slice(endOfDamage.index + endOfDamage[0].length).trim() : '';
  const afterDamage = endOfDamage ? hitClause.slice(endOfDamage.index, endOfDamage.index + endOfDamage[0].length) : '';
  const rider = /damage\s*,?\s*and\s+(.*)\.$/i.exec(afterDamage);
  return { attack, rest: [rider ? rider[1]! : '', rest].filter(Boolean).join(' ') };
}

export interface SaveSentence {
  ability: AbilityKey;
  dc: number;
  damage: { dice: string; type?: string }[];
  half: boolean;
  area?: string;
  rangeFeet?: number;
}

/**
 * A saving throw against damage: "each creature in a 15-foot cone must make a DC 13 Dexterity
 * saving throw, taking 24 (7d6) fire damage on a failed save, or half as much damage on a
 * successful one", or the 2024 "Dexterity Saving Throw: DC 24, each creature in a 90-foot Cone.
 * Failure: 91 (26d6) Fire damage. Success: Half damage." Null when the text is not that.
 */
export function parseSaveSentence(raw: string): SaveSentence | null {
  const text = plain(raw);
  let ability: AbilityKey | undefined;
  let dc: number | undefined;
  let damageClause = '';
  let half = false;
  const classic = /\bDC\s*(\d{1,2})\s+(strength|dexterity|constitution|intelligence|wisdom|charisma)\s+saving throw/i.exec(text);
  const modern = /\b(strength|dexterity|constitution|intelligence|wisdom|charisma)\s+saving throw\s*:\s*DC\s*(\d{1,2})/i.exec(text);
  if (modern) {
    ability = abilityOf(modern[1]!);
    dc = Number(modern[2]);
    const fail = /\bfailure\s*:\s*([^]*?)(?:\bsuccess\s*:|$)/i.exec(text);
    damageClause = fail ? fail[1]! : '';
    half = /\bsuccess\s*:\s*half/i.test(text);
  } else if (classic) {
    ability = abilityOf(classic[2]!);
    dc = Number(classic[1]);
    damageClause = text.slice(classic.index + classic[0].length);
    half = /half as much damage/i.test(damageClause);
  }
  if (ability === undefined || dc === undefined) return null;
  const damage = damagePieces(damageClause);
  if (damage.length === 0) return null;
  const out: SaveSentence = { ability, dc, damage, half };
  const area = /(\d+)-(?:foot|ft\.?)[- ](cone|line|cube|sphere|radius|emanation|cylinder)/i.exec(text);
  if (area) out.area = `${area[1]}-foot ${area[2]!.toLowerCase()}`;
  const within = /\bwithin\s+(\d+)\s*(?:feet|ft)/i.exec(text);
  if (within) out.rangeFeet = Number(within[1]);
  else if (area) out.rangeFeet = Number(area[1]);
  return out;
}

/**
 * Usage limits written into a name: "(Recharge 5-6)", "(Recharge 6)", "(Recharges after a Short or
 * Long Rest)", "(1/Day)", "(3/Day each)", "(1/Day, While Bloodied)". Returns the bare name too.
 */
export function usageInName(rawName: string): { name: string; usage: DraftUsage } {
  const usage: DraftUsage = { notes: [] };
  let name = plain(rawName);
  const groups = [...name.matchAll(/\(([^)]*)\)/g)];
  for (const g of groups) {
    let handled = false;
    for (const part of g[1]!.split(/[,;]/).map((s) => s.trim()).filter(Boolean)) {
      const recharge = /^recharge\s+(\d)(?:\s*-\s*6)?$/i.exec(part);
      const perDay = /^(\d+)\s*\/\s*day(?:\s+each)?$/i.exec(part);
      if (recharge) usage.recharge = Number(recharge[1]);
      else if (perDay) usage.perDay = Number(perDay[1]);
      else if (/^recharges?\s+after\s+a\s+(short\s+or\s+)?long\s+rest$/i.test(part) || /^recharges?\s+after\s+a\s+short\s+(or\s+long\s+)?rest$/i.test(part)) usage.rest = true;
      else if (/^costs\s+\d+\s+actions?$/i.test(part)) continue;
      else {
        if (handled || usage.recharge !== undefined || usage.perDay !== undefined || usage.rest) usage.notes.push(part);
        continue;
      }
      handled = true;
    }
    if (handled || /^costs\s+\d+\s+actions?$/i.test(g[1]!.trim())) name = name.replace(g[0], ' ');
  }
  return { name: plain(name), usage };
}

/** "makes two attacks", "makes three attacks: one with its bite and two with its claws", "two claw attacks and one bite attack". */
export function multiattackCount(raw: string): number | null {
  const text = plain(raw).toLowerCase();
  const total = /\bmakes\s+(\w+)\s+(?:\w+\s+)?attacks\b/.exec(text);
  if (total && /:/.test(text.slice(total.index, total.index + total[0].length + 2))) {
    const n = wordNumber(total[1]!);
    if (Number.isInteger(n) && n > 0) return n;
  }
  const times = /\battacks\s+(twice|three times|four times|(\w+) times)\b/.exec(text);
  if (times) {
    const w = times[1] === 'twice' ? 2 : wordNumber(times[1]!.split(' ')[0]!);
    if (Number.isInteger(w) && w > 0 && w <= 10) return w;
  }
  let sum = 0;
  for (const m of text.matchAll(/\b(one|two|three|four|five|six|\d+)\s+(?:(?:[a-z-]+)\s+){0,2}attacks?\b/g)) {
    const n = wordNumber(m[1]!);
    if (Number.isInteger(n)) sum += n;
  }
  if (sum > 0 && sum <= 10) return sum;
  return null;
}

/**
 * A damage list as words: "bludgeoning, piercing, and slashing from nonmagical attacks; fire".
 * Parts split by ';'; within a part, the qualifier is whatever follows the damage words.
 */
export function damageListOf(raw: string, pointerText: string): DraftDamageList {
  const out: DraftDamageList = { types: [], qualifiers: [], unknown: [], pointer: pointerText };
  for (const part of plain(raw).split(';').map((s) => s.trim()).filter(Boolean)) {
    const q = /\b(from|that|except|while|if|when|in)\b.*$/i.exec(part);
    const words = (q ? part.slice(0, q.index) : part).split(/,|\band\b|\bor\b/i).map((w) => w.trim().toLowerCase()).filter(Boolean);
    const typed: string[] = [];
    for (const w of words) {
      const t = damageTypeOf(w);
      if (t) typed.push(t);
      else out.unknown.push(w);
    }
    if (q && typed.length) out.qualifiers.push(`${typed.join(', ')} ${q[0]}`);
    for (const t of typed) if (!out.types.includes(t)) out.types.push(t);
  }
  return out;
}

/** Senses as words: "darkvision 60 ft., blindsight 30 ft. (blind beyond this radius), passive Perception 12". */
export function sensesOf(raw: string): { darkvision?: number; blindsight?: number; truesight?: number; tremorsense?: number; blindBeyond?: boolean } {
  const out: Record<string, number | boolean> = {};
  for (const m of plain(raw).matchAll(/\b(darkvision|blindsight|truesight|tremorsense)\s+(\d+)\s*(?:ft|feet)/gi)) out[m[1]!.toLowerCase()] = Number(m[2]);
  if (/blind beyond/i.test(raw)) out['blindBeyond'] = true;
  return out;
}

/** Speeds as words: "30 ft., fly 60 ft. (hover), swim 40 ft.". */
export function speedsOf(raw: string): { walk?: number; fly?: number; swim?: number; climb?: number; burrow?: number; hover?: boolean } {
  const out: Record<string, number | boolean> = {};
  const text = plain(raw).toLowerCase();
  const walk = /^(?:walk\s+)?(\d+)\s*(?:ft|feet)/.exec(text);
  if (walk) out['walk'] = Number(walk[1]);
  for (const m of text.matchAll(/\b(walk|fly|swim|climb|burrow)\s+(\d+)\s*(?:ft|feet)/g)) out[m[1]!] = Number(m[2]);
  if (/\bhover\b/.test(text)) out['hover'] = true;
  return out;
}

/** "1/4" → 0.25, "5" → 5; undefined when it is not a challenge rating. */
export function crValue(cr: string | undefined): number | undefined {
  if (cr === undefined) return undefined;
  const m = /^(\d+)(?:\/(\d+))?$/.exec(cr.trim());
  if (!m) return undefined;
  const v = m[2] ? Number(m[1]) / Number(m[2]) : Number(m[1]);
  return Number.isFinite(v) && v <= 30 ? v : undefined;
}

/** A decimal challenge rating as the text a stat block prints (0.125 → '1/8'). */
export function crText(v: number): string {
  if (v === 0.125) return '1/8';
  if (v === 0.25) return '1/4';
  if (v === 0.5) return '1/2';
  return String(v);
}

/** The proficiency bonus a challenge rating gives (the 5e-family table: +2 up to CR 4, +1 per 4 CRs). */
export function proficiencyForCr(v: number): number {
  return v < 5 ? 2 : Math.min(9, 2 + Math.ceil((v - 4) / 4));
}

/** "18d10 + 36" → 18 dice of d10. */
export function hitDiceOf(text: string | undefined): { count: number; size: number } | null {
  const m = text ? /^\s*(\d+)\s*d\s*(\d+)/i.exec(plain(text)) : null;
  return m ? { count: Number(m[1]), size: Number(m[2]) } : null;
}
