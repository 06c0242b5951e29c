import { describe, expect, it } from 'vitest';
import type { ConditionInstance, EncounterState } from '@fray/engine';
import type { SimScenario } from '../src/index';
import { ftdCompiledCase } from './ftd-compiled-fixtures';
import { compareFights } from './compare-fights';

/** The scenario with `who` carrying a lit lantern (FTD-LIGHT-2), for as long as `duration` says. */
function withLantern(s: SimScenario, who: string, duration: ConditionInstance['duration']): SimScenario {
  const c = s.start.creatures[who]!;
  const lantern: ConditionInstance = { instanceId: 'lantern#1', conditionId: 'lantern', source: null, duration };
  const start: EncounterState = { ...s.start, creatures: { ...s.start.creatures, [who]: { ...c, conditions: [lantern] } } };
  return { ...s, start };
}

describe('Five Torches Deep compiled fights with a carried light', () => {
  it('FTD-LIGHT-2 FTD-LIGHT-7 FTD-DEATH-3 in darkness a lantern makes the scene dim: fight by fight the engine\'s tally; a carrier dead in the minute after with checks still to roll hands the fight back', () => {
    const s = withLantern(ftdCompiledCase('dark', 'random'), 'corvin', { kind: 'untilRemoved' });
    const r = compareFights(s, 'lantern', 0, 300);
    expect(r.compiled + r.handedBack).toBe(300);
    expect(r.compiled).toBeGreaterThan(250);
    expect(r.handedBack).toBeGreaterThan(0);
  });

  it('FTD-LIGHT-3 a light that may burn down before the fight and the minute after are over stays on the engine', () => {
    const base = ftdCompiledCase('dark', 'random');
    const soon = withLantern(base, 'corvin', { kind: 'gameTime', seconds: 120, endsAtSeconds: base.start.clockSeconds + 120 });
    expect(soon.ruleset.compileFight!(soon.start, { ...soon.policies.compiled!, maxRounds: 50 })).toEqual({ unsupported: 'corvin: a lantern that may burn down before the fight and the minute after it are over' });
    const later = withLantern(base, 'corvin', { kind: 'gameTime', seconds: 10_800, endsAtSeconds: base.start.clockSeconds + 10_800 });
    expect('unsupported' in later.ruleset.compileFight!(later.start, { ...later.policies.compiled!, maxRounds: 50 })).toBe(false);
  });
});
