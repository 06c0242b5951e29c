import { describe, expect, it } from 'vitest';
import { diceList, readFace, readFaces } from '../../src/model/dice-pad';

describe('dice pad', () => {
  it('lists one die per physical die, in order', () => {
    expect(diceList([{ sides: 20, count: 2 }, { sides: 6, count: 1 }])).toEqual([20, 20, 6]);
  });

  it('refuses faces a die does not have, and says which', () => {
    expect(readFace('21', 20)).toEqual({ ok: false, reason: 'a d20 has no face 21: enter 1 to 20' });
    expect(readFace('0', 20)).toEqual({ ok: false, reason: 'a d20 has no face 0: enter 1 to 20' });
    expect(readFace('1.5', 20)).toEqual({ ok: false, reason: 'a d20 shows a whole number from 1 to 20' });
    expect(readFace('x', 6)).toEqual({ ok: false, reason: 'a d6 shows a whole number from 1 to 6' });
    expect(readFace('', 8)).toEqual({ ok: false, reason: 'enter the d8' });
  });

  it('reads a d10 showing 0 as ten, and only on a d10', () => {
    expect(readFace('0', 10)).toEqual({ ok: true, value: 10 });
    expect(readFace(' 7 ', 10)).toEqual({ ok: true, value: 7 });
  });

  it('reads every face or names the first bad one', () => {
    expect(readFaces(['20', '3'], [20, 6])).toEqual({ ok: true, faces: [20, 3] });
    expect(readFaces(['20', '7'], [20, 6])).toEqual({ ok: false, index: 1, reason: 'a d6 has no face 7: enter 1 to 6' });
  });
});
