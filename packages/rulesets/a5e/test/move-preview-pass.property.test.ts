import { previewMove } from '@fray/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { a5eRuleset } from '../src/index';
import { at, feetLeft, fight, grid, move, orc, pc } from './movement-fixtures';

const square = fc.record({ x: fc.integer({ min: 0, max: 6 }), y: fc.integer({ min: 0, max: 6 }) });
const key = (s: { x: number; y: number }) => `${s.x},${s.y}`;

describe('A5E-MOVE-19 previewMove and play agree where a walk ends', () => {
  it('A5E-MOVE-19 A5E-ATK-16 any straight walk past hostiles who refuse passage (and whose opportunity attacks are declined): the preview is legal when play takes it, ends where play ends it, and costs what play spends', () => {
    let cutShort = 0;
    fc.assert(fc.property(square, fc.uniqueArray(square, { minLength: 1, maxLength: 4, selector: key }), square, (from, foes, to) => {
      const orcs = foes.filter((f) => key(f) !== key(from));
      if (!orcs.length || key(to) === key(from)) return true;
      const placed = Object.fromEntries([['ana', from], ...orcs.map((f, i) => [`orc${i}`, f] as const)]);
      const t = fight([pc('ana'), ...orcs.map((_, i) => orc(`orc${i}`))], grid(placed, {}, { bounds: { width: 7, height: 7 } }), { 'a5e.dropProneReaction': 'off' });
      const preview = previewMove(t.state, 'ana', to, a5eRuleset);
      const r = t.encounter.dispatch({ id: 'walk', issuedBy: { role: 'gm' }, command: move('ana', to), preAnswers: { 'a5e.letPass': 'refuse', 'a5e.opportunityAttack': 'decline' } });
      expect(r.ok).toBe(preview.legal);
      if (!r.ok) return true;
      const end = (preview.path.at(-1) as { x: number; y: number } | undefined) ?? from;
      expect({ x: at(t, 'ana').x, y: at(t, 'ana').y }).toEqual({ x: end.x, y: end.y });
      expect(30 - feetLeft(t, 'ana')!).toBe(preview.cost);
      if (key(end) !== key(to)) cutShort++;
      return true;
    }), { numRuns: 120, seed: 16 });
    // walks a refused passage stopped short were among them
    expect(cutShort).toBeGreaterThan(5);
  });
});
