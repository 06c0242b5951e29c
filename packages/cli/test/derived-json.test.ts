import { describe, expect, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import { writeTemp } from './helpers';

describe('--json shows the derived numbers with their breakdown', () => {
  it('A5E-COND-27 A5E-COND-12 A5E-FATIGUE-4 A5E-COND-20 a save number includes its conditions; the breakdown names them with their rules', () => {
    const file = writeTemp({
      'saves.yaml': `ruleset: a5e
creatures:
  - { id: brannoc, side: party, ref: a5e/characters/brannoc-vale.yaml, conditions: [{ id: slowed }, { id: fatigue, level: 4 }, { id: enervated }] }
  - { id: tamsin, side: party, ref: a5e/characters/tamsin-reed.yaml, conditions: [{ id: paralyzed }] }
expect:
  creatures:
    brannoc: { derived: { save.dex: -3, save.str: 3, save.int: -2 } }
`,
    });
    const r = runCommand(file, { json: true });
    expect(r.exitCode).toBe(0);
    const doc = JSON.parse(r.output) as { creatures: Record<string, { derivedBreakdown: Record<string, unknown> }> };
    expect(doc.creatures['brannoc']!.derivedBreakdown['save.dex']).toEqual({
      value: -3,
      rows: [{ label: 'DEX save', value: 1 }, { label: 'slowed', value: -2, ruleId: 'A5E-COND-27' }, { label: 'enervated', value: -2, ruleId: 'A5E-COND-12' }],
      rollMode: { mode: 'disadvantage', sources: [{ mode: 'disadvantage', label: 'fatigue', ruleId: 'A5E-FATIGUE-4' }] },
    });
    expect(doc.creatures['tamsin']!.derivedBreakdown['save.str']).toEqual({ value: -1, rows: [{ label: 'STR save', value: -1 }], autoFail: { reason: 'paralyzed', ruleId: 'A5E-COND-20' } });
  });
});
