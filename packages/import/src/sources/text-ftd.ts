import type { Json } from '@fray/engine';
import { ImportError } from '../errors';
import type { ReportLine } from '../report';
import { abilityOf, plain } from '../text/five-e';
import { uniqueIds } from '../text/kebab';
import type { Mapped13a } from './text-13a';
import { pastedBlock } from './text-block';
import type { Line } from './text-5e';

const senseWords = ['sight', 'heat', 'tremor', 'echolocation', 'magic'];

/** FTD damage as its stat block takes it: `1d8`, `2d6+1` (no spaces, no type). */
export function ftdDice(text: string): string | null {
  const s = text.replace(/\s+/g, '').toLowerCase();
  return /^\d*d\d+([+-]\d+)?$/.test(s) ? s : null;
}

/**
 * A Five Torches Deep creature pasted as text: the name, then lines with "HD 2", "AC 13", "HP 11",
 * "Speed 30 ft" (any order, several on a line), the six abilities ("STR 14 DEX 12 …" or the
 * modifiers "STR +2 DEX +1 …"), "Morale +1", "Leader", "Not living", "Darksight (heat)",
 * "Proficient: stealth, dex" and "Attacks: Claw +4 (1d6+2), Spear +4 (1d8+2, reach 10 ft), Sling +3
 * (1d4+1, range 40 ft), Hex Bolt +3 (1d8, arcane, range 60 ft)". Pointers are `line N`.
 */
export function fromFtdText(lines: Line[]): Mapped13a {
  const { body, name, at } = pastedBlock(lines);
  const runs: ReportLine[] = [];
  const text: ReportLine[] = [];
  const refused: ReportLine[] = [];
  const sb: Record<string, Json> = { name, kind: 'monster' };
  const abilities: Record<string, number> = {};
  const attacks: Json[] = [];
  const id = uniqueIds();
  for (const line of body.slice(1)) {
    const t = plain(line.text);
    const here = `line ${line.n}`;
    let used = false;
    for (const m of t.matchAll(/\b(HD|AC|HP)\s*:?\s*(\d{1,5})/g)) {
      sb[m[1] === 'HD' ? 'hd' : m[1]!.toLowerCase()] = Number(m[2]);
      used = true;
    }
    const speed = /\bspeed\s*:?\s*(\d{1,3})\s*(?:ft|feet)?/i.exec(t);
    if (speed) { sb['speed'] = Number(speed[1]); used = true; }
    const scores = [...t.matchAll(/\b(STR|DEX|CON|INT|WIS|CHA)\s*:?\s*([+-]?\d{1,2})\b/gi)];
    for (const m of scores) {
      const v = m[2]!;
      abilities[abilityOf(m[1]!)!] = /^[+-]/.test(v) ? 10 + 2 * Number(v) : Number(v);
      used = true;
    }
    const morale = /\bmorale\s*:?\s*([+-]\d{1,2})/i.exec(t);
    if (morale) { sb['moraleBonus'] = Number(morale[1]); used = true; runs.push({ field: here, text: `morale bonus ${morale[1]}` }); }
    if (/^leader\b/i.test(t)) { sb['leader'] = true; used = true; runs.push({ field: here, text: 'a leader: its fall shakes its side (morale)' }); }
    if (/^not living\b|^undead \(mindless\)|^construct\b/i.test(t)) { sb['living'] = false; used = true; runs.push({ field: here, text: 'not living: never checks morale' }); }
    const dark = /^darksight\s*(?:\(([a-z]+)\))?/i.exec(t);
    if (dark) {
      const sense = (dark[1] ?? 'sight').toLowerCase();
      if (senseWords.includes(sense)) sb['darksight'] = sense;
      else refused.push({ field: here, text: `darksight '${sense}' is not one of ${senseWords.join(', ')}` });
      used = true;
    }
    const prof = /^proficient\s*:\s*(.+)$/i.exec(t);
    if (prof) { sb['proficient'] = prof[1]!.split(/,|;/).map((s) => s.trim().toLowerCase()).filter(Boolean); used = true; }
    const atkList = /^(?:attacks?|atk)\s*:\s*(.+)$/i.exec(t);
    if (atkList) {
      used = true;
      for (const m of atkList[1]!.matchAll(/([A-Za-z][\w' -]*?)\s+([+-]\d{1,2})\s*\(([^)]*)\)/g)) {
        const parts = m[3]!.split(',').map((s) => s.trim());
        const dice = ftdDice(parts[0] ?? '');
        const aname = m[1]!.trim();
        if (!dice) { refused.push({ field: here, text: `${aname}: damage '${parts[0]}' is not dice like 1d8+2; stays text` }); continue; }
        const a: Record<string, Json> = { id: id(aname, 'attack'), name: aname, kind: 'melee', damage: dice, bonus: Number(m[2]), addMod: false };
        for (const p of parts.slice(1)) {
          const reach = /^reach\s+(\d+)/i.exec(p);
          const range = /^range\s+(\d+)/i.exec(p);
          if (reach) {
            const r = Number(reach[1]);
            if (r === 5 || r === 10) a['reach'] = r;
            else refused.push({ field: here, text: `${aname}: reach ${r} ft is not 5 or 10; 10 used` });
            if (r > 10) a['reach'] = 10;
          } else if (range) {
            a['range'] = Number(range[1]);
            if (a['kind'] === 'melee') a['kind'] = 'ranged';
          } else if (/^(arcane|divine)$/i.test(p)) a['kind'] = p.toLowerCase();
          else text.push({ field: here, text: `${aname}: '${p}' stays with the GM` });
        }
        if (a['kind'] !== 'melee' && a['range'] === undefined) { refused.push({ field: here, text: `${aname}: a ${String(a['kind'])} attack needs a range; stays text` }); continue; }
        attacks.push(a);
        runs.push({ field: here, text: `attack ${aname}: ${m[2]} (${dice}${a['kind'] !== 'melee' ? `, ${String(a['kind'])}, range ${String(a['range'])} ft` : ''})` });
      }
    }
    if (!used) text.push({ field: here, text: `'${t.slice(0, 80)}' stays text` });
  }
  const missing = ['str', 'dex', 'con', 'int', 'wis', 'cha'].filter((a) => abilities[a] === undefined);
  if (missing.length) throw new ImportError('bad-creature', `no ability score for ${missing.join(', ')}`, at, name);
  if (sb['ac'] === undefined) throw new ImportError('bad-creature', 'no AC', at, name);
  if (sb['hp'] === undefined) throw new ImportError('bad-creature', 'no HP', at, name);
  sb['abilities'] = abilities;
  if (attacks.length) sb['attacks'] = attacks;
  runs.unshift({ field: at, text: `${sb['hd'] !== undefined ? `${String(sb['hd'])} HD, ` : ''}AC ${String(sb['ac'])}, ${String(sb['hp'])} HP` });
  return { name, pointer: at, statBlock: sb, meta: sb['hd'] !== undefined ? { level: sb['hd'] as number } : {}, runs, text, refused };
}
