import { addCondition, gameTimeExpired, hasCondition, hours, removeCondition, rulesetCommand, type AnyHook, type ConditionDef, type EncounterState, type Json, type RollModeSource } from '@fray/engine';
import { z } from 'zod';
import { creatureIn, sheetOf } from '../core/sheet';
import { feetBetween } from '../combat/geometry';

export const lightLevels = ['darkness', 'dim', 'well-lit', 'brilliant'] as const;
export type LightLevel = (typeof lightLevels)[number];

/** How long a lit source burns, in hours (FTD-TRAVEL-2, FTD-LIGHT-2). */
export const BURN_HOURS = { torch: 1, lantern: 3 } as const;
export type LightSource = keyof typeof BURN_HOURS;

export const lightConditions: ConditionDef[] = [
  { id: 'torch', name: 'Carrying a lit torch (dim light 30 ft)', ruleId: 'FTD-LIGHT-2', effects: [] },
  { id: 'lantern', name: 'Carrying a lit lantern (dim light 30 ft)', ruleId: 'FTD-LIGHT-2', effects: [] },
];

const isLit = (state: EncounterState, id: string) => {
  const c = state.creatures[id]!;
  return c.status !== 'dead' && (hasCondition(c, 'torch') || hasCondition(c, 'lantern'));
};

/** The scene's light: what the GM set (var), else the table option, else well lit (FTD-LIGHT-10 is the daytime default). */
export function ambientLight(state: EncounterState): LightLevel {
  const v = state.vars['ftd.light'] ?? state.options['light'];
  return (lightLevels as readonly Json[]).includes(v ?? null) ? (v as LightLevel) : 'well-lit';
}

/**
 * The light where a creature stands: the GM's word for that creature, else the scene's; darkness
 * turns dim when someone in the scene carries a lit torch or lantern (FTD-LIGHT-7; ruling: a carried
 * light reaches the fight, the GM marks a creature outside its 30 ft).
 */
export function lightAt(state: EncounterState, id: string): LightLevel {
  const own = state.creatures[id]?.vars['ftd.lightLevel'];
  if (typeof own === 'string' && (lightLevels as readonly string[]).includes(own)) return own as LightLevel;
  const amb = ambientLight(state);
  if (amb === 'darkness' && state.creatureIds.some((x) => isLit(state, x))) return 'dim';
  return amb;
}

export const hasDarksight = (state: EncounterState, id: string): boolean => sheetOf(creatureIn(state, id)).darksight !== undefined;

export interface LightQuery {
  kind: string;
  actor: string;
  target?: string | null | undefined;
  selectors: readonly string[];
  options: readonly string[];
}

/** Check categories light touches (the `category` of ftd.check, or the selector `check:<category>`). */
const stealthy = ['stealth', 'hide', 'listen'];
const darkFoiled = ['defense', 'defense-ranged', 'danger', 'finesse', 'precision'];

/**
 * Advantage and disadvantage from light, and whether the roll is impossible (seeing in darkness). An
 * attack looks at the light on its target, a check at the light on whoever rolls it (ruling 15).
 */
export function lightEffects(state: EncounterState, q: LightQuery): { sources: RollModeSource[]; impossible: string | null } {
  const sources: RollModeSource[] = [];
  const has = (cat: string) => q.selectors.includes(`check:${cat}`);
  const attack = q.kind === 'attack';
  const ranged = attack && !q.options.includes('attack:melee');
  const where = attack && q.target ? q.target : q.actor;
  const light = lightAt(state, where);
  const dark = hasDarksight(state, q.actor);
  const adv = (label: string, ruleId: string) => sources.push({ mode: 'advantage', source: 'light', label, ruleId });
  const dis = (label: string, ruleId: string) => sources.push({ mode: 'disadvantage', source: 'light', label, ruleId });
  if (light === 'darkness') {
    if (!attack && stealthy.some(has)) adv('darkness hides and carries sound', 'FTD-LIGHT-5');
    if (attack || darkFoiled.some(has)) {
      if (dark) adv('darksight: darkness favours it', 'FTD-LIGHT-14');
      else dis(attack ? 'attacking in darkness' : 'in darkness', 'FTD-LIGHT-6');
    }
    if (q.selectors.includes('morale')) {
      if (dark) adv('darksight: morale holds in the dark', 'FTD-LIGHT-14');
      else dis('a surface-dweller in darkness', 'FTD-LIGHT-6');
    }
    if (!attack && has('sight') && !dark) return { sources, impossible: 'nobody sees in darkness without darksight (FTD-LIGHT-4)' };
  } else if (light === 'dim') {
    if (!attack && stealthy.some(has)) adv('dim light hides and carries sound', 'FTD-LIGHT-8');
    if (ranged) dis('a ranged attack into dim light', 'FTD-LIGHT-9');
    if (!attack && (has('sight') || has('defense-ranged'))) dis(has('sight') ? 'looking in dim light' : 'defending against a ranged effect in dim light', 'FTD-LIGHT-9');
  } else if (light === 'brilliant') {
    if (!attack && (has('tracking') || has('movement'))) adv('brilliant light shows trails and movement', 'FTD-LIGHT-12');
    if (!attack && stealthy.slice(0, 2).some(has)) dis('nowhere to hide in brilliant light', 'FTD-LIGHT-13');
    if (ranged && q.target && longRange(state, q.actor, q.target)) dis('a long-range attack in brilliant light', 'FTD-LIGHT-13');
  }
  return { sources, impossible: null };
}

