import { hasCondition, type Command, type CreatureState, type EncounterState, type LoadedRuleset, type PromptPolicy, type PromptSpec } from '@fray/engine';
import { ACTION, ATTACKS_LEFT, MOVEMENT, canSpend, readyRechargeAction, sheetOf, sizeRank, speedOf } from '@fray/ruleset-a5e';
import { demoPromptPolicy, isUp } from './demo';
import { actingCreature } from './turn';

const hurt = (c: CreatureState) => c.hp / Math.max(1, c.maxHp);

/** The most hurt hostile still up (share of hit points, then hit points, then encounter order), as the mini policy picks. */
function weakestFoe(state: EncounterState, me: CreatureState): CreatureState | null {
  let best: CreatureState | null = null;
  for (const id of state.creatureIds) {
    const t = state.creatures[id]!;
    if (t.side === me.side || !isUp(t)) continue;
    if (!best || hurt(t) < hurt(best) || (hurt(t) === hurt(best) && t.hp < best.hp)) best = t;
  }
  return best;
}

/**
 * The demo's A5E turn policy. The A5E ruleset lists no legal commands of its own, so this reads the
 * action budget: while the creature has its action, or attacks left from a multiattack (A5E-ACT-3),
 * it makes its first listed attack (the stat block's signature one) against the most hurt hostile
 * still up; then it ends its turn. A prone creature first stands up when it has the movement for it
 * (half its Speed, A5E-POS-8). A creature that cannot act (down, incapacitated) ends its turn.
 * A stat-block action with a recharge (a breath weapon) is used whenever it is ready, before attacking.
 */
export function chooseA5eCommand(state: EncounterState, ruleset: LoadedRuleset): Command | null {
  const me = actingCreature(state);
  if (!me) return null;
  const endTurn: Command = { type: 'endTurn' };
  if (!isUp(me)) return endTurn;
  const duel = duelView(state, me.id);
  if (duel?.spectator) return endTurn;
  const speed = speedOf(ruleset, state, me.id);
  if (hasCondition(me, 'prone') && speed > 0 && (me.resources[MOVEMENT] ?? 0) >= Math.floor(speed / 2)) {
    return { type: 'takeAction', actorId: me.id, action: 'stand-up', targets: [] };
  }
  const attack = sheetOf(me).attacks[0];
  const attacksLeft = (me.resources[ATTACKS_LEFT] ?? 0) > 0;
  // A ready recharge action (a breath weapon) comes before its attacks, over every hostile it can take.
  const recharge = duel || attacksLeft ? null : readyRechargeAction(ruleset, state, me.id);
  if (recharge) return recharge;
  // Slowed: one attack a turn, whatever is left of a multiattack (A5E-ACT-24).
  if (attacksLeft && hasCondition(me, 'slowed') && (me.resources['attacksMade'] ?? 0) >= 1) return endTurn;
  if (!attack || !(attacksLeft ? canSpend(ruleset, state, me.id, 'free') : canSpend(ruleset, state, me.id, ACTION))) return endTurn;
  const target = duel ? duel.opponent : weakestFoe(state, me);
  if (!target) return endTurn;
  if (duel?.aim && attack.kind === 'melee') {
    const location = ['neck', 'head', 'legs'][state.round % 3]!;
    return { type: 'takeAction', actorId: me.id, action: 'attack', targets: [target.id], options: { attack: attack.id, target: location } };
  }
  return { type: 'takeAction', actorId: me.id, action: 'attack', targets: [target.id], options: { attack: attack.id } };
}

/**
 * A running duel (the duel module's record in `state.vars['a5e.duel']`, DUEL-*): spectators only watch;
 * a duelist fights its opponent, and aims its first attack of the round at a location (neck, head,
 * legs by round) when nothing on it or its opponent would already give the roll disadvantage.
 */
