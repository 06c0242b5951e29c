import {
  againstStatistic, addCondition, currentCreatureId, d20Test, dealDamage, grantTempHp, hasFlag, testPredicate,
  type BreakdownRow, type EncounterState, type Json, type Modifier, type Resolution, type RollModeSource, type TestPayload,
} from '@fray/engine';
import type { Attack, Effect } from '../sheet/stat-block';
import { abilityMod, levelMultiplier, withConstant } from '../core/math';
import { hostile, pcSheet, monsterSheet, levelOf } from '../core/sheets';
import { defenseStatistic, stateModifiers } from '../core/stats';
import { actionRefusal, cannotAct, spendAction, setVar, type Refusal, type Rules } from '../core/economy';
import { engagedFoes, isEngagedWith, engagePair } from '../position/zones';
import type { DamageData } from './damage';

export type AttackMode = 'turn' | 'opportunity' | 'readied' | 'interrupt';

export interface AttackRequest {
  actor: string;
  attack: Attack;
  targets: string[];
  mode: AttackMode;
  coupDeGrace?: boolean;
  /** the GM's universal combat modifier: +2 or -2 (13A-MOD-1) */
  circumstance?: 'advantage' | 'disadvantage' | null;
  nonlethal?: boolean;
  /** a flexible attack: `attack` is the basic attack used when no flexible trigger matches */
  flexible?: Attack[];
}

export interface TargetResult {
  target: string;
  outcome: 'hit' | 'crit' | 'miss' | 'fumble' | 'invisible-miss';
  natural: number | null;
  options: Set<string>;
}

const abilityLabel = (a: string) => a[0]!.toUpperCase() + a.slice(1);

/** The basic melee attack a creature uses for opportunity attacks (13A-ENGAGE-9). */
export function basicMelee(ctx: Resolution, id: string): Attack | null {
  const s = ctx.state.creatures[id]!.sheet as unknown as { attacks: Attack[] };
  return s.attacks.find((a) => a.kind === 'melee' && a.basic && !a.flexible) ?? s.attacks.find((a) => a.kind === 'melee' && !a.flexible) ?? null;
}

/** 13A-CRIT-1/2, 13A-COND-9: the lowest natural that crits. */
export function critThreshold(ctx: Rules, atk: Attack, target: string): number {
  const vulnerable = hasFlag(ctx.ruleset, ctx.state.creatures[target]!, 'vulnerable') ? 2 : 0;
  return 20 - atk.critExpansion - vulnerable;
}

/** What one attack roll adds up to before the die: its base, modifiers, roll-mode steps, defence and crit range. */
export interface AttackRollParts {
  base: { label: string; value: number };
  modifiers: Modifier[];
  rollModeSources: RollModeSource[];
  against: { label: string; value: number };
  /** the rows explaining the defense (`defenseStatistic`) */
  againstRows: BreakdownRow[];
  critThreshold: number;
  /** afraid: the escalation die would apply but the condition forbids it (13A-ESC-6) */
  escalationRefused: boolean;
}

/**
 * The numbers of one attack roll against one target (13A-ATK-2/3/4, 13A-ESC-2/3/6, 13A-GRAB-7,
 * 13A-MOD-1): the attack asks it before rolling, an action menu asks it for exact odds.
 */
