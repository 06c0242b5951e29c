import {
  addCondition, dealDamage, damagePartsFromRoll, heal, runEffects,
  type DurationInput, type EffectNode, type EffectRules, type EffectScope, type EncounterState, type Json, type LoadedRuleset, type Refusal as EngineRefusal, type Resolution, type TestPayload,
} from '@fray/engine';
import type { RollRecord } from '@fray/dice';
import type { ActionHandler } from '../module';
import { a5eTest } from '../core/d20';
import { costNote, REACTION, spend, spendRefusal, purchaseOf, type Purchase } from '../core/economy';
import { armorClass, attackDc } from '../combat/attack';
import { declaredTestOptions } from '../combat/declarations';
import { hostileActionBlock } from '../conditions/queries';
import { attackSituation } from '../position/attack-geometry';
import { distanceBetween } from '../position/geometry';
import { saveBonus, sheetById, sheetOf } from '../sheet/derived';
import type { AbilityId, Attack } from '../sheet/stat-block';
import type { EffectAction, EffectReaction } from './schema';

export type EffectEntry = EffectAction | EffectReaction;

/** creature var per action id: spent and waiting for its recharge roll */
export const SPENT_PREFIX = 'a5e.action.spent:';
/** creature var per action id: uses taken since the last long rest */
export const USED_PREFIX = 'a5e.action.used:';

/** What one use of an effect tree shares between its targets: its name, reach, and the dice already rolled. */
interface EffectUse {
  name: string;
  rangeFeet?: number;
  /** damage and healing rolled once for every target of the use (A5E-DMG-3), by dice and type */
  rolls: Map<string, RollRecord>;
  /** the attack a triggered reaction answers (the parry's `a5e.raise-ac`) */
  trigger?: TestPayload;
}

const harmfulKinds = new Set<EffectNode['kind']>(['attack', 'save', 'damage']);

/** Whether a tree does anything hostile (an attack, a save, damage), so charm and placid forbid it (A5E-COND-7, A5E-COND-22). */
export function isHarmful(nodes: readonly EffectNode[]): boolean {
  return nodes.some((n) => harmfulKinds.has(n.kind)
    || (n.kind === 'choose' && n.options.some((o) => isHarmful(o.effects))));
}

/** The actions and reactions on a creature's stat block. */
export function effectEntries(sheet: ReturnType<typeof sheetById>): EffectEntry[] {
  return [...(sheet.actions ?? []), ...(sheet.reactions ?? [])];
}

function once(use: EffectUse, key: string, ctx: Resolution, dice: string, roller: string, purpose: string): RollRecord {
  const seen = use.rolls.get(key);
  if (seen) return seen;
  const record = ctx.roll(dice, { roller, purpose });
  use.rolls.set(key, record);
  return record;
}

/** `$actor` and `$target` in a content duration's creature id become the creatures of this use. */
function anchorIds(duration: DurationInput, scope: EffectScope): DurationInput {
  if (!('creatureId' in duration)) return duration;
  const id = duration.creatureId === '$actor' ? scope.actor : duration.creatureId === '$target' ? scope.target ?? scope.actor : duration.creatureId;
  return { ...duration, creatureId: id };
}

/**
 * The A5E rules for the engine's effect interpreter. Attacks and saves are A5E d20 tests (`a5eTest`),
 * so conditions, expertise, cover and every test hook apply; an attack's natural 20 crits and its
 * natural 1 misses (A5E-ATK-6, the attack module's hook). Damage and healing are rolled once per use for
 * every target (A5E-DMG-3); a critical hit doubles the damage (A5E-DMG-4); a successful save halves
 * `half` damage, rounding down. A save under an attack does not inherit its crit.
 */
