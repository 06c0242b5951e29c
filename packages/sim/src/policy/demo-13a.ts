import { type Command, type CreatureState, type EncounterState, type LoadedRuleset, type PromptPolicy } from '@fray/engine';
import { demoPromptPolicy, isUp } from './demo';
import { actingCreature } from './turn';

type Action = Command & { type: 'takeAction'; actorId: string; action: string; targets?: string[] };
const MOVES = new Set(['engage', 'disengage', 'rally', 'moveAway', 'comeBack', 'teleport', 'popFree', 'release', 'stabilize', 'potion', 'check', 'flexible', 'unarmed']);

const hurt = (c: CreatureState) => c.hp / Math.max(1, c.maxHp);
/** Lowest share of hit points, then fewest, then encounter order. */
function weakest(state: EncounterState, ids: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const id of state.creatureIds) {
    if (!ids.includes(id)) continue;
    const c = state.creatures[id]!;
    const b = best ? state.creatures[best]! : undefined;
    if (!b || hurt(c) < hurt(b) || (hurt(c) === hurt(b) && c.hp < b.hp)) best = id;
  }
  return best;
}

interface SheetAttack { id: string; kind: string }
const attacksOf = (c: CreatureState): SheetAttack[] => ((c.sheet as { attacks?: SheetAttack[] }).attacks ?? []);

/**
 * The demo's 13th Age turn policy, over the ruleset's own legal commands (13th Age lists them): a
 * staggered PC that may still rally does so; a creature engaged in melee strikes the weakest foe it
 * is engaged with; otherwise its signature attack (the stat block's first) decides: a ranged or close
 * one goes at the weakest foe, a melee one first engages the weakest foe (a move) and strikes next.
 * Foes still up come first: a downed PC is attacked only when no one else can be.
 * When nothing listed fits, the turn ends.
 */
export function choose13aCommand(state: EncounterState, ruleset: LoadedRuleset): Command | null {
  const me = actingCreature(state);
  if (!me) return null;
  const endTurn: Command = { type: 'endTurn' };
  if (!isUp(me) || !ruleset.legalCommands) return endTurn;
  const legal = ruleset.legalCommands(state, { role: 'gm' }).filter((c): c is Action => c.type === 'takeAction' && (c as Action).actorId === me.id);
  const rally = legal.find((c) => c.action === 'rally');
  if (rally && me.hp * 2 <= me.maxHp) return rally;
  const attacks = legal.filter((c) => !MOVES.has(c.action));
  const kindOf = (action: string) => attacksOf(me).find((a) => a.id === action)?.kind;
  // foes still up first; a downed PC is only finished off when no one else is in reach
  const pick = (cands: Action[]): Action | null => {
    const ids = cands.map((c) => c.targets?.[0] ?? '');
    const up = ids.filter((id) => state.creatures[id] !== undefined && isUp(state.creatures[id]));
    const t = weakest(state, up.length ? up : ids);
    // the first listed attack (the stat block's order) on that target
    return t ? cands.find((c) => c.targets?.[0] === t)! : null;
  };
  const melee = pick(attacks.filter((c) => kindOf(c.action) === 'melee'));
  if (melee) return melee;
  const signature = attacksOf(me)[0];
  const engage = pick(legal.filter((c) => c.action === 'engage'));
  if (signature?.kind === 'melee' && engage) return engage;
  const ranged = pick(attacks.filter((c) => c.action === signature?.id)) ?? pick(attacks);
  return ranged ?? engage ?? endTurn;
}

/**
 * The demo's answers to 13th Age prompts, on top of the mini ones: a free monster steps in to
 * intercept a PC moving past (13A-ENGAGE-10) and a PC lets monsters pass; everything else takes the
 * prompt's default (opportunity attacks are taken, the two-weapon reroll is used, saves as asked).
 */
export const thirteenthAgeDemoPromptPolicy: PromptPolicy = (prompt, state) => {
  if (prompt.key === '13a.intercept') {
    const interceptor = prompt.about ? state.creatures[prompt.about] : undefined;
    return interceptor && !interceptor.controller ? 'intercept' : 'let-pass';
  }
  return demoPromptPolicy(prompt, state);
};