export function attackRollParts(ctx: Rules, req: Pick<AttackRequest, 'actor' | 'circumstance'>, atk: Attack, target: string): AttackRollParts {
  const actor = ctx.state.creatures[req.actor]!;
  const pc = pcSheet(actor);
  const mods: Modifier[] = [];
  let base: { label: string; value: number };
  if (pc) {
    const ability = atk.ability ?? 'str';
    base = { label: `${abilityLabel(ability)} modifier`, value: abilityMod(pc.abilities[ability]) };
    mods.push({ id: 'level', label: 'level', value: pc.level, type: 'level', source: req.actor, ruleId: '13A-ATK-2' });
    if (pc.itemAttackBonus) mods.push({ id: 'magic-item', label: 'magic item', value: pc.itemAttackBonus, type: 'item', source: req.actor, ruleId: '13A-STACK-2' });
  } else {
    base = { label: 'attack bonus', value: atk.bonus ?? monsterSheet(actor)!.level + 5 };
  }
  if (atk.penalty) mods.push({ id: `${atk.id}-penalty`, label: `${atk.name} penalty`, value: atk.penalty, type: 'untyped', source: req.actor, ruleId: atk.id === 'unarmed' ? '13A-WPN-3' : '13A-ATK-2' });
  const esc = ctx.state.counters['escalation'] ?? 0;
  const usesEscalation = pc !== null || monsterSheet(actor)?.usesEscalation === true;
  let escalationRefused = false;
  if (esc > 0 && usesEscalation) {
    if (hasFlag(ctx.ruleset, actor, 'no-escalation')) escalationRefused = true;
    else mods.push({ id: 'escalation-die', label: 'escalation die', value: esc, type: 'escalation', source: 'encounter', ruleId: '13A-ESC-2' });
  }
  const grab = ctx.state.creatures[target]!.conditions.find((c) => c.conditionId === 'grabbed' && (c.data as { grabber?: string } | undefined)?.grabber === req.actor);
  if (grab) mods.push({ id: 'grabbing', label: 'grabbing the target', value: 4, type: 'untyped', source: req.actor, ruleId: '13A-GRAB-7' });
  mods.push(...stateModifiers(ctx.state, req.actor, 'attack'));
  const sources: RollModeSource[] = [];
  if (req.circumstance) sources.push({ mode: req.circumstance, source: 'gm', label: `${req.circumstance === 'advantage' ? 'advantageous' : 'adverse'} circumstances`, ruleId: '13A-MOD-1' });
  const d = defenseStatistic(ctx.ruleset, ctx.state, target, atk.vs);
  return { base, modifiers: mods, rollModeSources: sources, ...againstStatistic(d), critThreshold: critThreshold(ctx, atk, target), escalationRefused };
}

/** One attack roll against one target, from `attackRollParts`. */
export function rollAttack(ctx: Resolution, req: AttackRequest, atk: Attack, target: string, extra: string[] = []): TestPayload {
  const actor = ctx.state.creatures[req.actor]!;
  const parts = attackRollParts(ctx, req, atk, target);
  if (parts.escalationRefused) ctx.emit({ type: 'RuleApplied', ruleId: '13A-ESC-6', text: `${actor.name} is afraid and cannot use the escalation die`, creatureId: req.actor });
  const threshold = parts.critThreshold;
  return d20Test(ctx, {
    kind: 'attack', actor: req.actor, target,
    selectors: attackSelectors(atk),
    options: attackOptions(atk, extra),
    base: parts.base, modifiers: parts.modifiers, rollModeSources: parts.rollModeSources,
    against: parts.against,
    againstRows: parts.againstRows,
    ruleId: '13A-ATK-4',
    judge: (p) => {
      const n = p.natural ?? 0;
      p.options.add(`roll:natural:${n % 2 === 0 ? 'even' : 'odd'}`);
      if (req.coupDeGrace) p.outcome = 'crit';
      else if (n === 1) p.outcome = 'fumble';
      else if (n >= threshold) p.outcome = 'crit';
      else p.outcome = p.outcome === 'success' ? 'hit' : 'miss';
      p.options.add(`outcome:${p.outcome}`);
      p.data['critThreshold'] = threshold;
    },
  });
}

export const attackSelectors = (atk: Attack): string[] => ['attack', `attack:${atk.kind}`];
export const attackOptions = (atk: Attack, extra: readonly string[] = []): string[] =>
  [`attack:${atk.kind}`, `attack:vs:${atk.vs.toLowerCase()}`, ...(atk.spell ? ['attack:spell'] : []), ...extra];

