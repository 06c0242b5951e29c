import { canonicalJson, cloneJson, decide, deepFreeze, type Command, type Encounter, type EncounterState, type Json, type PromptSpec, type Runtime } from '@fray/engine';
import { commandFor, type Step } from './arbitraries';

/**
 * `decide` never changes its input state (issue 18 item 4, ADR 0007): it decides `command` against a
 * deep-frozen copy of `state` (any write into it throws) and checks the input is deep-equal to before.
 * When the command ran to its end, the working state it hands back shares, by identity, what its
 * events did not replace: every creature no event names, each creature's stat block, the map, the
 * options and modules. Returns the decision's event types, for a property's coverage.
 */
export function assertDecideLeavesInput(state: EncounterState, rt: Runtime, command: Command): string[] {
  const input = deepFreeze(cloneJson(state));
  const before = canonicalJson(input);
  const runtime: Runtime = rt.policy ? { ruleset: rt.ruleset, policy: rt.policy } : { ruleset: rt.ruleset };
  let d: ReturnType<typeof decide>;
  try {
    d = decide(input, { id: 'input-probe', issuedBy: { role: 'gm' }, command }, runtime);
  } catch (e) {
    if (e instanceof TypeError && /read only|not extensible|Cannot delete|Cannot add/.test(e.message)) throw new Error(`deciding ${JSON.stringify(command)} wrote into its input state: ${e.message}`);
    throw e;
  }
  if (canonicalJson(input) !== before) throw new Error(`deciding ${JSON.stringify(command)} changed its input state`);
  if (!d.ok) return [];
  const types = d.events.map((e) => e.body.type);
  const w = d.working;
  if (!w) return types;
  if (w === input || w.creatures === input.creatures) throw new Error('the working state is the input state');
  if (w.options !== input.options || w.modules !== input.modules) throw new Error('the working state copied the options or modules, which no event changes');
  if (!types.includes('SpaceChanged') && w.space !== input.space) throw new Error(`${command.type} copied the map without changing it`);
  const rewritten = new Set(d.events.flatMap((e) => (e.body.type === 'CreatureUpdated' ? [e.body.creatureId] : e.body.type === 'CreatureAdded' ? [e.body.creature.id] : [])));
  const named = new Set(d.events.flatMap((e) => [creatureIn(e.body, 'creatureId'), creatureIn(e.body, 'target')]));
  for (const id of Object.keys(input.creatures)) {
    const mine = w.creatures[id];
    if (!mine) continue;
    // A creature the events wrote into was copied (writing into the frozen input would have thrown);
    // one no event names is the input's very object, so views can tell by identity it did not change.
    if (!named.has(id) && !rewritten.has(id) && mine !== input.creatures[id]) throw new Error(`${command.type} copied creature ${id}, which none of its events names`);
    if (!rewritten.has(id) && mine.sheet !== input.creatures[id]!.sheet) throw new Error(`${command.type} copied ${id}'s stat block without changing it`);
  }
  return types;
}

function creatureIn(body: object, key: 'creatureId' | 'target'): string | undefined {
  const v = (body as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : undefined;
}

/** Plays random legal steps as `playSteps` does (a waiting prompt is answered: `answerFor`), holding each command's decision to `assertDecideLeavesInput` first. */
export function playCheckingInputs(enc: Encounter, steps: readonly Step[]): { enc: Encounter; types: Set<string> } {
  const gm = { role: 'gm' as const };
  const types = new Set<string>();
  let n = 0;
  for (const step of steps) {
    if ('undo' in step) {
      enc.dispatch({ id: `u${n++}`, issuedBy: gm, command: { type: 'undo' } });
      continue;
    }
    const open = enc.state.pending?.open[0];
    const command: Command | null = open ? { type: 'answerPrompt', promptId: open.id, answer: answerFor(open, step.pick) } : commandFor(enc.state, enc.rt.ruleset, step);
    if (!command) break;
    for (const t of assertDecideLeavesInput(enc.state, enc.rt, command)) types.add(t);
    const r = enc.dispatch({ id: `c${n++}`, issuedBy: gm, command });
    if (!r.ok) throw new Error(`legal command rejected: ${JSON.stringify(command)}: ${r.error.code}: ${r.error.message}`);
  }
  return { enc, types };
}

/** A valid answer to a prompt, picked by `pick`: one of its options, dice faces (entered dice), a number in range, else its default. */
export function answerFor(p: PromptSpec, pick: number): Json {
  if (p.input.kind === 'dice') return p.input.dice.flatMap((d) => Array.from({ length: d.count }, (_, i) => 1 + ((pick + i * 7) % d.sides)));
  if (p.input.kind === 'number') return Math.min(p.input.max, p.input.min + (pick % 10));
  return p.options.length ? p.options[pick % p.options.length]!.id : p.default;
}
