import { addCondition, settleTies, sortOrder, type CommandDef, type ConditionDef, type InitiativeEntry, type Json, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { a5eTest } from '../core/d20';
import { HIDDEN, canObserve, hostile, passivePerception } from '../actions/stealth';

/** encounter var: the surprise step's outcome, once the Narrator has called for it (A5E-ENC-5) */
export const SURPRISE = 'a5e.surprise';

/**
 * Surprised (A5E-ENC-6): no move and no action on its first turn, no reaction until that turn ends.
 * It lasts until the end of the creature's first turn. Bonus actions stay (literal reading) unless the
 * encounter option `surpriseBlocksBonusAction` is on (the economy reads it).
 */
export const surprisedCondition: ConditionDef = {
  id: 'surprised', name: 'Surprised', ruleId: 'A5E-ENC-6',
  effects: [
    { kind: 'forbid', what: 'action', ruleId: 'A5E-ENC-6' },
    { kind: 'forbid', what: 'reaction', ruleId: 'A5E-ENC-6' },
    { kind: 'speed', set: 0, ruleId: 'A5E-ENC-6' },
  ],
};

const id = z.string().min(1).max(200);
export const setSurpriseSchema = z.object({
  type: z.literal('a5e.setSurprise'),
  /** who is trying to be stealthy; empty means nobody, so there is no surprise (A5E-ENC-8) */
  stealthy: z.array(id).max(100),
  /** Stealth totals rolled at the table, instead of rolling here */
  totals: z.record(z.string(), z.number().int().min(-20).max(100)).optional(),
  /** the Narrator's own ruling on who is surprised, replacing the computed one */
  surprised: z.array(id).max(100).optional(),
}).strict();
export type SetSurprise = z.infer<typeof setSurpriseSchema>;

/**
 * The surprise step (A5E-ENC-5, proposed ruling): each stealthy creature's Dexterity (Stealth) total
 * is compared with each hostile observer's passive Perception, and the hider goes unnoticed only when
 * its total is strictly higher (A5E-CORE-12). An observer is surprised when it noticed no hostile
 * participant at all. Every Stealth total becomes that creature's initiative (A5E-ENC-9); observers
 * that used passive Perception roll initiative as usual.
 */
export function runSurprise(ctx: Resolution, c: SetSurprise): void {
  if (ctx.state.phase !== 'setup') ctx.reject('not-in-setup', 'surprise is settled during set-up, before initiative', 'A5E-ENC-5');
  if (ctx.state.vars[SURPRISE] !== undefined) ctx.reject('surprise-already-set', 'the surprise step has already been settled', 'A5E-ENC-5');
  for (const x of [...c.stealthy, ...(c.surprised ?? []), ...Object.keys(c.totals ?? {})]) {
    if (!ctx.state.creatures[x]) ctx.reject('unknown-creature', `no creature '${x}'`, 'A5E-ENC-5');
  }
  for (const x of Object.keys(c.totals ?? {})) if (!c.stealthy.includes(x)) ctx.reject('not-stealthy', `${x} has a Stealth total but is not listed as stealthy`, 'A5E-ENC-5');
  if (!c.stealthy.length && !c.surprised?.length) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENC-8', text: 'nobody is trying to be stealthy: no surprise, straight to initiative' });
    ctx.emit({ type: 'VarSet', creatureId: null, key: SURPRISE, value: { stealthy: [], surprised: [] } });
    return;
  }
  const totals: Record<string, number> = {};
  for (const hider of c.stealthy) {
    const given = c.totals?.[hider];
    totals[hider] = given ?? a5eTest(ctx, { kind: 'check', actor: hider, ability: 'dex', skill: 'stealth', dc: null, options: ['check:stealth', 'check:surprise'], ruleId: 'A5E-ENC-5' }).total ?? 0;
  }
  // The Stealth totals stand as initiative (A5E-ENC-9).
  const fresh: InitiativeEntry[] = c.stealthy.map((x) => ({ creatureId: x, total: totals[x]!, tiebreak: [], group: null, delayed: false }));
  let order = sortOrder([...ctx.state.order.filter((e) => !c.stealthy.includes(e.creatureId)), ...fresh], ctx.state.creatureIds);
  if (ctx.ruleset.initiativeTies === 'rolloff') order = settleTies(ctx, order, 'A5E-INIT-3');
  ctx.emit({ type: 'InitiativeSet', order, reason: 'Stealth totals from the surprise step kept as initiative', ruleId: 'A5E-ENC-9' });

  const observers = ctx.state.creatureIds.filter((o) => canObserve(ctx.ruleset, ctx.state, o));
  const passive = Object.fromEntries(observers.map((o) => [o, passivePerception(ctx, o)]));
  const unnoticedBy = (hider: string, o: string) => c.stealthy.includes(hider) && totals[hider]! > passive[o]!;
  const computed = observers.filter((o) => {
    const foes = ctx.state.creatureIds.filter((h) => h !== o && ctx.state.creatures[h]!.status !== 'dead' && hostile(ctx.state, o, h));
    return foes.length > 0 && foes.every((h) => unnoticedBy(h, o));
  });
  const surprised = c.surprised ?? computed;
  for (const hider of c.stealthy) {
    const from = observers.filter((o) => hostile(ctx.state, hider, o) && unnoticedBy(hider, o));
    if (from.length) ctx.emit({ type: 'VarSet', creatureId: hider, key: HIDDEN, value: { stealth: totals[hider]!, from } });
  }
  for (const s of surprised) {
    addCondition(ctx, s, 'surprised', { source: null, ruleId: 'A5E-ENC-6', duration: { kind: 'turns', creatureId: s, boundary: 'end', count: 1, skipCurrent: false } });
  }
  ctx.emit({ type: 'VarSet', creatureId: null, key: SURPRISE, value: { stealthy: [...c.stealthy], surprised: [...surprised] } as Json });
}

export const setSurpriseCommand: CommandDef<SetSurprise> = {
  type: 'a5e.setSurprise',
  schema: setSurpriseSchema,
  gmOnly: true,
  run: runSurprise,
};