/** 13A-WPN-1/2, 13A-DMG-2: the hit damage expression for this attacker. */
export function damageExpression(ctx: Rules, actorId: string, atk: Attack): string {
  const c = ctx.state.creatures[actorId]!;
  const pc = pcSheet(c);
  if (!pc) return atk.damage!;
  const m = levelMultiplier(pc.level);
  const abil = abilityMod(pc.abilities[atk.ability ?? 'str']) * m;
  if (atk.weaponDie) return withConstant(`${pc.level}${atk.weaponDie}`, abil);
  return atk.addAbility ? withConstant(atk.damage!, abil) : atk.damage!;
}

export function critMultiplier(atk: Attack): number {
  return 2 + new Set(atk.critDoubling).size;
}

/** Validates targets and legality before any action is spent (13A-TGT-1/2/5, 13A-ENGAGE-2, 13A-GRAB-6, 13A-COND-5, 13A-CDG-1). */
function validate(ctx: Resolution, req: AttackRequest): void {
  const { actor, attack: atk, targets } = req;
  const me = ctx.state.creatures[actor]!;
  if (!targets.length) ctx.reject('no-target', `${atk.name} needs a target`, '13A-ATK-1');
  if (new Set(targets).size !== targets.length) ctx.reject('illegal-target', 'a target is named twice', '13A-ATK-1');
  const maxTargets = req.coupDeGrace ? 1 : Math.max(atk.maxTargets, ...(req.flexible ?? []).map((f) => f.maxTargets));
  if (targets.length > maxTargets) ctx.reject('too-many-targets', `${atk.name} targets at most ${maxTargets}${req.coupDeGrace ? ' (a coup de grace targets only the helpless enemy)' : ''}`, req.coupDeGrace ? '13A-CDG-1' : '13A-TGT-4');
  for (const t of targets) {
    const refusal = attackTargetRefusal(ctx.state, actor, atk, t);
    if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  }
  if (atk.group && targets.length > 1) {
    // 13A-TGT-2: targets in a group are taken in order outward from the first, without skipping.
    const groupOf = (id: string) => ctx.state.creatures[id]!.vars['group'];
    const g = groupOf(targets[0]!);
    if (typeof g !== 'string' || targets.some((t) => groupOf(t) !== g)) ctx.reject('not-a-group', 'every target must be in the same group', '13A-TGT-2');
    const members = ctx.state.creatureIds.filter((id) => groupOf(id) === g && ctx.state.creatures[id]!.status !== 'dead');
    const pos = targets.map((t) => members.indexOf(t)).sort((a, b) => a - b);
    if (pos.some((p, i) => i > 0 && p !== pos[i - 1]! + 1)) ctx.reject('leapfrog', `group targets must be next to each other in the group's order (${members.join(', ')}): no skipping`, '13A-TGT-2');
  }
  const barred = attackerRefusal(ctx, actor, atk, req.flexible !== undefined);
  if (barred) ctx.reject(barred.code, barred.message, barred.ruleId);
  if (req.mode === 'opportunity' && (req.flexible || atk.kind !== 'melee')) ctx.reject('not-basic-melee', 'an opportunity attack is a basic melee attack, never flexible', '13A-ATK-9');
  if (req.coupDeGrace) {
    const t = targets[0]!;
    if (req.mode !== 'turn' || atk.action !== 'standard') ctx.reject('no-coup-de-grace', 'a coup de grace is a standard-action attack on your own turn', '13A-CDG-1');
    if (!hasFlag(ctx.ruleset, ctx.state.creatures[t]!, 'helpless')) ctx.reject('not-helpless', `${ctx.state.creatures[t]!.name} is not helpless`, '13A-CDG-1');
    if (!isEngagedWith(ctx.state, actor, t)) ctx.reject('not-engaged', 'a coup de grace needs the attacker engaged with the helpless enemy', '13A-CDG-1');
    if ((me.resources['move'] ?? 0) < 1 || (me.resources['quick'] ?? 0) < 1) ctx.reject('no-coup-de-grace', 'a coup de grace needs the move and quick actions unused this turn', '13A-CDG-1');
  }
}

