import { actionMenu, commandFor, legalCommands, type Command, type Encounter, type LoadedRuleset, type Principal } from '@fray/engine';

/**
 * Holds a ruleset's `commandRefusal` (the reason an action is refused) to dispatch: for every command
 * the action menu can send (each action with each candidate target, options at their defaults) and every
 * legal command, when the ruleset answers (not undefined), it refuses exactly what `Encounter.propose`
 * refuses, with dispatch's code and words. Open prompts and ended fights are the engine gate's and left out.
 * Returns the disagreements, empty when none.
 */
export function refusalDisagreements(enc: Encounter, ruleset: LoadedRuleset, creatureId: string, who: Principal = { role: 'gm' }): string[] {
  const state = enc.state;
  if (state.pending || state.phase === 'ended' || !ruleset.commandRefusal) return [];
  const commands: Command[] = [];
  for (const a of actionMenu(state, creatureId, who, ruleset, { confirm: false, movement: false }).actions) {
    if (!a.targets?.length) commands.push(commandFor(a, null));
    else for (const t of a.targets) commands.push(commandFor(a, [t.creatureId]));
  }
  commands.push(...legalCommands(state, who, ruleset));
  return refusalDisagreementsOn(enc, ruleset, commands, who);
}

/**
 * `refusalDisagreements` for the commands given (options a menu would not choose: a duel's targeted
 * attack, a spell of a banned school, a complex use of an object): each the ruleset answers is refused
 * by `commandRefusal` exactly when dispatch refuses it, in its words.
 */
export function refusalDisagreementsOn(enc: Encounter, ruleset: LoadedRuleset, commands: readonly Command[], who: Principal = { role: 'gm' }): string[] {
  const state = enc.state;
  if (state.pending || state.phase === 'ended' || !ruleset.commandRefusal) return [];
  const out: string[] = [];
  let n = 0;
  for (const command of commands) {
    const said = ruleset.commandRefusal(state, command);
    if (said === undefined) continue;
    const r = enc.propose({ id: `refusal-check-${++n}`, issuedBy: who, command });
    const what = JSON.stringify(command);
    if (said === null && !r.ok) out.push(`${what}: the query allows it, dispatch refuses ${r.error.code}: ${r.error.message}`);
    else if (said !== null && r.ok) out.push(`${what}: the query refuses ${said.code} (${said.message}), dispatch accepts`);
    else if (said !== null && !r.ok && (said.code !== r.error.code || said.message !== r.error.message)) out.push(`${what}: the query says ${said.code}: '${said.message}', dispatch ${r.error.code}: '${r.error.message}'`);
  }
  return out;
}

/** One step of a random walk through a fight: a legal command by index, a GM change, or a command to check. */
export type RefusalWalkStep = { pick: number } | { tweak: Command } | { probe: Command };

/**
 * Plays `steps` on `enc` as the GM and returns the disagreements `refusalDisagreementsOn` finds for every
 * probe: a `pick` dispatches one of the legal commands, a `tweak` a GM change, a `probe` is checked
 * against dispatch first; `aim` fills in a step's placeholders from the fight as it is then. Whatever
 * dispatch says, the walk goes on (a refused command changes nothing).
 */
export function refusalWalk(enc: Encounter, ruleset: LoadedRuleset, steps: readonly RefusalWalkStep[], aim: (enc: Encounter, c: Command) => Command): string[] {
  const out: string[] = [];
  steps.forEach((step, i) => {
    if (enc.state.phase === 'ended') return;
    const legal = 'pick' in step ? legalCommands(enc.state, { role: 'gm' }, ruleset) : [];
    const command = 'pick' in step ? legal[step.pick % Math.max(1, legal.length)] : aim(enc, 'tweak' in step ? step.tweak : step.probe);
    if (!command) return;
    if ('probe' in step) out.push(...refusalDisagreementsOn(enc, ruleset, [command]));
    enc.dispatch({ id: `s${i}`, issuedBy: { role: 'gm' }, command });
  });
  return out;
}
