import { settleTies, type InitiativeEntry, type Json, type Resolution } from '@fray/engine';
import { a5eTest } from '../core/d20';
import { mod, sheetOf } from '../sheet/derived';
import type { AbilityId } from '../sheet/stat-block';
import { duelConfig, duelists } from './active';

export type Strategy = 'powerful' | 'swift' | 'distracting';

/**
 * The source's sample mapping (DUEL-INIT-2): each strategy is a rock-paper-scissors throw and a pair
 * of abilities. `options.duel.strategyAbilities` may give other pairs, as the source invites.
 */
export const STRATEGIES: Record<Strategy, { throw: string; beats: Strategy; abilities: [AbilityId, AbilityId] }> = {
  powerful: { throw: 'rock', beats: 'swift', abilities: ['str', 'con'] },
  swift: { throw: 'scissors', beats: 'distracting', abilities: ['dex', 'int'] },
  distracting: { throw: 'paper', beats: 'powerful', abilities: ['wis', 'cha'] },
};
const strategyIds = Object.keys(STRATEGIES) as Strategy[];
const abilityIds: AbilityId[] = ['str', 'dex', 'con', 'int', 'wis', 'cha'];

function abilitiesOf(state: Parameters<typeof duelConfig>[0], s: Strategy): AbilityId[] {
  const o = state.options['duel'] as Record<string, Json> | undefined;
  const custom = (o?.['strategyAbilities'] as Record<string, Json> | undefined)?.[s];
  if (Array.isArray(custom) && custom.length && custom.every((x) => abilityIds.includes(x as AbilityId))) return custom as AbilityId[];
  return [...STRATEGIES[s].abilities];
}

/** Who wins one throw: 'a', 'b' or null for a tie (DUEL-INIT-4). */
export function rpsWinner(a: Strategy, b: Strategy): 'a' | 'b' | null {
  if (a === b) return null;
  return STRATEGIES[a].beats === b ? 'a' : 'b';
}

const label = (s: Strategy, ab: AbilityId) => `${s[0]!.toUpperCase()}${s.slice(1)} (${STRATEGIES[s].throw}): ${ab.toUpperCase()}`;

/**
 * The round's alternative initiative (DUEL-INIT-1..5): both duelists choose a strategy and one of its
 * abilities at once and in secret (a prompt group; the engine shows each answer only to the one who gave
 * it until both are in), the throws are revealed, the winner rolls with advantage (a tie: both normally),
 * and the new order puts the higher total first for this round. Ties roll off (A5E-INIT-3); spectators
 * keep their places after the duelists.
 */
export function rpsInitiative(ctx: Resolution): void {
  const ids = duelists(ctx.state);
  if (ids.length !== 2 || duelConfig(ctx.state).initiative !== 'rps') return;
  const choices = ids.map((id) => {
    const sheet = sheetOf(ctx.state.creatures[id]!);
    const opts = strategyIds.flatMap((s) => abilitiesOf(ctx.state, s).map((ab) => ({ id: `${s}:${ab}`, label: label(s, ab), ab })));
    const best = [...opts].sort((x, y) => mod(sheet, y.ab) - mod(sheet, x.ab))[0]!;
    return { id, options: opts.map(({ id: oid, label: l }) => ({ id: oid, label: l })), default: best.id };
  });
  const answers = ctx.askAll(choices.map((c) => ({
    key: 'a5e.duel.strategy', to: { controllerOf: c.id }, about: c.id, secret: true, ruleId: 'DUEL-INIT-3',
    text: `Round ${ctx.state.round}: choose ${ctx.state.creatures[c.id]!.name}'s strategy and the ability it adds to initiative. The choice stays hidden until both duelists have chosen.`,
    options: c.options, default: c.default,
  })));
  const picked = choices.map((c, i) => {
    const raw = typeof answers[i] === 'string' && c.options.some((o) => o.id === answers[i]) ? (answers[i] as string) : c.default;
    const [s, ab] = raw.split(':') as [Strategy, AbilityId];
    return { id: c.id, strategy: s, ability: ab };
  });
  const [a, b] = picked as [typeof picked[0], typeof picked[0]];
  const name = (id: string) => ctx.state.creatures[id]!.name;
  ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-INIT-3', text: `round ${ctx.state.round} strategies revealed: ${name(a.id)} ${label(a.strategy, a.ability)}, ${name(b.id)} ${label(b.strategy, b.ability)}` });
  const w = rpsWinner(a.strategy, b.strategy);
  const winner = w === 'a' ? a.id : w === 'b' ? b.id : null;
  ctx.emit({
    type: 'RuleApplied', ruleId: 'DUEL-INIT-4',
    text: winner ? `${STRATEGIES[(w === 'a' ? a : b).strategy].throw} beats ${STRATEGIES[(w === 'a' ? b : a).strategy].throw}: ${name(winner)} rolls initiative with advantage` : 'the same strategy: both roll initiative normally',
    ...(winner ? { creatureId: winner } : {}),
  });
  const entries: InitiativeEntry[] = picked.map((p) => {
    const t = a5eTest(ctx, {
      kind: 'check', actor: p.id, ability: p.ability, dc: null, options: ['check:initiative', 'check:duel-initiative'],
      rollModeSources: p.id === winner ? [{ mode: 'advantage', source: 'duel:rps', label: 'winning the strategy throw', ruleId: 'DUEL-INIT-4' }] : [],
      ruleId: 'DUEL-INIT-5',
    });
    return { creatureId: p.id, total: t.total ?? 0, tiebreak: [], group: null, delayed: false };
  });
  const sorted = ctx.ruleset.initiativeTies === 'rolloff' ? settleTies(ctx, entries, 'A5E-INIT-3') : entries.sort((x, y) => y.total - x.total);
  const rest = ctx.state.order.filter((e) => !ids.includes(e.creatureId));
  ctx.emit({
    type: 'InitiativeSet', order: [...sorted, ...rest], ruleId: 'DUEL-INIT-5',
    reason: `duel round ${ctx.state.round}: ${sorted.map((e) => `${name(e.creatureId)} ${e.total}`).join(', ')}`,
  });
}
