import { currentCreatureId, flagEffect, hasFlag, type ActiveEffect, type Command, type CreatureState, type EncounterState, type Json, type LoadedRuleset, type Resolution } from '@fray/engine';
import { actBlock, speedOf } from '../conditions/queries';
import { FLAG } from '../conditions/definitions';
import type { A5eModule } from '../module';
import { sheetById } from '../sheet/derived';
import { economyOptions } from '../settings';

/** The per-turn budget (A5E-ROUND-4): one action, one bonus action, one reaction per round, movement. */
export const ACTION = 'action';
export const BONUS = 'bonusAction';
export const REACTION = 'reaction';
export const MOVEMENT = 'movementFeet';
/** the movement pool the turn began with, plus Dash and Sprint: how far it has moved is this minus MOVEMENT */
export const MOVEMENT_MAX = 'movementMaxFeet';
/** attacks left from an Attack action already begun (Extra Attack, Multiattack) */
export const ATTACKS_LEFT = 'attacksLeft';
/** the one free object interaction of a turn (A5E-ACT-2, A5E-ACT-20) */
export const OBJECT = 'objectInteraction';
/** attack rolls made since the start of its turn (slowed allows one, A5E-ACT-24) */
export const ATTACKS_MADE = 'attacksMade';

/** creature var: the id of the creature that controls it (summons, hirelings, controlled mounts; A5E-SUMMON-1) */
export const CONTROLLED_BY = 'a5e.controlledBy';
/** creature var: commanded to act this turn by its controller's bonus action (A5E-SUMMON-4) */
export const COMMANDED = 'a5e.commanded';
/** creature var: a controlled mount, which may Dash, Disengage or Dodge without a command (A5E-POS-4) */
export const MOUNT = 'a5e.mount';
/** creature var: set while a readied action runs on its reaction, so the readied action costs nothing more */
export const RELEASING = 'a5e.releasing';

/** encounter option: surprised creatures also lose their bonus action on their first turn (A5E-ENC-6; default false) */
export const SURPRISE_BLOCKS_BONUS = 'surpriseBlocksBonusAction';

export type Cost = 'action' | 'bonusAction' | 'reaction' | 'free';


export function has(c: CreatureState, key: string): boolean {
  return (c.resources[key] ?? 0) > 0;
}

export function controllerCreature(state: EncounterState, id: string): string | null {
  const v = state.creatures[id]?.vars[CONTROLLED_BY];
  return typeof v === 'string' && state.creatures[v] ? v : null;
}

/** Creatures a creature controls (they act on its turn, A5E-INIT-6). */
export function controlledBy(state: EncounterState, controllerId: string): string[] {
  return state.creatureIds.filter((id) => controllerCreature(state, id) === controllerId);
}

/** Its own turn, or (for a controlled creature) its controller's turn (A5E-INIT-6, A5E-SUMMON-2). */
export function isActingNow(state: EncounterState, id: string): boolean {
  const current = currentCreatureId(state);
  if (!current) return false;
  return current === id || controllerCreature(state, id) === current;
}

/** Walking speed now, through the conditions' speed pipeline (A5E-MOVE-22): halvings, caps, zero. */
export function effectiveSpeed(ruleset: LoadedRuleset, state: EncounterState, id: string): number {
  return speedOf(ruleset, state, id);
}

/** Feet moved this turn so far. */
export function movedFeet(c: CreatureState): number {
  return Math.max(0, (c.resources[MOVEMENT_MAX] ?? 0) - (c.resources[MOVEMENT] ?? 0));
}

export interface Refusal {
  code: string;
  message: string;
  ruleId: string;
}

/**
 * What a cost pays for: the action a handler runs (its id, targets and options), named by the handler
 * when it spends for its own actor. A cost hook prices the purchase it is handed (a duel's Attack action
 * costs 2 duel actions, a basic maneuver 1); a cost paid with none (a reaction a hook offers, a
 * command that is no action) is priced by its type alone.
 */
export interface Purchase {
  action: string;
  targets: readonly string[];
  options: Readonly<Record<string, Json>>;
}

