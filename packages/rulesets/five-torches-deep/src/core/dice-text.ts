import { parseDice } from '@fray/dice';
import type { Refusal } from './economy';

/**
 * Why the healing dice a command names cannot be rolled (they do not parse, or ask for too many dice),
 * so the command is refused up front rather than failing at the roll.
 */
export function diceRefusal(text: string, ruleId: string): Refusal | null {
  try {
    parseDice(text);
    return null;
  } catch (err) {
    return { code: 'bad-option', message: `options.dice '${text}' is not a dice expression (e.g. "3d6"): ${err instanceof Error ? err.message : String(err)}`, ruleId };
  }
}
