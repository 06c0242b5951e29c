import { engagedWith, isFlankedBy, type Hook, type Json, type Resolution, type TestPayload } from '@fray/engine';
import { backToBackWith } from './back-to-back';
import { gridOf, isHostile, isIncapacitated, zonesOf } from './geometry';
import { offerExpertise } from './ground';

/** creature var: who has made melee attacks against it this round, `{ round, ids }` (zones only) */
export const MELEE_ATTACKERS = 'a5e.meleeAttackers';

interface Attackers {
  round: number;
  ids: string[];
}

/** test payload data: the melee attackers a zone fight's target has had this round, with this one, for `flankingRecordHook` to write */
const ATTACKERS_SEEN = 'a5e.flanking.attackers';

/** This round's melee attackers of `target` with `attacker` among them; a new list is noted for the commit stage to record. */
function withMeleeAttacker(ctx: Resolution, p: TestPayload, target: string, attacker: string): string[] {
  const v = ctx.state.creatures[target]!.vars[MELEE_ATTACKERS] as unknown as Attackers | undefined;
  const ids = v && v.round === ctx.state.round ? v.ids : [];
  if (ids.includes(attacker)) return ids;
  const next = [...ids, attacker].sort();
  p.data[ATTACKERS_SEEN] = { target, round: ctx.state.round, ids: next };
  return next;
}

/** Records the melee attacker gathering counted (A5E-POS-14): a stage that acts writes it, before the roll. */
export const flankingRecordHook: Hook<'test.commit'> = {
  stage: 'test.commit', id: 'a5e.position.flanking-record', priority: 1, ruleId: 'A5E-POS-14',
  run: (ctx, p) => {
    const seen = p.data[ATTACKERS_SEEN] as { target: string; round: number; ids: string[] } | undefined;
    if (seen) ctx.emit({ type: 'VarSet', creatureId: seen.target, key: MELEE_ATTACKERS, value: { round: seen.round, ids: seen.ids } as unknown as Json });
  },
};

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
  const attackers = inZones && melee ? withMeleeAttacker(ctx, p, p.target, p.actor) : null;
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
