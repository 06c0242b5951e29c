import type { ActionCost, AttackOption, EncounterState, Json, LoadedRuleset } from '@fray/engine';
import { ACTION, ATTACKS_LEFT, BONUS, attackLimitRefusal, costHookRefusal, economyRefusal, has, purchaseOf, type Cost, type Refusal } from '../core/economy';
import { hostileActionBlock } from '../conditions/queries';
import { isHiddenFrom } from '../actions/stealth';
import { attackTargetRefusal } from '../position/attack-geometry';
import { perceive } from '../senses/vision';
import { sheetOf } from '../sheet/derived';
import { declarationRefusal } from './declarations';
import type { Attack } from '../sheet/stat-block';

/** creature var: the weapon its Attack action used this turn, when one-handed and not heavy, so an off-hand attack may follow (A5E-ATK-18) */
export const OFF_HAND_READY = 'a5e.offHandReady';
/** creature var: off-hand attacks left from one bonus action (two with Extra Attack, A5E-ATK-19) */
export const OFF_HAND_LEFT = 'a5e.offHandLeft';

/** The two ways A5E makes a weapon attack: the Attack action and the off-hand attack after it. */
export type A5eAttackAction = 'attack' | 'off-hand-attack';

/** Why an attack on this target must name a space (`options.space`): unseen and its location unknown (A5E-ATK-9). */
export function unseenTargetRefusal(ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string): Refusal | null {
  if (!isHiddenFrom(state, target, attacker) || perceive(ruleset, state, attacker, target).perceives) return null;
  return { code: 'name-a-space', message: 'the target is unseen and its location unknown: name the space to attack (options.space)', ruleId: 'A5E-ATK-9' };
}

/** The economy's refusal as `spend` words it: a plain budget or turn refusal names the rule the attack is made under. */
const underRule = (r: Refusal | null, ruleId: string): Refusal | null => (r && r.ruleId === 'A5E-ROUND-4' ? { ...r, ruleId } : r);

/** What one attack of this action costs now, and the rule its refusal is given under (A5E-ACT-3, A5E-ATK-18/19). */
function costNow(state: EncounterState, actor: string, action: A5eAttackAction): { cost: Cost; ruleId: string; shown: ActionCost[] } {
  const c = state.creatures[actor]!;
  if (action === 'attack') {
    return has(c, ATTACKS_LEFT) ? { cost: 'free', ruleId: 'A5E-ACT-3', shown: [{ resource: ATTACKS_LEFT, amount: 1 }] } : { cost: ACTION, ruleId: 'A5E-ACT-3', shown: [{ resource: ACTION, amount: 1 }] };
  }
  const left = typeof c.vars[OFF_HAND_LEFT] === 'number' ? (c.vars[OFF_HAND_LEFT] as number) : 0;
  return left > 0 ? { cost: 'free', ruleId: 'A5E-ATK-19', shown: [] } : { cost: BONUS, ruleId: 'A5E-ATK-18', shown: [{ resource: BONUS, amount: 1 }] };
}

/** Why no off-hand attack is open: no Attack action with a light one-handed weapon this turn (A5E-ATK-18). */
export function offHandReadyRefusal(state: EncounterState, actor: string): Refusal | null {
  const c = state.creatures[actor]!;
  return typeof c.vars[OFF_HAND_READY] === 'string' ? null : { code: 'no-attack-action', message: `${c.name} has not attacked with a one-handed, non-heavy weapon this turn`, ruleId: 'A5E-ATK-18' };
}

/** Whether this weapon could make the off-hand attack after this turn's Attack action (A5E-ATK-18): no words built, for listing. */
function offHandWeapon(state: EncounterState, actor: string, attack: Attack): boolean {
  const main = state.creatures[actor]!.vars[OFF_HAND_READY];
  return typeof main === 'string' && attack.id !== main && attack.kind === 'melee' && attack.properties.includes('dual-wielding');
}

