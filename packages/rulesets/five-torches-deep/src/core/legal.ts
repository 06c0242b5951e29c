import { currentCreatureId, isForbidden, type Command, type EncounterState, type LoadedRuleset, type Principal } from '@fray/engine';
import { ftdAttackOptions } from '../combat/attack-options';
import { creatureIn, hostile } from './sheet';

/**
 * Commands the current creature could issue: each attack at each reachable enemy, hiding, retreat
 * on an untouched turn, stabilizing a dying ally. AI policies and property tests draw from this.
 */
export function ftdLegalCommands(ruleset: LoadedRuleset, state: EncounterState, who: Principal): Command[] {
  const id = currentCreatureId(state);
  if (!id || state.vars['ftd.fightOver'] === true) return [];
  const c = creatureIn(state, id);
  if (who.role === 'player' && c.controller !== who.seat) return [];
  if (c.status !== 'conscious' || isForbidden(ruleset, c, 'action')) return [];
  const out: Command[] = [];
  const active = (c.resources['active'] ?? 0) >= 1;
  if (active) {
    // May it attack, with what, whom: the attack action's own answer (`ftdAttackOptions`).
    const attacks = ftdAttackOptions(ruleset, state, id);
    for (const t of state.creatureIds) {
      const target = creatureIn(state, t);
      if (t === id || target.hidden) continue;
      if (hostile(state, id, t)) {
        for (const o of attacks) if (o.refusal === null && o.targetRefusal(t) === null) out.push({ type: 'takeAction', actorId: id, action: 'attack', targets: [t], options: { attack: o.attackId } });
      } else if (target.status === 'dying') {
        out.push({ type: 'takeAction', actorId: id, action: 'stabilize', targets: [t], options: { method: 'check' } });
      }
    }
    if (!c.conditions.some((x) => x.conditionId === 'stealthed')) out.push({ type: 'takeAction', actorId: id, action: 'hide' });
  }
  if (active && (c.resources['movement'] ?? 0) >= 1 && (c.resources['quick'] ?? 0) >= 1) out.push({ type: 'takeAction', actorId: id, action: 'retreat' });
  if ((c.resources['movement'] ?? 0) >= 1) out.push({ type: 'ftd.tradeDown', creatureId: id, from: 'movement', to: 'quick' });
  return out;
}
