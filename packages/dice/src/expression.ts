// Expressions are plain JSON so the engine can build, store and transform them without this library.

/** kh/kl keep the n highest/lowest dice; dh/dl drop the n highest/lowest. */
export type KeepMode = 'kh' | 'kl' | 'dh' | 'dl';
export type DiceKeep = { mode: KeepMode; n: number };

export type DicePoolTerm = {
  kind: 'dice';
  sign: 1 | -1;
  count: number;
  sides: number;
  keep?: DiceKeep;
  label?: string;
};

/** `value` is never negative: the sign lives in `sign`, as for dice. */
export type ConstantTerm = { kind: 'constant'; sign: 1 | -1; value: number; label?: string };

export type DiceTerm = DicePoolTerm | ConstantTerm;

/** `text` is the canonical notation of `terms` (what formatDice returns). */
export type DiceExpression = { terms: DiceTerm[]; text: string };

const LABEL_PATTERN = /^[a-z][a-z0-9_-]*$/;
// Labels that would read back as something else: "kh1"/"dl" look like keep suffixes, "d6" like a
// die ("3 d6" is 3d6), and a hyphen before a non-letter like subtraction ("fire-3" is fire minus 3).
const AMBIGUOUS_LABEL = /^(kh|kl|dh|dl)[0-9]*$|^d[0-9]|-([^a-z]|$)/;

/** A lowercase word [a-z][a-z0-9_-]* that cannot be mistaken for notation. */
export function isValidLabel(label: string): boolean {
  return LABEL_PATTERN.test(label) && !AMBIGUOUS_LABEL.test(label);
}
