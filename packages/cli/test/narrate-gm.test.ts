import { rollDice, scripted } from '@fray/dice';
import type { ConditionInstance, FrayEventBody } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { narrate } from '../src/narrate';
import { findRuleset } from '../src/rulesets';

/**
 * The narration read as a game master would (issue 14 B11): one test per class of fault found in the
 * repository's scenarios, campaigns and demos, each with the corrected sentences exactly.
 */
const a5e = findRuleset('a5e')!;
const thirteen = findRuleset('13th-age')!;
const ftd = findRuleset('five-torches-deep')!;
const names = { cutter: 'Cutter', brannoc: 'Brannoc Vale', vessa: 'Vessa Redcloak', tamsin: 'Tamsin Reed', kettle: 'Kettle Quickhand', wren: 'Wren the Warden' };
const noMode = { mode: 'normal' as const, bonus: 0, sources: [], verdict: 'none' as const };
const roll = (expr: string, faces: string, roller: string | null, purpose: string): FrayEventBody => ({ type: 'DiceRolled', roller, purpose, record: rollDice(expr, scripted(faces)) });
const added = (creatureId: string, condition: Partial<ConditionInstance> & { conditionId: string }): FrayEventBody =>
  ({ type: 'ConditionAdded', creatureId, condition: { instanceId: `${condition.conditionId}#1`, source: null, duration: { kind: 'untilRemoved' }, ...condition } as ConditionInstance });