function a5eEffectRules(use: EffectUse): EffectRules {
  return {
    defense: (ctx, targetId) => ({ label: 'AC', value: armorClass(ctx, targetId) }),
    saveBonus: (ctx, id, ability) => saveBonus(sheetById(ctx.state, id), ability as AbilityId),
    attackOutcome: (_ctx, natural, success) => (natural === 20 ? 'crit' : natural === 1 ? 'miss' : success ? 'hit' : 'miss'),
    damageDice: (dice) => dice,
    hooks: {
      'a5e.raise-ac': (ctx, scope, params) => raiseAc(ctx, scope, params, use.trigger),
    },
    overrides: {
      attack: (ctx, node, scope, run) => {
        const target = scope.target;
        if (!target) return ctx.reject('no-target', `${use.name} needs a target to attack`);
        const options = node.options ?? [];
        const ranged = options.includes('attack:ranged');
        const named = options.find((o) => o.startsWith('ability:'))?.slice('ability:'.length);
        const ability = (named ?? (ranged ? 'dex' : 'str')) as AbilityId;
        const weapon: Attack = {
          id: 'effect', name: node.label ?? use.name, kind: ranged ? 'ranged' : 'melee', bonus: node.bonus, proficient: true,
          reachFeet: ranged ? 5 : use.rangeFeet ?? 5, ...(ranged && use.rangeFeet !== undefined ? { rangeFeet: use.rangeFeet } : {}),
          damage: '0', damageType: 'force', addAbilityToDamage: false, properties: [],
        };
        // Reach, range and cover from the map (A5E-ATK-13, A5E-ATK-15, A5E-COVER-2..5); without one a melee attack is within 5 ft.
        const situation = attackSituation(ctx, scope.actor, target, weapon, ranged, !ranged);
        const cover = situation.cover;
        const p = a5eTest(ctx, {
          kind: 'attack',
          actor: scope.actor,
          target,
          ability,
          ...attackDc(ctx, target, cover),
          base: { label: weapon.name, value: node.bonus },
          options: [`attack:${ranged ? 'ranged' : 'melee'}`, ...situation.options, ...options.filter((o) => !o.startsWith('ability:')), ...scope.options],
          rollModeSources: situation.rollModeSources,
          ruleId: 'A5E-ATK-2',
        });
        const outcome = p.outcome === 'crit' || p.outcome === 'hit' ? p.outcome : 'miss';
        const next = { ...scope, outcome };
        if (outcome === 'crit') run(node.crit ?? node.hit, next);
        else if (outcome === 'hit') run(node.hit, next);
        else run(node.miss ?? [], next);
      },
      save: (ctx, node, scope, run) => {
        const who = scope.target ?? scope.actor;
        const p = a5eTest(ctx, { kind: 'save', actor: who, ability: node.ability as AbilityId, dc: { label: `DC (${use.name})`, value: node.dc }, options: scope.options });
        const saved = p.outcome === 'success';
        const { outcome: _attackOutcome, ...rest } = scope;
        run(saved ? (node.success ?? []) : node.fail, { ...rest, saved });
      },
      damage: (ctx, node, scope) => {
        const target = scope.target;
        if (!target) return ctx.reject('no-target', `${use.name} needs a target to damage`);
        const record = once(use, `damage|${node.dice}|${node.type}`, ctx, node.dice, scope.actor, `${use.name} damage`);
        let parts = damagePartsFromRoll(record, node.type);
        const total = () => parts.reduce((a, x) => a + x.amount, 0);
        if (scope.outcome === 'crit') {
          const before = total();
          parts = parts.map((x) => ({ ...x, amount: x.amount * 2 }));
          ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DMG-4', text: `critical hit: damage doubled, ${before} → ${before * 2}`, creatureId: target });
        }
        if (node.half && scope.saved) {
          const before = total();
          parts = parts.map((x) => ({ ...x, amount: Math.floor(x.amount / 2) }));
          ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DMG-20', text: `a successful save halves ${use.name}: ${before} → ${total()}`, creatureId: target });
        }
        dealDamage(ctx, target, parts, {
          source: scope.actor,
          options: scope.outcome ? [`attack:${scope.outcome}`] : [],
          data: { effect: use.name, ...(scope.outcome ? { outcome: scope.outcome } : {}) },
        });
      },
      heal: (ctx, node, scope) => {
        const record = once(use, `heal|${node.dice}`, ctx, node.dice, scope.actor, `${use.name} healing`);
        heal(ctx, scope.target ?? scope.actor, record.total, scope.actor);
      },
      applyCondition: (ctx, node, scope) => {
        const who = node.to === 'self' ? scope.actor : scope.target;
        if (!who) return ctx.reject('no-target', `${use.name}: applying ${node.condition} needs a target`);
        // Riders do not land on the dead.
        if (ctx.state.creatures[who]?.status === 'dead') return;
        addCondition(ctx, who, node.condition, {
          source: scope.actor,
          ...(node.level ? { level: node.level } : {}),
          ...(node.duration ? { duration: anchorIds(node.duration, scope) } : {}),
        });
      },
    },
  };
}