/**
 * Why `actor` may not aim this attack at `target` (13A-TGT-1, 13A-TGT-5, 13A-ENGAGE-2): itself, the
 * dead, a creature above the attack's hit-point threshold, or one it is not engaged with for a melee
 * attack. The attack handler, the legal commands and the action menu ask this one question.
 */
export function attackTargetRefusal(state: EncounterState, actor: string, atk: Attack, target: string): Refusal | null {
  const me = state.creatures[actor]!;
  const c = state.creatures[target]!;
  if (target === actor) return { code: 'illegal-target', message: `${me.name} cannot attack itself`, ruleId: '13A-TGT-1' };
  if (c.status === 'dead') return { code: 'illegal-target', message: `${c.name} is dead`, ruleId: '13A-TGT-1' };
  if (atk.hpThreshold !== undefined && c.hp > atk.hpThreshold) return { code: 'illegal-target', message: `${atk.name} only targets creatures with ${atk.hpThreshold} hp or fewer; ${c.name} has ${c.hp}`, ruleId: '13A-TGT-5' };
  if (atk.kind === 'melee' && !isEngagedWith(state, actor, target)) return { code: 'not-engaged', message: `${me.name} must be engaged with ${c.name} to make a melee attack: engage it first (a move action)`, ruleId: '13A-ENGAGE-2' };
  return null;
}

/** Why its conditions bar this attack whatever the target (13A-GRAB-6, 13A-COND-5, 13A-COND-2). */
export function attackerRefusal(ctx: Rules, actor: string, atk: Attack, flexible = false): Refusal | null {
  const me = ctx.state.creatures[actor]!;
  if (atk.kind === 'ranged' && hasFlag(ctx.ruleset, me, 'no-ranged')) return { code: 'grabbed-no-ranged', message: `${me.name} is grabbed and cannot make ranged attacks`, ruleId: '13A-GRAB-6' };
  if (hasFlag(ctx.ruleset, me, 'basic-attacks-only') && (!atk.basic || flexible)) return { code: 'hampered', message: `${me.name} is hampered and can only make basic attacks`, ruleId: '13A-COND-5' };
  if (hasFlag(ctx.ruleset, me, 'confused') && atk.usage === 'limited') return { code: 'confused', message: `${me.name} is confused and cannot use limited powers`, ruleId: '13A-COND-2' };
  return null;
}

/**
 * Who may make an opportunity attack when `actor` makes this attack on its turn (13A-ENGAGE-3/4): a
 * spell that is not close-quarters provokes every engaged foe, a ranged attack those it does not target.
 */
export function attackProvokers(state: EncounterState, actor: string, atk: Attack, targets: readonly string[]): string[] {
  const engaged = engagedFoes(state, actor).filter((f) => hostile(state, actor, f));
  return atk.spell && !atk.closeQuarters ? engaged : atk.kind === 'ranged' ? engaged.filter((f) => !targets.includes(f)) : [];
}

/**
 * Why it cannot pay for this attack now (13A-ACT-1..7): an interrupt attack off its turn with the
 * interrupt action unused, a free-action attack on its own turn, any other out of the slots that can
 * pay for its action type. `resolveAttack`'s spending step asks it before it pays.
 */
export function attackCostRefusal(q: Rules, id: string, atk: Attack, interrupt = atk.action === 'interrupt'): Refusal | null {
  const c = q.state.creatures[id]!;
  if (interrupt || atk.action === 'interrupt') {
    const why = cannotAct(q, id);
    if (why) return { code: 'cannot-act', message: why, ruleId: '13A-ACT-7' };
    if (currentCreatureId(q.state) === id) return { code: 'not-off-turn', message: 'an interrupt action is taken when it is not your turn', ruleId: '13A-ACT-4' };
    if ((c.resources['interrupt'] ?? 0) < 1) return { code: 'no-interrupt', message: 'the interrupt action is used until the end of your next turn', ruleId: '13A-ACT-4' };
    return null;
  }
  if (atk.action === 'free') {
    // Off its turn a free action comes only with a trigger (an opportunity attack, an intercept), which have their own modes (13A-ACT-3).
    if (q.state.phase !== 'combat' || currentCreatureId(q.state) !== id) return { code: 'not-your-turn', message: `a free-action attack is taken on ${c.name}'s own turn`, ruleId: '13A-ACT-3' };
    const why = cannotAct(q, id);
    return why ? { code: 'cannot-act', message: why, ruleId: '13A-ACT-7' } : null;
  }
  return actionRefusal(q, id, atk.action, '13A-ACT-6');
}

