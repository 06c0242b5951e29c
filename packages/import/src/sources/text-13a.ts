import type { Json } from '@fray/engine';
import { energyTypes } from '@fray/ruleset-13th-age';
import { ImportError } from '../errors';
import type { CreatureMeta, ReportLine } from '../report';
import { plain } from '../text/five-e';
import { uniqueIds } from '../text/kebab';
import { pastedBlock } from './text-block';
import type { Line } from './text-5e';

export interface Mapped13a {
  name: string;
  pointer: string;
  statBlock: Record<string, Json>;
  meta: Partial<CreatureMeta>;
  runs: ReportLine[];
  text: ReportLine[];
  refused: ReportLine[];
}

const roles = ['archer', 'blocker', 'caster', 'leader', 'mook', 'spoiler', 'troop', 'wrecker'];
const attackLine = /^(?:(R|C)\s*:\s*)?(.+?)\s+([+-]\s*\d{1,2})\s+vs\.?\s*(AC|PD|MD)\b(?:\s*\(([^)]*)\))?\s*[-\u2012-\u2015]+\s*(.+)$/i;
const conditionWords = ['dazed', 'weakened', 'stunned', 'hampered', 'vulnerable', 'confused', 'stuck', 'helpless', 'fear'];

function damageType13a(word: string | undefined): string | undefined {
  if (!word) return undefined;
  const w = word.toLowerCase().trim();
  if (w === 'negative' || w === 'negative energy') return 'negative energy';
  return (energyTypes as readonly string[]).includes(w) ? w : undefined;
}

const dice13a = (t: string): string | null => {
  const s = t.replace(/\s+/g, '').toLowerCase();
  return /^(\d{1,2}d\d{1,2}([+-]\d{1,3})?|\d{1,4})$/.test(s) ? s : null;
};

/** "10 damage", "2d6+3 fire damage", "7 negative energy damage": the dice, the type, and the words after. */
function damageOf(text: string): { dice: string; type?: string; rest: string } | null {
  const m = /^(\d{1,2}d\d{1,2}(?:\s*[+-]\s*\d{1,3})?|\d{1,4})\s+(?:(negative energy|[a-z]+)\s+)?damage\b\s*(.*)$/i.exec(text.trim());
  if (!m) return null;
  const dice = dice13a(m[1]!);
  if (!dice) return null;
  const type = damageType13a(m[2]);
  const out: { dice: string; type?: string; rest: string } = { dice, rest: m[3]!.replace(/^[,.;]\s*/, '').trim() };
  if (type) out.type = type;
  return out;
}

/** Effects the rules can run from words: ongoing damage, extra damage, a condition (save ends / until the end of its next turn). */
function effectsOf(words: string): Json[] | null {
  const t = words.trim().replace(/\.$/, '');
  const ongoing = /(?:^|\b)(?:the target takes\s+)?(\d{1,3}|\d{1,2}d\d{1,2})\s+ongoing\s+(?:(negative energy|[a-z]+)\s+)?damage(?:\s*\((easy|normal|hard)\s+save(?:\s+ends)?\))?$/i.exec(t.replace(/^and\s+/i, ''));
  if (ongoing) {
    const e: Record<string, Json> = { kind: 'ongoing', amount: ongoing[1]!.toLowerCase() };
    const type = damageType13a(ongoing[2]);
    if (type) e['type'] = type;
    if (ongoing[3]) e['save'] = ongoing[3].toLowerCase();
    return [e];
  }
  const extra = /^(?:the target takes\s+)?(?:\+|an extra\s+|extra\s+)?(\d{1,3}|\d{1,2}d\d{1,2})\s+(?:extra\s+)?(?:(negative energy|[a-z]+)\s+)?damage$/i.exec(t);
  if (extra) {
    const e: Record<string, Json> = { kind: 'damage', dice: extra[1]!.toLowerCase() };
    const type = damageType13a(extra[2]);
    if (type) e['type'] = type;
    return [e];
  }
  const cond = /^(?:and\s+)?the target is\s+([a-z]+)\s*(?:\((easy|normal|hard)?\s*save ends\)|until the end of (?:its|the attacker's|the [a-z]+'s) next turn)?$/i.exec(t);
  if (cond && conditionWords.includes(cond[1]!.toLowerCase())) {
    const saveEnds = /save ends/i.test(t);
    return [{ kind: 'condition', condition: cond[1]!.toLowerCase(), duration: saveEnds ? `save-${(cond[2] ?? 'normal').toLowerCase()}` : 'end-of-next-turn' }];
  }
  return null;
}

