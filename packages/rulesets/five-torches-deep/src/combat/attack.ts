import { addCondition, dealDamage, hasCondition, removeCondition, type Json, type Resolution, type RollModeSource, type ConditionDef, type EncounterState } from '@fray/engine';
import type { AttackDef, AttackKind, Ability } from '../sheet/stat-block';
import { ftdCheck } from '../core/check';
import { requireTurn, spend } from '../core/economy';
import { abilityMod, creatureIn, sheetOf } from '../core/sheet';
import { bandFor, flanking, inMelee, inMeleeReach } from './geometry';
import type { FtdModule } from '../module';

/** Melee adds STR, ranged DEX, arcane INT, divine WIS (FTD-ATK-2). */
export const attackAbility: Record<AttackKind, Ability> = { melee: 'str', ranged: 'dex', arcane: 'int', divine: 'wis' };

export function findAttack(ctx: Resolution, actorId: string, id: Json | undefined): AttackDef {
  const c = creatureIn(ctx.state, actorId);
  const attacks = sheetOf(c).attacks;
  const a = typeof id === 'string' ? attacks.find((x) => x.id === id) : attacks[0];
  if (!a) ctx.reject('unknown-attack', `${c.name} has no attack${typeof id === 'string' ? ` '${id}'` : ''}; attacks: ${attacks.map((x) => x.id).join(', ') || 'none'}`);
  return a;
}

/** Whether a target can be chosen: not dead, not out of sight in stealth (FTD-POS-4). */
export function checkTarget(ctx: Resolution, actorId: string, targetId: string | undefined): string {
  if (!targetId) return ctx.reject('no-target', 'an attack needs one target');
  if (targetId === actorId) ctx.reject('illegal-target', 'a creature cannot attack itself');
  const t = creatureIn(ctx.state, targetId);
  if (t.status === 'dead' || t.status === 'escaped') ctx.reject('illegal-target', `${t.name} is ${t.status}`);
  if (hasCondition(t, 'stealthed')) ctx.reject('target-in-stealth', `${t.name} is in stealth and cannot be targeted directly`, 'FTD-POS-4');
  return targetId;
}

/** Range rules for one attack: reach, far targets, ranged shots in melee (FTD-ATK-4..6, FTD-POS-6..8). */
function rangeRules(ctx: Resolution, actorId: string, targetId: string, attack: AttackDef): RollModeSource[] {
  const b = bandFor(ctx.state, actorId, targetId, attack);
  if (attack.kind === 'melee') {
    if (!inMeleeReach(ctx.state, actorId, targetId, attack)) ctx.reject('out-of-reach', `${attack.name} needs the target at close range (${attack.reach} ft)`, 'FTD-ATK-4');
    return [];
  }
  if (b === 'far') ctx.reject('target-too-far', `the target is at far range, beyond ${attack.name}'s reach`, 'FTD-POS-8');
  if (b === 'close') return [{ mode: 'disadvantage', source: 'range', label: 'ranged attack at close range', ruleId: 'FTD-POS-6' }];
  if (inMelee(ctx.state, actorId)) return [{ mode: 'disadvantage', source: 'range', label: 'ranged attack while in melee', ruleId: 'FTD-ATK-5' }];
  return [];
}