/** The purchase of an action handler's own cost: what `takeAction` runs, as it was given. */
export function purchaseOf(action: string, targets: readonly string[], options: Readonly<Record<string, Json>>): Purchase {
  return { action, targets, options };
}

export interface SpendOptions {
  /** a controlled mount's Dash, Disengage or Dodge needs no command (A5E-POS-4, A5E-SUMMON-11) */
  mountMay?: boolean;
  /** the budget alone: leave the cost hooks' price out (a menu that shows the price apart) */
  skipCostHookRefusals?: boolean;
  /** what is bought, for the cost hooks' `charge` (an action handler paying for itself names its action) */
  purchase?: Purchase;
}

/**
 * Another module's say in what a cost takes, e.g. the duel module's pool of duel actions (DUEL-ACTION-*).
 * `refusal` is consulted by `economyRefusal` once the base checks pass, with the purchase when the asker
 * knows it, so `spend`, `canSpend`, the menus and legal-command lists get one answer in one set of words;
 * `charge` runs in `spend` once the refusals pass (for free costs too) and returns true when it has paid
 * the cost its own way, leaving the turn budget untouched. Each hook decides for itself
 * whether it applies (the duel's only while an encounter runs a duel).
 */
export interface CostHook {
  id: string;
  /** why this cost cannot be paid now for `purchase` (null: priced by the cost type alone); `charge` pays only once this is null */
  refusal?(ruleset: LoadedRuleset, state: EncounterState, actorId: string, cost: Cost, purchase: Purchase | null): Refusal | null;
  /** `purchase`: what the cost pays for, as the spender named it (null: a cost with no action behind it, such as a reaction a hook offers) */
  charge?(ctx: Resolution, actorId: string, cost: Cost, ruleId: string, purchase: Purchase | null): boolean;
  /** why a whole option (an action with its options) cannot be paid for, beyond its cost type: for legal-command lists */
  optionRefusal?(ruleset: LoadedRuleset, state: EncounterState, actorId: string, action: string, options: Record<string, Json>): Refusal | null;
  /** what paying the cost now takes besides the turn's budget, in words for a prompt (a duel's purchase of a duel action) */
  note?(ruleset: LoadedRuleset, state: EncounterState, actorId: string, cost: Exclude<Cost, 'free'>): string | null;
}

/** What a loaded A5E ruleset carries besides the engine's `Ruleset`: the cost hooks its modules declare. */
export interface CostHookCarrier {
  readonly a5eCostHooks?: readonly CostHook[];
}

/** The cost hooks of this ruleset: those its modules declare (`A5eModule.costHooks`), in module order. */
export function costHooksOf(ruleset: LoadedRuleset): readonly CostHook[] {
  return (ruleset as LoadedRuleset & CostHookCarrier).a5eCostHooks ?? [];
}

/** Whether a cost hook refuses a `takeAction` command as a whole (a duel's price for Press the Attack and the attack after it). */
export function optionRefusal(ruleset: LoadedRuleset, state: EncounterState, command: Command): Refusal | null {
  const cmd = command as { type: string; actorId?: unknown; action?: unknown; options?: Record<string, Json> };
  if (cmd.type !== 'takeAction' || typeof cmd.actorId !== 'string' || typeof cmd.action !== 'string') return null;
  for (const h of costHooksOf(ruleset)) {
    const r = h.optionRefusal?.(ruleset, state, cmd.actorId, cmd.action, cmd.options ?? {});
    if (r) return r;
  }
  return null;
}

/** What paying a cost now takes besides the turn's budget, for a prompt that offers it (the cost hooks' words), or null. */
export function costNote(ruleset: LoadedRuleset, state: EncounterState, actorId: string, cost: Exclude<Cost, 'free'>): string | null {
  const notes = costHooksOf(ruleset).map((h) => h.note?.(ruleset, state, actorId, cost) ?? null).filter((n): n is string => !!n);
  return notes.length ? notes.join('; ') : null;
}


const refusedCode = (cost: Exclude<Cost, 'free'>) => `cannot-take-${cost === BONUS ? 'bonus-action' : cost}`;

