// A fight moved on by the simulator's own policies, for differential tests that start from later states.
import { Encounter, type EncounterState } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { fightPolicyRng, fightStart, totalPolicy, type SimScenario } from '@fray/sim';

/** The state after the simulator's own policies have issued `commands` commands from the scenario's (startCombat first when it has not started), on the engine with seeded dice. */
export function playedOn(sc: SimScenario, commands: number, seed: string): EncounterState {
  const { version: _v, undoable: _u, pending: _p, ...core } = fightStart(sc.start, seed, 0);
  const on = Encounter.fromEvents([{ type: 'EncounterStarted', encounter: core, seq: 0, commandId: 'setup' }], { ruleset: a5eRuleset, policy: totalPolicy(sc.policies.prompts) });
  if (on.state.phase === 'setup' && !on.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } }).ok) throw new Error('startCombat refused');
  const rng = fightPolicyRng(seed, 0);
  for (let i = 0; i < commands && on.state.phase === 'combat'; i++) {
    const cmd = sc.policies.chooseCommand(on.state, a5eRuleset, rng);
    if (!cmd) break;
    if (!on.dispatch({ id: `c${i}`, issuedBy: { role: 'gm' }, command: cmd }).ok && !on.dispatch({ id: `e${i}`, issuedBy: { role: 'gm' }, command: { type: 'endTurn' } }).ok) break;
  }
  return on.state;
}
