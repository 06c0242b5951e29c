import { DiceSyntaxError, ScriptedDiceError } from './errors';
import { isValidSides, MAX_SOURCE_SIDES } from './sides-check';
import type { ScriptedFace } from './source';

export function faceText(face: ScriptedFace): string {
  return `d${face.sides}:${face.value}`;
}

/** Copies and checks a face so later mutation by the caller cannot change what a source will return. */
export function checkedFace(face: ScriptedFace, what: string): ScriptedFace {
  const sides = face?.sides;
  const value = face?.value;
  if (!isValidSides(sides)) {
    throw new ScriptedDiceError(`${what}: a die needs a whole number of sides from 1 to ${MAX_SOURCE_SIDES}, got d${String(sides)}`);
  }
  if (!Number.isInteger(value) || value < 1 || value > sides) {
    throw new ScriptedDiceError(`${what}: a d${sides} shows 1 to ${sides}, got ${String(value)}`);
  }
  return { sides, value };
}

const FACE = /d(\d+):(\d+)/y;

/** Reads the compact form "d20:14 d8:6, d8:3" (whitespace and/or commas between faces). */
export function parseScriptedFaces(text: string): ScriptedFace[] {
  const faces: ScriptedFace[] = [];
  let i = 0;
  for (;;) {
    while (i < text.length && /[\s,]/.test(text.charAt(i))) i++;
    if (i >= text.length) return faces;
    FACE.lastIndex = i;
    const match = FACE.exec(text);
    if (!match) {
      throw new DiceSyntaxError(i, "a scripted face like 'd20:14'", `'${text.charAt(i)}'`);
    }
    faces.push(checkedFace({ sides: Number(match[1]), value: Number(match[2]) }, `scripted face at position ${i}`));
    i = FACE.lastIndex;
  }
}