function duelView(state: EncounterState, id: string): { spectator: boolean; opponent: CreatureState | null; aim: boolean } | null {
  const d = state.vars['a5e.duel'] as { status?: string; participants?: string[] } | undefined;
  if (!d || d.status !== 'active' || !Array.isArray(d.participants)) return null;
  if (!d.participants.includes(id)) return { spectator: true, opponent: null, aim: false };
  const me = state.creatures[id]!;
  const other = state.creatures[d.participants.find((x) => x !== id) ?? ''];
  const opponent = other && isUp(other) ? other : null;
  const unhindered = me.conditions.every((c) => ['bloodied', 'strife', 'fatigue'].includes(c.conditionId)) && !other?.conditions.some((c) => c.conditionId === 'dodging');
  return { spectator: false, opponent, aim: unhindered && me.vars['a5e.duel.targetedRound'] !== state.round };
}

const creature = (state: EncounterState, id: string | null | undefined) => (id ? state.creatures[id] : undefined);
const optionIds = (p: PromptSpec) => p.options.map((o) => o.id);

/** The environment strikes the biggest figure on the field: largest size, then most hit points, then first listed. */
function biggest(state: EncounterState, ids: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const id of ids) {
    const c = state.creatures[id];
    const b = best ? state.creatures[best] : undefined;
    if (!c) continue;
    if (!b) {
      best = id;
      continue;
    }
    const bySize = sizeRank(sheetOf(c).size) - sizeRank(sheetOf(b).size);
    if (bySize > 0 || (bySize === 0 && c.hp > b.hp)) best = id;
  }
  return best;
}

/**
 * The demo's answers to A5E prompts, on top of the mini ones (`demoPromptPolicy`):
 * - world action (the GM's, A5E-WORLD-3): the environment takes one every round, cycling through
 *   those available by round number, so each shows up; "one creature" ones hit the biggest figure
 *   (largest, then most hit points); a cliff's "near" counts everyone; pushes go the default way.
 * - opportunity attacks (A5E-ATK-16): always taken, with the first attack offered.
 * - a critical hit on a creature with a shield or Block (A5E-DMG-5, A5E-DMG-6): downgraded when it
 *   helps, that is when the creature is already bloodied (a doubled blow could drop it); the shield
 *   goes before Block's fatigue.
 * - knock-out (A5E-DYING-17, asked when `knockOutPrompt: always`): the party knocks out NPCs to take
 *   them prisoner; everyone else lets the blow land.
 * - a duel's secret strategy (DUEL-INIT-3): cycled by round, the better ability of the pair.
 * Everything else: the prompt's default.
 */
export const a5eDemoPromptPolicy: PromptPolicy = (prompt, state) => {
  const ids = optionIds(prompt);
  switch (prompt.key) {
    case 'world.action': {
      const actions = ids.filter((id) => id !== 'none');
      return actions.length ? actions[(Math.max(1, state.round) - 1) % actions.length]! : 'none';
    }
    case 'world.target':
      return biggest(state, ids) ?? ids[0] ?? null;
    case 'world.near':
      return 'near';
    case 'a5e.opportunityAttack':
      return ids.find((id) => id !== 'decline') ?? 'decline';
    case 'a5e.crit.block': {
      const c = creature(state, prompt.about);
      const bloodied = c !== undefined && c.hp * 2 <= c.maxHp;
      if (!bloodied) return 'take';
      return ids.includes('sacrifice-shield') ? 'sacrifice-shield' : ids.includes('block') ? 'block' : 'take';
    }
    case 'a5e.dying.knockOut': {
      // asked of the attacker's controller: a player's seat means a party member struck the blow
      const victim = creature(state, prompt.about);
      return victim && sheetOf(victim).kind === 'npc' && prompt.to.role === 'player' ? 'knock-out' : 'normal';
    }
    case 'a5e.duel.strategy': {
      // The duel's secret strategy (DUEL-INIT-3): each duelist cycles through the strategies by round,
      // from a different start, with the better ability of the pair, so wins, losses and ties all come up.
      const c = creature(state, prompt.about);
      const strategies = [...new Set(ids.map((id) => id.split(':')[0]!))];
      if (!c || !strategies.length) return prompt.default;
      const s = strategies[(Math.max(1, state.round) + state.creatureIds.indexOf(c.id)) % strategies.length]!;
      const score = (id: string) => (sheetOf(c).abilities as Record<string, number>)[id.split(':')[1]!] ?? 0;
      return ids.filter((id) => id.startsWith(`${s}:`)).sort((a, b) => score(b) - score(a))[0] ?? prompt.default;
    }
    default:
      return demoPromptPolicy(prompt, state);
  }
};
