import { dealDamage, damagePartsFromRoll, type EncounterState, type Json, type Resolution, type TestPayload } from '@fray/engine';
import type { A5eModule } from '../module';
import { a5eTest, attachExpertise, type A5eTest, type ExpertiseSource } from '../core/d20';
import { BONUS, spend, spendOneAttack, purchaseOf, type Refusal } from '../core/economy';
import { attackAbility, attackBonus, mod, sheetById } from '../sheet/derived';
import type { Attack } from '../sheet/stat-block';
import { ATTACK_WITHIN_5, attackSituation, type AttackSituation } from '../position/attack-geometry';
import { spaceOf } from '../position/geometry';
import { a5eAttackRefusal, OFF_HAND_LEFT, OFF_HAND_READY, offHandReadyRefusal, unseenTargetRefusal, type A5eAttackAction } from './attack-options';
import { offerDropProne } from '../position/prone';
import { runOnHit } from '../effects/run';
import { acStatistic } from '../sheet/armor-class';
import { declaredTestOptions } from './declarations';
import { attackOptions } from '../settings';

export { ATTACK_WITHIN_5 };

export { OFF_HAND_LEFT, OFF_HAND_READY, unseenTargetRefusal };

export interface AttackResult {
  target: string;
  outcome: 'hit' | 'crit' | 'miss';
  natural: number | null;
  total: number | null;
}

export interface MakeAttackOptions {
  /** opportunity attacks and other reactions do not spend the action */
  cost: 'action' | 'reaction' | 'free' | 'bonusAction';
  options?: string[];
  /** a melee weapon with the thrown property hurled as a ranged attack */
  thrown?: boolean;
  /** an off-hand attack: the ability modifier is added to damage only when negative (A5E-ATK-18) */
  offHand?: boolean;
  /** where the attacker aims at a target it neither sees nor has located: `{x, y}` or a zone (A5E-ATK-9) */
  space?: Json;
  /** without positions on a map, whether attacker and target are within 5 ft (the caller's word) */
  within5?: boolean;
}

/** Finds one of the actor's attacks by id (the first when none is named). */
export function findAttack(ctx: Resolution, actorId: string, attackId: Json | undefined): Attack {
  const attack = attackNamed(ctx.state, actorId, attackId);
  if ('code' in attack) return ctx.reject(attack.code, attack.message);
  return attack;
}

/** The creature's attack `attackId` names (its first without one), or why it has none such (for refusal queries; `findAttack` rejects with it). */
export function attackNamed(state: EncounterState, actorId: string, attackId: Json | undefined): Attack | Refusal {
  const sheet = sheetById(state, actorId);
  const attack = attackId === undefined ? sheet.attacks[0] : sheet.attacks.find((a) => a.id === attackId);
  return attack ?? { code: 'unknown-attack', message: `${sheet.name} has no attack '${String(attackId ?? '')}'; attacks: ${sheet.attacks.map((a) => a.id).join(', ') || 'none'}`, ruleId: 'A5E-ACT-3' };
}

/**
 * One attack against each target: a d20 test against AC per target, damage rolled once for all of
 * them (A5E-DMG-3), doubled for each target it crits (A5E-DMG-4), then each target's own steps.
 * The map is consulted first (reach, range, cover: A5E-ATK-13..15, A5E-COVER-2..5), an unseen and
 * unlocated target must be guessed at (A5E-ATK-9), and a visible ranged attack may make its target
 * drop prone (A5E-POS-7). A hidden attacker gives itself away in the actions module (A5E-ATK-10).
 */
