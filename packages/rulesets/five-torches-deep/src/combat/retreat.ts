import { endTurn, removeCondition, removeCreature, type GridSpaceState, type Resolution, type ZoneSpaceState } from '@fray/engine';
import { abilityIds, type Ability } from '../sheet/stat-block';
import { ftdCheck } from '../core/check';
import { inRounds, slots, spend, turnRefusal, type Refusal, type Rules } from '../core/economy';
import { creatureIn, hostile, isDown, isProficient, sheetOf } from '../core/sheet';
import { canAttack, resolveAttack } from './attack';
import { moraleCheck } from './morale';
import type { FtdModule } from '../module';
import { retreatVars } from '../settings';

/** Enemies who could swing or shoot at the retreating creature right now. */
function threats(ctx: Resolution, id: string): string[] {
  return ctx.state.creatureIds.filter((e) => {
    const c = creatureIn(ctx.state, e);
    const first = sheetOf(c).attacks[0];
    return e !== id && hostile(ctx.state, e, id) && !isDown(c) && c.status === 'conscious' && !!first && canAttack(ctx.state, e, id, first);
  });
}

/**
 * Retreat takes the whole turn (FTD-RETREAT-1) and ends concentration (-2); followers test morale
 * at disadvantage at once (-7); the GM may call a check and let enemies attack (-3); a failed check
 * or any hit stops it (-4); otherwise the creature leaves the fight and the order (-5).
 */
/** Why it cannot retreat now (FTD-RETREAT-1): unable, not its turn, not in rounds, or it has already acted this turn. */
export function retreatRefusal(ctx: Rules, actorId: string): Refusal | null {
  const turn = turnRefusal(ctx, actorId);
  if (turn) return turn;
  if (!inRounds(ctx)) return { code: 'not-in-rounds', message: 'retreat is a combat action', ruleId: 'FTD-RETREAT-1' };
  const c = creatureIn(ctx.state, actorId);
  if (slots.some((s) => (c.resources[s] ?? 0) < 1)) return { code: 'retreat-needs-whole-turn', message: `${c.name} has already acted this turn: retreat takes the whole turn`, ruleId: 'FTD-RETREAT-1' };
  return null;
}

function retreat(ctx: Resolution, actorId: string): void {
  const refusal = retreatRefusal(ctx, actorId);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const c = () => creatureIn(ctx.state, actorId);
  for (const s of slots) spend(ctx, actorId, s);
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETREAT-1', text: `${c().name} retreats, using the whole turn`, creatureId: actorId });
  if (removeCondition(ctx, actorId, 'concentrating', 'retreating ends concentration', 'FTD-RETREAT-2')) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETREAT-2', text: `${c().name}'s concentration ends`, creatureId: actorId });
  }
  const followers = ctx.state.creatureIds.filter((id) => creatureIn(ctx.state, id).vars['follows'] === actorId && creatureIn(ctx.state, id).status === 'conscious');
  if (followers.length) moraleCheck(ctx, followers, { grouping: 'individual', mode: 'disadvantage', ruleId: 'FTD-RETREAT-7', why: `${c().name} retreats`, failure: 'flee' });

  const ability = ctx.ask({
    key: 'ftd.retreat.check', to: { role: 'gm' }, about: actorId, ruleId: 'FTD-RETREAT-3',
    text: `${c().name} retreats. Is a check needed to get away, and with which ability?`,
    options: [{ id: 'none', label: 'No check' }, ...abilityIds.map((a) => ({ id: a, label: a.toUpperCase() }))], default: 'none',
  }) as Ability | 'none';
  const near = threats(ctx, actorId);
  const attackers = ctx.ask({
    key: 'ftd.retreat.attackers', to: { role: 'gm' }, about: actorId, ruleId: 'FTD-RETREAT-3',
    text: `Which enemies may attack ${c().name} as it flees?`,
    options: [{ id: 'none', label: 'None' }, ...(near.length > 1 ? [{ id: 'all', label: 'Every enemy in reach' }] : []), ...near.map((id) => ({ id, label: creatureIn(ctx.state, id).name }))],
    default: 'none',
  }) as string;
  if (ability !== 'none') {
    const dc = Number(ctx.ask({
      key: 'ftd.retreat.dc', to: { role: 'gm' }, about: actorId, ruleId: 'FTD-RETREAT-3', text: 'How hard is it to get away?',
      options: [{ id: '11', label: 'DC 11' }, { id: '8', label: 'DC 8' }, { id: '14', label: 'DC 14' }, { id: '17', label: 'DC 17' }], default: '11',
    }));
    const r = ftdCheck(ctx, { kind: 'check', actor: actorId, ability, proficient: isProficient(c(), ability), against: { label: 'retreat DC', value: dc }, selectors: ['check:retreat'], ruleId: 'FTD-RETREAT-3' });
    if (r.outcome !== 'success') {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETREAT-4', text: `${c().name} fails to get away and stays where it was`, creatureId: actorId });
      return;
    }
  }
  // Each permitted enemy attacks once, using none of its own actions (proposed ruling, FTD-RETREAT-3).
  for (const e of attackers === 'all' ? near : attackers === 'none' ? [] : [attackers]) {
    const r = resolveAttack(ctx, e, actorId, sheetOf(creatureIn(ctx.state, e)).attacks[0]!);
    if (r.outcome === 'hit' || r.outcome === 'crit') {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETREAT-4', text: `${c().name} is hit and the retreat fails`, creatureId: actorId });
      return;
    }
  }
  const chase = ctx.ask({
    key: 'ftd.retreat.pursuit', to: { role: 'gm' }, about: actorId, ruleId: 'FTD-RETREAT-6',
    text: `${c().name} gets away. Does anyone give chase?`,
    options: [{ id: 'no', label: 'No pursuit' }, { id: 'chase', label: 'Yes: run the chase (ftd.chase, direction flee)' }], default: 'no',
  });
  ctx.emit({ type: 'StatusSet', creatureId: actorId, status: 'escaped', ruleId: 'FTD-RETREAT-5' });
  ctx.emit({ type: 'RuleApplied', ruleId: chase === 'chase' ? 'FTD-RETREAT-6' : 'FTD-RETREAT-5', text: chase === 'chase' ? `${c().name} escapes the battle but is pursued: resolve the chase` : `${c().name} escapes and leaves the initiative order`, creatureId: actorId });
  endTurn(ctx);
  // A hidden creature's exit is the GM's to know: players never saw it in the order.
  ctx.emit({ type: 'InitiativeSet', order: ctx.state.order.filter((e) => e.creatureId !== actorId), reason: `${c().name} escaped`, ruleId: 'FTD-RETREAT-5' }, c().hidden ? 'gm' : undefined);
  const space = ctx.state.space as GridSpaceState | ZoneSpaceState | null;
  if (space && (space.kind === 'grid' || space.kind === 'zones') && Object.hasOwn(space.creatures, actorId)) {
    ctx.emit({ type: 'SpaceChanged', space: removeCreature(space, actorId) as never, moved: actorId });
  }
}

export const retreatModule: FtdModule = { id: 'retreat', creatureVars: retreatVars, actions: { retreat: (ctx, actorId) => retreat(ctx, actorId) } };
