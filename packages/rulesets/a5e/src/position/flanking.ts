import { engagedWith, isFlankedBy, type Json, type Resolution, type TestPayload } from '@fray/engine';
import { backToBackWith } from './back-to-back';
import { gridOf, isHostile, isIncapacitated, zonesOf } from './geometry';
import { offerExpertise } from './ground';

/** creature var: who has made melee attacks against it this round, `{ round, ids }` (zones only) */
export const MELEE_ATTACKERS = 'a5e.meleeAttackers';

interface Attackers {
  round: number;
  ids: string[];
}

function recordMeleeAttacker(ctx: Resolution, target: string, attacker: string): string[] {
  const v = ctx.state.creatures[target]!.vars[MELEE_ATTACKERS] as unknown as Attackers | undefined;
  const ids = v && v.round === ctx.state.round ? v.ids : [];
  if (ids.includes(attacker)) return ids;
  const next = [...ids, attacker].sort();
  ctx.emit({ type: 'VarSet', creatureId: target, key: MELEE_ATTACKERS, value: { round: ctx.state.round, ids: next } as unknown as Json });
  return next;
}

/**
 * Flanking. On a grid (A5E-POS-13): an ally on the directly opposite side of the target (a line
 * between centres through opposite sides or corners) gives the creature an expertise die on attack
 * rolls and ability checks against it; an incapacitated creature flanks for nobody. In zones
 * (A5E-POS-14): three or more hostile creatures attacking it in melee flank it, each gaining the
 * die; counted by melee attacks since the round began (option `a5e.zoneFlanking`: 'attacked',
 * default) or by engagement ('engaged'). A creature standing back-to-back cannot be flanked.
 */
export function flankingExpertise(ctx: Resolution, p: TestPayload): void {
  if ((p.kind !== 'attack' && p.kind !== 'check') || !p.actor || !p.target || p.actor === p.target) return;
  const { state, ruleset } = ctx;
  const zones = zonesOf(state);
  const melee = p.kind === 'attack' && p.options.has('attack:melee');
  const inZones = !!zones && !!zones.creatures[p.actor] && !!zones.creatures[p.target];
  const attackers = inZones && melee ? recordMeleeAttacker(ctx, p.target, p.actor) : null;
  if (!isHostile(state, p.actor, p.target) || isIncapacitated(ruleset, state.creatures[p.actor]!)) return;
  if (backToBackWith(state, p.target) !== null) return;
  const grid = gridOf(state);
  if (grid && grid.creatures[p.actor] && grid.creatures[p.target]) {
    const ally = state.creatureIds.find((id) =>
      id !== p.actor && id !== p.target && !!grid.creatures[id] && state.creatures[id]!.side === state.creatures[p.actor!]!.side
      && !isIncapacitated(ruleset, state.creatures[id]!) && isFlankedBy(grid, p.target!, p.actor!, id));
    if (ally) offerExpertise(p, { source: `flanking with ${state.creatures[ally]!.name}`, ruleId: 'A5E-POS-13' });
    return;
  }
  if (!inZones) return;
  const byEngagement = state.options['a5e.zoneFlanking'] === 'engaged';
  const counted = byEngagement ? engagedWith(zones, p.target) : (attackers ?? (currentAttackers(ctx, p.target)));
  const able = counted.filter((id) => isHostile(state, id, p.target!) && !isIncapacitated(ruleset, state.creatures[id]!));
  if (able.length >= 3 && able.includes(p.actor)) offerExpertise(p, { source: `flanked by ${able.length}`, ruleId: 'A5E-POS-14' });
}

function currentAttackers(ctx: Resolution, target: string): string[] {
  const v = ctx.state.creatures[target]!.vars[MELEE_ATTACKERS] as unknown as Attackers | undefined;
  return v && v.round === ctx.state.round ? v.ids : [];
}
