import type { Draft5e } from '../draft';
import { ImportError } from '../errors';
import { get, int, isObj, str, type Obj } from './json-read';

/** Open5e's skill bonuses (v1 `skills`, v2 `skill_bonuses`): whole numbers kept, the rest left out. */
export function readSkillBonuses(d: Draft5e, skills: unknown): void {
  if (!isObj(skills)) return;
  for (const [k, v] of Object.entries(skills)) {
    const n = int(v);
    if (n !== undefined) d.skills[k] = n;
  }
}

/** Open5e's speed object, the same in v1 and v2: positive speeds in feet, and hovering. */
export function readSpeedObject(d: Draft5e, speed: Obj): void {
  for (const k of ['walk', 'fly', 'swim', 'climb', 'burrow'] as const) {
    const v = int(get(speed, k));
    if (v !== undefined && v > 0) d.speed[k] = v;
  }
  if (get(speed, 'hover') === true) d.speed.hover = true;
}

/** An Open5e creature entry and its name; an entry that is not an object, or has no name, is refused at its pointer. */
export function namedEntry(c: unknown, at: string): { entry: Obj; name: string } {
  if (!isObj(c)) throw new ImportError('bad-creature', 'a creature must be an object', at);
  const name = str(get(c, 'name'))?.trim();
  if (!name) throw new ImportError('bad-creature', 'a creature needs a name', `${at}/name`);
  return { entry: c, name };
}

/** The armor class, hit points and hit dice, under the same field names in Open5e v1 and v2; a field that is not a number (or text, for hit dice) is left out. */
export function readAcHpHitDice(d: Draft5e, c: Obj): void {
  const ac = int(get(c, 'armor_class'));
  if (ac !== undefined) d.ac = ac;
  const hp = int(get(c, 'hit_points'));
  if (hp !== undefined) d.hp = hp;
  const hd = str(get(c, 'hit_dice'));
  if (hd) d.hitDice = hd;
}
