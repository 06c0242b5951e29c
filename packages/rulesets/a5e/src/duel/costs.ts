import { hasCondition, type CreatureState, type EncounterState, type Json, type Resolution } from '@fray/engine';
import { ACTION, ATTACKS_LEFT, BONUS, REACTION, RELEASING, type Cost, type CostHook, type Purchase, type Refusal } from '../core/economy';
import { CONCENTRATING, endConcentration } from '../core/concentration';
import { basicManeuvers } from '../actions/other';
import { DUEL_RES, DUEL_VARS, duelConfig, duelists, isDuelist, isSpectator, opponentOf, res, UNUSUAL_ANATOMY_TAG } from './active';
import { canCover, coverShortfall, purchaseNote, purchasePrice, shortOf, spendExertion, exertionHeld } from './exertion';
import { interfere } from './interference';

interface Price {
  price: number;
  /** true: the round's action (or bonus action, or reaction) is not used up by this option */
  keepBudget: boolean;
  what: string;
  ruleId: string;
  /** the option uses the round's action though the economy was asked for nothing */
  takesAction?: boolean;
}

const isBasic = (name: Json | undefined): boolean => typeof name === 'string' && (basicManeuvers as readonly string[]).includes(name);
const byType = (cost: Cost) => (cost === ACTION ? 2 : cost === 'free' ? 0 : 1);

/**
 * What an option costs in duel actions (DUEL-ACTION-2..7, DUEL-ACTION-9, DUEL-ACTION-12). The economy
 * only says action, bonus action, reaction or free; the purchase the spender names says what it is.
 * A readied action released was paid for by its Ready: its action, or its free attack, costs nothing more.
 */
function priceOf(c: CreatureState, cost: Cost, purchase: Purchase | null): Price {
  if ((cost === ACTION || cost === 'free') && c.vars[RELEASING] === true) return { price: 0, keepBudget: true, what: 'a readied action released', ruleId: 'DUEL-ACTION-12' };
  const action = purchase?.action ?? null;
  const opts = purchase?.options ?? {};
  if (action === 'maneuver' && isBasic(opts['maneuver'])) {
    // Standalone it does not take the round's action; in place of an attack it adds 1 to the Attack action's 2 (DUEL-ACTION-7).
    return { price: 1, keepBudget: cost !== 'free', what: `a basic maneuver (${String(opts['maneuver'])})`, ruleId: 'DUEL-ACTION-7' };
  }
  // Attacks left over while the action is unused came from a standalone basic maneuver, not an Attack
  // action: this attack begins the Attack action after all (its 2, and the round's action).
  if (cost === 'free' && action === 'attack' && (c.resources[ACTION] ?? 0) > 0) return { price: 2, keepBudget: false, takesAction: true, what: 'the Attack action and all its attacks', ruleId: 'DUEL-ACTION-5' };
  if (cost === 'free') return { price: 0, keepBudget: false, what: 'a free option', ruleId: 'DUEL-ACTION-5' };
  const type = cost === ACTION ? 'an action' : cost === BONUS ? 'a bonus action' : 'a reaction';
  if (cost === REACTION) {
    const what = action === 'cast-spell' ? 'a reaction spell' : action === 'maneuver' ? 'a reaction maneuver' : 'a reaction';
    return { price: 1, keepBudget: true, what, ruleId: 'DUEL-ACTION-9' };
  }
  switch (action) {
    case 'attack': return { price: 2, keepBudget: false, what: 'the Attack action and all its attacks', ruleId: 'DUEL-ACTION-5' };
    case 'maneuver': return { price: byType(cost), keepBudget: false, what: `a combat maneuver as ${type}`, ruleId: 'DUEL-ACTION-6' };
    case 'cast-spell': return { price: byType(cost), keepBudget: false, what: `a spell cast as ${type}`, ruleId: 'DUEL-ACTION-2' };
    case 'dash': case 'disengage': return { price: byType(cost), keepBudget: false, what: `${action === 'dash' ? 'Dash' : 'Disengage'} (${type})`, ruleId: 'DUEL-ACTION-4' };
    case 'ready': return { price: byType(cost), keepBudget: false, what: 'Ready', ruleId: 'DUEL-ACTION-12' };
    // Without a purchase named, the cost type is all there is to price.
    default: return { price: byType(cost), keepBudget: false, what: action ? `${action} (${type})` : type, ruleId: 'DUEL-ACTION-3' };
  }
}