function spend(ctx: Resolution, req: AttackRequest): void {
  const { actor, attack: atk } = req;
  if (req.mode === 'opportunity' || req.mode === 'readied') return;
  const interrupt = atk.action === 'interrupt' || req.mode === 'interrupt';
  const refusal = attackCostRefusal(ctx, actor, atk, interrupt);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  if (interrupt || atk.action === 'interrupt') {
    ctx.emit({ type: 'ResourceSet', creatureId: actor, key: 'interrupt', value: 0, ruleId: '13A-ACT-4' });
    return;
  }
  if (atk.action === 'free') return;
  spendAction(ctx, actor, atk.action, '13A-ACT-6');
  if (req.coupDeGrace) {
    for (const k of ['move', 'quick']) ctx.emit({ type: 'ResourceSet', creatureId: actor, key: k, value: 0, ruleId: '13A-CDG-1' });
  }
}

/** 13A-ENGAGE-9: each entitled foe may take a free basic melee attack; returns whether the provoker can go on. */
export function opportunityAttacks(ctx: Resolution, provoker: string, foes: readonly string[], why: string): boolean {
  for (const foe of foes) {
    const f = ctx.state.creatures[foe]!;
    if (cannotAct(ctx, foe) || hasFlag(ctx.ruleset, f, 'no-opportunity-attacks') || !isEngagedWith(ctx.state, foe, provoker)) continue;
    if (ctx.state.vars['ambushRound'] === true) continue;
    const atk = basicMelee(ctx, foe);
    if (!atk) continue;
    const answer = ctx.ask({
      key: '13a.opportunity', to: { controllerOf: foe }, about: foe,
      text: `${ctx.state.creatures[provoker]!.name} ${why}: opportunity attack with ${atk.name}?`,
      options: [{ id: 'attack', label: `Attack with ${atk.name}` }, { id: 'decline', label: 'Let it go' }],
      default: 'attack',
    });
    if (answer !== 'attack') continue;
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-ENGAGE-9', text: `${ctx.state.creatures[foe]!.name} makes an opportunity attack on ${ctx.state.creatures[provoker]!.name}`, creatureId: foe });
    resolveAttack(ctx, { actor: foe, attack: atk, targets: [provoker], mode: 'opportunity' });
  }
  const p = ctx.state.creatures[provoker]!;
  const stopped = p.hp <= 0 || p.status === 'dead' || cannotAct(ctx, provoker) !== null;
  if (stopped) ctx.emit({ type: 'RuleApplied', ruleId: '13A-ENGAGE-9', text: `${p.name} is dropped before the provoking action happens`, creatureId: provoker });
  return !stopped;
}

