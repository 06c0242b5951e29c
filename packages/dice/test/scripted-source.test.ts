import { describe, expect, it } from 'vitest';
import { DiceError, DiceSyntaxError, ScriptedDiceError, scripted } from '../src/index';

describe('scripted source', () => {
  it('returns the scripted faces in order, from the string form or the array form', () => {
    const source = scripted('d20:14 d8:6, d8:3');
    expect(source.kind).toBe('scripted');
    expect([source.next(20), source.next(8), source.next(8)]).toEqual([14, 6, 3]);
    source.assertExhausted();
    const same = scripted([{ sides: 20, value: 14 }]);
    expect(same.next(20)).toBe(14);
  });

  it('refuses a die of the wrong size, naming both', () => {
    const source = scripted('d20:14 d8:6');
    source.next(20);
    expect(() => source.next(12)).toThrow(new ScriptedDiceError('scripted dice mismatch: asked for a d12 but the next scripted face is d8:6 (face 2 of 2)'));
    // The mismatch does not consume the face.
    expect(source.next(8)).toBe(6);
  });

  it('throws when it runs out', () => {
    const source = scripted('d6:1');
    source.next(6);
    expect(() => source.next(6)).toThrow(new ScriptedDiceError('scripted dice ran out: asked for a d6 after all 1 scripted faces were used'));
  });

  it('assertExhausted lists the leftovers; remaining() returns copies', () => {
    const source = scripted('d20:14 d8:6 d8:3');
    source.next(20);
    expect(source.remaining()).toEqual([
      { sides: 8, value: 6 },
      { sides: 8, value: 3 },
    ]);
    source.remaining()[0]!.value = 1;
    expect(source.remaining()[0]).toEqual({ sides: 8, value: 6 });
    expect(() => source.assertExhausted()).toThrow(new ScriptedDiceError('2 scripted faces were never used: d8:6 d8:3'));
    expect(scripted('').remaining()).toEqual([]);
    expect(() => scripted('').assertExhausted()).not.toThrow();
  });

  it('rejects impossible faces at construction', () => {
    expect(() => scripted('d6:7')).toThrow(new ScriptedDiceError('scripted face at position 0: a d6 shows 1 to 6, got 7'));
    expect(() => scripted('d6:1 d6:0')).toThrow(new ScriptedDiceError('scripted face at position 5: a d6 shows 1 to 6, got 0'));
    expect(() => scripted([{ sides: 4, value: 2.5 }])).toThrow(ScriptedDiceError);
    expect(() => scripted([{ sides: 0, value: 1 }])).toThrow(/whole number of sides/);
  });

  it('reports malformed script text with its position', () => {
    let error: unknown;
    try {
      scripted('d20:14 d8-6');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiceSyntaxError);
    expect((error as DiceSyntaxError).position).toBe(7);
  });

  it('copies the array it is given', () => {
    const faces = [{ sides: 6, value: 2 }];
    const source = scripted(faces);
    faces[0]!.value = 5;
    faces.push({ sides: 6, value: 1 });
    expect(source.next(6)).toBe(2);
    expect(source.remaining()).toEqual([]);
  });

  it('refuses nonsense sides from a caller', () => {
    expect(() => scripted('d6:1').next(0)).toThrow(DiceError);
  });
});
