import { FaceQueue } from './face-queue';
import { checkedFace, parseScriptedFaces } from './scripted-faces';
import { invalidSides, isValidSides } from './sides-check';
import type { DiceSource, ScriptedFace } from './source';

/** Faces fixed in advance, for tests and replays. Strict: every request must match the next face. */
export interface ScriptedSource extends DiceSource {
  readonly kind: 'scripted';
  remaining(): ScriptedFace[];
  assertExhausted(): void;
}

class ScriptedDice implements ScriptedSource {
  readonly kind = 'scripted' as const;

  constructor(private readonly queue: FaceQueue) {}

  next(sides: number): number {
    if (!isValidSides(sides)) throw invalidSides(sides);
    return this.queue.take(sides);
  }

  remaining(): ScriptedFace[] {
    return this.queue.remaining();
  }

  assertExhausted(): void {
    this.queue.assertExhausted();
  }
}

/** `scripted('d20:14 d8:6 d8:3')` or `scripted([{ sides: 20, value: 14 }, …])`. */
export function scripted(queue: ScriptedFace[] | string): ScriptedSource {
  const faces = typeof queue === 'string' ? parseScriptedFaces(queue) : queue.map((f, i) => checkedFace(f, `scripted face ${i + 1}`));
  return new ScriptedDice(new FaceQueue(faces, 'scripted'));
}
