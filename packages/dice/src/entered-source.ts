import { DiceEntryNeeded } from './errors';
import { FaceQueue } from './face-queue';
import { checkedFace } from './scripted-faces';
import { invalidSides, isValidSides } from './sides-check';
import type { DiceSource, ScriptedFace } from './source';

/**
 * Physical dice rolled at the table. When the rules need a face nobody has entered yet, `next`
 * throws DiceEntryNeeded; the caller asks the player, `push`es the face and runs the step again.
 * A roll interrupted that way has already consumed the faces before the missing one, so rerun it
 * from a fresh `entered(source.used().concat(newFace))`, or push every face the step will need.
 */
export interface EnteredSource extends DiceSource {
  readonly kind: 'entered';
  push(face: ScriptedFace): void;
  /** Faces consumed so far, in order: enough to replay the step with `entered(used)`. */
  used(): ScriptedFace[];
  remaining(): ScriptedFace[];
  assertExhausted(): void;
}

class EnteredDice implements EnteredSource {
  readonly kind = 'entered' as const;

  constructor(private readonly queue: FaceQueue) {}

  next(sides: number): number {
    if (!isValidSides(sides)) throw invalidSides(sides);
    if (this.queue.isEmpty) throw new DiceEntryNeeded(sides);
    return this.queue.take(sides);
  }

  push(face: ScriptedFace): void {
    this.queue.push(checkedFace(face, 'entered face'));
  }

  used(): ScriptedFace[] {
    return this.queue.used();
  }

  remaining(): ScriptedFace[] {
    return this.queue.remaining();
  }

  assertExhausted(): void {
    this.queue.assertExhausted();
  }
}

export function entered(faces: ScriptedFace[] = []): EnteredSource {
  return new EnteredDice(new FaceQueue(faces.map((f, i) => checkedFace(f, `entered face ${i + 1}`)), 'entered'));
}
