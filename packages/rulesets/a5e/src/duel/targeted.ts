import {
  addCondition, conditionRollModes, removeInstance, testPredicate, type CommandDef, type EncounterState, type Hook, type Json, type JsonSchema,
  type LoadedRuleset, type Resolution, type RollModeSource,
} from '@fray/engine';
import { z } from 'zod';
import { declaredOn, registerAttackDeclaration, type DeclarationChoice } from '../combat/declarations';
import { attackSituationOf } from '../position/attack-geometry';
import { attackAbility, sheetOf } from '../sheet/derived';
import type { Attack } from '../sheet/stat-block';
import { DUEL_VARS, inDuel, isDuelist, opponentOf, pbOf } from './active';
import { opponentThreatens } from './magic';

/** The locations of the targeted-attack table (DUEL-TARGET-5..7); arms and legs are one row. */
export const LOCATIONS = ['neck', 'head', 'limbs'] as const;
export type Location = (typeof LOCATIONS)[number];

const aliases: Record<string, Location> = { neck: 'neck', head: 'head', limbs: 'limbs', arms: 'limbs', legs: 'limbs', 'arms-legs': 'limbs' };
const DATA_TAG = 'duel:targeted';

interface Aim {
  location: Location;
  target: string;
  hit?: boolean;
}

/** Locations that may be aimed at on a creature (DUEL-TARGET-8): all three unless the Narrator ruled otherwise. */
export function targetableLocations(state: Parameters<typeof inDuel>[0], id: string): Location[] {
  const v = state.creatures[id]?.vars[DUEL_VARS.locations];
  return Array.isArray(v) ? LOCATIONS.filter((l) => v.includes(l)) : [...LOCATIONS];
}

/**
 * The location declared for this attack roll, carried by the roll itself (`declare:target=…`): from an
 * attack command's `options.target`, a readied attack's options, a prompt's answer, or a stat-block
 * action's (`use-action`, a spell's attack) options, each put on the roll by the step that makes it.
 */
function declared(testOptions: ReadonlySet<string>): { location: Location | null; raw: Json } | null {
  const onRoll = declaredOn(testOptions, 'target');
  return onRoll === null ? null : { location: aliases[onRoll] ?? null, raw: onRoll };
}

/** Why this duelist cannot declare a targeted attack on `target` now, whatever the roll's mode (DUEL-TARGET-1), or null. */
export function targetedRefusal(state: EncounterState, attacker: string, target: string): { code: string; message: string; ruleId: string } | null {
  const me = state.creatures[attacker];
  if (!me || !isDuelist(state, attacker) || !isDuelist(state, target)) return { code: 'not-a-duelist', message: 'targeted attacks are for the duelists, against each other', ruleId: 'DUEL-TARGET-1' };
  if (me.vars[DUEL_VARS.targetedRound] === state.round) return { code: 'targeted-attack-used', message: `${me.name} has already made its targeted attack this round`, ruleId: 'DUEL-TARGET-1' };
  return null;
}

/**
 * The disadvantage an attack would have now, foreseen in the order the roll gathers it: the map, the
 * conditions, the interference penalty and the duel's rule for ranged attacks in reach (DUEL-TARGET-3),
 * so a targeted attack is not offered, or is refused by its query, where the roll would refuse it.
 * Hooks that add disadvantage at roll time are checked there.
 */
function foreseenDisadvantage(ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string, attack: Attack): RollModeSource | null {
  const ranged = attack.kind === 'ranged';
  const situation = attackSituationOf(ruleset, state, attacker, target, attack, ranged, attack.kind === 'melee' && attack.reachFeet <= 5);
  const options = new Set([`attack:${ranged ? 'ranged' : 'melee'}`, ...situation.options]);
  const me = state.creatures[attacker]!;
  const opp = opponentOf(state, attacker);
  const sources: RollModeSource[] = [
    ...situation.rollModeSources.filter((s) => s.ruleId !== 'A5E-ATK-14'),
    ...conditionRollModes(ruleset, state, attacker, target, ['attack', `attack:${attackAbility(sheetOf(me), attack)}`]),
    ...(me.vars[DUEL_VARS.penalty] === true ? [{ mode: 'disadvantage' as const, source: 'duel:penalty', label: 'penalised for interference' }] : []),
    ...(ranged && opp && opponentThreatens(ruleset, state, attacker) ? [{ mode: 'disadvantage' as const, source: 'duel:ranged-in-reach', label: `ranged attack within ${state.creatures[opp]!.name}'s reach` }] : []),
  ];
  return sources.find((s) => s.mode === 'disadvantage' && testPredicate(s.predicate, options)) ?? null;
}

