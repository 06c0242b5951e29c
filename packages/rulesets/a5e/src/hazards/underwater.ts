import { distanceFeet, type CreatureState, type EncounterState, type GridSpaceState, type Resolution, type TestPayload } from '@fray/engine';
import { sheetOf } from '../sheet/derived';
import type { Attack } from '../sheet/stat-block';
import { inScenario } from '../scenarios/scenario';

/** Creature var: it is underwater (A5E-ENV-7..11). A suspended-in-water scenario puts everyone there. */
export const UNDERWATER = 'underwater';
/** Creature var: a spell or gear lets it breathe water for now. */
export const WATER_BREATHING = 'waterBreathing';
/** Creature var: a swim speed granted for now, in feet. */
export const SWIM_SPEED = 'swimSpeed';

export function isUnderwater(state: EncounterState, id: string): boolean {
  return state.creatures[id]?.vars[UNDERWATER] === true || inScenario(state, 'suspended-water');
}

export function breathesWater(c: CreatureState): boolean {
  return sheetOf(c).waterBreathing === true || c.vars[WATER_BREATHING] === true;
}

export function hasSwimSpeed(c: CreatureState): boolean {
  return (sheetOf(c).speed.swim ?? 0) > 0 || ((c.vars[SWIM_SPEED] as number | undefined) ?? 0) > 0;
}

const words = (s: string): string => ` ${s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;

/** The six weapons that work underwater without a swim speed (A5E-ENV-8). */
const underwaterWeapons = ['dagger', 'dueling dagger', 'javelin', 'shortsword', 'short sword', 'spear', 'trident'];
/** Natural weapons and unarmed strikes, which the weapon rule leaves alone (catalog ruling on A5E-ENV-8). */
const naturalWeapons = ['bite', 'claw', 'claws', 'slam', 'tail', 'gore', 'tentacle', 'tentacles', 'hoof', 'hooves', 'talon', 'talons', 'sting', 'beak', 'horn', 'horns', 'tusk', 'tusks', 'fist', 'unarmed', 'stomp', 'constrict', 'pseudopod'];

const named = (a: Attack, list: readonly string[]): boolean => list.some((w) => words(a.id).includes(` ${w} `) || words(a.name).includes(` ${w} `));

export const isSpellAttack = (a: Attack): boolean => a.properties.includes('spell');
export const isNaturalWeapon = (a: Attack): boolean => named(a, naturalWeapons);
export const worksUnderwater = (a: Attack): boolean => named(a, underwaterWeapons);

/** The attack a d20 test is for, from its `attack:id:` atom. */
export function attackOf(state: EncounterState, p: TestPayload): Attack | undefined {
  if (!p.actor) return undefined;
  const atom = [...p.options].find((o) => o.startsWith('attack:id:'));
  if (!atom) return undefined;
  return sheetOf(state.creatures[p.actor]!).attacks.find((a) => a.id === atom.slice('attack:id:'.length));
}

/** A ranged attack's normal range: the first of [normal, long], or its only number. */
export function normalRange(a: Attack): number | null {
  if (a.rangeFeet === undefined) return null;
  return Array.isArray(a.rangeFeet) ? a.rangeFeet[0] : a.rangeFeet;
}

/** Whether a ranged attack reaches past its normal range: the grid says, or the attack's `attack:long-range` atom. */
export function beyondNormalRange(ctx: Resolution, p: TestPayload, a: Attack): boolean {
  if (p.options.has('attack:long-range')) return true;
  const normal = normalRange(a);
  const space = ctx.state.space as GridSpaceState | null;
  if (normal === null || !p.actor || !p.target || !space || space.kind !== 'grid') return false;
  if (!space.creatures[p.actor] || !space.creatures[p.target]) return false;
  return distanceFeet(space, p.actor, p.target) > normal;
}

export const isRangedAttack = (p: TestPayload): boolean => p.options.has('attack:ranged');
export const isMeleeAttack = (p: TestPayload): boolean => p.options.has('attack:melee');

/** Halves bludgeoning and fire parts in place; returns what changed, for the log (A5E-DMG-17). */
export function halveBludgeoningAndFire(parts: { type: string; amount: number }[]): string[] {
  const notes: string[] = [];
  for (const part of parts) {
    if ((part.type !== 'bludgeoning' && part.type !== 'fire') || part.amount <= 0) continue;
    const half = Math.floor(part.amount / 2);
    notes.push(`${part.type} ${part.amount} → ${half}`);
    part.amount = half;
  }
  return notes;
}
