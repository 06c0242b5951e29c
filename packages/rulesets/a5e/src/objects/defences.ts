import type { EncounterState } from '@fray/engine';
import { objectOf, objectThreshold } from './object-sheet';

/** Defences a creature has from what it is or where it is, on top of its stat block and conditions. */
export interface ExtraDefences {
  immune: string[];
  resist: string[];
  vulnerable: string[];
  threshold: number | null;
}

export const noExtraDefences = (): ExtraDefences => ({ immune: [], resist: [], vulnerable: [], threshold: null });

/**
 * An object's defences: immune to poison and psychic unless noted (A5E-OBJ-4), flammable objects
 * vulnerable to fire (A5E-OBJ-10), ray shielding resists fire and radiant (A5E-OBJ-18), and the
 * damage threshold of its table row or its own (A5E-OBJ-11).
 */
export function objectDefences(state: EncounterState, id: string): ExtraDefences {
  const d = noExtraDefences();
  const c = state.creatures[id];
  const o = c ? objectOf(c) : undefined;
  if (!c || !o) return d;
  if (!o.harmedByPoisonAndPsychic) d.immune.push('poison', 'psychic');
  if (o.flammable) d.vulnerable.push('fire');
  if (o.rayShielded) d.resist.push('fire', 'radiant');
  d.threshold = objectThreshold(state, c);
  return d;
}