/** The whole attack: 13A-ATK-1 (declare, provoke, roll per target, damage once, apply). */
export function resolveAttack(ctx: Resolution, req: AttackRequest): TargetResult[] {
  validate(ctx, req);
  spend(ctx, req);
  const atk = req.attack;
  const actor = req.actor;
  // 13A-ENGAGE-3/4: ranged attacks provoke from engaged foes not targeted; spells from all but close-quarters.
  if (req.mode === 'turn') {
    const provokers = attackProvokers(ctx.state, actor, atk, req.targets);
    if (provokers.length) {
      const why = atk.spell && !atk.closeQuarters ? `casts ${atk.name} while engaged` : `makes a ranged attack while engaged`;
      ctx.emit({ type: 'RuleApplied', ruleId: atk.spell ? '13A-ENGAGE-4' : '13A-ENGAGE-3', text: `${ctx.state.creatures[actor]!.name} ${why}: ${provokers.map((id) => ctx.state.creatures[id]?.name ?? id).join(', ')} may attack`, creatureId: actor });
      if (!opportunityAttacks(ctx, actor, provokers, why)) return [];
    }
  }
  const results: TargetResult[] = [];
  const resolvedAttack = new Map<string, Attack>();
  const hitTargets: { target: string; crit: boolean; natural: number | null; atk: Attack; options: Set<string> }[] = [];
  for (const target of req.targets) {
    const r = rollOne(ctx, req, atk, target);
    if (!r) continue;
    results.push(r.result);
    resolvedAttack.set(r.target, r.atk);
    if (r.result.outcome === 'hit' || r.result.outcome === 'crit') hitTargets.push({ target: r.target, crit: r.result.outcome === 'crit', natural: r.result.natural, atk: r.atk, options: r.result.options });
  }
  // 13A-TGT-4: damage is rolled once and dealt to every target hit.
  if (hitTargets.length) {
    const expr = damageExpression(ctx, actor, hitTargets[0]!.atk);
    const rolled = ctx.roll(`${expr}`, { roller: actor, purpose: `${hitTargets[0]!.atk.name} damage` });
    for (const h of hitTargets) {
      const a = h.atk;
      if (ctx.state.creatures[h.target]!.status === 'dead') continue;
      const critMult = h.crit ? critMultiplier(a) : 1;
      const data: DamageData = { natural: h.natural, critMult, magical: a.magical || a.spell, ...(req.nonlethal ? { nonlethal: true } : {}) };
      dealDamage(ctx, h.target, [{ type: a.damageType, amount: rolled.total }], { source: actor, data: data as unknown as Record<string, Json>, options: ['damage:attack'] });
      // 13A-GRAB-3: hitting the grabber this turn waives the -5 on disengaging.
      if (ctx.state.creatures[actor]!.conditions.some((c) => c.conditionId === 'grabbed' && (c.data as { grabber?: string } | undefined)?.grabber === h.target)) {
        setVar(ctx, actor, 'hitGrabberThisTurn', true);
      }
      applyEffects(ctx, actor, h.target, a.hit, a, h.natural);
    }
  }
  // 13A-ATK-7: miss damage applies on a miss but never on a natural 1 (13A-ATK-6).
  const missed = results.filter((r) => r.outcome === 'miss');
  const fumbled = results.filter((r) => r.outcome === 'fumble');
  for (const f of fumbled) ctx.emit({ type: 'RuleApplied', ruleId: '13A-ATK-6', text: `natural 1: no effect on ${ctx.state.creatures[f.target]!.name}, not even miss damage`, creatureId: actor });
  const missAtk = missed.length ? resolvedAttack.get(missed[0]!.target)! : null;
  if (missAtk?.miss !== undefined) {
    const amount = missAtk.miss === 'level' ? levelOf(ctx.state.creatures[actor]!) : ctx.roll(missAtk.miss, { roller: actor, purpose: `${missAtk.name} miss damage` }).total;
    for (const m of missed) {
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-ATK-7', text: `miss damage ${amount} to ${ctx.state.creatures[m.target]!.name}`, creatureId: actor });
      dealDamage(ctx, m.target, [{ type: missAtk.damageType, amount }], { source: actor, data: { natural: m.natural, critMult: 1, magical: missAtk.magical || missAtk.spell } as unknown as Record<string, Json>, options: ['damage:miss'] });
    }
  }
  // Natural-roll triggers (even, odd, 16+, ...): predicates over the roll's options.
  for (const r of results) {
    const a = resolvedAttack.get(r.target)!;
    if (r.outcome === 'invisible-miss' || r.outcome === 'fumble') continue;
    for (const trig of a.triggers) {
      if (testPredicate(trig.when, r.options)) {
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-GEN-1', text: `${a.name}: natural ${r.natural} triggers an effect`, creatureId: actor });
        applyEffects(ctx, actor, r.target, trig.effects, a, r.natural);
      }
    }
  }
  return results;
}

