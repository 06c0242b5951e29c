import { rollDice, scripted } from '@fray/dice';
import type { FrayEventBody } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { narrate } from '../src/narrate';

/** Narration of what a ruleset like A5E emits: named damage rolls, world damage, checks with nothing to beat, policy answers. */
const names = { tamsin: 'Tamsin Reed', vessa: 'Vessa Redcloak', brannoc: 'Brannoc Vale' };
const roll = (expr: string, faces: string, roller: string | null, purpose: string): FrayEventBody => ({ type: 'DiceRolled', roller, purpose, record: rollDice(expr, scripted(faces)) });
const noMode = { mode: 'normal' as const, bonus: 0, sources: [], verdict: 'none' as const };
const damage = (target: string, source: string | null, type: string, total: number, hpBefore: number): FrayEventBody => ({
  type: 'DamageApplied', target, source, rows: [{ step: 'rolled', type, before: total, after: total }],
  total, absorbed: 0, toHp: total, hpBefore, hpAfter: hpBefore - total, tempBefore: 0, tempAfter: 0,
});

describe('narrate (named rolls)', () => {
  it("an attack's damage rolled as 'Rapier damage' reads as the line under the attack", () => {
    expect(narrate([roll('1d8 + 3 piercing', 'd8:5', 'tamsin', 'Rapier damage'), damage('vessa', 'tamsin', 'piercing', 8, 44)], { names })).toEqual([
      '  1d8+3 piercing → 5 +3 = 8 piercing; Vessa Redcloak 44 → 36 HP',
    ]);
  });

  it("damage nobody rolled as an attack (a world action) names its cause once", () => {
    expect(narrate([roll('4d6 lightning', 'd6:3 d6:4 d6:5 d6:2', null, 'Lightning Strike damage'), damage('brannoc', null, 'lightning', 14, 28)], { names })).toEqual([
      'Brannoc Vale takes Lightning Strike damage: 4d6 lightning → 3+4+5+2 = 14 lightning; Brannoc Vale 28 → 14 HP',
    ]);
  });

  it('a check with nothing to beat (initiative) names the check and has no outcome', () => {
    const events: FrayEventBody[] = [
      roll('1d20', 'd20:16', 'tamsin', 'check'),
      {
        type: 'TestResolved', kind: 'check', actor: 'tamsin', target: null, against: null, outcome: 'done', ruleId: 'A5E-INIT-1',
        breakdown: { rows: [{ id: 'base', label: 'DEX check', value: 3, type: 'base', source: 'x', applied: true }], rollMode: noMode, dice: '1d20', natural: 16, total: 19 },
      },
    ];
    expect(narrate(events, { names })).toEqual(['Tamsin Reed makes a DEX check: d20 16 + 3 = 19']);
  });

  it("a policy's answer that is a creature id reads as the creature's name", () => {
    expect(narrate([{ type: 'PromptAnswered', promptId: 'c1.1.world.target', answer: 'vessa', by: 'policy', key: 'world.target', about: null }], { names })).toEqual([
      '  world.target → Vessa Redcloak, by policy',
    ]);
  });
});
