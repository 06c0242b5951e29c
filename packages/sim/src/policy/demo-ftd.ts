import { hasCondition, legalCommands, type Command, type CreatureState, type EncounterState, type LoadedRuleset, type PromptPolicy } from '@fray/engine';
import { demoPromptPolicy, isUp } from './demo';
import { actingCreature } from './turn';

const hurt = (c: CreatureState) => c.hp / Math.max(1, c.maxHp);
const isPc = (c: CreatureState) => c.tags.includes('pc');
const proficientIn = (c: CreatureState, what: string) => {
  const p = (c.sheet as { proficient?: unknown }).proficient;
  return Array.isArray(p) && p.includes(what);
};
const targetOf = (cmd: Command) => (cmd as { targets?: string[] }).targets?.[0];

/** A hostile worth striking: up, and not one that has already given in (FTD-MORALE-1). */
const fair = (me: CreatureState, t: CreatureState | undefined): t is CreatureState => t !== undefined && t.side !== me.side && isUp(t) && !hasCondition(t, 'surrendered');

/** Lowest share of hit points, then fewest hit points, then encounter order (the mini policy's pick). */
function weakest(state: EncounterState, ids: readonly string[]): string | undefined {
  let best: CreatureState | undefined;
  for (const id of state.creatureIds) {
    if (!ids.includes(id)) continue;
    const c = state.creatures[id]!;
    if (!best || hurt(c) < hurt(best) || (hurt(c) === hurt(best) && c.hp < best.hp)) best = c;
  }
  return best?.id;
}

/**
 * The demo's Five Torches Deep turn policy, over the rules' own legal commands:
 * - a creature whose morale broke (`fleeing`) retreats when it still has its whole turn (FTD-RETREAT-1), else waits;
 * - a PC trained in healing or medicine stabilizes a dying PC ally first (FTD-DEATH-3);
 * - otherwise it attacks the most hurt hostile still up that has not surrendered, with the first
 *   attack its stat block lists that reaches;
 * - with nothing in reach, in zones it closes in on that hostile (a movement action, FTD-ACT-5),
 *   so fights that start apart still meet;
 * - then it ends its turn.
 */
export function chooseFtdCommand(state: EncounterState, ruleset: LoadedRuleset): Command | null {
  const me = actingCreature(state);
  if (!me) return null;
  const endTurn: Command = { type: 'endTurn' };
  if (!isUp(me)) return endTurn;
  const legal = legalCommands(state, { role: 'gm' }, ruleset).filter((c) => (c as { actorId?: string }).actorId === me.id);
  const action = (name: string) => legal.filter((c) => c.type === 'takeAction' && (c as { action?: string }).action === name);
  if (hasCondition(me, 'fleeing')) return action('retreat')[0] ?? endTurn;
  if (isPc(me) && (proficientIn(me, 'healing') || proficientIn(me, 'medicine'))) {
    const save = action('stabilize').find((c) => {
      const t = state.creatures[targetOf(c) ?? ''];
      return t !== undefined && isPc(t);
    });
    if (save) return save;
  }
  const attacks = action('attack').filter((c) => fair(me, state.creatures[targetOf(c) ?? '']));
  const pick = weakest(state, attacks.map((c) => targetOf(c)!));
  if (pick) return attacks.find((c) => targetOf(c) === pick)!;
  return closeIn(state, me) ?? endTurn;
}

/** In zones, a move that engages the weakest fair hostile, when the creature has a movement action left. */
function closeIn(state: EncounterState, me: CreatureState): Command | null {
  const space = state.space as { kind?: string; creatures?: Record<string, unknown> } | null;
  if (space?.kind !== 'zones' || !space.creatures || !Object.hasOwn(space.creatures, me.id) || (me.resources['movement'] ?? 0) < 1) return null;
  const foes = state.creatureIds.filter((id) => fair(me, state.creatures[id]) && Object.hasOwn(space.creatures!, id));
  const target = weakest(state, foes);
  return target ? { type: 'move', creatureId: me.id, to: { engage: target } } : null;
}

/**
 * The demo's answers to Five Torches Deep prompts, the GM's way of running a fight:
 * - a usual moment for morale (FTD-MORALE-4: the battle begins, a first death, a leader killed):
 *   always call the check, the monsters rolling as a side with their leader's modifiers (FTD-MORALE-5);
 * - a monster that fails morale flees rather than surrenders (FTD-MORALE-1), so it tries to retreat;
 * - a retreat: the GM calls a DEX check at DC 11 (FTD-RETREAT-3).
 * Everything else: the prompt's default.
 */
export const ftdDemoPromptPolicy: PromptPolicy = (prompt, state) => {
  switch (prompt.key) {
    case 'ftd.morale.call':
      return 'side';
    case 'ftd.morale.failure':
      return 'flee';
    case 'ftd.retreat.check':
      return 'dex';
    case 'ftd.retreat.dc':
      return '11';
    default:
      return demoPromptPolicy(prompt, state);
  }
};