/**
 * Why declaring a targeted attack at `raw` on this attack would be refused when it is rolled, in the
 * order `declareHook` decides (DUEL-TARGET-1/3/8), foreseen now: the attack's refusal query asks it last.
 */
function declarationRefusal(ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string, attack: Attack, raw: string): { code: string; message: string; ruleId: string } | null {
  if (!inDuel(state)) return null;
  const location = aliases[raw] ?? null;
  const refusal = targetedRefusal(state, attacker, target);
  if (refusal?.code === 'not-a-duelist') return refusal;
  if (!location) return { code: 'bad-location', message: `'${raw}' is no location: neck, head, arms or legs`, ruleId: 'DUEL-TARGET-1' };
  if (refusal) return refusal;
  if (!targetableLocations(state, target).includes(location)) return { code: 'location-not-targetable', message: `${state.creatures[target]!.name}'s ${location} cannot be aimed at (its anatomy)`, ruleId: 'DUEL-TARGET-8' };
  const d = foreseenDisadvantage(ruleset, state, attacker, target, attack);
  return d ? { code: 'targeted-at-disadvantage', message: `${state.creatures[attacker]!.name}'s attack already has disadvantage (${d.label}), so it cannot be a targeted attack`, ruleId: 'DUEL-TARGET-3' } : null;
}

const LABELS: Record<Location, string> = {
  neck: 'a targeted attack at the neck (1d4 × proficiency bonus more damage)',
  head: 'a targeted attack at the head (blinded)',
  limbs: 'a targeted attack at the arms/legs (slowed)',
};

/** The locations a duelist may aim this attack at now, for a prompt (DUEL-TARGET-1, DUEL-TARGET-3, DUEL-TARGET-8). */
export function targetedChoices(ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string, attack: Attack): DeclarationChoice[] {
  if (!inDuel(state) || targetedRefusal(state, attacker, target) || foreseenDisadvantage(ruleset, state, attacker, target, attack)) return [];
  return targetableLocations(state, target).map((l) => ({ value: l, label: LABELS[l] }));
}

/** The menu's `target` option for an attack on the opponent, while this round's targeted attack is unused (DUEL-TARGET-1). */
function targetedSchema(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attack: Attack): JsonSchema | null {
  const opp = opponentOf(state, attacker);
  if (!opp) return null;
  const choices = targetedChoices(ruleset, state, attacker, opp, attack);
  if (!choices.length) return null;
  return {
    type: 'string', enum: choices.map((c) => c.value), enumLabels: choices.map((c) => c.label),
    description: 'a targeted attack at the opponent: once a round, declared before the roll, with disadvantage (DUEL-TARGET-1)',
  };
}

registerAttackDeclaration({ id: 'a5e.duel.targeted', option: 'target', choices: targetedChoices, schema: targetedSchema, refusal: declarationRefusal });

/**
 * A targeted attack (DUEL-TARGET-1..3): declared on any attack, before the d20 is rolled: an attack
 * command's or a readied attack's `options.target` ('neck', 'head', 'arms' or 'legs'), or the answer to
 * a prompt that offers an attack (an opportunity attack, a readied attack's release). Once per round, at the opponent,
 * never when the roll already has any disadvantage (even one cancelled by advantage, proposed ruling);
 * it adds disadvantage, which an advantage cancels into a straight roll. The allowance is spent on
 * declaring, hit or miss. Runs after the other modifiers so every disadvantage is known. Gathering only
 * decides (the disadvantage, or the refusal); `declareCommitHook` refuses or spends the allowance.
 */
