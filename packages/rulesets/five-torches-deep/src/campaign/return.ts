import { addCondition, advanceClock, betweenFightsCommand, hours, type CreatureState, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { abilityIds, type Ability } from '../sheet/stat-block';
import { ftdCheck } from '../core/check';
import { abilityMod, creatureIn, isPc, sheetOf } from '../core/sheet';
import { die } from '../combat/death';
import { FTD_VARS, numVar } from './party';

/** The roll to return's DC: 10 + 1 per travel turn from safety, at most 20 (FTD-RETURN-4). */
export const returnDc = (travelTurns: number): number => Math.min(20, 10 + Math.max(0, travelTurns));

/** A PC's single best modifier: the highest ability mod, plus PB when proficient in that ability (FTD-RETURN-2 ruling). */
export function bestModifier(c: CreatureState): { ability: Ability; value: number; proficient: boolean } {
  const s = sheetOf(c);
  let best: { ability: Ability; value: number; proficient: boolean } | null = null;
  for (const a of abilityIds) {
    const proficient = s.proficient.includes(a);
    const value = abilityMod(c, a) + (proficient ? s.proficiency : 0);
    if (!best || value > best.value) best = { ability: a, value, proficient };
  }
  return best!;
}

const returnSchema = z.object({
  type: z.literal('ftd.rollToReturn'),
  creatureIds: z.array(z.string().min(1)).min(1).max(50).optional(),
  /** travel turns between the party and safety; default the hours since it left (FTD-RETURN-4) */
  hours: z.number().int().min(0).max(1000).optional(),
  /** asked of the GM when left out (FTD-RETURN-3) */
  path: z.enum(['dangerous', 'arduous']).optional(),
  /** where an escaped PC heads (FTD-RETURN-8) */
  heading: z.enum(['camp', 'party']).default('camp'),
}).strict();

/**
 * GM: no time to play the way back, so each PC rolls to return (FTD-RETURN-1): best modifier against
 * the DC. A miss costs 1d6 per point on a dangerous path (no armour, no healing on the way) or a
 * load per point on an arduous one (FTD-RETURN-5..7).
 */
export const rollToReturnCommand = betweenFightsCommand('the way back', {
  schema: returnSchema,
  run: (ctx, c) => {
    const ids = c.creatureIds ?? ctx.state.creatureIds.filter((id) => {
      const x = creatureIn(ctx.state, id);
      return isPc(x) && x.status !== 'dead' && x.status !== 'dying';
    });
    for (const id of ids) {
      const x = ctx.state.creatures[id];
      if (!x) return ctx.reject('unknown-creature', `no creature '${id}'`);
      if (!isPc(x)) ctx.reject('not-a-pc', `${x.name} is not a PC: only PCs roll to return`, 'FTD-RETURN-1');
      if (x.status === 'dead' || x.status === 'dying') ctx.reject('cannot-return', `${x.name} is ${x.status} and cannot make its own way back`, 'FTD-RETURN-1');
    }
    const turns = c.hours ?? numVar(ctx.state.vars[FTD_VARS.travelTurns]);
    const dc = returnDc(turns);
    const path = c.path ?? (ctx.ask({
      key: 'ftd.return.path', to: { role: 'gm' }, about: null, ruleId: 'FTD-RETURN-3',
      text: `The way back is ${turns} travel turns (DC ${dc}). Is it dangerous (1d6 damage per point missed) or arduous (a load dropped per point missed)?`,
      options: [{ id: 'arduous', label: 'Arduous' }, { id: 'dangerous', label: 'Dangerous' }], default: 'arduous',
    }) as 'dangerous' | 'arduous');
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETURN-4', text: `rolling to return: ${turns} travel turns from safety, DC ${dc}, ${path === 'arduous' ? 'an' : 'a'} ${path} path` });
    for (const id of ids) returnOne(ctx, id, dc, path, c.heading);
    // The way back takes its travel turns: lights burn down on it (the table is not rolled, the roll to return stands for it).
    advanceClock(ctx, hours(turns), 'the way back', 'FTD-RETURN-1');
    if (c.heading === 'camp') ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.travelTurns, value: 0 });
  },
});

