import { abilityKeys, type Draft5e, type FeatureKind } from '../draft';
import { ImportError } from '../errors';
import { abilityOf, damageListOf, plain, sensesOf, speedsOf, usageInName } from '../text/five-e';

/** A pasted block's lines with their 1-based numbers in the pasted text. */
export interface Line {
  n: number;
  text: string;
}

const sections: Record<string, FeatureKind> = {
  actions: 'action', 'bonus actions': 'bonus', reactions: 'reaction', 'legendary actions': 'legendary', 'lair actions': 'lair', traits: 'trait',
};

const headerFields = /^(armor class|hit points|speed|saving throws|skills|damage resistances|damage immunities|damage vulnerabilities|condition immunities|senses|languages|challenge|proficiency bonus|str|dex|con|int|wis|cha|initiative|resistances|immunities|vulnerabilities|cr|gear)\b/i;

/**
 * A 5e-style stat block pasted as text (the layout of the printed books and of Open5e's pages): the
 * name first, then "Medium monstrosity, unaligned", Armor Class, Hit Points, Speed, the six scores,
 * the other header lines, then traits and the Actions / Bonus Actions / Reactions / Legendary Actions
 * sections, each feature as "Name. Text". Pointers are `line N`.
 */
export function draftFrom5eText(lines: Line[]): Draft5e {
  const body = lines.filter((l) => l.text.trim() !== '');
  const first = body[0];
  if (!first) throw new ImportError('no-creatures', 'the text holds no stat block');
  const at = `line ${first.n}`;
  const name = plain(first.text).replace(/^#+\s*/, '');
  const d: Draft5e = {
    name, pointer: at, source: 'text-5e',
    abilities: {}, saves: {}, skills: Object.create(null) as Record<string, number>, speed: {}, senses: {},
    resist: damageListOf('', at), immune: damageListOf('', at), vulnerable: damageListOf('', at),
    conditionImmunities: { names: [], pointer: at },
    features: [],
    at: {},
  };
  const typeLine = body[1];
  let i = 1;
  if (typeLine) {
    const m = /^(tiny|small|medium|large|huge|gargantuan)\b\s*([^,]*)/i.exec(plain(typeLine.text));
    if (m) {
      d.size = m[1]!.toLowerCase();
      d.at.size = `line ${typeLine.n}`;
      const type = /^(?:swarm of \w+ )?(\w+)/i.exec(m[2]!.trim());
      if (type) d.type = type[1]!.toLowerCase();
      i = 2;
    }
  }
  let kind: FeatureKind = 'trait';
  let scoresPending = false;
  for (; i < body.length; i++) {
    const line = body[i]!;
    // Markdown emphasis (Open5e pages, forum posts) and heading marks say nothing about the rules.
    const t = plain(line.text.replace(/\*+/g, '').replace(/^#+\s*/, '').replace(/(^|\s)_+|_+(?=[\s.:]|$)/g, '$1'));
    const where = `line ${line.n}`;
    const lower = t.toLowerCase().replace(/[:.]$/, '');
    if (Object.hasOwn(sections, lower)) {
      kind = sections[lower]!;
      continue;
    }
    const scores = [...t.matchAll(/\b(\d{1,2})\s*\(\s*[+-]?\d+\s*\)/g)];
    if (scores.length >= 6 || (scoresPending && scores.length)) {
      abilityKeys.forEach((a, k) => {
        const s = scores[k];
        if (s) d.abilities[a] = Number(s[1]);
      });
      d.at.abilities = where;
      scoresPending = false;
      continue;
    }
    if (/^str\s+dex\s+con\s+int\s+wis\s+cha$/i.test(t)) {
      scoresPending = true;
      continue;
    }
    const single = /^(str|dex|con|int|wis|cha)\s+(\d{1,2})\b/i.exec(t);
    if (single && kind === 'trait' && d.features.length === 0) {
      d.abilities[abilityOf(single[1]!)!] = Number(single[2]);
      d.at.abilities ??= where;
      continue;
    }
    if (kind === 'trait' && d.features.length === 0 && headerFields.test(t)) {
      header(d, t, where);
      continue;
    }
    const feature = /^([^.]{1,80}?)\.\s+(.*)$/.exec(t);
    if (feature) {
      const { name: fn, usage } = usageInName(feature[1]!);
      d.features.push({ kind, name: fn, text: feature[2]!, pointer: where, usage });
    } else if (d.features.length) {
      // a wrapped line continues the feature above
      d.features[d.features.length - 1]!.text += ` ${t}`;
    }
  }
  return d;
}

function header(d: Draft5e, t: string, where: string): void {
  const m = headerFields.exec(t);
  if (!m) return;
  const field = m[1]!.toLowerCase();
  const value = t.slice(m[0].length).replace(/^\s*:?\s*/, '');
  if (field === 'armor class') {
    const n = /^(\d+)/.exec(value);
    if (n) { d.ac = Number(n[1]); d.at.ac = where; }
  } else if (field === 'hit points') {
    const n = /^(\d+)\s*(?:\(([^)]*)\))?/.exec(value);
    if (n) {
      d.hp = Number(n[1]);
      d.at.hp = where;
      if (n[2]) d.hitDice = n[2];
    }
  } else if (field === 'speed') {
    d.speed = speedsOf(value);
    d.at.speed = where;
  } else if (field === 'saving throws') {
    for (const s of value.matchAll(/\b(str|dex|con|int|wis|cha)\w*\s*([+-]\s*\d+)/gi)) d.saves[abilityOf(s[1]!)!] = Number(s[2]!.replace(/\s/g, ''));
    d.at.saves = where;
  } else if (field === 'skills') {
    for (const s of value.matchAll(/([a-z][a-z ]*?)\s*([+-]\s*\d+)/gi)) d.skills[s[1]!.trim().toLowerCase()] = Number(s[2]!.replace(/\s/g, ''));
    d.at.skills = where;
  } else if (field === 'damage resistances' || field === 'resistances') d.resist = damageListOf(value, where);
  else if (field === 'damage immunities' || field === 'immunities') d.immune = damageListOf(value, where);
  else if (field === 'damage vulnerabilities' || field === 'vulnerabilities') d.vulnerable = damageListOf(value, where);
  else if (field === 'condition immunities') d.conditionImmunities = { names: value.split(/,|;/).map((s) => s.trim()).filter(Boolean), pointer: where };
  else if (field === 'senses') d.senses = sensesOf(value);
  else if (field === 'challenge' || field === 'cr') {
    const n = /^(\d+(?:\/\d+)?)/.exec(value);
    if (n) { d.cr = n[1]!; d.at.cr = where; }
    const pb = /\bPB\s*\+(\d+)/i.exec(value);
    if (pb) d.proficiency = Number(pb[1]);
  } else if (field === 'proficiency bonus') {
    const n = /^\+?(\d+)/.exec(value);
    if (n) d.proficiency = Number(n[1]);
  }
}