function rollOne(ctx: Resolution, req: AttackRequest, atk: Attack, target: string): { target: string; atk: Attack; result: TargetResult } | null {
  const actor = req.actor;
  const t = ctx.state.creatures[target]!;
  if (t.status === 'dead') return null;
  // 13A-MOD-4: 50% to miss completely before any attack roll.
  if (hasFlag(ctx.ruleset, t, 'invisible') && !req.coupDeGrace) {
    const d = ctx.roll('1d100', { roller: actor, purpose: 'invisibility miss chance' }).total;
    if (d <= 50) {
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-MOD-4', text: `d100 ${d}: the attack on invisible ${t.name} misses completely`, creatureId: actor });
      return { target, atk, result: { target, outcome: 'invisible-miss', natural: null, options: new Set() } };
    }
  }
  let p = rollAttack(ctx, req, atk, target);
  // 13A-WPN-4: a natural 2 while fighting with two weapons may be rerolled; the reroll stands (13A-GEN-6).
  const pc = pcSheet(ctx.state.creatures[actor]!);
  if (p.natural === 2 && pc?.twoWeapon && atk.kind === 'melee' && !req.coupDeGrace) {
    const a = ctx.ask({ key: '13a.twoWeaponReroll', to: { controllerOf: actor }, about: actor, text: 'Natural 2 with two weapons: reroll the attack (and keep the reroll)?', options: [{ id: 'reroll', label: 'Reroll' }, { id: 'keep', label: 'Keep the 2' }], default: 'reroll' });
    if (a === 'reroll') {
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-WPN-4', text: 'two-weapon fighting: natural 2 rerolled', creatureId: actor });
      p = rollAttack(ctx, req, atk, target, ['attack:reroll']);
    }
  }
  // 13A-MOD-2: a ranged natural 1 into a melee with the attacker's allies is rerolled against one of them.
  if (p.natural === 1 && atk.kind === 'ranged') {
    const allies = engagedFoes(ctx.state, target).filter((id) => id !== actor && !hostile(ctx.state, actor, id) && ctx.state.creatures[id]!.status !== 'dead');
    if (allies.length) {
      const ally = allies.length === 1 ? allies[0]! : (ctx.ask({ key: '13a.meleeAlly', to: { role: 'gm' }, about: target, text: 'Shooting into melee fumbled: which ally is the new target?', options: allies.map((id) => ({ id, label: ctx.state.creatures[id]!.name })), default: allies[0]! }) as string);
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-MOD-2', text: `natural 1 shooting into melee: reroll against ${ctx.state.creatures[ally]!.name}`, creatureId: actor });
      const q = rollAttack(ctx, req, atk, ally, ['attack:reroll', 'attack:into-melee']);
      if (q.outcome === 'hit' || q.outcome === 'crit') {
        const rolled = ctx.roll(damageExpression(ctx, actor, atk), { roller: actor, purpose: `${atk.name} damage (ally)` });
        dealDamage(ctx, ally, [{ type: atk.damageType, amount: rolled.total }], { source: actor, data: { natural: q.natural, critMult: q.outcome === 'crit' ? critMultiplier(atk) : 1, magical: atk.magical || atk.spell } as unknown as Record<string, Json> });
        applyEffects(ctx, actor, ally, atk.hit, atk, q.natural);
      }
      return { target, atk, result: { target, outcome: 'fumble', natural: 1, options: p.options } };
    }
  }
  let used = atk;
  // 13A-ATK-8: the natural die picks the flexible attack; the total still decides the hit.
  if (req.flexible?.length && p.natural !== null) {
    const eligible = req.flexible.filter((f) => testPredicate(f.flexible, p.options));
    if (eligible.length === 1) used = eligible[0]!;
    else if (eligible.length > 1) {
      const pick = ctx.ask({ key: '13a.flexible', to: { controllerOf: actor }, about: actor, text: `Natural ${p.natural}: which flexible attack?`, options: eligible.map((f) => ({ id: f.id, label: f.name })), default: eligible[0]!.id });
      used = eligible.find((f) => f.id === pick) ?? eligible[0]!;
    }
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-ATK-8', text: `natural ${p.natural}: ${used.name}`, creatureId: actor });
  }
  return { target, atk: used, result: { target, outcome: p.outcome as TargetResult['outcome'], natural: p.natural, options: p.options } };
}