type SpellCount = { round: number; action: number; bonusAction: number; reaction: number };

/** This round's spells by casting time (DUEL-ACTION-10). */
function spellsThisRound(state: EncounterState, c: CreatureState): SpellCount {
  const v = c.vars[DUEL_VARS.spells] as Partial<SpellCount> | undefined;
  return v?.round === state.round ? { round: state.round, action: v.action ?? 0, bonusAction: v.bonusAction ?? 0, reaction: v.reaction ?? 0 } : { round: state.round, action: 0, bonusAction: 0, reaction: 0 };
}

/** One spell per casting time per round, however many reactions are bought (DUEL-ACTION-10, proposed ruling). */
function spellLimitRefusal(state: EncounterState, c: CreatureState, cost: 'action' | 'bonusAction' | 'reaction'): Refusal | null {
  if (spellsThisRound(state, c)[cost] < 1) return null;
  const what = cost === ACTION ? 'an action' : cost === BONUS ? 'a bonus action' : 'a reaction';
  return { code: 'spell-limit', message: `${c.name} has already cast a spell as ${what} this round: buying reactions never adds spells (DUEL-ACTION-10)`, ruleId: 'DUEL-ACTION-10' };
}

function countSpell(ctx: Resolution, c: CreatureState, cost: 'action' | 'bonusAction' | 'reaction'): void {
  const now = spellsThisRound(ctx.state, c);
  ctx.emit({ type: 'VarSet', creatureId: c.id, key: DUEL_VARS.spells, value: { ...now, [cost]: now[cost] + 1 } });
}

/** Why the duel forbids this magic (DUEL-MAGIC-1): refused, or 'breach' when the table lets it through as a breach; null when allowed. */
function magicRefusal(state: EncounterState, c: CreatureState, opts: Readonly<Record<string, Json>>): Refusal | 'breach' | null {
  const cfg = duelConfig(state);
  const school = typeof opts['school'] === 'string' ? opts['school'].toLowerCase() : null;
  const why = !cfg.magicAllowed ? 'this duel forbids magic' : school && cfg.bannedSchools.includes(school) ? `this duel forbids ${school} magic` : null;
  if (!why) return null;
  if (cfg.bannedMagic === 'breach') return 'breach';
  return { code: 'magic-forbidden', message: `${c.name} cannot cast ${String(opts['spell'] ?? 'that spell')}: ${why}`, ruleId: 'DUEL-MAGIC-1' };
}

/** Forbidden magic the table lets through is a breach, with the interference consequences (DUEL-MAGIC-1). */
function breach(ctx: Resolution, c: CreatureState, opts: Readonly<Record<string, Json>>): void {
  const cfg = duelConfig(ctx.state);
  const school = typeof opts['school'] === 'string' ? opts['school'].toLowerCase() : null;
  const why = !cfg.magicAllowed ? 'this duel forbids magic' : `this duel forbids ${school} magic`;
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-MAGIC-1', text: `${c.name} casts ${String(opts['spell'] ?? 'a spell')} though ${why}: a breach of the duel's rules`, creatureId: c.id });
  interfere(ctx, c.id, c.id, `${c.name} breaks the duel's rules on magic`, 'DUEL-MAGIC-1');
}

