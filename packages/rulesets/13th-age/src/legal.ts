import { currentCreatureId, hasFlag, type Command, type EncounterState, type LoadedRuleset, type Principal } from '@fray/engine';
import type { Attack } from './sheet/stat-block';
import { hostile, isPc } from './core/sheets';
import { bandBetween, engagedFoes } from './position/zones';

/** Commands a principal may issue now, for AI policies and property tests (not every free choice). */
export function legalCommands13a(ruleset: LoadedRuleset, state: EncounterState, who: Principal): Command[] {
  const current = currentCreatureId(state);
  if (!current) return [];
  const c = state.creatures[current]!;
  if (who.role === 'player' && c.controller !== who.seat) return [];
  if (c.status !== 'conscious' || hasFlag(ruleset, c, 'helpless') || c.conditions.some((x) => x.conditionId === 'stunned')) return [];
  const r = c.resources;
  const out: Command[] = [];
  const engaged = engagedFoes(state, current).filter((f) => hostile(state, current, f));
  const foes = state.creatureIds.filter((t) => t !== current && hostile(state, current, t) && state.creatures[t]!.status !== 'dead' && !state.creatures[t]!.hidden);
  const attacks = (c.sheet as unknown as { attacks: Attack[] }).attacks;
  if ((r['standard'] ?? 0) > 0) {
    for (const a of attacks) {
      if (a.flexible || a.action !== 'standard' || a.maxTargets < 1) continue;
      if (a.kind === 'ranged' && c.conditions.some((x) => x.conditionId === 'grabbed')) continue;
      if (hasFlag(ruleset, c, 'basic-attacks-only') && !a.basic) continue;
      if (hasFlag(ruleset, c, 'confused')) continue;
      const targets = a.kind === 'melee' ? engaged : foes;
      for (const t of targets) {
        if (a.hpThreshold !== undefined && state.creatures[t]!.hp > a.hpThreshold) continue;
        out.push({ type: 'takeAction', actorId: current, action: a.id, targets: [t] });
      }
    }
    if (isPc(c) && (c.tallies['rallies'] ?? 0) === 0 && c.hp < c.maxHp) out.push({ type: 'takeAction', actorId: current, action: 'rally' });
  }
  const canMove = (r['move'] ?? 0) > 0 || (r['standard'] ?? 0) > 0;
  if (canMove && !hasFlag(ruleset, c, 'cannot-move') && c.vars['disengageFailed'] !== true) {
    const grabbed = c.conditions.some((x) => x.conditionId === 'grabbed');
    // 13A-POS-3: a far-away foe takes two moves to reach (the standard pays for the second).
    const moves = (r['move'] ?? 0) + (r['standard'] ?? 0);
    if (!engaged.length && !grabbed) {
      for (const t of foes) if (moves >= (bandBetween(state, current, t) === 'far away' ? 2 : 1)) out.push({ type: 'takeAction', actorId: current, action: 'engage', targets: [t] });
    }
    if (engaged.length) out.push({ type: 'takeAction', actorId: current, action: 'disengage' });
  }
  return out;
}
