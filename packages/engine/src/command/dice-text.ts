import { z } from 'zod';
import { parseDice } from '@fray/dice';

/** The most dice one command may roll (a fireball at the highest level rolls 20). */
export const MAX_COMMAND_DICE = 100;

/**
 * Dice text in a command, checked at the edge by the dice parser (its limits included) and capped at
 * `maxDice` dice, so a bad or huge expression is a typed rejection naming the field instead of an
 * exception inside the rules or a prompt nobody can answer.
 */
export function diceTextSchema(maxDice: number = MAX_COMMAND_DICE) {
  return z.string().min(1).max(200).superRefine((text, ctx) => {
    let dice = 0;
    try {
      for (const t of parseDice(text).terms) if (t.kind === 'dice') dice += t.count;
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `bad dice '${text}': ${(e as Error).message}` });
      return;
    }
    if (dice > maxDice) ctx.addIssue({ code: 'custom', message: `'${text}' rolls ${dice} dice; a command rolls at most ${maxDice}` });
  });
}