export function makeAttack(ctx: Resolution, actorId: string, attack: Attack, targets: string[], opts: MakeAttackOptions): AttackResult[] {
  const sheet = sheetById(ctx.state, actorId);
  const ability = attackAbility(sheet, attack);
  if (opts.thrown && (attack.kind !== 'melee' || !attack.properties.includes('thrown'))) ctx.reject('not-thrown', `${attack.name} is not a thrown melee weapon`, 'A5E-ATK-3');
  const ranged = attack.kind === 'ranged' || opts.thrown === true;
  const situations = new Map<string, AttackSituation>();
  for (const target of targets) {
    if (!ctx.state.creatures[target]) ctx.reject('unknown-creature', `no target '${target}'`);
    situations.set(target, attackSituation(ctx, actorId, target, attack, ranged, opts.within5));
    const unseen = opts.space === undefined ? unseenTargetRefusal(ctx.ruleset, ctx.state, actorId, target) : null;
    if (unseen) ctx.reject(unseen.code, unseen.message, unseen.ruleId);
  }
  const results: AttackResult[] = [];
  for (const target of targets) {
    if (guessNeeded(ctx, actorId, target) && !guessedRight(ctx, target, opts.space)) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-9', text: `${sheet.name} attacks ${describeSpace(opts.space)}: the attack misses`, creatureId: actorId });
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-9', text: `${ctx.state.creatures[target]!.name} was not there`, creatureId: target }, 'gm');
      results.push({ target, outcome: 'miss', natural: null, total: null });
      continue;
    }
    if (ranged) offerDropProne(ctx, actorId, target);
    const situation = situations.get(target)!;
    const cover = situation.cover;
    const p = a5eTest(ctx, {
      kind: 'attack',
      actor: actorId,
      target,
      ability,
      ...attackDc(ctx, target, cover),
      base: { label: attack.name, value: attackBonus(sheet, attack) },
      options: [`attack:${ranged ? 'ranged' : 'melee'}`, `attack:id:${attack.id}`, ...(opts.thrown ? ['attack:thrown'] : []), ...(opts.offHand ? ['attack:off-hand'] : []), ...situation.options, ...(opts.options ?? [])],
      rollModeSources: situation.rollModeSources,
      ruleId: 'A5E-ATK-2',
    });
    results.push({ target, outcome: (p.outcome as AttackResult['outcome']) ?? 'miss', natural: p.natural, total: p.total });
  }
  const landed = results.filter((r) => r.outcome === 'hit' || r.outcome === 'crit');
  if (!landed.length) return results;
  const record = ctx.roll(damageExpression(sheet, attack, { offHand: opts.offHand === true }), { roller: actorId, purpose: `${attack.name} damage` });
  for (const r of landed) {
    let parts = damagePartsFromRoll(record, attack.damageType);
    if (r.outcome === 'crit') {
      const before = parts.reduce((a, x) => a + x.amount, 0);
      parts = parts.map((x) => ({ ...x, amount: x.amount * 2 }));
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DMG-4', text: `critical hit: damage doubled, ${before} → ${before * 2}`, creatureId: r.target });
    }
    dealDamage(ctx, r.target, parts, {
      source: actorId,
      options: [`attack:${attack.kind}`, `attack:${r.outcome}`],
      data: { attack: attack.kind, outcome: r.outcome, attackId: attack.id },
    });
  }
  // Riders on a hit (a ghoul's paralysing claws), after the damage (the effects module).
  runOnHit(ctx, actorId, attack, landed);
  return results;
}

/** Unseen and undetected: hidden from the attacker and not perceived by it (A5E-ATK-9). */
function guessNeeded(ctx: Resolution, attacker: string, target: string): boolean {
  return unseenTargetRefusal(ctx.ruleset, ctx.state, attacker, target) !== null;
}

function guessedRight(ctx: Resolution, target: string, space: Json | undefined): boolean {
  const s = spaceOf(ctx.state);
  if (!s || !Object.hasOwn(s.creatures, target)) return true;
  if (s.kind === 'zones') return typeof space === 'string' && s.creatures[target]!.zone === space;
  const at = s.creatures[target]!;
  const side = s.sizes[at.size] ?? 1;
  const sq = space as { x?: unknown; y?: unknown } | null;
  if (!sq || typeof sq !== 'object' || typeof sq.x !== 'number' || typeof sq.y !== 'number') return false;
  return sq.x >= at.x && sq.x < at.x + side && sq.y >= at.y && sq.y < at.y + side;
}

function describeSpace(space: Json | undefined): string {
  const sq = space as { x?: unknown; y?: unknown } | null;
  return sq && typeof sq === 'object' && 'x' in sq ? `the space (${String(sq.x)},${String(sq.y)})` : `'${String(space)}'`;
}

