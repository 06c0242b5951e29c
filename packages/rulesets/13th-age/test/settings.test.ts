import { describe, expect, it } from 'vitest';
import type { SetupError } from '@fray/engine';
import { Encounter } from '@fray/engine';
import { setupRefusal } from '@fray/testkit';
import { thirteenthAgeRuleset } from '../src/index';
import { brute, kira } from './fixtures';

// Issue 18 item 6 (ADR 0005): options and set-up vars are declared with types; anything else is refused.
const refusal = (options: Record<string, unknown>, vars?: Record<string, unknown>): SetupError =>
  setupRefusal(() => Encounter.create({ id: 'e', seed: 1, options: options as never, creatures: [kira(vars ? { vars: vars as never } : {}), brute()] }, { ruleset: thirteenthAgeRuleset }));

describe('13th Age settings', () => {
  it('the defense mode option (13a.defenseMode) is score or base+modifier; another word is refused, naming the option', () => {
    const e = refusal({ '13a.defenseMode': 'base' });
    expect([e.code, e.setting, e.path]).toEqual(['bad-option', '13a.defenseMode', ['options', '13a.defenseMode']]);
    expect(e.reason).toContain('"score"|"base+modifier"');
  });

  it('an option without the 13a. prefix is not one of its options', () => {
    expect([refusal({ lastingWounds: true }).code, refusal({ lastingWounds: true }).setting]).toEqual(['unknown-option', 'lastingWounds']);
  });

  it('13A-TGT-2 the group a creature is attacked in is a name; a number is refused', () => {
    expect(refusal({}, { group: 3 }).code).toBe('bad-var');
    expect(refusal({}, { grup: 'pack' }).code).toBe('unknown-var');
  });
});
