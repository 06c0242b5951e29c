import { ScriptedDiceError } from './errors';
import { faceText } from './scripted-faces';
import type { ScriptedFace } from './source';

/** The strict, in-order face list shared by scripted and entered sources. */
export class FaceQueue {
  private readonly faces: ScriptedFace[];
  private index = 0;

  constructor(
    faces: ScriptedFace[],
    private readonly noun: string,
  ) {
    this.faces = faces;
  }

  get isEmpty(): boolean {
    return this.index >= this.faces.length;
  }

  push(face: ScriptedFace): void {
    this.faces.push(face);
  }

  take(sides: number): number {
    const face = this.faces[this.index];
    if (face === undefined) {
      throw new ScriptedDiceError(`${this.noun} dice ran out: asked for a d${sides} after all ${this.faces.length} ${this.noun} faces were used`);
    }
    if (face.sides !== sides) {
      throw new ScriptedDiceError(
        `${this.noun} dice mismatch: asked for a d${sides} but the next ${this.noun} face is ${faceText(face)} (face ${this.index + 1} of ${this.faces.length})`,
      );
    }
    this.index++;
    return face.value;
  }

  used(): ScriptedFace[] {
    return this.faces.slice(0, this.index).map((f) => ({ ...f }));
  }

  remaining(): ScriptedFace[] {
    return this.faces.slice(this.index).map((f) => ({ ...f }));
  }

  assertExhausted(): void {
    const left = this.remaining();
    if (left.length > 0) {
      throw new ScriptedDiceError(`${left.length} ${this.noun} face${left.length === 1 ? ' was' : 's were'} never used: ${left.map(faceText).join(' ')}`);
    }
  }
}