/** Why the off-hand attack with this weapon is not open at all (A5E-ATK-18), before any target or cost. */
function offHandRefusal(state: EncounterState, actor: string, attack: Attack): Refusal | null {
  const ready = offHandReadyRefusal(state, actor);
  if (ready) return ready;
  const main = state.creatures[actor]!.vars[OFF_HAND_READY];
  if (attack.id === main) return { code: 'same-weapon', message: `the off-hand attack needs a different weapon than ${attack.name}`, ruleId: 'A5E-ATK-18' };
  if (attack.kind !== 'melee' || !attack.properties.includes('dual-wielding')) return { code: 'not-dual-wielding', message: `${attack.name} is not a dual-wielding melee weapon`, ruleId: 'A5E-ATK-18' };
  return null;
}

/** Why nothing can be aimed with this attack now, whatever the target: its turn, its budget, slowed's one attack, a cost hook's price (A5E-ACT-3, A5E-ACT-24, DUEL-ACTION-2). `budget` is the economy's answer for this action, asked once for all its attacks. */
function attackerRefusal(ruleset: LoadedRuleset, state: EncounterState, actor: string, action: A5eAttackAction, attack: Attack, options: Record<string, Json>, budget: Refusal | null): Refusal | null {
  return budget
    ?? thrownRefusal(attack, options)
    ?? attackLimitRefusal(ruleset, state, actor)
    ?? priceRefusal(ruleset, state, actor, action, [], { ...options, attack: attack.id });
}

/** The economy's answer for one attack of this action now, worded as `spend` words it, before any cost hook's price. */
function budgetRefusal(ruleset: LoadedRuleset, state: EncounterState, actor: string, action: A5eAttackAction): Refusal | null {
  const { cost, ruleId } = costNow(state, actor, action);
  return underRule(economyRefusal(ruleset, state, actor, cost, { skipCostHookRefusals: true }), ruleId);
}

/** A cost hook's price for this attack, as the handler's `spend` asks it last, with the attack as the purchase (a duel's duel actions). */
function priceRefusal(ruleset: LoadedRuleset, state: EncounterState, actor: string, action: A5eAttackAction, targets: string[], options: Record<string, Json>): Refusal | null {
  return costHookRefusal(ruleset, state, actor, costNow(state, actor, action).cost, purchaseOf(action, targets, options));
}

function thrownRefusal(attack: Attack, options: Record<string, Json>): Refusal | null {
  if (options['thrown'] !== true || (attack.kind === 'melee' && attack.properties.includes('thrown'))) return null;
  return { code: 'not-thrown', message: `${attack.name} is not a thrown melee weapon`, ruleId: 'A5E-ATK-3' };
}

/** Why not at this target whatever the budget: total cover, reach or range on the map (A5E-COVER-5, A5E-ATK-13/15), a charm or placid (A5E-COND-7/22), unseen and unlocated with no space named (A5E-ATK-9). `a5eAttackRefusal`'s target half. */
export function a5eAttackTargetRefusal(ruleset: LoadedRuleset, state: EncounterState, actor: string, attack: Attack, target: string, options: Record<string, Json>): Refusal | null {
  if (!Object.hasOwn(state.creatures, target)) return { code: 'unknown-creature', message: `no target '${target}'`, ruleId: 'A5E-ATK-2' };
  const ranged = attack.kind === 'ranged' || options['thrown'] === true;
  return attackTargetRefusal(state, actor, target, attack, ranged)
    ?? hostileActionBlock(state, actor, target, ruleset)
    ?? (options['space'] === undefined ? unseenTargetRefusal(ruleset, state, actor, target) : null);
}


/**
 * What dispatch answers one A5E weapon attack on one target, in the order the handlers ask: for the
 * off-hand attack its own prerequisites (A5E-ATK-18); the map (A5E-COVER-5, A5E-ATK-13/15) and whether
 * the attacker may act against the target (charmed, placid: A5E-COND-7/22); what it costs now (the
 * Attack action or an attack left of it, the bonus action or an off-hand attack left of it, a cost
 * Attack action or an attack left of it, the bonus action or an off-hand attack left of it: A5E-ACT-3,
 * A5E-ATK-18/19); a thrown weapon (A5E-ATK-3); an unseen target's space (A5E-ATK-9); slowed's one attack
 * (A5E-ACT-24); a cost hook's price for the attack (a duel's, DUEL-ACTION-2), which `spend` asks; last
 * what its declarations would meet at the roll (a duel's targeted attack, foreseen: the handler leaves
 * it to the roll, `atRoll: false`).
 * The attack handlers reject with it; the action menu, the legal commands and the simulator's lean policy
 * read it through `a5eAttackOptions`.
 */
