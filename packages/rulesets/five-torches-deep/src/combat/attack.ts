import { addCondition, againstStatistic, dealDamage, forbidEffect, hasCondition, removeCondition, type Json, type Resolution, type RollModeSource, type ConditionDef, type EncounterState } from '@fray/engine';
import type { AttackDef, AttackKind, Ability } from '../sheet/stat-block';
import { ftdCheck, type FtdCheckRequest } from '../core/check';
import { actRefusal, spend, type Refusal, type Rules } from '../core/economy';
import { abilityMod, creatureIn, sheetOf } from '../core/sheet';
import { bandFor, flanking, inMelee, inMeleeReach } from './geometry';
import type { FtdModule } from '../module';
import { attackOptions } from '../settings';
import { ftdAcStatistic } from '../core/armor-class';
import { ftdAttackRefusal } from './attack-options';

/** Melee adds STR, ranged DEX, arcane INT, divine WIS (FTD-ATK-2). */
export const attackAbility: Record<AttackKind, Ability> = { melee: 'str', ranged: 'dex', arcane: 'int', divine: 'wis' };

export function findAttack(ctx: Resolution, actorId: string, id: Json | undefined): AttackDef {
  const r = findAttackRefusal(ctx.state, actorId, id);
  if (r) ctx.reject(r.code, r.message, r.ruleId);
  return namedAttack(ctx.state, actorId, id)!;
}

/** The attack an option names, the first on the sheet when none is named. */
export function namedAttack(state: EncounterState, actorId: string, id: Json | undefined): AttackDef | undefined {
  const attacks = sheetOf(creatureIn(state, actorId)).attacks;
  return typeof id === 'string' ? attacks.find((x) => x.id === id) : attacks[0];
}

/** Why no attack answers to that name (or it has none at all). */
export function findAttackRefusal(state: EncounterState, actorId: string, id: Json | undefined): Refusal | null {
  if (namedAttack(state, actorId, id)) return null;
  const c = creatureIn(state, actorId);
  return { code: 'unknown-attack', message: `${c.name} has no attack${typeof id === 'string' ? ` '${id}'` : ''}; attacks: ${sheetOf(c).attacks.map((x) => x.id).join(', ') || 'none'}` };
}

/** Whether a target can be chosen: not dead, not out of sight in stealth (FTD-POS-4). */
export function checkTarget(ctx: Resolution, actorId: string, targetId: string | undefined): string {
  const r = chosenTargetRefusal(ctx.state, actorId, targetId);
  if (r) ctx.reject(r.code, r.message, r.ruleId);
  return targetId!;
}

/** `targetRefusal` for the target a command names, if it names one. */
export function chosenTargetRefusal(state: EncounterState, actorId: string, targetId: string | undefined): Refusal | null {
  if (!targetId) return { code: 'no-target', message: 'an attack needs one target' };
  return targetRefusal(state, actorId, targetId);
}

/** Why this creature cannot be chosen as a target (FTD-POS-4): itself, dead, escaped, or in stealth. */
export function targetRefusal(state: EncounterState, actorId: string, targetId: string): Refusal | null {
  if (targetId === actorId) return { code: 'illegal-target', message: 'a creature cannot attack itself' };
  const t = creatureIn(state, targetId);
  if (t.status === 'dead' || t.status === 'escaped') return { code: 'illegal-target', message: `${t.name} is ${t.status}` };
  if (hasCondition(t, 'stealthed')) return { code: 'target-in-stealth', message: `${t.name} is in stealth and cannot be targeted directly`, ruleId: 'FTD-POS-4' };
  return null;
}

/** Why this attack does not reach the target (FTD-ATK-4, FTD-POS-8): a melee attack beyond close range, any attack at far range. */
export function rangeRefusal(state: EncounterState, actorId: string, targetId: string, attack: AttackDef): Refusal | null {
  if (attack.kind === 'melee') {
    return inMeleeReach(state, actorId, targetId, attack) ? null : { code: 'out-of-reach', message: `${attack.name} needs the target at close range (${attack.reach} ft)`, ruleId: 'FTD-ATK-4' };
  }
  return bandFor(state, actorId, targetId, attack) === 'far' ? { code: 'target-too-far', message: `the target is at far range, beyond ${attack.name}'s reach`, ruleId: 'FTD-POS-8' } : null;
}

