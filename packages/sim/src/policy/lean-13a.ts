import { hasFlag, isForbidden, type Command, type CompiledPolicySpec, type CreatureState, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { isUp } from './demo';
import { actingCreature, offeredEndTurn } from './turn';
import { pickCandidate, type TargetStrategy } from './legal';
import type { PolicyRng, SimPolicies } from './types';

/**
 * The name a compiled 13th Age fight checks for in its policy description: the compiled fight models
 * this policy's turns (engaging, disengaging, rallying), not the plain attack-only ones.
 */
export const LEAN_13A_POLICY = 'lean-13a';

/** The description of `lean13aTurnPolicy(target)` a ruleset's `compileFight` is specified against. */
export const lean13aCompiledSpec = (target: TargetStrategy): Omit<CompiledPolicySpec, 'maxRounds'> => ({ target, prompts: 'sim', policy: LEAN_13A_POLICY });

/** The parts of a 13th Age stat block the legal commands read (13th Age's `Attack`, `StatBlock`). */
interface SheetAttack {
  id: string;
  kind: string;
  action: string;
  maxTargets: number;
  flexible?: unknown;
}
const sheetAttacks = (c: CreatureState): readonly SheetAttack[] => (c.sheet as { attacks?: SheetAttack[] } | null)?.attacks ?? [];
const isPc = (c: CreatureState): boolean => (c.sheet as { kind?: string } | null)?.kind === 'pc';
const flag = (ruleset: LoadedRuleset, c: CreatureState, f: string): boolean => c.conditions.length > 0 && hasFlag(ruleset, c, f);

/** An attack `legalCommands13a` ever lists: a standard action, not flexible, with a target. */
const listed = (a: SheetAttack): boolean => !a.flexible && a.action === 'standard' && a.maxTargets >= 1;

interface Zones {
  kind: string;
  defaultBand?: string;
  engagements?: Record<string, string[] | undefined>;
  pairBands?: Record<string, Record<string, string | undefined> | undefined>;
}
const zones = (state: EncounterState): Zones | null => {
  const s = state.space as Zones | null;
  return s && s.kind === 'zones' ? s : null;
};

/** The hostiles `id` is engaged with, as 13th Age's `engagedFoes` lists them (id order); no zone space: nobody. */
function engagedHostiles(state: EncounterState, id: string, side: string): readonly string[] {
  const list = zones(state)?.engagements?.[id];
  if (!list) return [];
  return list.filter((o) => state.creatures[o]!.side !== side);
}

/**
 * A 13th Age turn that plays its signature attack (the first attack the rules would ever list for
 * it) and stays cheap, choosing among the rules' legal commands (`legalCommands13a`) without listing
 * them: each question is the one those legal commands ask, and the choice is tested command for
 * command against a reference policy written on `legalCommands` (packages/sim/test/lean-13a.test.ts).
 * - A staggered PC (13A-HP-3) that may still rally this battle and has a recovery left rallies
 *   (13A-HEAL-5): the standard action for a recovery's worth of hit points. With no recovery left a
 *   rally heals half and costs a lasting penalty (13A-HEAL-4), so it attacks instead.
 * - A creature whose signature attack is melee fights in melee (13A-ENGAGE-2): engaged with hostiles
 *   still up, it attacks one of them with its first legal melee attack; engaged with nobody, it
 *   engages a hostile still up (a move action, 13A-ENGAGE-1, so the standard action still attacks it
 *   on the same turn); engaged only with foes who are down, it disengages (13A-ENGAGE-6) to go after
 *   one still standing. It never turns to a ranged attack: a melee fighter that threw javelins would
 *   never close in, and shooting while engaged provokes (13A-ENGAGE-3).
 * - Any other creature attacks a hostile still up with the first attack the rules list for it.
 * Targets by `target`: 'weakest' (lowest share of hit points, then fewest, then encounter order) or
 * 'random' (one draw from the policy stream over the candidates, in encounter order). Nothing to
 * do: end the turn. The escalation die needs no choice: the rules add it to every PC attack.
 */
export function lean13aTurnPolicy(target: TargetStrategy = 'weakest'): SimPolicies['chooseCommand'] {
  return (state: EncounterState, ruleset: LoadedRuleset, rng: PolicyRng): Command | null => {
    const me = actingCreature(state);
    if (!me) return null;
    const endTurn = offeredEndTurn(state);
    if (endTurn === null || !isUp(me)) return endTurn;
    // legalCommands13a: the helpless and those a condition forbids actions (stunned, unconscious, asleep) get nothing but the turn's end
    if (flag(ruleset, me, 'helpless') || (me.conditions.length > 0 && isForbidden(ruleset, me, 'action'))) return endTurn;
    const r = me.resources;
    const standard = (r['standard'] ?? 0) > 0;
    // Whether the rules allow an action: 13th Age's own answer (`commandRefusal13a`: the rally, engage and disengage actions' questions).
    const allowed = (cmd: Command): boolean => !ruleset.commandRefusal?.(state, cmd);
    const rally: Command = { type: 'takeAction', actorId: me.id, action: 'rally' };
    if (standard && isPc(me) && (me.tallies['rallies'] ?? 0) === 0 && me.hp < me.maxHp && me.hp * 2 <= me.maxHp && (r['recoveries'] ?? 0) > 0 && allowed(rally)) return rally;
    const attacks = sheetAttacks(me);
    const engaged = engagedHostiles(state, me.id, me.side);
    const ids: string[] = [];
    const cmds: Command[] = [];
    const signature = attacks.find(listed);
    // May it, at this target? The ruleset's own answer (13th Age's `attackOptions13a`, which its attack handler rejects with).
    const options = new Map((ruleset.attackOptions?.(state, me.id) ?? []).map((o) => [o.attackId, o]));
    const attackable = (a: SheetAttack, t: CreatureState): boolean => {
      const o = listed(a) ? options.get(a.id) : undefined;
      return !!o && o.refusal === null && o.targetRefusal(t.id) === null;
    };
    if (signature?.kind === 'melee') {
      if (standard && mayAttack(ruleset, me)) {
        for (const id of state.creatureIds) {
          const t = state.creatures[id]!;
          if (t.side === me.side || !isUp(t) || !engaged.includes(id)) continue;
          const a = attacks.find((x) => x.kind === 'melee' && attackable(x, t));
          if (!a) continue;
          ids.push(id);
          cmds.push({ type: 'takeAction', actorId: me.id, action: a.id, targets: [id] });
        }
        if (ids.length) return pickCandidate(state, ids, cmds, target, rng);
      }
      if (engaged.some((id) => isUp(state.creatures[id]!))) return endTurn;
      if (engaged.length) {
        const disengage: Command = { type: 'takeAction', actorId: me.id, action: 'disengage' };
        return allowed(disengage) ? disengage : endTurn;
      }
      for (const id of state.creatureIds) {
        const t = state.creatures[id]!;
        if (id === me.id || t.side === me.side || t.hidden || !isUp(t)) continue;
        const engage: Command = { type: 'takeAction', actorId: me.id, action: 'engage', targets: [id] };
        if (!allowed(engage)) continue;
        ids.push(id);
        cmds.push(engage);
      }
      return ids.length ? pickCandidate(state, ids, cmds, target, rng) : endTurn;
    }
    if (!standard || !mayAttack(ruleset, me)) return endTurn;
    for (const id of state.creatureIds) {
      const t = state.creatures[id]!;
      if (id === me.id || t.side === me.side || !isUp(t)) continue;
      const inReach = engaged.includes(id);
      const a = attacks.find((x) => (x.kind !== 'melee' ? !t.hidden : inReach) && attackable(x, t));
      if (!a) continue;
      ids.push(id);
      cmds.push({ type: 'takeAction', actorId: me.id, action: a.id, targets: [id] });
    }
    return ids.length ? pickCandidate(state, ids, cmds, target, rng) : endTurn;
  };
}

/** legalCommands13a lists no attack at all for a confused creature. */
const mayAttack = (ruleset: LoadedRuleset, me: CreatureState): boolean => !flag(ruleset, me, 'confused');