/**
 * The damage roll: the attack's dice plus the ability modifier for weapons (A5E-DMG-2), minimum 0 per
 * type. Off-hand attacks add the modifier only when it is negative (A5E-ATK-18).
 */
export function damageExpression(sheet: ReturnType<typeof sheetById>, attack: Attack, opts: { offHand?: boolean } = {}): string {
  if (!attack.addAbilityToDamage || attack.bonus !== undefined && attack.properties.includes('spell')) return attack.damage;
  const m = mod(sheet, attackAbility(sheet, attack));
  if (m === 0 || (opts.offHand && m > 0)) return attack.damage;
  // The modifier is labelled with the attack's type, so a typed roll stays typed.
  return `${attack.damage} ${m > 0 ? '+' : '-'} ${Math.abs(m)} ${attack.damageType}`;
}

/** AC with its conditions' modifiers (`acStatistic`'s total), as a d20 test's target number. */
export function armorClass(ctx: Resolution, creatureId: string): number {
  return acStatistic(ctx.ruleset, ctx.state, creatureId).total;
}

/** What an attack roll is made against: AC with the cover this attack faces, and the rows explaining it. */
export function attackDc(ctx: Resolution, target: string, cover: { degree: string; bonus: number }): Pick<A5eTest, 'dc' | 'dcRows'> {
  const ac = acStatistic(ctx.ruleset, ctx.state, target, cover);
  return { dc: { label: cover.bonus ? `AC (${cover.degree} cover +${cover.bonus})` : 'AC', value: ac.total }, dcRows: ac.rows };
}

/** A5E attack outcomes: natural 20 crits and hits, natural 1 fumbles and misses (A5E-ATK-6). */
function judgeAttack(_ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'attack' || p.autoFail) return;
  if (p.natural === 20) p.outcome = 'crit';
  else if (p.natural === 1) p.outcome = 'miss';
  else p.outcome = p.outcome === 'success' ? 'hit' : 'miss';
}

/** Refuses, before anything is spent, what `a5eAttackRefusal` refuses: the one answer menus and policies read too. */
function checkAttack(ctx: Resolution, actorId: string, action: A5eAttackAction, attack: Attack, targets: string[], options: Record<string, Json>): void {
  for (const t of targets) {
    // What a declaration meets at the roll is the roll's to refuse (test.commit), not foreseen here.
    const r = a5eAttackRefusal(ctx.ruleset, ctx.state, actorId, action, attack, t, options, { atRoll: false });
    if (r) ctx.reject(r.code, r.message, r.ruleId);
  }
}

/** One-handed and not heavy: the Attack action with it allows an off-hand attack (A5E-ATK-18). */
function oneHanded(attack: Attack): boolean {
  return !attack.properties.some((p) => p === 'heavy' || p === 'two-handed' || p === 'spell');
}

/**
 * Attack options a command may give: `thrown` (hurl a thrown melee weapon), `space` (A5E-ATK-9),
 * `within5` for tables without a map (a melee attack with a 5-ft reach is taken to be within 5 ft unless it
 * says not; a longer reach only when it says so), and what other modules let an attack declare before its
 * roll (a duel's `target`, DUEL-TARGET-1), which the roll carries as test options.
 */
function attackCommandOptions(attack: Attack, options: Record<string, Json>): Partial<MakeAttackOptions> {
  const thrown = options['thrown'] === true;
  // A weapon with a longer reach is not assumed to be swung from within 5 ft (A5E-ATK-7): the command says so.
  const within5 = typeof options['within5'] === 'boolean' ? options['within5'] : attack.kind === 'melee' && !thrown && attack.reachFeet <= 5;
  const declared = declaredTestOptions(options);
  return { thrown, within5, ...(options['space'] !== undefined ? { space: options['space'] } : {}), ...(declared.length ? { options: declared } : {}) };
}

/** The off-hand allowance lasts for the turn it was earned in. */
const clearOffHand = (ctx: Resolution, id: string) => {
  const c = ctx.state.creatures[id];
  for (const key of [OFF_HAND_READY, OFF_HAND_LEFT]) if (c && c.vars[key] !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key, value: null });
};

