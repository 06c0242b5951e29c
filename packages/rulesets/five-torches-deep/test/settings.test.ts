import { describe, expect, it } from 'vitest';
import type { SetupError } from '@fray/engine';
import { Encounter } from '@fray/engine';
import { setupRefusal } from '@fray/testkit';
import { ftdRuleset } from '../src/index';
import { brenna, gob } from './fixtures';

// Issue 18 item 6 (ADR 0005): options and set-up vars are declared with types; anything else is refused.
const refusal = (options: Record<string, unknown>, vars?: Record<string, unknown>): SetupError =>
  setupRefusal(() => Encounter.create({ id: 'e', seed: 1, options: options as never, creatures: [brenna(vars ? { vars: vars as never } : {}), gob()] }, { ruleset: ftdRuleset }));

describe('Five Torches Deep settings', () => {
  it('FTD-LIGHT-10 the light is one of its four levels; "dark" is refused, naming the option', () => {
    const e = refusal({ light: 'dark' });
    expect([e.code, e.setting]).toEqual(['bad-option', 'light']);
    expect(e.reason).toContain('"darkness"|"dim"|"well-lit"|"brilliant"');
  });

  it('FTD-MORALE-1 moraleTriggers is a boolean', () => {
    expect(refusal({ moraleTriggers: 'off' }).code).toBe('bad-option');
  });

  it('an option another ruleset reads is not one of its options', () => {
    expect(refusal({ npcDyingPrompt: false }).reason).toMatch(/^unknown option 'npcDyingPrompt'; options: edgePrompt, light, moraleTriggers, roundSeconds, travelRollCadence \(unknown-option\)$/);
  });

  it('FTD-RETREAT-7 a follower names who it follows; coins are a number', () => {
    expect(refusal({}, { follows: 1 }).code).toBe('bad-var');
    expect(refusal({}, { coins: 'ten' }).code).toBe('bad-var');
  });
});