/** A maneuver's exertion (DUEL-ACTION-6): a combat maneuver's `options.exertion`; a basic maneuver has none. */
function exertionOf(purchase: Purchase | null): number {
  const opts = purchase?.options ?? {};
  return purchase?.action === 'maneuver' && !isBasic(opts['maneuver']) && typeof opts['exertion'] === 'number' ? Math.max(0, Math.floor(opts['exertion'])) : 0;
}

/**
 * Why the duel refuses this purchase now, or null, in the order `charge` pays: forbidden magic
 * (DUEL-MAGIC-1), the round's spell of that casting time (DUEL-ACTION-10), the price against the pool
 * (a reaction buys what it lacks with exertion when it can, DUEL-EXERT-1; DUEL-ACTION-2), then a
 * maneuver's exertion (DUEL-ACTION-6). The one answer `spend` rejects with and menus, legal commands and
 * policies read (`economyRefusal` with the purchase; without one, the price of the cost type alone).
 */
export function duelPurchaseRefusal(state: EncounterState, actorId: string, cost: Cost, purchase: Purchase | null): Refusal | null {
  if (!isDuelist(state, actorId)) return null;
  const c = state.creatures[actorId]!;
  const opts = purchase?.options ?? {};
  if (purchase?.action === 'cast-spell' && cost !== 'free') {
    const magic = magicRefusal(state, c, opts);
    if (magic && magic !== 'breach') return magic;
    // A breach is interference: what follows is the Narrator's (the duel may end there), not a refusal.
    if (magic === 'breach') return null;
    const limit = spellLimitRefusal(state, c, cost);
    if (limit) return limit;
  }
  const p = priceOf(c, cost, purchase);
  const pool = res(c, DUEL_RES.pool);
  // A reaction comes when its trigger does, with no room for a purchase command first: what the pool lacks is bought (DUEL-EXERT-1).
  const covered = cost === REACTION && p.price > pool && canCover(c, p.price);
  if (p.price > pool && !covered) {
    return { code: 'no-duel-actions', message: `${c.name} has ${pool} duel action${pool === 1 ? '' : 's'} left; ${p.what} costs ${p.price} (buy more with exertion: a5e.duel.buyActions)`, ruleId: 'DUEL-ACTION-2' };
  }
  const exertion = exertionOf(purchase);
  const held = exertionHeld(c) - (covered ? purchasePrice(c, shortOf(c, p.price)) : 0);
  if (exertion > held) return { code: 'no-exertion', message: `${c.name} has ${held} exertion; the maneuver costs ${exertion} as well as its duel actions`, ruleId: 'DUEL-ACTION-6' };
  return null;
}

/**
 * Pays for an option out of the duel-action pool (DUEL-ACTION-1..12). Combat maneuvers also pay their
 * exertion (`options.exertion`, DUEL-ACTION-6); spells keep their per-round limits (DUEL-ACTION-10) and
 * the duel's magic rules (DUEL-MAGIC-1). Returns true when the turn budget is to be left alone.
 */
