import { isEngaged, type Resolution, type RollModeSource } from '@fray/engine';
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
function knownWithin(ctx: Resolution, a: string, b: string, reach: number): boolean {
  const s = spaceOf(ctx.state);
  if (!s || !Object.hasOwn(s.creatures, a) || !Object.hasOwn(s.creatures, b)) return false;
  if (s.kind === 'zones') return isEngaged(s, a, b);
  const d = distanceBetween(ctx.state, a, b);
  return d !== null && d <= reach;
}

/**
 * What the map says about one attack: refusals for targets out of reach (A5E-ATK-15), beyond range
 * (A5E-ATK-13) or behind total cover (A5E-COVER-5); disadvantage beyond normal range (A5E-ATK-13) and
 * for ranged attacks within a hostile's reach (A5E-ATK-14); squeezing (A5E-MOVE-20); the within-5-ft
 * option; the target's cover against this attacker (A5E-COVER-2..4). Without positions nothing is
 * refused and `within5` (the caller's word) decides the option.
 */
export function attackSituation(ctx: Resolution, attacker: string, target: string, attack: Attack, ranged: boolean, within5?: boolean): AttackSituation {
  const { state } = ctx;
  const out: AttackSituation = { options: [], rollModeSources: [], cover: coverAcBonus(state, attacker, target) };
  const name = (id: string) => state.creatures[id]!.name;
  if (out.cover.degree === 'total') ctx.reject('total-cover', `${name(target)} is behind total cover from ${name(attacker)} and cannot be targeted`, 'A5E-COVER-5');
  const dist = distanceBetween(state, attacker, target);
  if (dist !== null ? dist <= 5 : within5 === true) out.options.push(ATTACK_WITHIN_5);
  if (!ranged) {
    if (!withinReach(state, attacker, target, attack.reachFeet)) {
      ctx.reject('out-of-reach', `${name(target)} is ${dist ?? '?'} ft away, beyond ${attack.name}'s reach of ${attack.reachFeet} ft`, 'A5E-ATK-15');
    }
  } else {
    const range = attack.rangeFeet;
    if (dist !== null && range !== undefined) {
      const [normal, long] = typeof range === 'number' ? [range, range] : range;
      if (dist > long) ctx.reject('out-of-range', `${name(target)} is ${dist} ft away, beyond ${attack.name}'s ${typeof range === 'number' ? 'range' : 'long range'} of ${long} ft`, 'A5E-ATK-13');
      if (dist > normal) out.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.range', label: `beyond normal range (${dist} ft > ${normal} ft)`, ruleId: 'A5E-ATK-13' });
    }
    const threat = state.creatureIds.find((id) => isHostile(state, id, attacker) && !isIncapacitated(ctx.ruleset, state.creatures[id]!) && knownWithin(ctx, id, attacker, reachOf(state.creatures[id]!)));
    if (threat) out.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.range', label: `ranged attack within ${name(threat)}'s reach`, ruleId: 'A5E-ATK-14' });
  }
  const grid = gridOf(state);
  if (grid?.creatures[attacker]?.squeezing) out.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.squeezing', label: 'squeezing', ruleId: 'A5E-MOVE-20' });
  if (grid?.creatures[target]?.squeezing) out.rollModeSources.push({ mode: 'advantage', source: 'a5e.squeezing', label: 'target squeezing', ruleId: 'A5E-MOVE-20' });
  return out;
}