/**
 * Why a creature cannot pay a cost now, or null: the turn (a controlled creature's is its controller's),
 * what its conditions allow (the conditions module's `actBlock`: forbids such as incapacitated,
 * surprised and sprinting, confused's roll, slowed and strife 3's action-or-bonus, manic), the summon's
 * need for a command, and the budget itself (A5E-ROUND-4, A5E-ACT-23, A5E-ACT-24). The action-or-bonus
 * and manic checks are repeated here for controlled creatures, which act on another's turn.
 */
export function economyRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, cost: Cost, opts: SpendOptions = {}): Refusal | null {
  const base = budgetRefusal(ruleset, state, actorId, cost, opts);
  if (base || opts.skipCostHookRefusals) return base;
  return costHookRefusal(ruleset, state, actorId, cost, opts.purchase ?? null);
}

/** Why a cost hook refuses this cost for this purchase now (a duel's price, DUEL-ACTION-2), or null. */
export function costHookRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, cost: Cost, purchase: Purchase | null): Refusal | null {
  for (const h of costHooksOf(ruleset)) {
    const r = h.refusal?.(ruleset, state, actorId, cost, purchase);
    if (r) return r;
  }
  return null;
}

/** The turn, the conditions, a summon's command and the budget: `economyRefusal` before the cost hooks. */
function budgetRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, cost: Cost, opts: SpendOptions): Refusal | null {
  const c = state.creatures[actorId];
  if (!c) return { code: 'unknown-creature', message: `no creature '${actorId}'`, ruleId: 'A5E-ROUND-4' };
  const releasing = c.vars[RELEASING] === true;
  if (cost !== 'reaction' && !releasing && !isActingNow(state, actorId)) {
    return { code: 'not-your-turn', message: `it is not ${c.name}'s turn`, ruleId: cost === 'free' ? 'A5E-ACT-2' : 'A5E-ROUND-4' };
  }
  if (cost === 'free' || (releasing && cost === 'action')) return null;
  // What the creature's conditions allow (incapacitated, surprised, confused's roll, slowed, strife 3, manic).
  const block = actBlock(state, actorId, cost, ruleset);
  if (block) return block;
  // Surprise leaves the bonus action alone unless the table rules otherwise (A5E-ENC-6).
  if (cost === BONUS && state.options[SURPRISE_BLOCKS_BONUS] === true && c.conditions.some((x) => x.conditionId === 'surprised')) {
    return { code: refusedCode(BONUS), message: `${c.name} is surprised and this table rules that surprise takes the bonus action too`, ruleId: 'A5E-ENC-6' };
  }
  // Conditions that take reactions away (A5E-ACT-23) forbid them in their definitions: `actBlock` refused them above.
  if (cost !== 'reaction') {
    const controller = controllerCreature(state, actorId);
    if (controller && c.vars[COMMANDED] !== true && !(opts.mountMay && c.vars[MOUNT] === true)) {
      return { code: 'not-commanded', message: `${c.name} acts only when ${state.creatures[controller]!.name} commands it with a bonus action`, ruleId: 'A5E-SUMMON-4' };
    }
    const either = flagEffect(ruleset, c, FLAG.actionOrBonus);
    const limited = either ? conditionLabel(either) : null;
    const other = cost === ACTION ? BONUS : ACTION;
    if (limited && !has(c, other)) {
      return { code: refusedCode(cost), message: `${c.name} (${limited}) may take an action or a bonus action on a turn, not both`, ruleId: 'A5E-ACT-24' };
    }
    if (cost === ACTION && actionOrMove(ruleset, c) && movedFeet(c) > 0) {
      return { code: refusedCode(ACTION), message: `${c.name} (manic) has moved this turn, so it cannot also take an action`, ruleId: 'A5E-ACT-24' };
    }
  }
  if (!has(c, cost)) {
    const what = cost === 'action' ? 'its action' : cost === 'bonusAction' ? 'its bonus action' : 'its reaction';
    return { code: `no-${cost === 'bonusAction' ? 'bonus-action' : cost}-left`, message: `${c.name} has already used ${what}`, ruleId: 'A5E-ROUND-4' };
  }
  return null;
}

export function canSpend(ruleset: LoadedRuleset, state: EncounterState, actorId: string, cost: Cost, opts: SpendOptions = {}): boolean {
  return economyRefusal(ruleset, state, actorId, cost, opts) === null;
}