const durationFor = (d: Extract<Effect, { kind: 'condition' }>['duration'], actor: string) => {
  switch (d) {
    case 'save-easy': return { kind: 'saveEnds' as const, save: { difficulty: 'easy' }, timing: 'end' as const };
    case 'save-normal': return { kind: 'saveEnds' as const, save: { difficulty: 'normal' }, timing: 'end' as const };
    case 'save-hard': return { kind: 'saveEnds' as const, save: { difficulty: 'hard' }, timing: 'end' as const };
    case 'end-of-next-turn': return { kind: 'nextTurn' as const, creatureId: actor, boundary: 'end' as const };
    case 'start-of-next-turn': return { kind: 'nextTurn' as const, creatureId: actor, boundary: 'start' as const };
    case 'battle': return { kind: 'endOfEncounter' as const };
  }
};

/** Hit and trigger effects: conditions with durations, ongoing damage, grabs, extra damage, temporary hp. */
export function applyEffects(ctx: Resolution, actor: string, target: string, effects: readonly Effect[], atk: Attack, natural: number | null): void {
  for (const e of effects) {
    if (ctx.state.creatures[target]!.status === 'dead' && e.kind !== 'tempHp') continue;
    switch (e.kind) {
      case 'condition':
        addCondition(ctx, target, e.condition, { source: actor, duration: durationFor(e.duration, actor), ruleId: '13A-COND-11' });
        break;
      case 'ongoing': {
        // 13A-ONG-3: the same named effect does not stack; the larger (or newer, when equal) stays.
        const same = ctx.state.creatures[target]!.conditions.find((c) => c.conditionId === 'ongoing-damage' && (c.data as { name?: string } | undefined)?.name === atk.name);
        if (same) {
          const old = Number((same.data as { amount?: string }).amount);
          const now = Number(e.amount);
          if (Number.isFinite(old) && Number.isFinite(now) && old > now) { ctx.emit({ type: 'RuleApplied', ruleId: '13A-ONG-3', text: `${atk.name} ongoing damage does not stack`, creatureId: target }); break; }
          ctx.emit({ type: 'ConditionRemoved', creatureId: target, instanceId: same.instanceId, conditionId: 'ongoing-damage', reason: 'replaced by the same named effect', ruleId: '13A-ONG-3' });
        }
        addCondition(ctx, target, 'ongoing-damage', {
          source: actor, ruleId: '13A-ONG-1',
          duration: { kind: 'saveEnds', save: { difficulty: e.save }, timing: 'end' },
          data: { amount: e.amount, type: e.type, natural, magical: atk.magical || atk.spell, name: atk.name },
        });
        break;
      }
      case 'grab':
        addCondition(ctx, target, 'grabbed', { source: actor, data: { grabber: actor }, ruleId: '13A-GRAB-1' });
        if (!isEngagedWith(ctx.state, actor, target)) engagePair(ctx, actor, target);
        break;
      case 'damage': {
        const r = ctx.roll(e.dice, { roller: actor, purpose: `${atk.name} extra damage` });
        dealDamage(ctx, target, [{ type: e.type, amount: r.total }], { source: actor, data: { natural, critMult: 1, magical: atk.magical || atk.spell } as unknown as Record<string, Json> });
        break;
      }
      case 'tempHp':
        grantTempHp(ctx, actor, e.amount, atk.name, '13A-THP-2');
        break;
    }
  }
}

