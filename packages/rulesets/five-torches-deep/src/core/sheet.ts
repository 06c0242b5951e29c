import { activeEffects, creature, type ActiveEffect, type ConditionIndex, type CreatureState, type EncounterState, type Json } from '@fray/engine';
import { abilityIds, type Ability, type StatBlock } from '../sheet/stat-block';

export const sheetOf = (c: CreatureState): StatBlock => c.sheet as unknown as StatBlock;

/** The creature, or a typed 'unknown-creature' rejection (the id may come straight from a command). */
export function creatureIn(state: EncounterState, id: string): CreatureState {
  return creature(state, id);
}

/** Current ability scores: injuries and corruptions lower them, so they live in vars, not the sheet (FTD-INJURY-2). */
export function scores(c: CreatureState): Record<Ability, number> {
  const v = c.vars['abilities'] as Record<string, Json> | undefined;
  const s = sheetOf(c).abilities;
  const out = { ...s };
  if (v) for (const a of abilityIds) if (typeof v[a] === 'number') out[a] = v[a];
  return out;
}

export const modOf = (score: number): number => Math.floor(score / 2) - 5;

export const abilityMod = (c: CreatureState, a: Ability): number => modOf(scores(c)[a]);

export function isProficient(c: CreatureState, category: string): boolean {
  return sheetOf(c).proficient.includes(category);
}

export const isPc = (c: CreatureState): boolean => c.tags.includes('pc');

/** Load = carried load + coins, 500 to a load, any part of 500 counting whole (FTD-LOAD-5). */
export function coinLoad(coins: number): number {
  return Math.ceil(coins / 500);
}

export function loadOf(c: CreatureState): number {
  const load = typeof c.vars['load'] === 'number' ? c.vars['load'] : sheetOf(c).load;
  const coins = typeof c.vars['coins'] === 'number' ? c.vars['coins'] : sheetOf(c).coins;
  return load + coinLoad(coins);
}

/** Loads above STR: each costs 5 ft of speed and any at all means disadvantage on every check (FTD-LOAD-3). */
export const overload = (c: CreatureState): number => Math.max(0, loadOf(c) - scores(c).str);

/** The condition effect that sets the creature's speed to 0 (exhausted, FTD-RESIL-5), if any. */
export function immobileEffect(rules: ConditionIndex, c: CreatureState): ActiveEffect | undefined {
  if (c.conditions.length === 0) return undefined;
  return activeEffects(rules, c).find((a) => a.effect.kind === 'speed' && a.effect.set === 0);
}

/** Speed in feet after load, never below 0 (FTD-LOAD-1, FTD-LOAD-3, FTD-LOAD-4), capped by the conditions' speed effects (exhausted: 0, FTD-RESIL-5). */
export function speedOf(rules: ConditionIndex, c: CreatureState): number {
  let feet = Math.max(0, sheetOf(c).speed - 5 * overload(c));
  if (c.conditions.length === 0) return feet;
  for (const a of activeEffects(rules, c)) if (a.effect.kind === 'speed' && a.effect.set !== undefined) feet = Math.min(feet, a.effect.set);
  return feet;
}

export const hostile = (state: EncounterState, a: string, b: string): boolean => creatureIn(state, a).side !== creatureIn(state, b).side;

export const isDown = (c: CreatureState): boolean => c.hp === 0 || c.status === 'dead' || c.status === 'dying';
