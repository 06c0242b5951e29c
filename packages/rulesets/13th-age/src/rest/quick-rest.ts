import { betweenFightsCommand, encounterHistory, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { useRecovery } from '../hp/recovery';
import { REST_VARS, expendedOf, recordFlights, restingPcs, setExpended, staggered, type Expended } from './state';

const id = z.string().min(1).max(200);

export const usedPowerSchema = z.object({
  creatureId: id,
  power: z.string().min(1).max(100),
  /** the power's recharge value (a "recharge 16+" power is 16); left out, the power is daily (per heal-up) */
  recharge: z.number().int().min(2).max(20).optional(),
}).strict();

/**
 * Rolls a d20 for a recharge power: at or over its value it is back for the next battle; under, it
 * sits that battle out and returns after it without a roll (13A-REST-4 ruling).
 */
export function rechargeRoll(ctx: Resolution, cid: string, power: string, e: Expended, ruleId = '13A-REST-4'): boolean {
  const c = ctx.state.creatures[cid]!;
  const roll = ctx.roll('1d20', { roller: cid, purpose: `recharge ${power} (${e.recharge}+)` }).total;
  const back = roll >= (e.recharge ?? 21);
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${c.name} rolls ${roll} to recharge ${power} (${e.recharge}+): ${back ? 'ready for the next battle' : 'lost until after the next battle'}`, creatureId: cid });
  return back;
}

const quickRestSchema = z.object({
  type: z.literal('13a.quickRest'),
  creatureIds: z.array(id).min(1).max(50).optional(),
  /** the limited powers used in the battle just over */
  used: z.array(usedPowerSchema).max(200).default([]),
}).strict();

/**
 * GM: the quick rest after a battle (13A-REST-1). Powers that missed their recharge last time come
 * back; recharge powers used in this battle roll (13A-REST-4); dailies stay spent. Then each PC's
 * player spends as many recoveries as they like (13A-REST-2); a staggered PC must heal at least once
 * (13A-REST-3). A battle the party fled is recorded as a campaign loss (13A-SPEC-4).
 */
export const quickRestCommand = betweenFightsCommand('a quick rest', {
  schema: quickRestSchema,
  run: (ctx, c) => {
    const battles = encounterHistory(ctx.state).filter((r) => r.endedAt !== null);
    const last = battles[battles.length - 1];
    if (!last) return ctx.reject('no-battle', 'a quick rest follows a battle, and the campaign has had none', '13A-REST-1');
    if (ctx.state.vars[REST_VARS.restedAfter] === last.id) ctx.reject('already-rested', `the party already took its quick rest after '${last.id}'; the next comes after the next battle`, '13A-REST-1');
    const pcs = restingPcs(ctx, c.creatureIds);
    for (const u of c.used) if (!pcs.includes(u.creatureId)) ctx.reject('not-resting', `${u.creatureId} is not among the PCs resting`);
    ctx.emit({ type: 'VarSet', creatureId: null, key: REST_VARS.restedAfter, value: last.id });
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-REST-1', text: `a quick rest after '${last.id}': ${pcs.map((x) => ctx.state.creatures[x]!.name).join(', ')}` });
    recordFlights(ctx);
    for (const cid of pcs) {
      const before = expendedOf(ctx.state.creatures[cid]!);
      const next: Record<string, Expended> = {};
      for (const [power, e] of Object.entries(before)) {
        if (e.kind === 'daily') next[power] = e;
        else if (e.state === 'missed') ctx.emit({ type: 'RuleApplied', ruleId: '13A-REST-4', text: `${ctx.state.creatures[cid]!.name}'s ${power} sat out a battle and is back`, creatureId: cid });
      }
      for (const u of c.used.filter((x) => x.creatureId === cid)) {
        if (u.recharge === undefined) next[u.power] = { kind: 'daily', state: 'used' };
        else if (!rechargeRoll(ctx, cid, u.power, { kind: 'recharge', recharge: u.recharge, state: 'used' })) next[u.power] = { kind: 'recharge', recharge: u.recharge, state: 'missed' };
      }
      if (before !== next && JSON.stringify(before) !== JSON.stringify(next)) setExpended(ctx, cid, next);
    }
    for (const cid of pcs) spendRecoveries(ctx, cid);
  },
});

/** The player picks how many recoveries to spend, 0 up to all it has; staggered, at least one (13A-REST-2, -3). */
function spendRecoveries(ctx: Resolution, cid: string): void {
  const c = ctx.state.creatures[cid]!;
  const left = c.resources['recoveries'] ?? 0;
  const mustHeal = staggered(c) && c.hp < c.maxHp;
  if (mustHeal && left === 0) ctx.emit({ type: 'RuleApplied', ruleId: '13A-REST-3', text: `${c.name} is staggered but has no recoveries left: the rule to heal is waived`, creatureId: cid });
  // Unhurt, there is nothing to spend recoveries on.
  if (left === 0 || c.hp >= c.maxHp) return;
  const options = Array.from({ length: left + 1 }, (_, n) => ({ id: String(n), label: n === 0 ? 'None' : `${n} recover${n === 1 ? 'y' : 'ies'}` }));
  const answer = ctx.ask({
    key: '13a.rest.recoveries', to: { controllerOf: cid }, about: cid, ruleId: mustHeal ? '13A-REST-3' : '13A-REST-2',
    text: `${c.name} is at ${c.hp}/${c.maxHp} HP with ${left} recoveries.${mustHeal ? ' Staggered, it must try to heal: spend at least one, or take true healing from a spell.' : ''} How many recoveries to spend?`,
    options: mustHeal ? [...options.slice(1), { id: 'spell', label: 'A spell heals it instead' }] : options,
    default: mustHeal ? '1' : '0',
  });
  if (answer === 'spell') {
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-REST-3', text: `${c.name} is healed by a spell instead of a recovery (apply it with the spell)`, creatureId: cid });
    return;
  }
  const n = Number(answer);
  for (let i = 0; i < n; i++) useRecovery(ctx, cid, 'quick rest');
}
