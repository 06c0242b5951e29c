import { endEncounter, type Resolution } from '@fray/engine';
import { DUEL_RES, DUEL_VAR, duelRecord, res } from './active';

export interface DuelEnd {
  /** the participant that triggered the end (left the arena, conceded, fell, forfeited); null for a draw or a conversion */
  loser: string | null;
  reason: string;
  ruleId: string;
  /** the Narrator turned the duel into normal combat (DUEL-SCOPE-4): no winner, the fight goes on */
  converted?: boolean;
}

/**
 * Ends a running duel (DUEL-ARENA-5, proposed ruling): whoever triggered the end loses and the other
 * wins, or nobody when it is a draw or a conversion. Unspent duel actions go, temporary exertion is lost
 * (DUEL-EXERT-6), the rock-paper-scissors initiative stops (the hooks go quiet once the duel is over),
 * conditions from targeted attacks keep their durations. Then the Narrator says whether the encounter
 * ends (the default) or the fight goes on as normal combat.
 */
export function endDuel(ctx: Resolution, end: DuelEnd): void {
  const rec = duelRecord(ctx.state);
  if (!rec || rec.status !== 'active') return;
  const winner = end.loser ? (rec.participants.find((x) => x !== end.loser) ?? null) : null;
  ctx.emit({ type: 'VarSet', creatureId: null, key: DUEL_VAR, value: { ...rec, status: 'ended', winner, loser: end.loser, reason: end.reason } as never });
  const name = (id: string) => ctx.state.creatures[id]?.name ?? id;
  const outcome = end.converted ? 'no winner: the fight goes on as normal combat' : winner ? `${name(winner)} wins` : 'a draw';
  ctx.emit({ type: 'RuleApplied', ruleId: end.ruleId, text: `the duel ends: ${end.reason}` });
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-ARENA-5', text: `duel result: ${outcome}`, ...(winner ? { creatureId: winner } : {}) });
  for (const id of rec.participants) {
    const c = ctx.state.creatures[id];
    if (!c) continue;
    for (const key of [DUEL_RES.pool, DUEL_RES.bought, DUEL_RES.purchaseSpent]) if (res(c, key) !== 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key, value: 0, ruleId: 'DUEL-ARENA-5' });
    const temp = res(c, DUEL_RES.temp);
    if (temp > 0) {
      ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.temp, value: 0, ruleId: 'DUEL-EXERT-6' });
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-EXERT-6', text: `${c.name} loses ${temp} temporary exertion as the duel ends`, creatureId: id });
    }
  }
  if (end.converted) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-SCOPE-4', text: 'normal combat from the next turn: the base action economy returns, the initiative order stays, newcomers roll and join it' });
    return;
  }
  if (ctx.state.phase !== 'combat') return;
  const after = ctx.ask({
    key: 'a5e.duel.afterEnd', to: { role: 'gm' }, about: winner, ruleId: 'DUEL-ARENA-5',
    text: `The duel is over (${outcome}). End the encounter, or fight on under the normal rules?`,
    options: [{ id: 'end-encounter', label: 'End the encounter' }, { id: 'normal-combat', label: 'Fight on as normal combat' }],
    default: 'end-encounter',
  });
  if (after === 'normal-combat') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-SCOPE-4', text: 'the fight goes on as normal combat' });
    return;
  }
  endEncounter(ctx, `duel: ${outcome} (${end.reason})`);
}
