import type { EncounterState } from '@fray/engine';
import { sheetOf } from '../sheet/derived';

/** The encounter option that asks the attacker on every melee drop (`dying/zero.ts`, A5E-DYING-17). */
const KNOCK_OUT_PROMPT = 'knockOutPrompt';

/**
 * Which melee blows knock out instead of dropping (A5E-DYING-17) when the encounter asks on every
 * melee drop (`knockOutPrompt: always`), as the simulator answers the question (`a5e.dying.knockOut`,
 * asked of the attacker's controller): a player's creature spares an NPC to take it prisoner; nobody
 * else spares anyone. At attacker a × n + target t, each fighting with its stat block's first attack;
 * null when the option does not ask (a declared knock-out needs a pre-answer, which simulated attacks never carry).
 */
export function knockOutTable(state: EncounterState): Uint8Array | null {
  if (state.options[KNOCK_OUT_PROMPT] !== 'always') return null;
  const ids = state.creatureIds;
  const n = ids.length;
  const table = new Uint8Array(n * n);
  ids.forEach((a, i) => {
    const attacker = state.creatures[a]!;
    if (attacker.controller === null || sheetOf(attacker).attacks[0]?.kind !== 'melee') return;
    ids.forEach((t, j) => {
      if (sheetOf(state.creatures[t]!).kind === 'npc') table[i * n + j] = 1;
    });
  });
  return table;
}