/** The roll modes range gives (FTD-POS-6, FTD-ATK-5): disadvantage for a ranged attack at close range or while in melee. */
export function rangeRollModes(state: EncounterState, actorId: string, targetId: string, attack: AttackDef): RollModeSource[] {
  if (attack.kind === 'melee') return [];
  if (bandFor(state, actorId, targetId, attack) === 'close') return [{ mode: 'disadvantage', source: 'range', label: 'ranged attack at close range', ruleId: 'FTD-POS-6' }];
  if (inMelee(state, actorId)) return [{ mode: 'disadvantage', source: 'range', label: 'ranged attack while in melee', ruleId: 'FTD-ATK-5' }];
  return [];
}

/** Why it cannot attack now whatever the target (FTD-RESIL-5, FTD-DEATH-1, FTD-ACT-1/2): exhausted, unable, not its turn, no active action. */
export function attackRefusal(ctx: Rules, actorId: string): Refusal | null {
  const c = creatureIn(ctx.state, actorId);
  const unfit = forbidEffect(ctx.ruleset, c, 'attack');
  if (unfit) return { code: unfit.conditionId, message: `${c.name} is ${unfit.conditionId} and cannot fight while it lasts`, ruleId: unfit.effect.ruleId ?? 'FTD-RESIL-5' };
  return actRefusal(ctx, actorId, 'active');
}

/** Range rules for one attack: reach, far targets, ranged shots in melee (FTD-ATK-4..6, FTD-POS-6..8). */
function rangeRules(ctx: Resolution, actorId: string, targetId: string, attack: AttackDef): RollModeSource[] {
  const r = rangeRefusal(ctx.state, actorId, targetId, attack);
  if (r) ctx.reject(r.code, r.message, r.ruleId);
  return rangeRollModes(ctx.state, actorId, targetId, attack);
}

/** Whether an attack could be made at all, for enumerating and for offering free attacks. */
export function canAttack(state: EncounterState, actorId: string, targetId: string, attack: AttackDef): boolean {
  if (!state.creatures[targetId]) return false;
  return !targetRefusal(state, actorId, targetId) && !rangeRefusal(state, actorId, targetId, attack);
}

/** The check an attack rolls (FTD-ATK-1, FTD-ATK-8): its ability or fixed bonus, proficiency, AC, range's roll modes. */
export function attackCheck(state: EncounterState, actorId: string, targetId: string, attack: AttackDef, sources: RollModeSource[]): FtdCheckRequest {
  return {
    kind: 'attack', actor: actorId, target: targetId,
    ability: attack.bonus === undefined ? attackAbility[attack.kind] : null,
    ...(attack.bonus !== undefined ? { fixedBonus: { label: `${attack.name} bonus`, value: attack.bonus } } : {}),
    proficient: attack.proficient,
    ...againstStatistic(ftdAcStatistic(state, targetId)),
    selectors: ['attack', `attack:${attack.kind}`],
    options: [`attack:${attack.kind}`, `attack:${attack.id}`],
    rollModeSources: sources,
    ruleId: attack.bonus !== undefined ? 'FTD-ATK-8' : 'FTD-ATK-1',
  };
}

/** The damage roll: the attack's dice plus its ability mod when it adds one (FTD-ATK-7). */
export function damageExpression(c: EncounterState['creatures'][string], attack: AttackDef): string {
  const mod = attack.addMod ? abilityMod(c, attackAbility[attack.kind]) : 0;
  return mod === 0 ? attack.damage : `${attack.damage}${mod > 0 ? '+' : ''}${mod}`;
}

export interface AttackResult {
  outcome: string;
  damage: number;
}

/**
 * One attack roll against AC and its damage: dice + the attack's ability mod, doubled on a
 * natural 20 for anyone (FTD-ATK-1, -7, -8, FTD-CRIT-1). Spends nothing: callers do.
 */
