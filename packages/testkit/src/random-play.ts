import { canonicalJson, fold, type Encounter, type LoadedRuleset } from '@fray/engine';
import { commandFor, type Step } from './arbitraries';

/**
 * Plays random legal steps as the GM: the n-th legal command at each step, or undo. A legal command
 * that the rules then refuse is a bug in the ruleset's enumerator, so it throws with the command.
 */
export function playSteps(enc: Encounter, ruleset: LoadedRuleset, steps: readonly Step[], idPrefix = ''): Encounter {
  const gm = { role: 'gm' as const };
  let n = 0;
  for (const step of steps) {
    if ('undo' in step) {
      enc.dispatch({ id: `${idPrefix}u${n++}`, issuedBy: gm, command: { type: 'undo' } });
      continue;
    }
    const command = commandFor(enc.state, ruleset, step);
    if (!command) break;
    const r = enc.dispatch({ id: `${idPrefix}c${n++}`, issuedBy: gm, command });
    if (!r.ok) throw new Error(`legal command rejected: ${JSON.stringify(command)}: ${r.error.code}: ${r.error.message}`);
  }
  return enc;
}

/** Replay: folding the log must give exactly the live state. */
export function assertFoldMatches(enc: Encounter): void {
  const folded = canonicalJson(fold(enc.events));
  const live = canonicalJson(enc.state);
  if (folded !== live) throw new Error('folding the log does not reproduce the live state');
}

/**
 * Undo equivalence: the `pick`-th legal command, then undo, leaves the state as it was (dice
 * generator included). Returns false when nothing was legal to try.
 */
export function assertUndoRestores(enc: Encounter, ruleset: LoadedRuleset, pick: number): boolean {
  const command = commandFor(enc.state, ruleset, { pick });
  if (!command) return false;
  const before = canonicalJson({ ...enc.state, version: 0 });
  const r = enc.dispatch({ id: 'probe', issuedBy: { role: 'gm' }, command });
  if (!r.ok) throw new Error(`legal command rejected: ${JSON.stringify(command)}: ${r.error.code}: ${r.error.message}`);
  enc.dispatch({ id: 'probe-undo', issuedBy: { role: 'gm' }, command: { type: 'undo' } });
  if (canonicalJson({ ...enc.state, version: 0 }) !== before) throw new Error(`undo after ${JSON.stringify(command)} did not restore the state`);
  return true;
}
