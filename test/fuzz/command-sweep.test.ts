import { describe, expect, it } from 'vitest';
import { legalCommands, type CommandEnvelope, type Encounter } from '@fray/engine';
import { campaignTables, commandShapedBy, fightTables, fingerprint, foldMatches, prototypeProblem, type FuzzTable } from './tables';

// Issue 19 class 3: ruleset commands that read a creature without checking it exists. Every command
// type of every stream, shaped by its own schema, with its ids naming nobody, then each creature in
// turn: refused with a typed error or accepted with a log that folds to the live state; never a throw.

function warmed(t: FuzzTable, steps: number): Encounter {
  const enc = t.create(11);
  for (let i = 0; i < steps; i++) {
    const [next] = legalCommands(enc.state, { role: 'gm' }, t.ruleset);
    if (!next) break;
    enc.dispatch({ id: `warm-${i}`, issuedBy: { role: 'gm' }, command: next });
  }
  return enc;
}

function sweep(t: FuzzTable, steps: number): string[] {
  const crashes: string[] = [];
  const probe = warmed(t, steps);
  const fills = ['nobody', ...probe.state.creatureIds];
  let fresh: Encounter | null = probe;
  for (const type of t.commandTypes) {
    const schema = t.schemaOf(type);
    if (!schema || type === 'undo') continue;
    for (const fill of fills) {
      // A fresh authority after each accepted probe: it must not change what the next one meets.
      const enc = (fresh ??= warmed(t, steps));
      const command = commandShapedBy(schema, fill);
      const env: CommandEnvelope = { id: 'probe', issuedBy: { role: 'gm' }, command: command as CommandEnvelope['command'] };
      const before = fingerprint(enc);
      try {
        const r = enc.dispatch(env);
        if (r.ok) fresh = null;
        if (!r.ok && r.error.code === 'internal') crashes.push(`${type} ${JSON.stringify(command)}: internal: ${r.error.message}`);
        if (!r.ok && fingerprint(enc) !== before) crashes.push(`${type} ${JSON.stringify(command)}: refused but changed the state`);
        if (r.ok && !foldMatches(enc)) crashes.push(`${type} ${JSON.stringify(command)}: fold(log) differs from the live state`);
      } catch (err) {
        fresh = null;
        crashes.push(`${type} ${JSON.stringify(command)}: threw ${(err as Error).message}`);
      }
      const polluted = prototypeProblem();
      if (polluted) crashes.push(`${type}: ${polluted}`);
    }
  }
  return crashes;
}

describe('every command with unknown and known creature ids (issue 19, class 3)', () => {
  for (const t of [...fightTables(), ...campaignTables()]) {
    it(`${t.name}: before combat and in play, no command throws`, () => {
      expect(sweep(t, 0)).toEqual([]);
      expect(sweep(t, 4)).toEqual([]);
    });
  }
});