export const attackModule: A5eModule = {
  id: 'a5e.attack',
  options: attackOptions,
  hooks: [
    { stage: 'test.outcome', id: 'a5e.attack.natural', priority: 0, ruleId: 'A5E-ATK-6', run: judgeAttack },
    {
      stage: 'test.modifiers', id: 'a5e.expertise.attach', priority: 1000, ruleId: 'A5E-CORE-6',
      run: (ctx, p) => attachExpertise(ctx, p, (p.data['expertise'] as unknown as ExpertiseSource[] | undefined) ?? []),
    },
    { stage: 'turn.end', id: 'a5e.attack.off-hand-ends', priority: 0, ruleId: 'A5E-ATK-18', run: (ctx, p) => clearOffHand(ctx, p.creatureId) },
  ],
  actions: {
    /**
     * The Attack action: the first attack spends the action and leaves the rest of a multiattack
     * as `attacksLeft`, to be made between moves (A5E-ACT-3, A5E-ROUND-3).
     */
    attack: (ctx, actorId, targets, options, action) => {
      if (!targets.length) ctx.reject('no-target', 'an attack needs a target', 'A5E-ACT-3');
      const attack = findAttack(ctx, actorId, options['attack']);
      checkAttack(ctx, actorId, 'attack', attack, targets.slice(0, 1), options);
      spendOneAttack(ctx, actorId, 'A5E-ACT-3', 'A5E-ACT-3', { purchase: purchaseOf(action, targets, options) });
      if (oneHanded(attack) && ctx.state.creatures[actorId]!.vars[OFF_HAND_READY] !== attack.id) {
        ctx.emit({ type: 'VarSet', creatureId: actorId, key: OFF_HAND_READY, value: attack.id });
      }
      makeAttack(ctx, actorId, attack, targets.slice(0, 1), { cost: 'action', ...attackCommandOptions(attack, options) });
    },
    /**
     * Off-hand attack (A5E-ATK-18, A5E-ATK-19): after an Attack action with a one-handed weapon that
     * is not heavy, a bonus action attacks with a different dual-wielding melee weapon (thrown at range
     * if it has the thrown property), adding the ability modifier to damage only when negative. With
     * Extra Attack the bonus action buys two such attacks.
     */
    'off-hand-attack': (ctx, actorId, targets, options, action) => {
      if (targets.length !== 1) ctx.reject(targets.length ? 'one-target' : 'no-target', 'an off-hand attack has one target', 'A5E-ATK-18');
      const c = ctx.state.creatures[actorId]!;
      const notReady = offHandReadyRefusal(ctx.state, actorId);
      if (notReady) ctx.reject(notReady.code, notReady.message, notReady.ruleId);
      const attack = findAttack(ctx, actorId, options['attack']);
      checkAttack(ctx, actorId, 'off-hand-attack', attack, targets, options);
      const left = typeof c.vars[OFF_HAND_LEFT] === 'number' ? (c.vars[OFF_HAND_LEFT] as number) : 0;
      if (left > 0) {
        spend(ctx, actorId, 'free', 'A5E-ATK-19', { purchase: purchaseOf(action, targets, options) });
        ctx.emit({ type: 'VarSet', creatureId: actorId, key: OFF_HAND_LEFT, value: left - 1 > 0 ? left - 1 : null });
      } else {
        spend(ctx, actorId, BONUS, 'A5E-ATK-18', { purchase: purchaseOf(action, targets, options) });
        const sheet = sheetById(ctx.state, actorId);
        if (sheet.kind === 'character' && sheet.attacksPerAction >= 2) {
          ctx.emit({ type: 'VarSet', creatureId: actorId, key: OFF_HAND_LEFT, value: 1 });
          ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-19', text: `${c.name} has Extra Attack: its bonus action makes two off-hand attacks`, creatureId: actorId });
        }
      }
      makeAttack(ctx, actorId, attack, targets, { cost: 'bonusAction', offHand: true, ...attackCommandOptions(attack, options) });
    },
  },
};