/**
 * A parry-like reaction: raises the AC the triggering attack roll had to reach; a hit that no longer
 * reaches it misses. A natural 20 still hits (A5E-ATK-6).
 */
function raiseAc(ctx: Resolution, scope: EffectScope, params: Json | undefined, p: TestPayload | undefined): void {
  const bonus = params && typeof params === 'object' && !Array.isArray(params) && typeof params['bonus'] === 'number' ? params['bonus'] : 0;
  if (!p || !p.against || p.kind !== 'attack') return ctx.reject('no-attack', 'raising AC answers an attack that hits: it is offered when one does');
  p.against = { label: `${p.against.label} +${bonus}`, value: p.against.value + bonus };
  p.againstRows?.push({ id: 'raise-ac', label: `${ctx.state.creatures[scope.actor]!.name} raises its AC`, value: bonus, type: 'untyped', source: scope.actor, applied: true, ruleId: 'A5E-ATK-2' });
  const me = ctx.state.creatures[scope.actor]!;
  // A hit made critical by the situation (a paralysed target within 5 ft) is still a hit that can be turned.
  if ((p.outcome === 'hit' || p.outcome === 'crit') && p.natural !== 20 && (p.total ?? 0) < p.against.value) {
    p.outcome = 'miss';
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-2', text: `${me.name} raises its AC by ${bonus}: the attack misses`, creatureId: me.id });
  } else {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-2', text: `${me.name} raises its AC by ${bonus}, not enough to turn the attack`, creatureId: me.id });
  }
}

/** Runs one effect tree for each target (or once on the actor when there is none). */
export function runA5eEffects(ctx: Resolution, actorId: string, name: string, nodes: readonly EffectNode[], targets: readonly (string | null)[], opts: { rangeFeet?: number; options?: string[]; outcome?: string; trigger?: TestPayload } = {}): void {
  const use: EffectUse = { name, rolls: new Map(), ...(opts.rangeFeet !== undefined ? { rangeFeet: opts.rangeFeet } : {}), ...(opts.trigger ? { trigger: opts.trigger } : {}) };
  const rules = a5eEffectRules(use);
  for (const target of targets.length ? targets : [null]) {
    runEffects(ctx, rules, nodes, { actor: actorId, target, options: opts.options ?? [], ...(opts.outcome ? { outcome: opts.outcome } : {}) });
  }
}

/**
 * An attack's riders (`onHit`), for each target it hit, after the damage: a ghoul's claws ask for a
 * Constitution save against paralysis. Damage in a rider is rolled once for all the targets (A5E-DMG-3).
 */
export function runOnHit(ctx: Resolution, actorId: string, attack: Attack, landed: readonly { target: string; outcome: string }[]): void {
  if (!attack.onHit?.length) return;
  const use: EffectUse = { name: attack.name, rolls: new Map() };
  const rules = a5eEffectRules(use);
  for (const r of landed) {
    if (ctx.state.creatures[r.target]?.status === 'dead') continue;
    runEffects(ctx, rules, attack.onHit, { actor: actorId, target: r.target, outcome: r.outcome, options: [`attack:id:${attack.id}`] });
  }
}

/** How many targets an entry takes: its count, else 1, else (with an area) any number. */
export function targetLimit(entry: EffectEntry): number {
  return entry.targets?.count ?? (entry.targets?.area ? 100 : 1);
}