export function a5eAttackRefusal(
  ruleset: LoadedRuleset, state: EncounterState, actor: string, action: A5eAttackAction, attack: Attack, target: string, options: Record<string, Json> = {},
  opts: { atRoll?: boolean } = {},
): Refusal | null {
  if (action === 'off-hand-attack') {
    const r = offHandRefusal(state, actor, attack);
    if (r) return r;
  }
  if (!Object.hasOwn(state.creatures, target)) return { code: 'unknown-creature', message: `no target '${target}'`, ruleId: 'A5E-ATK-2' };
  const ranged = attack.kind === 'ranged' || options['thrown'] === true;
  const { cost, ruleId } = costNow(state, actor, action);
  return attackTargetRefusal(state, actor, target, attack, ranged)
    ?? hostileActionBlock(state, actor, target, ruleset)
    ?? underRule(economyRefusal(ruleset, state, actor, cost, { skipCostHookRefusals: true }), ruleId)
    ?? thrownRefusal(attack, options)
    ?? (options['space'] === undefined ? unseenTargetRefusal(ruleset, state, actor, target) : null)
    ?? attackLimitRefusal(ruleset, state, actor)
    ?? priceRefusal(ruleset, state, actor, action, [target], options)
    // What the attack declares before its roll (a duel's targeted attack) is refused at the roll, after all the above.
    ?? (opts.atRoll === false ? null : declarationRefusal(ruleset, state, actor, target, attack, options));
}

/**
 * Every weapon attack the creature has now, each with its cost, why it cannot be made at all, and per
 * target why not (`AttackOption`): its stat block's attacks by the Attack action, and, after an Attack
 * action with a light one-handed weapon, its dual-wielding weapons by the off-hand attack (A5E-ATK-18).
 * Every answer is `a5eAttackRefusal`'s, split into the attacker's part and the target's.
 */
export function a5eAttackOptions(ruleset: LoadedRuleset, state: EncounterState, actor: string): AttackOption[] {
  const c = state.creatures[actor];
  if (!c) return [];
  const attacks = sheetOf(c).attacks;
  const out: AttackOption[] = [];
  const budgets: Partial<Record<A5eAttackAction, Refusal | null>> = {};
  const budget = (action: A5eAttackAction) => (action in budgets ? budgets[action]! : (budgets[action] = budgetRefusal(ruleset, state, actor, action)));
  const shown: Partial<Record<A5eAttackAction, ActionCost[]>> = {};
  const costOf = (action: A5eAttackAction) => (shown[action] ??= costNow(state, actor, action).shown);
  const option = (action: A5eAttackAction, attack: Attack): AttackOption => {
    const options: Record<string, Json> = { attack: attack.id };
    // Listed off-hand weapons are open (`offHandWeapon`): what is left is the budget and the rest.
    const refusal = attackerRefusal(ruleset, state, actor, action, attack, options, budget(action));
    return {
      attackId: attack.id, label: action === 'attack' ? attack.name : `${attack.name} (off hand)`, kind: attack.kind,
      command: { type: 'takeAction', actorId: actor, action, targets: [], options }, cost: costOf(action), maxTargets: 1,
      refusal,
      targetRefusal: (target) => a5eAttackTargetRefusal(ruleset, state, actor, attack, target, options),
      refusalOn: (target) => a5eAttackRefusal(ruleset, state, actor, action, attack, target, options),
    };
  };
  for (const attack of attacks) out.push(option('attack', attack));
  if (typeof c.vars[OFF_HAND_READY] === 'string') {
    for (const attack of attacks) if (offHandWeapon(state, actor, attack)) out.push(option('off-hand-attack', attack));
  }
  return out;
}
