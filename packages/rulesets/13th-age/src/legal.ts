import { currentCreatureId, hasFlag, isForbidden, type Command, type EncounterState, type LoadedRuleset, type Principal } from '@fray/engine';
import type { Attack } from './sheet/stat-block';
import { hostile, isPc } from './core/sheets';
import { engagedFoes } from './position/zones';
import { disengageRefusal, engageRefusal } from './position/movement';
import { rallyRefusal } from './hp/healing-actions';
import { attackOptions13a } from './combat/attack-options';

/** Commands a principal may issue now, for AI policies and property tests (not every free choice). */
export function legalCommands13a(ruleset: LoadedRuleset, state: EncounterState, who: Principal): Command[] {
  const current = currentCreatureId(state);
  if (!current) return [];
  const c = state.creatures[current]!;
  if (who.role === 'player' && c.controller !== who.seat) return [];
  if (c.status !== 'conscious' || hasFlag(ruleset, c, 'helpless') || isForbidden(ruleset, c, 'action')) return [];
  const r = c.resources;
  const q = { state, ruleset };
  const out: Command[] = [];
  const engaged = engagedFoes(state, current).filter((f) => hostile(state, current, f));
  const foes = state.creatureIds.filter((t) => t !== current && hostile(state, current, t) && state.creatures[t]!.status !== 'dead' && !state.creatures[t]!.hidden);
  const onSheet = new Map((c.sheet as unknown as { attacks: Attack[] }).attacks.map((a) => [a.id, a]));
  if ((r['standard'] ?? 0) > 0) {
    // Listed: the stat block's own standard-action attacks at the foes in reach (the engaged for melee),
    // none for a confused creature (its attack goes where the dice say); allowed: `attackOptions13a`'s answer.
    const confused = hasFlag(ruleset, c, 'confused');
    for (const o of confused ? [] : attackOptions13a(ruleset, state, current)) {
      const a = onSheet.get(o.attackId);
      if (!a || a.action !== 'standard' || o.refusal) continue;
      for (const t of a.kind === 'melee' ? engaged : foes) if (o.targetRefusal(t) === null) out.push({ type: 'takeAction', actorId: current, action: a.id, targets: [t] });
    }
    if (isPc(c) && (c.tallies['rallies'] ?? 0) === 0 && c.hp < c.maxHp && rallyRefusal(q, current) === null) out.push({ type: 'takeAction', actorId: current, action: 'rally' });
  }
  // Listed: engaging a foe when engaged with nobody, disengaging when engaged; allowed: the engage and
  // disengage actions' own questions (13A-ENGAGE-1/6, 13A-POS-3: two moves for a far-away foe).
  if (!engaged.length) for (const t of foes) if (engageRefusal(q, current, t) === null) out.push({ type: 'takeAction', actorId: current, action: 'engage', targets: [t] });
  if (engaged.length && disengageRefusal(q, current) === null) out.push({ type: 'takeAction', actorId: current, action: 'disengage' });
  return out;
}
