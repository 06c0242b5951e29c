import type { Command, EncounterState, LoadedRuleset } from '@fray/engine';
import { hostileActionBlock } from '../conditions/queries';
import { canSpend } from '../core/economy';
import { coverAcBonus } from '../position/cover';
import { distanceBetween, withinReach } from '../position/geometry';
import { sheetOf } from '../sheet/derived';
import { entryRefusal, isHarmful, targetLimit, type EffectEntry } from './run';

/** Whether the tree holds an attack node of the given kind (its reach or range limits who it can target). */
function attackKinds(entry: EffectEntry): { melee: boolean; ranged: boolean } {
  const kinds = { melee: false, ranged: false };
  const walk = (nodes: typeof entry.effects) => {
    for (const n of nodes) {
      if (n.kind === 'attack') {
        if (n.options?.includes('attack:ranged')) kinds.ranged = true;
        else kinds.melee = true;
        walk([...n.hit, ...(n.miss ?? []), ...(n.crit ?? [])]);
      } else if (n.kind === 'save') walk([...n.fail, ...(n.success ?? [])]);
      else if (n.kind === 'choose') for (const o of n.options) walk(o.effects);
    }
  };
  walk(entry.effects);
  return kinds;
}

/**
 * `use-action` commands an actor could take on its turn: each ready action (cost payable, recharged,
 * uses left) against each hostile it can reach (hostile trees) or each hurt ally, itself included
 * (helpful ones); one with several targets also against every such hostile at once (up to its count).
 * Reactions are left to their triggers and explicit commands.
 */
export function effectActionCommands(ruleset: LoadedRuleset, state: EncounterState, actor: string): Command[] {
  const c = state.creatures[actor]!;
  const out: Command[] = [];
  const use = (id: string, targets: string[]): Command => ({ type: 'takeAction', actorId: actor, action: 'use-action', targets, options: { id } });
  const others = state.creatureIds.filter((id) => state.creatures[id]!.status !== 'dead' && !state.creatures[id]!.hidden);
  for (const entry of sheetOf(c).actions ?? []) {
    if (entry.cost === 'reaction' || entryRefusal(c, entry) || !canSpend(ruleset, state, actor, entry.cost)) continue;
    const limit = targetLimit(entry);
    if (limit === 0) {
      out.push(use(entry.id, []));
      continue;
    }
    const range = entry.targets?.rangeFeet;
    const kinds = attackKinds(entry);
    const inRange = (t: string) => {
      if (t === actor) return true;
      const feet = distanceBetween(state, actor, t);
      if (range !== undefined && feet !== null && feet > range) return false;
      if (kinds.melee && !withinReach(state, actor, t, range ?? 5)) return false;
      return !((kinds.melee || kinds.ranged) && coverAcBonus(state, actor, t).degree === 'total');
    };
    const harmful = isHarmful(entry.effects);
    const targets = harmful
      ? others.filter((id) => id !== actor && state.creatures[id]!.side !== c.side && !hostileActionBlock(state, actor, id, ruleset) && inRange(id))
      : others.filter((id) => state.creatures[id]!.side === c.side && state.creatures[id]!.hp < state.creatures[id]!.maxHp && inRange(id));
    for (const t of targets) out.push(use(entry.id, [t]));
    if (limit > 1 && targets.length > 1) out.push(use(entry.id, targets.slice(0, limit)));
  }
  return out;
}

/** A recharge action that is ready now, with the hostiles it would take (for turn policies that save their best for when it is back). */
export function readyRechargeAction(ruleset: LoadedRuleset, state: EncounterState, actor: string): Command | null {
  const ready = new Set((sheetOf(state.creatures[actor]!).actions ?? []).filter((a) => a.recharge && a.cost !== 'reaction').map((a) => a.id));
  const cmds = effectActionCommands(ruleset, state, actor).filter((cmd) => ready.has(String((cmd as { options?: { id?: unknown } }).options?.id)));
  // The widest use first: a breath over every hostile it can take.
  return cmds.sort((a, b) => ((b as { targets: string[] }).targets.length - (a as { targets: string[] }).targets.length))[0] ?? null;
}
