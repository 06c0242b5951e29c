import { describe, expect, it } from 'vitest';
import { DiceEntryNeeded, ScriptedDiceError, entered, rollDice } from '../src/index';

describe('entered source', () => {
  it('asks for a face when none is queued, then uses what was pushed', () => {
    const source = entered();
    expect(source.kind).toBe('entered');
    let asked: unknown;
    try {
      source.next(20);
    } catch (e) {
      asked = e;
    }
    expect(asked).toBeInstanceOf(DiceEntryNeeded);
    expect(asked).toMatchObject({ sides: 20, code: 'entry_needed', message: 'roll a d20 at the table and enter the face (1–20)' });
    source.push({ sides: 20, value: 17 });
    expect(source.next(20)).toBe(17);
    expect(source.used()).toEqual([{ sides: 20, value: 17 }]);
  });

  it('is strict like scripted about the size of die', () => {
    const source = entered([{ sides: 8, value: 3 }]);
    expect(() => source.next(6)).toThrow(new ScriptedDiceError('entered dice mismatch: asked for a d6 but the next entered face is d8:3 (face 1 of 1)'));
  });

  it('rejects a face that the die cannot show, when queued or pushed', () => {
    expect(() => entered([{ sides: 6, value: 9 }])).toThrow(ScriptedDiceError);
    expect(() => entered().push({ sides: 4, value: 0 })).toThrow(new ScriptedDiceError('entered face: a d4 shows 1 to 4, got 0'));
  });

  it('supports rerunning an interrupted roll from the faces used so far', () => {
    const source = entered([{ sides: 6, value: 2 }]);
    expect(() => rollDice('2d6', source)).toThrow(DiceEntryNeeded);
    const retry = entered([...source.used(), { sides: 6, value: 5 }]);
    expect(rollDice('2d6', retry).total).toBe(7);
    retry.assertExhausted();
  });

  it('assertExhausted lists faces entered but never used', () => {
    const source = entered([{ sides: 6, value: 2 }]);
    expect(() => source.assertExhausted()).toThrow(new ScriptedDiceError('1 entered face was never used: d6:2'));
    expect(source.remaining()).toEqual([{ sides: 6, value: 2 }]);
  });
});