/** Why an entry cannot be used now (spent, out of uses), or null. Costs are the economy's to refuse. */
export function entryRefusal(c: { name: string; vars: Record<string, Json> }, entry: EffectEntry): { code: string; message: string } | null {
  if (entry.recharge && c.vars[SPENT_PREFIX + entry.id] === true) {
    return { code: 'not-recharged', message: `${c.name}'s ${entry.name} has not recharged (recharge ${entry.recharge.min}–6)` };
  }
  const used = c.vars[USED_PREFIX + entry.id];
  if (entry.usesPerDay !== undefined && typeof used === 'number' && used >= entry.usesPerDay) {
    return { code: 'no-uses-left', message: `${c.name} has used ${entry.name} ${used} of ${entry.usesPerDay} times since its last long rest` };
  }
  return null;
}

/** A recharge action is spent until it recharges; a limited one counts a use. */
function markUsed(ctx: Resolution, id: string, entry: EffectEntry): void {
  if (entry.recharge) ctx.emit({ type: 'VarSet', creatureId: id, key: SPENT_PREFIX + entry.id, value: true });
  if (entry.usesPerDay === undefined) return;
  const used = ctx.state.creatures[id]!.vars[USED_PREFIX + entry.id];
  ctx.emit({ type: 'VarSet', creatureId: id, key: USED_PREFIX + entry.id, value: (typeof used === 'number' ? used : 0) + 1 });
}

/** Why not at this target (A5E-ATK-13, A5E-COND-7, A5E-COND-22): beyond the entry's range, or a harmful tree at a creature it may not act against. */
export function useActionTargetRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, entry: EffectEntry, target: string): EngineRefusal | null {
  if (!Object.hasOwn(state.creatures, target)) return { code: 'unknown-creature', message: `no target '${target}'` };
  const range = entry.targets?.rangeFeet;
  const feet = target === actorId ? 0 : distanceBetween(state, actorId, target);
  if (range !== undefined && feet !== null && feet > range) return { code: 'out-of-range', message: `${state.creatures[target]!.name} is ${feet} ft away, beyond ${entry.name}'s ${range} ft` };
  return isHarmful(entry.effects) ? hostileActionBlock(state, actorId, target, ruleset) : null;
}

/**
 * What dispatch answers a `use-action` now, in the order the handler asks: the entry (`options.id`), its
 * targets (how many, no repeats, each in range and one it may act against: `useActionTargetRefusal`),
 * whether it is spent or used up (`entryRefusal`: recharge, uses a day), then its cost (`spendRefusal`,
 * a duel's price included). The handler rejects with it; the menu, the legal commands and the lean
 * policy read it (`a5eCommandRefusal`).
 */
export function useActionRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): EngineRefusal | null {
  const c = state.creatures[actorId]!;
  const entries = effectEntries(sheetOf(c));
  const entry = entries.find((e) => e.id === purchase.options['id']);
  if (!entry) return { code: 'unknown-action', message: `${c.name} has no action '${String(purchase.options['id'] ?? '')}'; actions: ${entries.map((e) => e.id).join(', ') || 'none'}` };
  const { targets } = purchase;
  const limit = targetLimit(entry);
  if (limit === 0 && targets.length) return { code: 'no-targets-allowed', message: `${entry.name} affects ${c.name} alone` };
  if (limit > 0 && !targets.length) return { code: 'no-target', message: `${entry.name} needs a target` };
  if (targets.length > limit) return { code: 'too-many-targets', message: `${entry.name} takes at most ${limit} target${limit === 1 ? '' : 's'}` };
  if (new Set(targets).size !== targets.length) return { code: 'duplicate-target', message: `${entry.name} names a target twice` };
  for (const t of targets) {
    const r = useActionTargetRefusal(ruleset, state, actorId, entry, t);
    if (r) return r;
  }
  return entryRefusal(c, entry) ?? spendRefusal(ruleset, state, actorId, entry.cost, 'A5E-ROUND-4', { purchase });
}

