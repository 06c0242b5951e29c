import { hasFlag, type AttackOption, type EncounterState, type LoadedRuleset } from '@fray/engine';
import type { Attack } from '../sheet/stat-block';
import { pcSheet } from '../core/sheets';
import type { Refusal, Rules } from '../core/economy';
import { attackCostRefusal, attackTargetRefusal, attackerRefusal } from './attack';
import { unarmedAttack } from './actions';

/** A PC's attacks include its unarmed strike (13A-WPN-3); flexible attacks are declared together as 'flexible' and are not listed here. */
export function attacksOf(state: EncounterState, id: string): Attack[] {
  const c = state.creatures[id]!;
  const own = (c.sheet as unknown as { attacks: Attack[] }).attacks.filter((a) => a.flexible === undefined);
  const pc = pcSheet(c);
  return pc && !own.some((a) => a.id === 'unarmed') ? [...own, unarmedAttack(pc.level)] : own;
}

/**
 * 13A-COND-2: a confused creature may not use a limited power; any other attack goes to a random ally,
 * whatever it names, so what refuses it is the attacker's part alone: its conditions and the cost. The
 * handler (`confusedRedirect`) asks this before the dice pick the ally.
 */
export function confusedAttackRefusal(ruleset: LoadedRuleset, state: EncounterState, actor: string, atk: Attack): Refusal | null {
  if (atk.usage === 'limited') return { code: 'confused', message: 'a confused creature cannot use limited powers', ruleId: '13A-COND-2' };
  const q: Rules = { state, ruleset };
  return attackerRefusal(q, actor, atk) ?? attackCostRefusal(q, actor, atk);
}

/**
 * What dispatch answers one 13th Age attack on one target on the attacker's turn, in the order
 * `resolveAttack` asks: the target (itself, the dead, above the attack's hit-point threshold, not
 * engaged for a melee attack: 13A-TGT-1/5, 13A-ENGAGE-2), the attacker's conditions (grabbed, hampered,
 * confused: 13A-GRAB-6, 13A-COND-5/2), then what pays for it (13A-ACT-1..7). A confused creature's
 * attack goes to a random ally (13A-COND-2): the target named does not matter (`confusedAttackRefusal`).
 * The attack action rejects with it; the menu, the legal commands and the lean policy read it.
 */
export function attackRefusal13a(ruleset: LoadedRuleset, state: EncounterState, actor: string, atk: Attack, target: string): Refusal | null {
  const q: Rules = { state, ruleset };
  if (hasFlag(ruleset, state.creatures[actor]!, 'confused')) return confusedAttackRefusal(ruleset, state, actor, atk);
  if (!Object.hasOwn(state.creatures, target)) return { code: 'unknown-creature', message: `no target '${target}'`, ruleId: '13A-ATK-1' };
  return attackTargetRefusal(state, actor, atk, target) ?? attackerRefusal(q, actor, atk) ?? attackCostRefusal(q, actor, atk);
}

/** Each attack the creature may declare by its id now, with its cost and `attackRefusal13a` split into the attacker's part and the target's. */
export function attackOptions13a(ruleset: LoadedRuleset, state: EncounterState, actor: string): AttackOption[] {
  if (!state.creatures[actor]) return [];
  const q: Rules = { state, ruleset };
  const confused = hasFlag(ruleset, state.creatures[actor]!, 'confused');
  return attacksOf(state, actor).map((atk): AttackOption => ({
    attackId: atk.id, label: atk.name, kind: atk.spell ? 'spell' : atk.kind,
    command: { type: 'takeAction', actorId: actor, action: atk.id, targets: [] },
    cost: atk.action === 'free' ? [] : [{ resource: atk.action, amount: 1 }],
    maxTargets: atk.maxTargets,
    refusal: confused ? confusedAttackRefusal(ruleset, state, actor, atk) : attackerRefusal(q, actor, atk) ?? attackCostRefusal(q, actor, atk),
    targetRefusal: (target) => (confused ? null : !Object.hasOwn(state.creatures, target) ? { code: 'unknown-creature', message: `no target '${target}'`, ruleId: '13A-ATK-1' } : attackTargetRefusal(state, actor, atk, target)),
    refusalOn: (target) => attackRefusal13a(ruleset, state, actor, atk, target),
  }));
}