/** Whether a manic creature that has taken its action may still move (A5E-ACT-24): for the movement rules. */
export function mayMove(ruleset: LoadedRuleset, state: EncounterState, id: string): boolean {
  const c = state.creatures[id];
  if (!c) return false;
  return !(actionOrMove(ruleset, c) && !has(c, ACTION) && c.vars[RELEASING] !== true);
}

function actionOrMove(ruleset: LoadedRuleset, c: CreatureState): boolean {
  return hasFlag(ruleset, c, FLAG.actionOrMove);
}

/** A condition as a refusal names it: `slowed`, or a track with the level that brings the effect (`strife 3`). */
const conditionLabel = (a: ActiveEffect): string => (a.level ? `${a.conditionId} ${a.level}` : a.conditionId);

/**
 * Why `spend` would refuse this cost now, in its words: `economyRefusal` with the purchase (so a cost
 * hook's price), a plain budget or turn refusal named by the action's rule. An action's refusal query
 * ends with it, so the handler, the menu and the legal commands give one answer.
 */
export function spendRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, cost: Cost, ruleId = 'A5E-ROUND-4', opts: SpendOptions = {}): Refusal | null {
  const refusal = economyRefusal(ruleset, state, actorId, cost, opts);
  // A rule-specific refusal keeps its own rule; a plain budget or turn refusal names the action's rule.
  return refusal && refusal.ruleId === 'A5E-ROUND-4' ? { ...refusal, ruleId } : refusal;
}

/** Refuses unless the cost can be paid now (`spendRefusal`); then pays it. */
export function spend(ctx: Resolution, actorId: string, cost: Cost, ruleId = 'A5E-ROUND-4', opts: SpendOptions = {}): void {
  const refusal = spendRefusal(ctx.ruleset, ctx.state, actorId, cost, ruleId, opts);
  if (refusal) return ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  let paidElsewhere = false;
  for (const h of costHooksOf(ctx.ruleset)) if (h.charge?.(ctx, actorId, cost, ruleId, opts.purchase ?? null)) paidElsewhere = true;
  const c = ctx.state.creatures[actorId]!;
  if (paidElsewhere || cost === 'free' || (cost === ACTION && c.vars[RELEASING] === true)) return;
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: cost, value: (c.resources[cost] ?? 1) - 1 });
}

/**
 * Pays for one attack of the Attack action (A5E-ACT-3): out of the attacks left over from an Attack
 * action already begun this turn, or else by beginning one, which spends the action and leaves its
 * other attacks (Extra Attack, Multiattack) for later in the turn. `ruleId` is the rule the attack is
 * made under (it names refusals); `attacksRuleId` the one the left-over count is kept under; `opts`
 * carries the purchase (the attack, or the maneuver made in its place).
 */
export function spendOneAttack(ctx: Resolution, actorId: string, ruleId: string, attacksRuleId = ruleId, opts: SpendOptions = {}): void {
  const left = ctx.state.creatures[actorId]!.resources[ATTACKS_LEFT] ?? 0;
  if (oneAttackCost(ctx.state, actorId) === 'free') {
    spend(ctx, actorId, 'free', ruleId, opts);
    ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: ATTACKS_LEFT, value: left - 1, ruleId: attacksRuleId });
  } else {
    spend(ctx, actorId, ACTION, ruleId, opts);
    const extra = sheetById(ctx.state, actorId).attacksPerAction - 1;
    if (extra > 0) ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: ATTACKS_LEFT, value: extra, ruleId: attacksRuleId });
  }
}

/** What one attack of the Attack action costs now: nothing out of attacks left from an Attack action begun, else the action (A5E-ACT-3). */
function oneAttackCost(state: EncounterState, actorId: string): Cost {
  return (state.creatures[actorId]!.resources[ATTACKS_LEFT] ?? 0) > 0 ? 'free' : ACTION;
}

/** Why `spendOneAttack` would refuse now, in its words: an action query that pays with it ends with this. */
export function spendOneAttackRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, ruleId: string, opts: SpendOptions = {}): Refusal | null {
  return spendRefusal(ruleset, state, actorId, oneAttackCost(state, actorId), ruleId, opts);
}