describe('narration as a GM reads it', () => {
  it('A5E-FATIGUE-9 no internal names: tallies, counters and conditions read in the ruleset\'s words', () => {
    expect(narrate([
      { type: 'TallySet', creatureId: 'cutter', key: 'pendingFatigue', value: 1 },
      { type: 'TallySet', creatureId: 'cutter', key: 'pendingFatigue', value: 0 },
      { type: 'TallySet', creatureId: 'brannoc', key: 'hitDiceSpent', value: 1 },
      added('cutter', { conditionId: 'stable-recovery', duration: { kind: 'gameTime', seconds: 4 * 3600 } }),
      added('brannoc', { conditionId: 'strife', level: 1 }),
    ], { names, ruleset: a5e })).toEqual([
      'Cutter has 1 fatigue waiting for the end of the fight',
      'Cutter has no fatigue waiting for the end of the fight',
      'Brannoc Vale has 1 Hit Die spent',
      'Cutter is now stable (recovering) for 4 hours',
      'Brannoc Vale now has strife level 1',
    ]);
    expect(narrate([
      { type: 'TallySet', creatureId: 'kettle', key: 'deathSaveFailures', value: 2 },
      { type: 'CounterSet', key: 'escalation', value: 1 },
    ], { names, ruleset: thirteen })).toEqual(['Kettle Quickhand has 2 failed death saves', 'The escalation die is now 1']);
    expect(narrate([
      { type: 'TallySet', creatureId: 'wren', key: 'xp', value: 4 },
      added('wren', { conditionId: 'torch', duration: { kind: 'gameTime', seconds: 3600 } }),
    ], { names, ruleset: ftd })).toEqual(['Wren the Warden has 4 XP', 'Wren the Warden is now carrying a lit torch (dim light 30 ft) for 1 hour']);
  });

  it('13A-SAVE-1 no broken sentences: a save is "a save", not "a save bonus"; a check is made; a roll says what it is for', () => {
    const save: FrayEventBody[] = [
      roll('1d20', 'd20:13', 'kettle', 'save'),
      {
        type: 'TestResolved', kind: 'save', actor: 'kettle', target: null, against: { label: 'normal save', value: 11 }, outcome: 'success',
        breakdown: { rows: [{ id: 'base', label: 'save bonus', value: 0, type: 'base', source: 'kettle', applied: true }], rollMode: noMode, dice: '1d20', natural: 13, total: 13 },
      },
      roll('1d20', 'd20:15', 'wren', 'check'),
      {
        type: 'TestResolved', kind: 'check', actor: 'wren', target: null, against: { label: 'retreat DC', value: 11 }, outcome: 'success',
        breakdown: { rows: [{ id: 'base', label: 'best mod (DEX + PB)', value: -1, type: 'base', source: 'wren', applied: true }], rollMode: noMode, dice: '1d20', natural: 15, total: 14 },
      },
      roll('1d10', 'd10:3', 'brannoc', 'a Hit Die'),
      roll('1d4', 'd4:4', null, 'the hours until Cutter regains 1 hit point'),
      roll('2d20kl1', 'd20:18 d20:16', 'brannoc', 'attack'),
    ];
    expect(narrate(save, { names, ruleset: thirteen })).toEqual([
      'Kettle Quickhand makes a save: d20 13 + 0 = 13 vs normal save 11, success',
      'Wren the Warden makes a check: d20 15 - 1 = 14 vs retreat DC 11, success',
      'Brannoc Vale rolls a Hit Die: 1d10 [3] = 3',
      'The GM rolls the hours until Cutter regains 1 hit point: 1d4 [4] = 4',
      'Brannoc Vale rolls the d20 for an attack: 2d20kl1 [~18~, 16] = 16',
    ]);
  });

  it('DUEL-TARGET-5 no wrong numbers: damage beyond the roll (a neck hit, a doubled critical) reads as the whole dealt; a roll with no dice is its number', () => {
    expect(narrate([
      roll('1d8+3 slashing', 'd8:4', 'brannoc', 'Longsword damage'),
      {
        type: 'DamageApplied', target: 'vessa', source: 'brannoc', rows: [{ step: 'rolled', type: 'slashing', before: 13, after: 13 }],
        total: 13, absorbed: 0, toHp: 13, hpBefore: 35, hpAfter: 22, tempBefore: 0, tempAfter: 0,
      },
      roll('3', '', 'vessa', 'Rapier damage'),
      {
        type: 'DamageApplied', target: 'brannoc', source: 'vessa', rows: [{ step: 'rolled', type: 'piercing', before: 3, after: 3 }],
        total: 3, absorbed: 0, toHp: 3, hpBefore: 24, hpAfter: 21, tempBefore: 0, tempAfter: 0,
      },
      { type: 'DamageApplied', target: 'brannoc', source: null, rows: [{ step: 'rolled', type: 'weapon', before: 3, after: 3 }], total: 3, absorbed: 0, toHp: 3, hpBefore: 21, hpAfter: 18, tempBefore: 0, tempAfter: 0 },
      { type: 'HealingApplied', target: 'kettle', source: 'kettle', amount: 0, hpBefore: 9, hpAfter: 9 },
    ], { names, ruleset: a5e })).toEqual([
      '  1d8+3 slashing → 4 +3 = 7 → 13 slashing; Vessa Redcloak 35 → 22 HP',
      '  3 piercing; Brannoc Vale 24 → 21 HP',
      'Brannoc Vale takes 3 weapon damage; Brannoc Vale 21 → 18 HP',
      'Kettle Quickhand regains no hit points (9 HP)',
    ]);
  });

  it('A5E-COND-27 no unclear phrases: who brought a condition, whose turn ends it, what a DC belongs to', () => {
    expect(narrate([
      added('vessa', { conditionId: 'slowed', source: 'brannoc', duration: { kind: 'turns', creatureId: 'vessa', boundary: 'end', count: 1 } }),
      added('tamsin', { conditionId: 'poisoned', source: 'world:swamp-gas', duration: { kind: 'turns', creatureId: 'tamsin', boundary: 'end', count: 1 } }),
      added('cutter', { conditionId: 'prone', source: 'gm' }),
      added('kettle', { conditionId: 'paralyzed', source: 'vessa', duration: { kind: 'saveEnds', timing: 'end', save: { ability: 'con', dc: 10 } } as never }),
      roll('1d20', 'd20:9', 'brannoc', 'save'),
      {
        type: 'TestResolved', kind: 'save', actor: 'brannoc', target: null, against: { label: 'DC (Bite)', value: 11 }, outcome: 'success',
        breakdown: { rows: [{ id: 'base', label: 'STR save', value: 5, type: 'base', source: 'brannoc', applied: true }], rollMode: noMode, dice: '1d20', natural: 9, total: 14 },
      },
      { type: 'StatusSet', creatureId: 'wren', status: 'escaped' },
    ], { names, ruleset: a5e })).toEqual([
      'Vessa Redcloak is now slowed until the end of its next turn (by Brannoc Vale)',
      'Tamsin Reed is now poisoned until the end of its next turn',
      'Cutter is now prone (by the GM)',
      'Kettle Quickhand is now paralyzed until it saves (a save at the end of each of its turns; by Vessa Redcloak)',
      'Brannoc Vale makes a STR save: d20 9 + 5 = 14 vs DC 11 (Bite), success',
      'Wren the Warden has escaped',
    ]);
  });
});
