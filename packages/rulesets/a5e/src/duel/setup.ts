import type { Resolution } from '@fray/engine';
import { sheetOf } from '../sheet/derived';
import { readWorldConfig } from '../world/config';
import { DUEL_RES, DUEL_VAR, DUEL_VARS, SPECTATOR_TAG, UNUSUAL_ANATOMY_TAG, duelConfig, duelModuleOn, duelists, inDuel, pbOf, res, type DuelRecord } from './active';
import { LOCATIONS, type Location } from './targeted';

/**
 * Whether a duelist can follow duel conventions (DUEL-PART-3): Intelligence 6 or more, yes; 3 to 5, the
 * Narrator decides (default yes); below 3, no unless the Narrator overrides.
 */
function eligible(ctx: Resolution, id: string): boolean {
  const c = ctx.state.creatures[id]!;
  const int = sheetOf(c).abilities.int;
  if (int >= 6) return true;
  const low = int < 3;
  const answer = ctx.ask({
    key: 'a5e.duel.eligible', to: { role: 'gm' }, about: id, ruleId: 'DUEL-PART-3',
    text: low
      ? `${c.name} has Intelligence ${int}, below 3: it cannot follow the rules of a duel unless you say otherwise.`
      : `${c.name} has Intelligence ${int}, below 6: will it keep to the rules of a duel?`,
    options: low
      ? [{ id: 'ineligible', label: 'It cannot duel' }, { id: 'eligible', label: 'It can duel' }]
      : [{ id: 'eligible', label: 'It can duel' }, { id: 'ineligible', label: 'It cannot duel' }],
  });
  return answer === 'eligible';
}

/** What the Narrator rules an unusual body can be aimed at (DUEL-TARGET-8). */
function anatomy(ctx: Resolution, id: string): void {
  const c = () => (ctx.state.creatures[id])!;
  if (!c().tags.includes(UNUSUAL_ANATOMY_TAG) || Array.isArray(c().vars[DUEL_VARS.locations])) return;
  const choices: Record<string, Location[]> = { all: [...LOCATIONS], 'neck-head': ['neck', 'head'], neck: ['neck'], none: [] };
  const answer = ctx.ask({
    key: 'a5e.duel.anatomy', to: { role: 'gm' }, about: id, ruleId: 'DUEL-TARGET-8',
    text: `${c().name}'s body is unusual: which locations can a targeted attack aim at?`,
    options: [{ id: 'neck-head', label: 'Neck and head (no arms or legs)' }, { id: 'all', label: 'Neck, head, arms and legs' }, { id: 'neck', label: 'Neck only' }, { id: 'none', label: 'None' }],
  });
  const locations = choices[typeof answer === 'string' && answer in choices ? answer : 'neck-head']!;
  ctx.emit({ type: 'VarSet', creatureId: id, key: DUEL_VARS.locations, value: locations });
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-TARGET-8', text: `${c().name} can be aimed at: ${locations.length ? locations.join(', ') : 'nowhere'}`, creatureId: id });
}

/** The encounter-building advice for a PC's duel, as a note only (DUEL-PART-1): a party of one, medium to hard. */
function difficultyNote(ctx: Resolution, ids: string[]): void {
  const pcs = ids.filter((x) => sheetOf(ctx.state.creatures[x]!).kind === 'character');
  if (pcs.length !== 1) return;
  const pc = ctx.state.creatures[pcs[0]!]!;
  const foe = ctx.state.creatures[ids.find((x) => x !== pc.id)!]!;
  const level = sheetOf(pc).level ?? 1;
  const tier1 = level <= 4;
  ctx.emit({
    type: 'RuleApplied', ruleId: 'DUEL-PART-1',
    text: `judge the duel as an encounter for a party of one level-${level} adventurer against ${foe.name}: aim for medium, no harder than hard${tier1 ? ' (a Tier 1 adventurer: keep it at hard or below)' : ''}`,
    creatureId: pc.id,
  });
}

/**
 * The duel begins with combat (DUEL-SCOPE-1): exactly two duelists (those named in `options.duel.
 * participants`, else everyone not tagged `spectator`), both able to keep to duel conventions; the
 * arena's borders and the environment are fixed now (DUEL-ARENA-1, DUEL-WORLD-2); exertion pools are
 * set up. Otherwise the fight runs under the normal rules.
 */
