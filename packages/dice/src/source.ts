/** Where faces come from. `next(sides)` returns a face in 1..sides. */
export interface DiceSource {
  readonly kind: 'seeded' | 'scripted' | 'entered';
  next(sides: number): number;
}

/** One face of one die, as scripted in a test or entered at the table. */
export type ScriptedFace = { sides: number; value: number };

/** Everything needed to resume a seeded source exactly; plain JSON. */
export type RngState = { algorithm: 'xoroshiro128plus'; state: number[] };