function returnOne(ctx: Resolution, id: string, dc: number, path: 'dangerous' | 'arduous', heading: 'camp' | 'party'): void {
  const c = creatureIn(ctx.state, id);
  const best = bestModifier(c);
  const escaped = c.status === 'escaped';
  if (escaped) ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETURN-8', text: `${c.name} got away from the fight and the chase, and heads for ${heading === 'camp' ? 'camp' : 'the rest of the party'}`, creatureId: id });
  const r = ftdCheck(ctx, {
    kind: 'check', actor: id, ability: null, proficient: false,
    fixedBonus: { label: `best mod (${best.ability.toUpperCase()}${best.proficient ? ' + PB' : ''})`, value: best.value },
    against: { label: 'return DC', value: dc }, selectors: ['check:return'], ruleId: 'FTD-RETURN-2',
    dangerous: path === 'dangerous',
  });
  if (escaped && creatureIn(ctx.state, id).status === 'escaped') ctx.emit({ type: 'StatusSet', creatureId: id, status: 'conscious', ruleId: 'FTD-RETURN-8' });
  if (r.outcome === 'success') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETURN-5', text: `${c.name} makes it back safely (${r.total} against DC ${dc})`, creatureId: id });
    return;
  }
  const missed = Math.max(1, dc - (r.total ?? 0));
  if (path === 'dangerous') return dangerousWay(ctx, id, missed, r.natural === 1);
  arduousWay(ctx, id, missed);
}

function dangerousWay(ctx: Resolution, id: string, missed: number, natural1: boolean): void {
  const c = () => creatureIn(ctx.state, id);
  let amount = ctx.roll(`${missed}d6`, { roller: null, purpose: 'the dangerous way back' }).total;
  if (natural1) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CRIT-2', text: `natural 1: ${c().name} takes double damage (${amount} → ${amount * 2})`, creatureId: id });
    amount *= 2;
  }
  // No armour, no temporary HP and no healing stand in the way: the HP are simply lost (FTD-RETURN-6).
  const hp = Math.max(0, c().hp - amount);
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETURN-6', text: `${c().name} falls ${missed} short on the dangerous way back: ${missed}d6 = ${amount} damage, unavoidable`, creatureId: id });
  ctx.emit({ type: 'HitPointsSet', target: id, hp, reason: 'the dangerous way back', ruleId: 'FTD-RETURN-6' });
  if (hp > 0) return;
  const fate = ctx.ask({
    key: 'ftd.return.zero', to: { role: 'gm' }, about: id, ruleId: 'FTD-RETURN-6',
    text: `${c().name} reaches 0 HP on the way back. Dead, or carried in unconscious?`,
    options: [{ id: 'unconscious', label: 'Unconscious' }, { id: 'dead', label: 'Dead' }], default: 'unconscious',
  });
  if (fate === 'dead') return die(ctx, id, 'the dangerous way back', 'FTD-RETURN-6');
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RETURN-6', text: `${c().name} arrives unconscious at 0 HP`, creatureId: id });
  addCondition(ctx, id, 'incapacitated', { source: 'return', ruleId: 'FTD-RETURN-6', duration: { kind: 'untilRest', rest: 'night' } });
}

function arduousWay(ctx: Resolution, id: string, missed: number): void {
  const c = () => creatureIn(ctx.state, id);
  const { load: heldLoad, coins: heldCoins } = c().vars;
  const load = typeof heldLoad === 'number' ? heldLoad : sheetOf(c()).load;
  const coins = typeof heldCoins === 'number' ? heldCoins : sheetOf(c()).coins;
  const coinLoads = Math.ceil(coins / 500);
  const first = ctx.ask({
    key: 'ftd.return.drop', to: { role: 'gm' }, about: id, ruleId: 'FTD-RETURN-7',
    text: `${c().name} falls ${missed} short and must drop ${missed} load (${load} gear, ${coins} coins). Cheap, loosely carried things go first; weapons and armour last. What goes first?`,
    options: [{ id: 'gear', label: 'Loose gear first, then coins' }, { id: 'coins', label: 'Coin purses first, then gear' }], default: 'gear',
  });
  let left = missed;
  let newCoins = coins;
  let newLoad = load;
  const dropCoins = () => {
    const n = Math.min(left, coinLoads);
    if (n > 0) {
      newCoins = Math.max(0, coins - n * 500);
      left -= n;
    }
  };
  const dropGear = () => {
    const n = Math.min(left, newLoad);
    newLoad -= n;
    left -= n;
  };
  if (first === 'coins') {
    dropCoins();
    dropGear();
  } else {
    dropGear();
    dropCoins();
  }
  if (newLoad !== load) ctx.emit({ type: 'VarSet', creatureId: id, key: 'load', value: newLoad });
  if (newCoins !== coins) ctx.emit({ type: 'VarSet', creatureId: id, key: 'coins', value: newCoins });
  ctx.emit({
    type: 'RuleApplied', ruleId: 'FTD-RETURN-7', creatureId: id,
    text: `${c().name} drops ${missed - left} load on the arduous way back (${coins - newCoins} coins, ${load - newLoad} gear)${left > 0 ? `; it had nothing more to lose` : ''}`,
  });
}
