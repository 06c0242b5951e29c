import { isEngaged, type EncounterState, type LoadedRuleset, type Resolution, type RollModeSource } from '@fray/engine';
import type { Refusal } from '../core/economy';
import type { Attack } from '../sheet/stat-block';
import { coverAcBonus, type CoverDegree } from './cover';
import { distanceBetween, gridOf, isHostile, isIncapacitated, reachOf, spaceOf, withinReach } from './geometry';

/** roll option: attacker and target are within 5 ft of each other (prone, paralyzed, unconscious) */
export const ATTACK_WITHIN_5 = 'attack:within-5';

export interface AttackSituation {
  options: string[];
  rollModeSources: RollModeSource[];
  cover: { degree: CoverDegree; bonus: number };
}

/** Whether `a` stands within `reach` of `b` where both positions are known (never assumed). */
function knownWithin(state: EncounterState, a: string, b: string, reach: number): boolean {
  const s = spaceOf(state);
  if (!s || !Object.hasOwn(s.creatures, a) || !Object.hasOwn(s.creatures, b)) return false;
  if (s.kind === 'zones') return isEngaged(s, a, b);
  const d = distanceBetween(state, a, b);
  return d !== null && d <= reach;
}

/**
 * Why the map forbids this attack on this target, or null: behind total cover (A5E-COVER-5), out of
 * reach for a melee attack (A5E-ATK-15), beyond long range for a ranged one (A5E-ATK-13). The one
 * question the attack handler, the legal-command list and the action menu all ask. Without positions
 * nothing is refused.
 */
export function attackTargetRefusal(state: EncounterState, attacker: string, target: string, attack: Attack, ranged: boolean): Refusal | null {
  const name = (id: string) => state.creatures[id]!.name;
  if (coverAcBonus(state, attacker, target).degree === 'total') {
    return { code: 'total-cover', message: `${name(target)} is behind total cover from ${name(attacker)} and cannot be targeted`, ruleId: 'A5E-COVER-5' };
  }
  const dist = distanceBetween(state, attacker, target);
  if (!ranged) {
    if (!withinReach(state, attacker, target, attack.reachFeet)) {
      return { code: 'out-of-reach', message: `${name(target)} is ${dist ?? '?'} ft away, beyond ${attack.name}'s reach of ${attack.reachFeet} ft`, ruleId: 'A5E-ATK-15' };
    }
  } else {
    const range = attack.rangeFeet;
    if (dist !== null && range !== undefined) {
      const long = typeof range === 'number' ? range : range[1];
      if (dist > long) return { code: 'out-of-range', message: `${name(target)} is ${dist} ft away, beyond ${attack.name}'s ${typeof range === 'number' ? 'range' : 'long range'} of ${long} ft`, ruleId: 'A5E-ATK-13' };
    }
  }
  return null;
}

/**
 * What the map says about one attack: refusals for targets out of reach (A5E-ATK-15), beyond range
 * (A5E-ATK-13) or behind total cover (A5E-COVER-5); disadvantage beyond normal range (A5E-ATK-13) and
 * for ranged attacks within a hostile's reach (A5E-ATK-14); squeezing (A5E-MOVE-20); the within-5-ft
 * option; the target's cover against this attacker (A5E-COVER-2..4). Without positions nothing is
 * refused and `within5` (the caller's word) decides the option.
 */
export function attackSituation(ctx: Resolution, attacker: string, target: string, attack: Attack, ranged: boolean, within5?: boolean): AttackSituation {
  const refusal = attackTargetRefusal(ctx.state, attacker, target, attack, ranged);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  return attackSituationOf(ctx.ruleset, ctx.state, attacker, target, attack, ranged, within5);
}

/** `attackSituation` without the refusals, for questions asked outside a command (an action menu's odds). */
export function attackSituationOf(ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string, attack: Attack, ranged: boolean, within5?: boolean): AttackSituation {
  const out: AttackSituation = { options: [], rollModeSources: [], cover: coverAcBonus(state, attacker, target) };
  const name = (id: string) => state.creatures[id]!.name;
  const dist = distanceBetween(state, attacker, target);
  if (dist !== null ? dist <= 5 : within5 === true) out.options.push(ATTACK_WITHIN_5);
  if (ranged) {
    const range = attack.rangeFeet;
    if (dist !== null && range !== undefined) {
      const normal = typeof range === 'number' ? range : range[0];
      if (dist > normal) out.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.range', label: `beyond normal range (${dist} ft > ${normal} ft)`, ruleId: 'A5E-ATK-13' });
    }
    const threat = state.creatureIds.find((id) => isHostile(state, id, attacker) && !isIncapacitated(ruleset, state.creatures[id]!) && knownWithin(state, id, attacker, reachOf(state.creatures[id]!)));
    if (threat) out.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.range', label: `ranged attack within ${name(threat)}'s reach`, ruleId: 'A5E-ATK-14' });
  }
  const grid = gridOf(state);
  if (grid?.creatures[attacker]?.squeezing) out.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.squeezing', label: 'squeezing', ruleId: 'A5E-MOVE-20' });
  if (grid?.creatures[target]?.squeezing) out.rollModeSources.push({ mode: 'advantage', source: 'a5e.squeezing', label: 'target squeezing', ruleId: 'A5E-MOVE-20' });
  return out;
}