/** "Natural even hit", "Natural 16+", "Natural odd miss", "Natural 18+ hit or miss" as a predicate over the roll's options. */
function triggerPredicate(words: string): Json | null {
  const m = /^natural\s+(even|odd|\d{1,2}\+?|\d{1,2}-\d{1,2})\s*(hit or miss|hit|miss)?$/i.exec(words.trim());
  if (!m) return null;
  const what = m[1]!.toLowerCase();
  let roll: Json;
  if (what === 'even' || what === 'odd') roll = `roll:natural:${what}`;
  else if (what.endsWith('+')) roll = { gte: ['roll:natural', Number(what.slice(0, -1))] };
  else if (what.includes('-')) {
    const [lo, hi] = what.split('-').map(Number);
    roll = { and: [{ gte: ['roll:natural', lo!] }, { lte: ['roll:natural', hi!] }] };
  } else roll = { and: [{ gte: ['roll:natural', Number(what)] }, { lte: ['roll:natural', Number(what)] }] };
  const outcome = (m[2] ?? '').toLowerCase();
  if (outcome === 'hit') return { and: [roll, { or: ['outcome:hit', 'outcome:crit'] }] };
  if (outcome === 'miss') return { and: [roll, 'outcome:miss'] };
  return roll;
}

/**
 * A 13th Age monster block pasted as text: the name, "Large 4th level wrecker [GIANT]" (or "Double-strength
 * …"), "Initiative: +7", attack lines "Spear +8 vs. AC—10 damage" (R: ranged, C: close), each followed by
 * its trigger lines ("Natural even hit: …", "Miss: 3 damage."), traits as "Name: text", the defenses
 * "AC 19 / PD 17 / MD 13 / HP 90", and for mooks the "Mook: …" line. Pointers are `line N`.
 */
