import type { CompiledDice, DiceSource, RollRecord } from '@fray/dice';
import { deepFreeze } from '../core/json';

/** Dice whose every outcome has its own record kept (1d8: 8 records; 2d6: 36); bigger pools build records as they roll. */
const CACHED_OUTCOMES = 4096;


/** Rolls dice face by face from `faces` (what the seeded stream gave), so the rules' own roller builds the record. */
export function replayFaces(faces: Int32Array): DiceSource {
  let i = 0;
  return { kind: 'scripted', next: () => faces[i++]! };
}

/**
 * One dice expression's records for recorded compiled fights. Where the dice have few outcomes, each
 * outcome's record is made once and shared (a record is a value: frozen, the same JSON every time it
 * is rolled); otherwise each roll builds its own.
 */
export class DiceRecords {
  private readonly sides: number[];
  private readonly cache: (RollRecord | undefined)[] | null;
  private readonly faces: Int32Array;

  constructor(private readonly dice: CompiledDice) {
    this.sides = dice.expression.terms.flatMap((t) => (t.kind === 'dice' ? Array.from({ length: t.count }, () => t.sides) : []));
    const outcomes = this.sides.reduce((a, s) => a * s, 1);
    this.cache = outcomes <= CACHED_OUTCOMES ? new Array<RollRecord | undefined>(outcomes) : null;
    this.faces = new Int32Array(this.sides.length);
  }

  /** Draws the dice in the engine's order (term by term, die by die) and returns the roll's record. */
  roll(source: DiceSource): RollRecord {
    const { sides, faces, cache } = this;
    let key = 0;
    for (let i = 0; i < sides.length; i++) {
      const s = sides[i]!;
      const face = source.next(s);
      faces[i] = face;
      key = key * s + face - 1;
    }
    if (!cache) return this.dice.roll(replayFaces(faces));
    return (cache[key] ??= deepFreeze(this.dice.roll(replayFaces(faces))));
  }
}