/** Whether an attack could be made at all, for enumerating and for offering free attacks. */
export function canAttack(state: EncounterState, actorId: string, targetId: string, attack: AttackDef): boolean {
  const t = state.creatures[targetId];
  if (!t || targetId === actorId || t.status === 'dead' || t.status === 'escaped' || hasCondition(t, 'stealthed')) return false;
  if (attack.kind === 'melee') return inMeleeReach(state, actorId, targetId, attack);
  return bandFor(state, actorId, targetId, attack) !== 'far';
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
  const c = creatureIn(ctx.state, actorId);
  const t = creatureIn(ctx.state, targetId);
  const sources = rangeRules(ctx, actorId, targetId, attack);
  if (hasCondition(c, 'stealthed')) removeCondition(ctx, actorId, 'stealthed', 'attacking ends stealth');
  const edgeOption = ctx.state.options['edgePrompt'];
  const askEdge = flanking(ctx.state, actorId, targetId)
    ? { ruleId: 'FTD-POS-1', why: `${c.name} and allies flank ${t.name}` }
    : opts.clever ? { ruleId: 'FTD-POS-2', why: `${c.name} tries something clever` }
    : edgeOption === 'always' ? { ruleId: 'FTD-ATK-1', why: `${c.name} attacks ${t.name}` } : null;
  const ability = attackAbility[attack.kind];
  const check = ftdCheck(ctx, {
    kind: 'attack', actor: actorId, target: targetId,
    ability: attack.bonus === undefined ? ability : null,
    ...(attack.bonus !== undefined ? { fixedBonus: { label: `${attack.name} bonus`, value: attack.bonus } } : {}),
    proficient: attack.proficient,
    against: { label: 'AC', value: sheetOf(t).ac },
    selectors: ['attack', `attack:${attack.kind}`],
    options: [`attack:${attack.kind}`, `attack:${attack.id}`],
    rollModeSources: sources,
    ruleId: attack.bonus !== undefined ? 'FTD-ATK-8' : 'FTD-ATK-1',
    askEdge,
    judge: (p) => {
      p.outcome = p.natural === 20 ? 'crit' : p.outcome === 'success' ? 'hit' : 'miss';
    },
  });
  if (check.outcome !== 'hit' && check.outcome !== 'crit') return { outcome: check.outcome, damage: 0 };
  const mod = attack.addMod ? abilityMod(c, ability) : 0;
  const expr = mod === 0 ? attack.damage : `${attack.damage}${mod > 0 ? '+' : ''}${mod}`;
  const roll = ctx.roll(expr, { roller: actorId, purpose: `${attack.name} damage` });
  let amount = Math.max(0, roll.total);
  if (check.outcome === 'crit') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CRIT-1', text: `critical hit: ${amount} doubled to ${amount * 2}`, creatureId: actorId });
    amount *= 2;
  }
  dealDamage(ctx, targetId, [{ type: 'damage', amount }], { source: actorId, options: [`attack:${attack.kind}`] });
  return { outcome: check.outcome, damage: amount };
}

const stealthed: ConditionDef = { id: 'stealthed', name: 'In stealth', ruleId: 'FTD-POS-4', effects: [] };

export const attackModule: FtdModule = {
  id: 'attack',
  conditions: [stealthed],
  actions: {
    attack: (ctx, actorId, targets, options) => {
      const target = checkTarget(ctx, actorId, targets[0]);
      const attack = findAttack(ctx, actorId, options['attack']);
      if (hasCondition(creatureIn(ctx.state, actorId), 'exhausted')) ctx.reject('exhausted', `${creatureIn(ctx.state, actorId).name} is exhausted and cannot fight until rested and fed`, 'FTD-RESIL-5');
      requireTurn(ctx, actorId);
      spend(ctx, actorId, 'active');
      resolveAttack(ctx, actorId, target, attack, { clever: options['clever'] === true });
    },
    hide: (ctx, actorId) => {
      requireTurn(ctx, actorId);
      spend(ctx, actorId, 'active');
      const c = creatureIn(ctx.state, actorId);
      const dc = ctx.ask({
        key: 'ftd.hide.dc', to: { role: 'gm' }, about: actorId, ruleId: 'FTD-POS-4',
        text: `${c.name} tries to hide. How hard is it here?`,
        options: [
          { id: '11', label: 'DC 11' }, { id: '8', label: 'DC 8 (easy)' }, { id: '14', label: 'DC 14 (hard)' },
          { id: '17', label: 'DC 17 (very hard)' }, { id: 'impossible', label: 'Impossible here' },
        ],
        default: '11',
      });
      if (dc === 'impossible') {
        ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-POS-4', text: `stealth is impossible here for ${c.name}`, creatureId: actorId });
        return;
      }
      const r = ftdCheck(ctx, {
        kind: 'check', actor: actorId, ability: 'dex', proficient: sheetOf(c).proficient.includes('stealth'),
        against: { label: 'stealth DC', value: Number(dc) }, selectors: ['check:stealth'], ruleId: 'FTD-POS-4',
      });
      if (r.outcome === 'success' && !hasCondition(c, 'stealthed')) addCondition(ctx, actorId, 'stealthed', { source: actorId, ruleId: 'FTD-POS-4' });
    },
  },
};