export const declareHook: Hook<'test.modifiers'> = {
  stage: 'test.modifiers', id: 'a5e.duel.targeted-declare', priority: 900, ruleId: 'DUEL-TARGET-1',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !p.actor || !p.target || !inDuel(ctx.state)) return;
    const d = declared(p.options);
    if (!d) return;
    const refuse = (code: string, message: string, ruleId: string) => { p.data[DECLARED] = { refusal: { code, message, ruleId } }; };
    const me = ctx.state.creatures[p.actor]!;
    const them = ctx.state.creatures[p.target]!;
    const refusal = targetedRefusal(ctx.state, p.actor, p.target);
    if (refusal?.code === 'not-a-duelist') return refuse(refusal.code, refusal.message, refusal.ruleId);
    if (!d.location) return refuse('bad-location', `'${String(d.raw)}' is no location: neck, head, arms or legs`, 'DUEL-TARGET-1');
    if (refusal) return refuse(refusal.code, refusal.message, refusal.ruleId);
    if (!targetableLocations(ctx.state, p.target).includes(d.location)) return refuse('location-not-targetable', `${them.name}'s ${d.location} cannot be aimed at (its anatomy)`, 'DUEL-TARGET-8');
    const disadvantage = p.rollModeSources.find((s) => s.mode === 'disadvantage' && testPredicate(s.predicate, p.options));
    if (disadvantage) return refuse('targeted-at-disadvantage', `${me.name}'s attack already has disadvantage (${disadvantage.label}), so it cannot be a targeted attack`, 'DUEL-TARGET-3');
    p.rollModeSources.push({ mode: 'disadvantage', source: DATA_TAG, label: `targeted attack (${d.location})`, ruleId: 'DUEL-TARGET-3' });
    const adv = p.rollModeSources.some((s) => s.mode === 'advantage' && testPredicate(s.predicate, p.options));
    const text = `${me.name} declares a targeted attack at ${them.name}'s ${d.location === 'limbs' ? 'arms/legs' : d.location} before rolling${adv ? ': its advantage and the disadvantage cancel' : ', with disadvantage'}`;
    p.data[DECLARED] = { location: d.location, text };
  },
};

/** test payload data: what `declareHook` decided for `declareCommitHook` */
const DECLARED = 'a5e.duel.declared';

