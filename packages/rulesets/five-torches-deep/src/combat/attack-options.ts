import type { AttackOption, EncounterState, LoadedRuleset } from '@fray/engine';
import type { AttackDef } from '../sheet/stat-block';
import type { Refusal, Rules } from '../core/economy';
import { creatureIn, sheetOf } from '../core/sheet';
import { attackRefusal, rangeRefusal, targetRefusal } from './attack';

const unknown = (target: string): Refusal => ({ code: 'unknown-creature', message: `no target '${target}'` });

/** Why not at this target whatever the budget: itself, the dead, the escaped, one in stealth (FTD-POS-4), out of reach or at far range (FTD-ATK-4, FTD-POS-8). */
function targetPart(state: EncounterState, actor: string, attack: AttackDef, target: string): Refusal | null {
  if (!Object.hasOwn(state.creatures, target)) return unknown(target);
  return targetRefusal(state, actor, target) ?? rangeRefusal(state, actor, target, attack);
}

/**
 * What dispatch answers one Five Torches Deep attack on one target, in the order the attack action
 * asks: the target (FTD-POS-4), then whether the attacker may act and has its active action
 * (FTD-RESIL-5, FTD-DEATH-1, FTD-ACT-1/2), then the range (FTD-ATK-4, FTD-POS-8). The attack action
 * rejects with it; the action menu and the legal commands (so the simulator's policy) read it.
 */
export function ftdAttackRefusal(ruleset: LoadedRuleset, state: EncounterState, actor: string, attack: AttackDef, target: string): Refusal | null {
  if (!Object.hasOwn(state.creatures, target)) return unknown(target);
  return targetRefusal(state, actor, target) ?? attackRefusal({ state, ruleset }, actor) ?? rangeRefusal(state, actor, target, attack);
}

/** Each attack on the creature's stat block: an active action (FTD-ACT-2), `ftdAttackRefusal` split into the attacker's part and the target's. */
export function ftdAttackOptions(ruleset: LoadedRuleset, state: EncounterState, actor: string): AttackOption[] {
  if (!Object.hasOwn(state.creatures, actor)) return [];
  const q: Rules = { state, ruleset };
  const refusal = attackRefusal(q, actor);
  return sheetOf(creatureIn(state, actor)).attacks.map((attack): AttackOption => ({
    attackId: attack.id, label: attack.name, kind: attack.kind,
    command: { type: 'takeAction', actorId: actor, action: 'attack', targets: [], options: { attack: attack.id } },
    cost: [{ resource: 'active', amount: 1 }], maxTargets: 1,
    refusal,
    targetRefusal: (target) => targetPart(state, actor, attack, target),
    refusalOn: (target) => ftdAttackRefusal(ruleset, state, actor, attack, target),
  }));
}
