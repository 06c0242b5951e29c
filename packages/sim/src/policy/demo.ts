import { type Command, type CreatureState, type EncounterState, type LoadedRuleset, type PromptPolicy } from '@fray/engine';
import { turnChoices } from './turn';

/** Up: still fighting (not dropped, not dead). */
export const isUp = (c: CreatureState): boolean => c.status === 'conscious' && c.hp > 0;

const hurt = (c: CreatureState) => c.hp / Math.max(1, c.maxHp);

/**
 * The demo's turn policy: attack the most hurt hostile that is still up (lowest share of its hit
 * points, then fewest hit points, then first in the encounter); otherwise end the turn. Picks from
 * the engine's legal commands, so it never tries anything the rules would refuse.
 */
export function chooseCommand(state: EncounterState, ruleset: LoadedRuleset): Command | null {
  const turn = turnChoices(state, ruleset);
  if (!turn) return null;
  const { me, legal, endTurn } = turn;
  if (!isUp(me)) return endTurn;
  let best: { cmd: Command; target: CreatureState; index: number } | null = null;
  for (const cmd of legal) {
    if (cmd.type !== 'takeAction' || cmd.action !== 'attack') continue;
    const targetId = (cmd as { targets?: string[] }).targets?.[0];
    const target = targetId ? state.creatures[targetId] : undefined;
    if (!target || target.side === me.side || !isUp(target)) continue;
    const index = state.creatureIds.indexOf(target.id);
    if (!best || hurt(target) < hurt(best.target) || (hurt(target) === hurt(best.target) && (target.hp < best.target.hp || (target.hp === best.target.hp && index < best.index)))) {
      best = { cmd, target, index };
    }
  }
  return best?.cmd ?? endTurn;
}

function numberOn(sheet: unknown, key: string): number | undefined {
  const v = sheet && typeof sheet === 'object' ? (sheet as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' ? v : undefined;
}

/**
 * The demo's prompt policy (the engine's `rt.policy` hook): brace against a shove when the save
 * bonus is at least 0, otherwise fall; spare foes who drop; anything else takes the prompt's default.
 * Undefined (ask a person) only when there is no default.
 */
export const demoPromptPolicy: PromptPolicy = (prompt, state) => {
  switch (prompt.key) {
    case 'mini.brace': {
      const c = prompt.about ? state.creatures[prompt.about] : undefined;
      return (numberOn(c?.sheet, 'dexSave') ?? 0) >= 0 ? 'brace' : 'fall';
    }
    case 'mini.spare':
      return 'spare';
    default:
      return prompt.default ?? undefined;
  }
};