function charge(ctx: Resolution, actorId: string, cost: Cost, _ruleId: string, purchase: Purchase | null): boolean {
  if (isSpectator(ctx.state, actorId)) {
    spectatorMeddles(ctx, actorId, purchase);
    return false;
  }
  if (!isDuelist(ctx.state, actorId)) return false;
  // `spend` asked `duelPurchaseRefusal` (the hook's `refusal`) before charging: what is left is paying.
  const opts = purchase?.options ?? {};
  if (purchase?.action === 'cast-spell' && cost !== 'free') {
    if (magicRefusal(ctx.state, ctx.creature(actorId), opts) === 'breach') breach(ctx, ctx.creature(actorId), opts);
    // A breach may have ended the duel: the base economy takes over.
    if (!isDuelist(ctx.state, actorId)) return false;
    const after = spellLimitRefusal(ctx.state, ctx.creature(actorId), cost);
    if (after) ctx.reject(after.code, after.message, after.ruleId);
    countSpell(ctx, ctx.creature(actorId), cost);
  }
  const p = priceOf(ctx.creature(actorId), cost, purchase);
  if (cost === REACTION && p.price > res(ctx.creature(actorId), DUEL_RES.pool) && canCover(ctx.creature(actorId), p.price)) coverShortfall(ctx, actorId, p.price);
  const pool = res(ctx.creature(actorId), DUEL_RES.pool);
  // Read after a breach's question: the refusal was asked before it (the Narrator may have changed the pool meanwhile).
  if (p.price > pool) ctx.reject('no-duel-actions', `${ctx.creature(actorId).name} has ${pool} duel action${pool === 1 ? '' : 's'} left; ${p.what} costs ${p.price} (buy more with exertion: a5e.duel.buyActions)`, 'DUEL-ACTION-2');
  const name = ctx.creature(actorId).name;
  if (p.price > 0) {
    ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: DUEL_RES.pool, value: pool - p.price, ruleId: p.ruleId });
    ctx.emit({ type: 'RuleApplied', ruleId: p.ruleId, text: `${name} spends ${p.price} duel action${p.price === 1 ? '' : 's'} on ${p.what} (${pool - p.price} left)`, creatureId: actorId });
  }
  if (p.takesAction) ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: ACTION, value: 0, ruleId: 'DUEL-ACTION-8' });
  const exertion = exertionOf(purchase);
  if (exertion > 0) {
    spendExertion(ctx, actorId, exertion, 'DUEL-ACTION-6');
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-ACTION-6', text: `${name} also pays the maneuver's ${exertion} exertion`, creatureId: actorId });
  }
  const target = purchase?.targets[0];
  if (purchase?.action === 'maneuver' && target && ctx.state.creatures[target]?.tags.includes(UNUSUAL_ANATOMY_TAG)) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-TARGET-9', text: `${ctx.state.creatures[target]!.name}'s anatomy differs: the maneuver works the same, on whatever part serves the same purpose` });
  }
  return cost === REACTION || p.keepBudget;
}

/**
 * A spectator's action aimed at a duelist (a spell, a Help, a shove) is interference (DUEL-SCOPE-2); its
 * attacks are caught as they are rolled (interference.ts). Lend Strength is a command of its own and
 * never comes here, nor does a cost with no purchase named (a reaction a hook offers).
 */
function spectatorMeddles(ctx: Resolution, actorId: string, purchase: Purchase | null): void {
  if (!purchase || purchase.action === 'attack') return;
  const hit = purchase.targets.find((x) => isDuelist(ctx.state, x));
  if (!hit) return;
  const me = ctx.state.creatures[actorId]!;
  // A Help helps the duelist it names (the ally of an attack Help, else its target); anything else done to one helps the other.
  const ally = purchase.options['ally'];
  const helps = purchase.action === 'help' ? (typeof ally === 'string' && isDuelist(ctx.state, ally) ? ally : hit) : opponentOf(ctx.state, hit);
  interfere(ctx, actorId, helps, `${me.name}, a spectator, uses ${purchase.action} on ${ctx.state.creatures[hit]!.name}`);
}

/**
 * Whole options whose duel price the cost type does not show: a basic maneuver in place of an attack (1,
 * on an otherwise free attack), Press the Attack (1, and the Attack action's 2 still to come), and an
 * attack left over from a standalone maneuver, which begins the Attack action (2).
 */
function optionRefusal(_r: unknown, state: EncounterState, actorId: string, action: string, options: Record<string, Json>): Refusal | null {
  if (!isDuelist(state, actorId)) return null;
  const c = state.creatures[actorId]!;
  const attackBegins = action === 'attack' && (c.resources[ATTACKS_LEFT] ?? 0) > 0 && (c.resources[ACTION] ?? 0) > 0;
  const need = action === 'maneuver' && isBasic(options['maneuver']) ? 1 : action === 'press-the-attack' ? 3 : attackBegins ? 2 : 0;
  const pool = res(c, DUEL_RES.pool);
  if (pool >= need) return null;
  return { code: 'no-duel-actions', message: `${c.name} has ${pool} duel action${pool === 1 ? '' : 's'} left; ${action} needs ${need}`, ruleId: 'DUEL-ACTION-2' };
}

