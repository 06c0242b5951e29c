import { currentCreatureId, legalCommands, type Command, type CreatureState, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { isUp } from './demo';
import type { TargetStrategy } from './legal';
import type { PolicyRng, SimPolicies } from './types';

const hurt = (c: CreatureState) => c.hp / Math.max(1, c.maxHp);

/** The ids of a creature's stat-block attacks (13th Age names an attack action by its attack's id). */
function attackIds(c: CreatureState): ReadonlySet<string> {
  const attacks = (c.sheet as { attacks?: { id?: unknown }[] } | null)?.attacks ?? [];
  return new Set(attacks.map((a) => a.id).filter((id): id is string => typeof id === 'string'));
}

/**
 * `legalTurnPolicy(target)` for 13th Age. The generic policy knows an attack by its action 'attack'
 * (A5E, Five Torches Deep); 13th Age's `legalCommands` names each attack action by the attack's id
 * ('longbow', 'searing-word'), so the generic policy would see no attack and end every turn. This one
 * makes the same choice over the same legal commands with 13th Age's attacks recognised: attack a
 * hostile that is still up with the first attack the rules list for it (the stat block's order), the
 * target by `target` ('weakest': lowest share of hit points, then fewest, then encounter order;
 * 'random': uniform over the hostiles still up, one draw from the policy stream); nothing to attack:
 * end the turn. It never moves, so a melee attack (which needs engagement, 13A-ENGAGE-2) is only
 * ever made by a creature already engaged.
 */
export function legal13aTurnPolicy(target: TargetStrategy = 'weakest'): SimPolicies['chooseCommand'] {
  return (state: EncounterState, ruleset: LoadedRuleset, rng: PolicyRng): Command | null => {
    const current = currentCreatureId(state);
    if (!current) return null;
    const me = state.creatures[current]!;
    const legal = legalCommands(state, { role: 'gm' }, ruleset);
    const endTurn = legal.find((c) => c.type === 'endTurn') ?? null;
    if (!isUp(me)) return endTurn;
    const attacks = attackIds(me);
    // first legal attack per target, in encounter order
    const byTarget = new Map<string, Command>();
    for (const cmd of legal) {
      if (cmd.type !== 'takeAction' || (cmd as { actorId?: string }).actorId !== current || !attacks.has((cmd as { action: string }).action)) continue;
      const t = (cmd as { targets?: string[] }).targets?.[0];
      const c = t ? state.creatures[t] : undefined;
      if (!c || c.side === me.side || !isUp(c) || byTarget.has(c.id)) continue;
      byTarget.set(c.id, cmd);
    }
    if (byTarget.size === 0) return endTurn;
    const ids = state.creatureIds.filter((id) => byTarget.has(id));
    if (target === 'random') return byTarget.get(ids[rng.int(ids.length)]!)!;
    let best: CreatureState | null = null;
    for (const id of ids) {
      const c = state.creatures[id]!;
      if (!best || hurt(c) < hurt(best) || (hurt(c) === hurt(best) && c.hp < best.hp)) best = c;
    }
    return byTarget.get(best!.id)!;
  };
}