/** A targeted attack declared: refused as gathering found, or its allowance for the round spent and its aim noted (DUEL-TARGET-1/2). */
export const declareCommitHook: Hook<'test.commit'> = {
  stage: 'test.commit', id: 'a5e.duel.targeted-commit', priority: 900, ruleId: 'DUEL-TARGET-1',
  run: (ctx, p) => {
    const d = p.data[DECLARED] as { refusal?: { code: string; message: string; ruleId: string }; location?: string; text?: string } | undefined;
    if (!d || !p.actor || !p.target) return;
    if (d.refusal) return ctx.reject(d.refusal.code, d.refusal.message, d.refusal.ruleId);
    ctx.emit({ type: 'VarSet', creatureId: p.actor, key: DUEL_VARS.targetedRound, value: ctx.state.round });
    ctx.emit({ type: 'VarSet', creatureId: p.actor, key: DUEL_VARS.aim, value: { location: d.location!, target: p.target } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-TARGET-2', text: d.text!, creatureId: p.actor });
  },
};

const aimOf = (ctx: Resolution, actor: string): Aim | null => {
  const v = ctx.state.creatures[actor]?.vars[DUEL_VARS.aim] as Aim | undefined;
  return v && typeof v === 'object' && typeof v.location === 'string' ? v : null;
};

/** The location's effect on a hit (DUEL-TARGET-4): head blinds, arms/legs slow, each to the end of the target's next turn. */
export const outcomeHook: Hook<'test.outcome'> = {
  stage: 'test.outcome', id: 'a5e.duel.targeted-outcome', priority: 50, ruleId: 'DUEL-TARGET-4',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !p.actor || !p.target) return;
    const aim = aimOf(ctx, p.actor);
    if (!aim || aim.target !== p.target) return;
    const hit = p.outcome === 'hit' || p.outcome === 'crit';
    const them = ctx.state.creatures[p.target]!;
    if (!hit) {
      ctx.emit({ type: 'VarSet', creatureId: p.actor, key: DUEL_VARS.aim, value: null });
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-TARGET-4', text: `the targeted attack misses: no effect on ${them.name}'s ${aim.location}`, creatureId: p.actor });
      return;
    }
    if (aim.location === 'neck') {
      ctx.emit({ type: 'VarSet', creatureId: p.actor, key: DUEL_VARS.aim, value: { ...aim, hit: true } });
      return;
    }
    ctx.emit({ type: 'VarSet', creatureId: p.actor, key: DUEL_VARS.aim, value: null });
    const [conditionId, ruleId] = aim.location === 'head' ? ['blinded', 'DUEL-TARGET-6'] : ['slowed', 'DUEL-TARGET-7'];
    // Struck again, the effect does not stack: the later end replaces the earlier one (proposed ruling).
    for (const inst of [...them.conditions]) {
      if (inst.conditionId === conditionId && (inst.data as { tag?: string } | undefined)?.tag === DATA_TAG) removeInstance(ctx, them.id, inst, 'a new targeted attack replaces it', ruleId);
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-TARGET-4', text: `the targeted attack hits ${them.name}'s ${aim.location === 'limbs' ? 'arms/legs' : aim.location}`, creatureId: p.actor });
    addCondition(ctx, them.id, conditionId, { source: p.actor, ruleId, duration: { kind: 'nextTurn', creatureId: them.id, boundary: 'end' }, data: { tag: DATA_TAG } });
  },
};

/**
 * Neck (DUEL-TARGET-5): 1d4 × the attacker's proficiency bonus more, of the attack's damage type (the
 * first, for several), part of the attack's damage so a critical hit doubles it (proposed rulings).
 * Added before the damage pipeline's first row, so resistance and the rest treat it like the rest.
 */
export const neckHook: Hook<'damage.modify'> = {
  stage: 'damage.modify', id: 'a5e.duel.targeted-neck', priority: -1100, ruleId: 'DUEL-TARGET-5',
  run: (ctx, p) => {
    if (!p.source) return;
    const aim = aimOf(ctx, p.source);
    if (!aim || aim.location !== 'neck' || !aim.hit || aim.target !== p.target) return;
    ctx.emit({ type: 'VarSet', creatureId: p.source, key: DUEL_VARS.aim, value: null });
    const me = ctx.state.creatures[p.source]!;
    const pb = pbOf(me);
    const face = ctx.roll('1d4', { roller: p.source, purpose: 'a d4 for the neck (targeted attack)' }).total;
    const crit = p.options.has('attack:crit');
    const amount = face * pb * (crit ? 2 : 1);
    const type = p.parts[0]?.type ?? 'bludgeoning';
    p.parts.push({ type, amount });
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-TARGET-5', text: `neck: ${face} × ${pb} = ${face * pb} more ${type} damage${crit ? `, doubled by the critical hit to ${amount}` : ''}`, creatureId: p.target });
  },
};

const id = z.string().min(1).max(200);
export const setLocationsSchema = z.object({ type: z.literal('a5e.duel.setLocations'), creatureId: id, locations: z.array(z.enum(LOCATIONS)).max(3) }).strict();
type SetLocations = z.infer<typeof setLocationsSchema>;

/** The Narrator rules which locations an unusual body can be aimed at (DUEL-TARGET-8). */
export const setLocationsCommand: CommandDef<SetLocations> = {
  type: 'a5e.duel.setLocations',
  schema: setLocationsSchema as never,
  gmOnly: true,
  run: (ctx, c) => {
    const me = ctx.state.creatures[c.creatureId];
    if (!me) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`, 'DUEL-TARGET-8');
    ctx.emit({ type: 'VarSet', creatureId: me.id, key: DUEL_VARS.locations, value: [...new Set(c.locations)] });
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-TARGET-8', text: `${me.name} can be aimed at: ${c.locations.length ? c.locations.join(', ') : 'nowhere'}`, creatureId: me.id });
  },
};