/** A condition allowing one attack a turn (slowed), and it has made it (A5E-ACT-24, A5E-COND-27). */
export function attackLimitRefusal(ruleset: LoadedRuleset, state: EncounterState, id: string): Refusal | null {
  const c = state.creatures[id];
  if (!c || (c.resources[ATTACKS_MADE] ?? 0) < 1) return null;
  const limit = flagEffect(ruleset, c, FLAG.oneAttackPerTurn);
  if (limit) return { code: 'one-attack-per-turn', message: `${c.name} is ${conditionLabel(limit)} and has already attacked this turn`, ruleId: 'A5E-ACT-24' };
  return null;
}

/**
 * An attack roll is being made (a5eTest, so every kind of attack counts): slowed allows one a turn, so
 * a second is refused, and the attack is counted (A5E-ACT-24, A5E-COND-27). Spending belongs to the step
 * that makes the roll, not to the test's modifier-gathering stage, which only gathers (issue 18 item 3).
 */
export function countAttack(ctx: Resolution, actorId: string): void {
  const refusal = attackLimitRefusal(ctx.ruleset, ctx.state, actorId);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const c = ctx.state.creatures[actorId]!;
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: ATTACKS_MADE, value: (c.resources[ATTACKS_MADE] ?? 0) + 1 });
}

/**
 * Why it cannot make one attack of the Attack action now (A5E-ACT-3): with attacks left from an Attack
 * action already begun it needs only its turn; otherwise it must be able to take an action. The
 * one-attack limit of slowed follows. The attack handler pays through `spendOneAttack`, which asks the
 * same economy question.
 */
export function oneAttackRefusal(ruleset: LoadedRuleset, state: EncounterState, id: string): Refusal | null {
  const c = state.creatures[id];
  if (!c) return { code: 'unknown-creature', message: `no creature '${id}'`, ruleId: 'A5E-ACT-3' };
  return economyRefusal(ruleset, state, id, has(c, ATTACKS_LEFT) ? 'free' : ACTION, { skipCostHookRefusals: true }) ?? attackLimitRefusal(ruleset, state, id);
}

/** A fresh turn's budget for a creature (and, through its controller's turn, for a controlled one). */
export function freshBudget(ruleset: LoadedRuleset, state: EncounterState, id: string): Record<string, number> {
  const speed = effectiveSpeed(ruleset, state, id);
  return { [ACTION]: 1, [BONUS]: 1, [REACTION]: 1, [MOVEMENT]: speed, [MOVEMENT_MAX]: speed, [ATTACKS_LEFT]: 0, [OBJECT]: 1, [ATTACKS_MADE]: 0 };
}

function resetBudget(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id]!;
  for (const [key, value] of Object.entries(freshBudget(ctx.ruleset, ctx.state, id))) {
    if (c.resources[key] !== value) ctx.emit({ type: 'ResourceSet', creatureId: c.id, key, value, ruleId: 'A5E-ROUND-4' });
  }
}

export const economyModule: A5eModule = {
  id: 'a5e.economy',
  options: economyOptions,
  hooks: [
    {
      stage: 'turn.start', id: 'a5e.economy.reset', priority: 0, ruleId: 'A5E-ROUND-4',
      run: (ctx, p) => {
        resetBudget(ctx, p.creatureId);
        // Controlled creatures have no turn of their own: their budget renews with their controller's (A5E-INIT-6).
        for (const id of controlledBy(ctx.state, p.creatureId)) {
          resetBudget(ctx, id);
          if (ctx.state.creatures[id]!.vars[COMMANDED] !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key: COMMANDED, value: null });
        }
      },
    },
    {
      // Attacks left over from an Attack action do not outlive the turn they were begun in.
      stage: 'turn.end', id: 'a5e.economy.leftover-attacks', priority: 0, ruleId: 'A5E-ACT-3',
      run: (ctx, p) => {
        for (const id of [p.creatureId, ...controlledBy(ctx.state, p.creatureId)]) {
          if ((ctx.state.creatures[id]!.resources[ATTACKS_LEFT] ?? 0) > 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key: ATTACKS_LEFT, value: 0 });
        }
      },
    },
  ],
};