export function from13aText(lines: Line[]): Mapped13a {
  const { body, name, at } = pastedBlock(lines);
  const runs: ReportLine[] = [];
  const text: ReportLine[] = [];
  const refused: ReportLine[] = [];
  const meta: Partial<CreatureMeta> = {};
  const sb: Record<string, Json> = { kind: 'monster', name };
  const attacks: Record<string, Json>[] = [];
  const id = uniqueIds();
  let current: Record<string, Json> | null = null;
  let currentAt = '';
  const where: Record<string, string> = {};

  for (const line of body.slice(1)) {
    const t = plain(line.text).replace(/^[*_]+|[*_]+$/g, '');
    const here = `line ${line.n}`;
    const level = /^(?:(large|huge|double-strength|triple-strength)\s+)?(\d{1,2})(?:st|nd|rd|th)\s+level\s+([a-z]+)(?:\s*\[([^\]]+)\])?/i.exec(t);
    if (level && sb['level'] === undefined) {
      sb['level'] = Number(level[2]);
      where['level'] = here;
      const big = (level[1] ?? '').toLowerCase();
      if (big === 'large' || big === 'double-strength') { sb['category'] = 'large'; sb['size'] = 'large'; }
      if (big === 'huge' || big === 'triple-strength') { sb['category'] = 'huge'; sb['size'] = 'huge'; }
      const role = level[3]!.toLowerCase();
      if (roles.includes(role)) meta.role = role;
      else refused.push({ field: here, text: `role '${level[3]}' is not a 13th Age role` });
      if (role === 'mook') sb['category'] = 'mook';
      if (level[4]) meta.type = level[4].trim().toLowerCase();
      meta.level = Number(level[2]);
      continue;
    }
    const init = /^initiative\s*:?\s*([+-]\s*\d{1,2})/i.exec(t);
    if (init) { sb['initiative'] = Number(init[1]!.replace(/\s/g, '')); where['initiative'] = here; continue; }
    const defenses = [...t.matchAll(/\b(AC|PD|MD|HP)\s*:?\s*(\d{1,5})/g)];
    if (defenses.length && defenses.map((x) => x.index).every((ix, k) => k > 0 || ix === 0)) {
      for (const dm of defenses) { sb[dm[1]!.toLowerCase()] = Number(dm[2]); where[dm[1]!.toLowerCase()] = here; }
      if (/\bmook\b/i.test(t)) sb['category'] = 'mook';
      continue;
    }
    if (/^mook\s*:/i.test(t)) {
      sb['category'] = 'mook';
      runs.push({ field: here, text: 'mook: damage spills from one mook of a mob to the next' });
      continue;
    }
    const resist = /^resist\s+([a-z ]+?)\s+(\d{1,2})\+/i.exec(t);
    if (resist) {
      const type = damageType13a(resist[1]) ?? (resist[1]!.trim().toLowerCase() === 'weapon' ? 'weapon' : undefined);
      if (type) {
        sb['resist'] = { ...(sb['resist'] as Record<string, Json> | undefined), [type]: Number(resist[2]) };
        runs.push({ field: here, text: `resist ${type} ${resist[2]}+` });
      } else refused.push({ field: here, text: `resist '${resist[1]}': not a 13th Age damage type` });
      continue;
    }
    const atk = attackLine.exec(t);
    if (atk) {
      const dmg = damageOf(atk[6]!);
      current = null;
      if (!dmg) {
        refused.push({ field: here, text: `${atk[2]}: no damage the rules can read in '${atk[6]}'; stays text` });
        continue;
      }
      const a: Record<string, Json> = {
        id: id(atk[2]!, 'attack'), name: atk[2]!.trim(), kind: atk[1]?.toUpperCase() === 'R' ? 'ranged' : atk[1]?.toUpperCase() === 'C' ? 'close' : 'melee',
        vs: atk[4]!.toUpperCase(), bonus: Number(atk[3]!.replace(/\s/g, '')), damage: dmg.dice,
      };
      if (dmg.type) a['damageType'] = dmg.type;
      const paren = atk[5]?.trim();
      if (paren) {
        const targets = /^(?:up to\s+)?(\d+)\s+(?:nearby\s+)?(?:enemies|creatures|targets)/i.exec(paren);
        if (targets) a['maxTargets'] = Number(targets[1]);
        else text.push({ field: here, text: `${a['name'] as string}: '(${paren})' stays with the GM` });
      }
      if (dmg.rest) {
        const fx = effectsOf(dmg.rest);
        if (fx) a['hit'] = fx;
        else text.push({ field: here, text: `${a['name'] as string}: '${dmg.rest}' stays with the GM` });
      }
      if (attacks.length === 0) a['basic'] = true;
      attacks.push(a);
      current = a;
      currentAt = here;
      runs.push({ field: here, text: `attack ${a['name'] as string}: ${a['bonus'] as number >= 0 ? '+' : ''}${a['bonus'] as number} vs. ${a['vs'] as string}, ${dmg.dice} ${dmg.type ?? 'weapon'} damage${fx(a)}` });
      continue;
    }
    const trig = /^([^:]{3,40}):\s*(.+)$/.exec(t);
    if (trig && current && /^(natural|miss)\b/i.test(trig[1]!.trim())) {
      const label = trig[1]!.trim();
      if (/^miss$/i.test(label)) {
        const lvl = /^damage equal to (?:its|the monster's) level\.?$/i.exec(trig[2]!.trim());
        const dm = damageOf(trig[2]!);
        if (lvl) current['miss'] = 'level';
        else if (dm && !dm.rest) current['miss'] = dm.dice;
        else { text.push({ field: `line ${line.n}`, text: `${current['name'] as string} miss: '${trig[2]}' stays with the GM` }); continue; }
        runs.push({ field: here, text: `${current['name'] as string} miss: ${current['miss'] as string} damage` });
        continue;
      }
      const when = triggerPredicate(label);
      const effects = effectsOf(trig[2]!.replace(/^the target takes\s+/i, 'the target takes '));
      if (when && effects) {
        const list = (current['triggers'] as Json[] | undefined) ?? [];
        list.push({ when, effects });
        current['triggers'] = list;
        runs.push({ field: here, text: `${current['name'] as string}: ${label.toLowerCase()} → ${trig[2]!.trim()}` });
      } else text.push({ field: here, text: `${current['name'] as string}: '${label}: ${trig[2]!.trim()}' stays with the GM${when ? '' : ' (a trigger the rules cannot read)'}` });
      continue;
    }
    if (trig) {
      current = null;
      text.push({ field: here, text: `${trig[1]!.trim()}: stays text` });
      continue;
    }
    if (current) text.push({ field: currentAt, text: `${current['name'] as string}: '${t}' stays with the GM` });
    else text.push({ field: here, text: `'${t.slice(0, 80)}' stays text` });
  }
  for (const need of ['level', 'ac', 'pd', 'md', 'hp'] as const) {
    if (sb[need] === undefined) throw new ImportError('bad-creature', need === 'level' ? "no level line ('3rd level troop')" : `no ${need.toUpperCase()}`, at, name);
  }
  if (sb['initiative'] === undefined) {
    sb['initiative'] = sb['level'] as number;
    refused.push({ field: at, text: `no initiative: +${String(sb['level'])} (its level) assumed` });
  }
  if (!attacks.length) throw new ImportError('bad-creature', "no attack line ('Spear +8 vs. AC—10 damage'): a 13th Age monster needs one", at, name);
  sb['attacks'] = attacks;
  runs.unshift({ field: where['level'] ?? at, text: `level ${String(sb['level'])}${meta.role ? ` ${meta.role}` : ''}, initiative ${Number(sb['initiative']) >= 0 ? '+' : ''}${String(sb['initiative'])}, AC ${String(sb['ac'])}, PD ${String(sb['pd'])}, MD ${String(sb['md'])}, ${String(sb['hp'])} hp${sb['category'] ? ` (${String(sb['category'])})` : ''}` });
  return { name, pointer: at, statBlock: sb, meta, runs, text, refused };
}

function fx(a: Record<string, Json>): string {
  const hit = a['hit'] as Json[] | undefined;
  return hit?.length ? `, on a hit: ${hit.map((h) => (h as Record<string, Json>)['kind']).join(', ')}` : '';
}
