import type { Encounter, LoadedRuleset, Principal } from '@fray/engine';

/**
 * Holds a ruleset's attack query (`attackOptions`) to dispatch: for each attack the creature has and
 * each creature in the encounter as its one target, the query allows the attack exactly when
 * `Encounter.propose` accepts it, and refuses it with dispatch's code and words; and its two halves
 * (why not at all, why not at this target) refuse exactly when the whole answer does. States where the
 * engine's own gate answers first (an open prompt, an ended fight) are not the query's and are left out.
 * Returns the disagreements, empty when none.
 */
export function attackDisagreements(enc: Encounter, ruleset: LoadedRuleset, attacker: string, who: Principal = { role: 'gm' }): string[] {
  const state = enc.state;
  if (state.pending || state.phase === 'ended' || !ruleset.attackOptions) return [];
  const out: string[] = [];
  let n = 0;
  for (const o of ruleset.attackOptions(state, attacker)) {
    for (const t of state.creatureIds) {
      const command = { ...o.command, targets: [t] } as typeof o.command;
      const said = o.refusalOn(t);
      const split = o.refusal ?? o.targetRefusal(t);
      const what = `${attacker}'s ${o.attackId} → ${t}`;
      if ((said === null) !== (split === null)) out.push(`${what}: the whole answer is ${said ? said.code : 'yes'} but its halves say ${split ? split.code : 'yes'}`);
      const r = enc.propose({ id: `attack-check-${++n}`, issuedBy: who, command });
      if (said === null && !r.ok) out.push(`${what}: the query allows it, dispatch refuses ${r.error.code}: ${r.error.message}`);
      else if (said !== null && r.ok) out.push(`${what}: the query refuses ${said.code} (${said.message}), dispatch accepts`);
      else if (said !== null && !r.ok && (said.code !== r.error.code || said.message !== r.error.message)) {
        out.push(`${what}: the query says ${said.code}: '${said.message}', dispatch ${r.error.code}: '${r.error.message}'`);
      }
    }
  }
  return out;
}