export function startDuel(ctx: Resolution): void {
  if (!duelModuleOn(ctx.state) || ctx.state.vars[DUEL_VAR] !== undefined) return;
  const cfg = duelConfig(ctx.state);
  const ids = cfg.participants ?? ctx.state.creatureIds.filter((x) => !ctx.state.creatures[x]!.tags.includes(SPECTATOR_TAG));
  for (const x of ids) if (!ctx.state.creatures[x]) ctx.reject('unknown-creature', `no duelist '${x}'`, 'DUEL-SCOPE-1');
  if (ids.length !== 2 || ids[0] === ids[1]) {
    ctx.reject('duel-needs-two', `a duel is fought by exactly two creatures; this one has ${ids.length} (${ids.join(', ') || 'none'}): name them in options.duel.participants or tag the rest 'spectator'`, 'DUEL-SCOPE-1');
  }
  const off = ids.filter((x) => !eligible(ctx, x));
  if (off.length) {
    ctx.emit({ type: 'VarSet', creatureId: null, key: DUEL_VAR, value: { status: 'off', participants: ids, touches: {} } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-PART-3', text: `${off.map((x) => ctx.state.creatures[x]!.name).join(' and ')} cannot keep to the rules of a duel: this is a normal fight` });
    return;
  }
  const record: DuelRecord = { status: 'active', participants: ids, touches: Object.fromEntries(ids.map((x) => [x, 0])) };
  ctx.emit({ type: 'VarSet', creatureId: null, key: DUEL_VAR, value: record as never });
  const names = ids.map((x) => ctx.state.creatures[x]!.name);
  const spectators = ctx.state.creatureIds.filter((x) => !ids.includes(x));
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-SCOPE-1', text: `a one-on-one duel: ${names.join(' against ')}${spectators.length ? `; watching: ${spectators.map((x) => ctx.state.creatures[x]!.name).join(', ')}` : ''}` });
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-SCOPE-3', text: 'the duelists may take any action, bonus action or reaction of normal combat, paid for in duel actions' });
  ctx.emit({
    type: 'RuleApplied', ruleId: 'DUEL-ARENA-1',
    text: cfg.borders ? `the arena's borders: squares (${cfg.borders.x0},${cfg.borders.y0}) to (${cfg.borders.x1},${cfg.borders.y1}); the duelists stay within ${cfg.maxSeparationFt} ft of each other` : `no marked borders; the duelists stay within ${cfg.maxSeparationFt} ft of each other`,
  });
  const env = readWorldConfig(ctx.state).environments;
  if (env.length) ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-WORLD-2', text: `the arena's environment is set for the whole duel: ${env.join(', ')}` });
  difficultyNote(ctx, ids);
  for (const x of ids) {
    anatomy(ctx, x);
    const c = ctx.state.creatures[x]!;
    // the starting pool: the `a5e.exertion` var, or an `exertion` tally (scenario files set tallies)
    const start = c.vars[DUEL_VARS.startingExertion] ?? c.tallies[DUEL_RES.exertion];
    const pool = Math.min(2 * pbOf(c), typeof start === 'number' ? Math.max(0, Math.floor(start)) : res(c, DUEL_RES.exertion));
    if (res(c, DUEL_RES.exertion) !== pool) ctx.emit({ type: 'ResourceSet', creatureId: x, key: DUEL_RES.exertion, value: pool, ruleId: 'DUEL-EXERT-7' });
    if (res(c, DUEL_RES.temp) !== 0) ctx.emit({ type: 'ResourceSet', creatureId: x, key: DUEL_RES.temp, value: 0, ruleId: 'DUEL-EXERT-6' });
  }
}

/** Each round the pool is set (not raised) to PB and the purchase counters start over (DUEL-ACTION-1, DUEL-EXERT-2). */
export function refreshPools(ctx: Resolution): void {
  if (!inDuel(ctx.state)) return;
  for (const id of duelists(ctx.state)) {
    const c = ctx.state.creatures[id]!;
    const pb = pbOf(c);
    ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.pool, value: pb, ruleId: 'DUEL-ACTION-1' });
    if (res(c, DUEL_RES.bought) !== 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.bought, value: 0, ruleId: 'DUEL-EXERT-2' });
    if (res(c, DUEL_RES.purchaseSpent) !== 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key: DUEL_RES.purchaseSpent, value: 0, ruleId: 'DUEL-EXERT-3' });
  }
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-ACTION-1', text: `round ${ctx.state.round}: ${duelists(ctx.state).map((id) => `${ctx.state.creatures[id]!.name} ${pbOf(ctx.state.creatures[id]!)}`).join(', ')} duel actions` });
}
