import { conditionsOutlastingFight, encounterHistory, type CreatureState, type EncounterState, type Json, type Resolution } from '@fray/engine';
import { isPc, pcSheet } from '../core/sheets';

/** An expended power: a daily waits for the next full heal-up; a recharge power rolls at the quick rest. */
export interface Expended {
  kind: 'daily' | 'recharge';
  /** the d20 result needed to get it back (13A-REST-4) */
  recharge?: number;
  /** 'used': spent in the last battle; 'missed': its recharge roll failed, so it sits out the next battle */
  state: 'used' | 'missed';
}

/** Creature var: expended powers by id. */
export const EXPENDED = '13a.expended';
/** Campaign vars: losses, heal-up pacing, the battles already rested after. */
export const REST_VARS = {
  losses: '13a.campaignLosses',
  healUpPoints: '13a.healUpPoints',
  restedAfter: '13a.quickRestAfter',
  countedLosses: '13a.lossEncounters',
} as const;

export interface CampaignLoss {
  ruleId: string;
  reason: string;
  consequence: string;
  at: number;
  encounterId: string | null;
}

export const expendedOf = (c: CreatureState): Record<string, Expended> => (c.vars[EXPENDED] as unknown as Record<string, Expended> | undefined) ?? {};

export function setExpended(ctx: Resolution, id: string, value: Record<string, Expended>): void {
  ctx.emit({ type: 'VarSet', creatureId: id, key: EXPENDED, value: Object.keys(value).length ? (value as unknown as Json) : null });
}

export const campaignLosses = (state: EncounterState): CampaignLoss[] => (state.vars[REST_VARS.losses] as unknown as CampaignLoss[] | undefined) ?? [];

export function recordLoss(ctx: Resolution, loss: Omit<CampaignLoss, 'at'>): void {
  const all = [...campaignLosses(ctx.state), { ...loss, at: ctx.state.clockSeconds }];
  ctx.emit({ type: 'VarSet', creatureId: null, key: REST_VARS.losses, value: all as unknown as Json });
  ctx.emit({ type: 'RuleApplied', ruleId: loss.ruleId, text: `a campaign loss (${loss.reason}): ${loss.consequence}` });
}

/** The reason the flee command ends a battle with (13A-SPEC-4). */
export const FLED_REASON = 'the party fled (campaign loss)';

/** A battle the party fled counts once as a campaign loss, whichever rest comes first after it. */
export function recordFlights(ctx: Resolution): void {
  const counted = (ctx.state.vars[REST_VARS.countedLosses] as string[] | undefined) ?? [];
  const fled = encounterHistory(ctx.state).filter((r) => r.endedReason === FLED_REASON && !counted.includes(r.id));
  if (!fled.length) return;
  for (const r of fled) recordLoss(ctx, { ruleId: '13A-SPEC-4', reason: `the party fled '${r.id}'`, consequence: 'the foes hold the field', encounterId: r.id });
  ctx.emit({ type: 'VarSet', creatureId: null, key: REST_VARS.countedLosses, value: [...counted, ...fled.map((r) => r.id)] });
}

/** The PCs a rest is for: the ones named (checked), or every PC that is not dead. */
export function restingPcs(ctx: Resolution, ids: readonly string[] | undefined): string[] {
  if (ids) {
    for (const id of ids) {
      const c = ctx.state.creatures[id];
      if (!c) ctx.reject('unknown-creature', `no creature '${id}' in the campaign`);
      if (!isPc(c)) ctx.reject('not-a-pc', `${c.name} is not a PC; only PCs rest`, '13A-REST-1');
    }
    return ids.filter((id) => ctx.state.creatures[id]!.status !== 'dead');
  }
  return ctx.state.creatureIds.filter((id) => isPc(ctx.state.creatures[id]!) && ctx.state.creatures[id]!.status !== 'dead');
}

export const staggered = (c: CreatureState): boolean => c.hp * 2 <= c.maxHp;

/**
 * What a creature takes from a battle back to the campaign: the default, except that recoveries are
 * a per-heal-up pool, not a per-turn budget, so they are not refilled (13A-HEAL-1, 13A-REST-5).
 */
export function carryOver13a(after: CreatureState, before: CreatureState): CreatureState {
  const budgets = { standard: 1, move: 1, quick: 1, interrupt: 1 };
  return {
    ...after,
    id: before.id, name: before.name, side: before.side, controller: before.controller, tags: before.tags,
    hidden: before.hidden, notes: before.notes, sheet: before.sheet,
    conditions: conditionsOutlastingFight(after.conditions),
    resources: { ...after.resources, ...budgets, ...(pcSheet(before) && after.resources['recoveries'] === undefined ? { recoveries: before.resources['recoveries'] ?? 0 } : {}) },
  };
}