export function resolveAttack(ctx: Resolution, actorId: string, targetId: string, attack: AttackDef, opts: { clever?: boolean } = {}): AttackResult {
  const c = () => creatureIn(ctx.state, actorId);
  const t = () => creatureIn(ctx.state, targetId);
  const sources = rangeRules(ctx, actorId, targetId, attack);
  if (hasCondition(c(), 'stealthed')) removeCondition(ctx, actorId, 'stealthed', 'attacking ends stealth');
  const edgeOption = ctx.state.options['edgePrompt'];
  const askEdge = flanking(ctx.state, actorId, targetId)
    ? { ruleId: 'FTD-POS-1', why: `${c().name} and allies flank ${t().name}` }
    : opts.clever ? { ruleId: 'FTD-POS-2', why: `${c().name} tries something clever` }
    : edgeOption === 'always' ? { ruleId: 'FTD-ATK-1', why: `${c().name} attacks ${t().name}` } : null;
  const check = ftdCheck(ctx, {
    ...attackCheck(ctx.state, actorId, targetId, attack, sources),
    askEdge,
    judge: (p) => {
      p.outcome = p.natural === 20 ? 'crit' : p.outcome === 'success' ? 'hit' : 'miss';
    },
  });
  if (check.outcome !== 'hit' && check.outcome !== 'crit') return { outcome: check.outcome, damage: 0 };
  const roll = ctx.roll(damageExpression(c(), attack), { roller: actorId, purpose: `${attack.name} damage` });
  let amount = Math.max(0, roll.total);
  if (check.outcome === 'crit') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CRIT-1', text: `critical hit: ${amount} doubled to ${amount * 2}`, creatureId: actorId });
    amount *= 2;
  }
  dealDamage(ctx, targetId, [{ type: 'damage', amount }], { source: actorId, options: [`attack:${attack.kind}`] });
  return { outcome: check.outcome, damage: amount };
}

/**
 * Why the attack action is refused (FTD-POS-4, FTD-ATK-4, FTD-POS-8, FTD-ACT-1/2): its first target
 * chosen, the attack named (the first on the sheet by default), then `ftdAttackRefusal` for the two.
 */
export function attackActionRefusal(ctx: Rules, actorId: string, targets: readonly string[], options: Readonly<Record<string, Json>>): Refusal | null {
  const target = targets[0];
  const attack = namedAttack(ctx.state, actorId, options['attack']);
  return chosenTargetRefusal(ctx.state, actorId, target) ?? findAttackRefusal(ctx.state, actorId, options['attack']) ?? ftdAttackRefusal(ctx.ruleset, ctx.state, actorId, attack!, target!);
}

/** Why it cannot try to hide now (FTD-POS-4): an active action on its turn; how hard it is is the GM's call, after. */
export function hideRefusal(ctx: Rules, actorId: string): Refusal | null {
  return actRefusal(ctx, actorId, 'active');
}

const stealthed: ConditionDef = { id: 'stealthed', name: 'In stealth', ruleId: 'FTD-POS-4', effects: [] };

export const attackModule: FtdModule = {
  id: 'attack',
  options: attackOptions,
  conditions: [stealthed],
  actions: {
    attack: (ctx, actorId, targets, options) => {
      const refusal = attackActionRefusal(ctx, actorId, targets, options);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      const target = targets[0]!;
      const attack = namedAttack(ctx.state, actorId, options['attack'])!;
      spend(ctx, actorId, 'active');
      resolveAttack(ctx, actorId, target, attack, { clever: options['clever'] === true });
    },
    hide: (ctx, actorId) => {
      const refusal = hideRefusal(ctx, actorId);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      spend(ctx, actorId, 'active');
      const c = () => creatureIn(ctx.state, actorId);
      const dc = ctx.ask({
        key: 'ftd.hide.dc', to: { role: 'gm' }, about: actorId, ruleId: 'FTD-POS-4',
        text: `${c().name} tries to hide. How hard is it here?`,
        options: [
          { id: '11', label: 'DC 11' }, { id: '8', label: 'DC 8 (easy)' }, { id: '14', label: 'DC 14 (hard)' },
          { id: '17', label: 'DC 17 (very hard)' }, { id: 'impossible', label: 'Impossible here' },
        ],
        default: '11',
      });
      if (dc === 'impossible') {
        ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-POS-4', text: `stealth is impossible here for ${c().name}`, creatureId: actorId });
        return;
      }
      const r = ftdCheck(ctx, {
        kind: 'check', actor: actorId, ability: 'dex', proficient: sheetOf(c()).proficient.includes('stealth'),
        against: { label: 'stealth DC', value: Number(dc) }, selectors: ['check:stealth'], ruleId: 'FTD-POS-4',
      });
      if (r.outcome === 'success' && !hasCondition(c(), 'stealthed')) addCondition(ctx, actorId, 'stealthed', { source: actorId, ruleId: 'FTD-POS-4' });
    },
  },
};