/** What a reaction offered now would buy first, for the prompt that offers it (DUEL-EXERT-1). */
function note(_r: unknown, state: EncounterState, actorId: string, cost: Exclude<Cost, 'free'>): string | null {
  if (cost !== REACTION || !isDuelist(state, actorId)) return null;
  return purchaseNote(state.creatures[actorId]!, byType(cost));
}

/** The duel's say in the economy's costs (DUEL-ACTION-*); the duel module declares it. */
export const duelCostHook: CostHook = { id: 'a5e.duel.costs', charge, optionRefusal, note, refusal: (_r, state, actorId, cost, purchase) => duelPurchaseRefusal(state, actorId, cost, purchase) };

const concentrating = (c: CreatureState): boolean => c.vars[CONCENTRATING] !== undefined || hasCondition(c, CONCENTRATING);

/**
 * Notes when each duelist's concentration began, at round starts and turn boundaries, so upkeep is
 * asked only from the round after (DUEL-ACTION-11, proposed ruling). `since` is the round it is counted
 * from; concentration already running when the duel began counts from round 0.
 */
export function observeConcentration(ctx: Resolution, since: number): void {
  for (const id of duelists(ctx.state)) {
    const c = ctx.state.creatures[id]!;
    const seen = c.vars[DUEL_VARS.concentrationSince];
    if (concentrating(c) && typeof seen !== 'number') ctx.emit({ type: 'VarSet', creatureId: id, key: DUEL_VARS.concentrationSince, value: since });
    else if (!concentrating(c) && seen !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key: DUEL_VARS.concentrationSince, value: null });
  }
}

/**
 * Keeping concentration costs 1 duel action a round, paid at the start of the duelist's turn in each
 * round after the one it began in (DUEL-ACTION-11). Short of duel actions it may buy one (DUEL-EXERT-1);
 * unpaid, the concentration ends.
 */
export function concentrationUpkeep(ctx: Resolution, id: string): void {
  observeConcentration(ctx, ctx.state.round);
  const c = () => (ctx.state.creatures[id])!;
  if (!isDuelist(ctx.state, id) || !concentrating(c())) return;
  const since = c().vars[DUEL_VARS.concentrationSince];
  if (typeof since === 'number' && since >= ctx.state.round) return;
  if (!canCover(c(), 1)) {
    endConcentration(ctx, id, 'no duel action to keep it (DUEL-ACTION-11)');
    return;
  }
  const purchase = purchaseNote(c(), 1);
  const pay = purchase ? 'buy-and-pay' : 'pay';
  const answer = ctx.ask({
    key: 'a5e.duel.concentration', to: { controllerOf: id }, about: id, ruleId: 'DUEL-ACTION-11',
    text: `${c().name} is concentrating: keeping it costs 1 duel action this round${purchase ? ` (${purchase})` : ''}.`,
    options: [{ id: pay, label: pay === 'pay' ? 'Pay 1 duel action' : 'Buy a duel action and pay it' }, { id: 'drop', label: 'Let the concentration go' }],
    default: pay,
  });
  if (answer === 'drop') {
    endConcentration(ctx, id, 'chose not to pay a duel action for it (DUEL-ACTION-11)');
    return;
  }
  coverShortfall(ctx, id, 1);
  const left = res(ctx.state.creatures[id]!, DUEL_RES.pool) - 1;
  ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.pool, value: left, ruleId: 'DUEL-ACTION-11' });
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-ACTION-11', text: `${c().name} spends 1 duel action to keep concentrating (${left} left)`, creatureId: id });
}
