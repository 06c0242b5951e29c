import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import type { FrayEvent } from '@fray/engine';
import { a5eRuleset } from '../src/index';
import { ana } from './fixtures';
import { dummy, othersTakeDefaults } from './hazards-probe';

const rules = (ev: FrayEvent[], ruleId: string) => TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);
const saves = (ev: FrayEvent[]) => TestTable.ofType(ev, 'TestResolved').filter((e) => e.ruleId === 'A5E-DYING-4');

/**
 * Ana (Con 14: 2 rounds of suffocation) is strangled during her first turn with no breath to hold;
 * the ogre acts after her. Returns the table at the start of Ana's round-3 turn, where she drops.
 */
function strangled() {
  const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 20 }), dummy('ogre', {}, { initiative: 1 })] }, { policy: othersTakeDefaults });
  t.run({ type: 'startCombat' });
  t.run({ type: 'a5e.setBreathing', creatureId: 'ana', canBreathe: false, holdBreath: false, cause: 'strangling' });
  for (let i = 0; i < 5; i++) t.run({ type: 'endTurn' }); // rounds 2 and 3 use up her two rounds
  // Seed 002: the death save is for a creature that STARTS its turn at 0 hit points. Ana had 28 when
  // this turn began, so the drop rolls no save now (strict scripted dice: a roll here would fail the test).
  const drop = t.run({ type: 'endTurn' });
  expect(rules(drop, 'A5E-ENV-5')).toEqual(['Ana suffocates: 0 hit points']);
  expect([t.state.round, t.creature('ana').hp, t.creature('ana').status, saves(drop).length]).toEqual([4, 0, 'dying', 0]);
  return t;
}

describe('A5E dying while suffocating', () => {
  it('A5E-ROUND-5 A5E-DYING-3 (seed 002 over the catalog order) a creature suffocating to 0 at its turn start makes no death save until its next turn', () => {
    const t = strangled();
    t.run({ type: 'endTurn' });
    const next = t.run({ type: 'endTurn' }, { dice: 'd20:12' });
    expect(saves(next).map((s) => s.outcome)).toEqual(['success']);
    expect(t.creature('ana').tallies['deathSaveSuccesses']).toBe(1);
  });

  it('A5E-ENV-6 A5E-DYING-19 three successful death saves do not stabilize a creature that still cannot breathe', () => {
    const t = strangled();
    for (let i = 0; i < 3; i++) {
      t.run({ type: 'endTurn' });
      t.run({ type: 'endTurn' }, { dice: 'd20:15' });
    }
    expect(t.creature('ana').status).toBe('dying');
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).not.toContain('stable-recovery');
    // Air again: the next success stabilizes her.
    t.run({ type: 'a5e.setBreathing', creatureId: 'ana', canBreathe: true });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd20:15 d4:2' });
    expect(t.creature('ana').status).toBe('stable');
  });
});
