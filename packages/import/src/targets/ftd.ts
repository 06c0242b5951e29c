import type { Json } from '@fray/engine';
import type { Draft5e } from '../draft';
import type { ReportLine } from '../report';
import { crValue, hitDiceOf, parseAttackSentence } from '../text/five-e';
import { uniqueIds } from '../text/kebab';
import { requireCore, type Mapped } from './a5e';

/**
 * Maps a 5e-family creature to a Five Torches Deep stat block: the scores, AC, HP and Hit Dice, the
 * walking speed, darkvision as darksight, and its weapon and spell attacks with their printed bonus and
 * main damage dice. FTD has no damage types, resistances, saves or special actions: those stay text.
 */
export function draftToFtd(d: Draft5e): Mapped {
  const { ac, hp, abilities } = requireCore(d);
  const runs: ReportLine[] = [];
  const text: ReportLine[] = [];
  const refused: ReportLine[] = [];
  const sb: Record<string, Json> = { name: d.name, kind: 'monster', abilities: { ...abilities }, ac, hp };
  const hd = hitDiceOf(d.hitDice);
  const cr = crValue(d.cr);
  const dice = hd ? Math.min(30, hd.count) : cr !== undefined ? Math.max(1, Math.min(30, Math.round(cr))) : 1;
  sb['hd'] = dice;
  if (d.speed.walk !== undefined && d.speed.walk <= 200) sb['speed'] = d.speed.walk;
  if (d.senses.darkvision) sb['darksight'] = 'sight';
  runs.push({ field: d.at.ac ?? d.pointer, text: `${dice} HD, AC ${ac}, ${hp} HP` });
  for (const list of [d.resist, d.immune, d.vulnerable]) if (list.types.length) text.push({ field: list.pointer, text: `${list.types.join(', ')}: Five Torches Deep has no damage types; the GM rules on it` });
  const id = uniqueIds();
  const attacks: Json[] = [];
  for (const f of d.features) {
    if (f.kind !== 'action') {
      text.push({ field: f.pointer, text: `${f.name}: stays text`, words: f.text });
      continue;
    }
    const list = f.attacks?.length ? f.attacks : [parseAttackSentence(f.text)?.attack].filter((x) => x !== undefined);
    if (!list.length) {
      text.push({ field: f.pointer, text: `${f.name}: stays text`, words: f.text });
      continue;
    }
    for (const a of list) {
      const main = a.damage[0];
      const dice = main ? main.dice.replace(/\s+/g, '') : '';
      if (!/^\d*d\d+([+-]\d+)?$/.test(dice)) {
        refused.push({ field: f.pointer, text: `${f.name}: damage '${main?.dice ?? 'none'}' is not dice like 1d8+2; stays text` });
        continue;
      }
      const kind = a.spell ? 'arcane' : a.kind === 'ranged' ? 'ranged' : 'melee';
      const at: Record<string, Json> = { id: id(f.name, 'attack'), name: f.name, kind, damage: dice, bonus: a.bonus, addMod: false };
      if (kind === 'melee') at['reach'] = (a.reach ?? 5) > 5 ? 10 : 5;
      if (kind !== 'melee') {
        if (a.range === undefined) { refused.push({ field: f.pointer, text: `${f.name}: a ranged attack with no range; stays text` }); continue; }
        at['range'] = Math.max(5, Math.min(1000, a.range));
      }
      attacks.push(at);
      runs.push({ field: f.pointer, text: `attack ${f.name}: +${a.bonus} (${dice})` });
      if (a.damage.length > 1) text.push({ field: f.pointer, text: `${f.name}: its extra damage (${a.damage.slice(1).map((p) => p.dice).join(' + ')}) stays with the GM` });
    }
  }
  if (attacks.length) sb['attacks'] = attacks;
  return { statBlock: sb, runs, text, refused };
}