/** Long range: more than 30 ft on a grid; with bands, any ranged attack not at close range (FTD-LIGHT-13 ruling). */
function longRange(state: EncounterState, a: string, b: string): boolean {
  const feet = feetBetween(state, a, b);
  return feet === null ? true : feet > 30;
}

const lightSchema = z.object({
  type: z.literal('ftd.lightSource'),
  creatureId: z.string().min(1),
  source: z.enum(['torch', 'lantern']),
  /** put it out instead */
  douse: z.boolean().default(false),
}).strict();

/** Why it cannot light (or put out) that source now: it already carries one of that kind lit (or none). */
export function lightSourceRefusal(state: EncounterState, c: { creatureId: string; source: LightSource; douse?: boolean }): { code: string; message: string } | null {
  const who = creatureIn(state, c.creatureId);
  const lit = hasCondition(who, c.source);
  if (c.douse && !lit) return { code: 'not-lit', message: `${who.name} carries no lit ${c.source}` };
  if (!c.douse && lit) return { code: 'already-lit', message: `${who.name} already carries a lit ${c.source}; put it out first or light another kind` };
  return null;
}

/** A creature lights (or puts out) a torch or a lantern; it burns down with the clock (FTD-TRAVEL-2, FTD-LIGHT-2). */
export const lightSourceCommand = rulesetCommand({
  schema: lightSchema,
  actor: (c) => (c as { creatureId: string }).creatureId,
  run: (ctx, c) => {
    const who = ctx.state.creatures[c.creatureId];
    if (!who) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
    const refusal = lightSourceRefusal(ctx.state, c);
    if (refusal) ctx.reject(refusal.code, refusal.message);
    if (c.douse) {
      removeCondition(ctx, c.creatureId, c.source, 'put out', 'FTD-LIGHT-2');
      return;
    }
    addCondition(ctx, c.creatureId, c.source, { source: c.creatureId, ruleId: 'FTD-LIGHT-2', duration: { kind: 'gameTime', seconds: hours(BURN_HOURS[c.source]) } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TRAVEL-2', text: `${who.name} lights a ${c.source}: it burns for ${BURN_HOURS[c.source]} hour${BURN_HOURS[c.source] > 1 ? 's' : ''}`, creatureId: c.creatureId });
  },
});

const setLightSchema = z.object({
  type: z.literal('ftd.setLight'),
  level: z.enum(lightLevels).nullable(),
  /** one creature's light (outside the torchlight, say); null clears it */
  creatureId: z.string().min(1).optional(),
}).strict();

/** GM: how bright it is, for the scene or one creature; the players are told (FTD-LIGHT-1, FTD-LIGHT-3). */
export const setLightCommand = rulesetCommand({
  gmOnly: true, schema: setLightSchema,
  run: (ctx, c) => {
    if (c.creatureId && !ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
    ctx.emit({ type: 'VarSet', creatureId: c.creatureId ?? null, key: c.creatureId ? 'ftd.lightLevel' : 'ftd.light', value: c.level });
    const where = c.creatureId ? `around ${ctx.state.creatures[c.creatureId]!.name}` : 'here';
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-LIGHT-3', text: `the GM says it is ${c.level ?? ambientLight(ctx.state)} ${where}`, ...(c.creatureId ? { creatureId: c.creatureId } : {}) });
  },
});

/** A torch or lantern that burned down is announced to everyone (FTD-LIGHT-3). */
export const burnOutHook: AnyHook = {
  stage: 'condition.removed', id: 'ftd.light.burnout', priority: 0, ruleId: 'FTD-LIGHT-3',
  run: (ctx, p) => {
    const inst = p.condition;
    if (inst.conditionId !== 'torch' && inst.conditionId !== 'lantern') return;
    if (!gameTimeExpired(inst.duration, ctx.state.clockSeconds)) return;
    const c = ctx.state.creatures[p.creatureId]!;
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-LIGHT-3', text: `${c.name}'s ${inst.conditionId} burns out`, creatureId: c.id });
  },
} as AnyHook;