/**
 * `use-action` (`options.id`): one of the stat block's actions or reactions. Targets are checked
 * (count, range, charm and placid for hostile trees), the cost is spent through the economy, a
 * recharge action is marked spent and a limited one counted, then the tree runs for each target.
 */
export const useAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  const refusal = useActionRefusal(ctx.ruleset, ctx.state, actorId, purchase);
  if (refusal) return ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const entry = effectEntries(sheetById(ctx.state, actorId)).find((e) => e.id === options['id'])!;
  spend(ctx, actorId, entry.cost, 'A5E-ROUND-4', { purchase });
  markUsed(ctx, actorId, entry);
  // What the command declares for its attacks (a duel's targeted attack, DUEL-TARGET-1) rides on their rolls.
  runA5eEffects(ctx, actorId, entry.name, entry.effects, targets, { ...(entry.targets?.rangeFeet !== undefined ? { rangeFeet: entry.targets.rangeFeet } : {}), options: [`action:id:${entry.id}`, ...declaredTestOptions(options)] });
};

/** A spent recharge action rolls its d6 at the start of each of the creature's turns; min or more recharges it. */
export function rollRecharges(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id];
  if (!c || c.status === 'dead') return;
  for (const entry of effectEntries(sheetById(ctx.state, id))) {
    if (!entry.recharge || c.vars[SPENT_PREFIX + entry.id] !== true) continue;
    const roll = ctx.roll('1d6', { roller: id, purpose: `${entry.name} recharge (${entry.recharge.min}–6)` });
    if (roll.total >= entry.recharge.min) ctx.emit({ type: 'VarSet', creatureId: id, key: SPENT_PREFIX + entry.id, value: null });
  }
}

/** A long rest gives back every use of a limited action. */
export function resetDailyUses(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id];
  if (!c) return;
  for (const key of Object.keys(c.vars)) if (key.startsWith(USED_PREFIX)) ctx.emit({ type: 'VarSet', creatureId: id, key, value: null });
}

/**
 * Reactions set off by an attack that hits the creature (`trigger.on: hit`, or `melee-hit` for melee
 * attacks only): its controller is asked, and a used reaction runs with the attacker as its target and
 * the attack at hand (so `a5e.raise-ac` can turn the hit into a miss).
 */
export function offerHitReactions(ctx: Resolution, p: TestPayload, mayReact: (id: string) => boolean): void {
  if (p.kind !== 'attack' || (p.outcome !== 'hit' && p.outcome !== 'crit') || !p.target || !p.actor) return;
  const me = ctx.state.creatures[p.target];
  if (!me || !me.sheet || !mayReact(me.id)) return;
  const melee = p.options.has('attack:melee');
  const offered = (sheetById(ctx.state, me.id).reactions ?? [])
    .filter((r) => r.trigger.on === 'hit' || (r.trigger.on === 'melee-hit' && melee))
    .filter((r) => !entryRefusal(me, r));
  if (!offered.length) return;
  const attacker = ctx.state.creatures[p.actor]?.name ?? p.actor;
  const note = costNote(ctx.ruleset, ctx.state, me.id, REACTION);
  const answer = ctx.ask({
    key: 'a5e.reaction',
    to: { controllerOf: me.id },
    about: me.id,
    text: `${attacker}'s attack hits ${me.name}: use a reaction${note ? ` (${note})` : ''}?`,
    options: [...offered.map((r) => ({ id: r.id, label: `${r.name} (${r.trigger.text})` })), { id: 'decline', label: 'No reaction' }],
    default: 'decline',
    ruleId: 'A5E-ROUND-4',
    context: { attacker: p.actor, natural: p.natural, total: p.total },
  });
  const entry = offered.find((r) => r.id === answer);
  if (!entry) return;
  spend(ctx, p.target, REACTION, 'A5E-ROUND-4');
  markUsed(ctx, p.target, entry);
  runA5eEffects(ctx, p.target, entry.name, entry.effects, targetLimit(entry) === 0 ? [] : [p.actor], { trigger: p, options: [`action:id:${entry.id}`] });
}
