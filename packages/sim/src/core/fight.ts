import {
  Encounter, FastEncounter, cloneJson, type Command, type CommandRejected, type EncounterState, type FrayEvent, type FrayEventBody, type Runtime,
} from '@fray/engine';
import type { RngState } from '@fray/dice';
import { isUp } from '../policy/demo';
import type { FightObserver } from './observer';
import type { SimScenario, SimShape } from './scenario';
import { fightDiceState, fightPolicyRng } from './seed';
import type { Tally } from './tally';

/**
 * What a fight keeps. 'fast' keeps nothing but the tally: the ruleset's compiled fight where it has
 * one (`compileFight`), else the engine deciding in place on one working state (`FastEncounter`).
 * 'recorded' keeps each fight's events: a compiled fight's record of every die, d20 test and damage
 * (the engine's own events), else the table's own path (`Encounter`: the whole log, a copy of the
 * state per command for undo). All give the same fights for the same seed.
 */
export type SimMode = 'fast' | 'recorded';

/** One fight's events, kept in 'recorded' mode. */
export interface FightRecord {
  /** the fight's index: its dice come from (seed, fight) */
  fight: number;
  /** the dice stream's state when the fight began */
  dice: RngState;
  /**
   * 'compiled': the compiled fight's record, every `DiceRolled`, `TestResolved` and `DamageApplied`;
   * 'engine': the encounter's whole event log (replaying it rebuilds the fight).
   */
  path: 'compiled' | 'engine';
  events: FrayEventBody[];
}

/** One fight's authority: the working state and a way to issue commands. */
export interface FightAuthority {
  readonly state: EncounterState;
  issue(id: string, command: Command): { ok: true } | { ok: false; error: CommandRejected };
  /** the log so far, where the authority keeps one */
  log?(): readonly FrayEvent[];
}

export const DEFAULT_MAX_ROUNDS = 50;

/** The starting state with fight i's own dice. */
export function fightStart(start: EncounterState, seed: string | number, i: number): EncounterState {
  const s = cloneJson(start);
  s.dice = { mode: 'seeded', rng: fightDiceState(seed, i) };
  return s;
}

/** The recorded path: an `Encounter` whose log begins at the start state. */
export function recordedAuthority(rt: Runtime, start: EncounterState, observe: (e: FrayEvent) => void): FightAuthority {
  const { version: _v, undoable: _u, pending, ...core } = start;
  const log: FrayEvent[] = [{ type: 'EncounterStarted', encounter: core, seq: 0, commandId: 'setup' }];
  if (pending) log.push({ type: 'ResolutionPaused', pending, seq: 1, commandId: 'setup' });
  const enc = Encounter.fromEvents(log, rt);
  return {
    get state() {
      return enc.state;
    },
    issue(id, command) {
      const r = enc.dispatch({ id, issuedBy: { role: 'gm' }, command });
      if (!r.ok) return r;
      for (const e of r.events) observe(e);
      return { ok: true };
    },
    log: () => enc.events,
  };
}

/** The fast path: the same rules deciding in place on the fight's working state; events go to the observer only. */
export function fastAuthority(rt: Runtime, start: EncounterState, observe: (e: FrayEventBody) => void): FightAuthority {
  const fast = new FastEncounter(rt, start, observe);
  return {
    state: fast.state,
    issue: (id, command) => fast.dispatch({ id, issuedBy: { role: 'gm' }, command }),
  };
}

/** Builds fight i's authority over its starting state, wired to the observer's sink. */
export type AuthorityFactory = (rt: Runtime, start: EncounterState, observe: FightObserver['observe']) => FightAuthority;

/**
 * Plays fight i to the end (one side standing, nobody standing, or the round limit) with the
 * scenario's policies driving every side, and adds it to the tally. Pure: no clock, no I/O.
 */
export function playFight(
  scenario: SimScenario, shape: SimShape, rt: Runtime, make: AuthorityFactory, observer: FightObserver, tally: Tally, seed: string | number, i: number,
  onLog?: (log: readonly FrayEvent[]) => void,
): void {
  const start = fightStart(scenario.start, seed, i);
  observer.reset(start);
  const auth = make(rt, start, observer.observe);
  const rng = fightPolicyRng(seed, i);
  const maxRounds = scenario.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const cap = 100 + 20 * shape.creatures.length * maxRounds;
  let commands = 0;
  const issue = (command: Command) => {
    observer.command();
    return auth.issue(`c${commands++}`, command);
  };

  let outcome: 'win' | 'draw' | 'stalled' = 'draw';
  let winner = -1;
  if (auth.state.phase === 'setup') issue({ type: 'startCombat' });
  for (;;) {
    const s = auth.state;
    if (s.phase === 'ended') break;
    const standing = sideStanding(s, shape);
    if (standing !== -2) {
      if (standing >= 0) {
        outcome = 'win';
        winner = standing;
      }
      break;
    }
    if (s.round > maxRounds || commands > cap) {
      if (commands > cap) outcome = 'stalled';
      break;
    }
    if (s.pending) {
      const p = s.pending.open[0]!;
      const r = issue({ type: 'answerPrompt', promptId: p.id, answer: rt.policy!(p, s) ?? null });
      if (!r.ok) {
        outcome = 'stalled';
        break;
      }
      continue;
    }
    const cmd = scenario.policies.chooseCommand(s, scenario.ruleset, rng);
    if (!cmd) {
      outcome = 'stalled';
      break;
    }
    const r = issue(cmd);
    if (!r.ok && (cmd.type === 'endTurn' || !issue({ type: 'endTurn' }).ok)) {
      outcome = 'stalled';
      break;
    }
  }

  if (outcome !== 'stalled' && scenario.policies.afterFight && !afterFight(scenario, rt, auth, issue)) outcome = 'stalled';
  const end = auth.state;
  tally.fights++;
  tally.commands += commands;
  if (outcome === 'win') tally.wins[winner]!++;
  else tally.draws++;
  if (outcome === 'stalled') tally.stalled++;
  const rounds = Math.min(end.round, maxRounds);
  tally.rounds[rounds] = (tally.rounds[rounds] ?? 0) + 1;
  shape.creatures.forEach((c, k) => {
    const at = end.creatures[c.id];
    if (at?.status === 'dead') tally.deaths[k]!++;
    if (!at || !isUp(at)) tally.downAtEnd[k]!++;
  });
  tally.events += observer.events;
  observer.events = 0;
  if (onLog && auth.log) onLog(auth.log());
}

/** The one side with creatures still up (its index), -1 when nobody is, -2 while two or more are. */
function sideStanding(s: EncounterState, shape: SimShape): number {
  let side = -1;
  for (const c of shape.creatures) {
    const live = s.creatures[c.id];
    if (!live || !isUp(live)) continue;
    const k = shape.sides.indexOf(live.side);
    if (side === -1) side = k;
    else if (side !== k) return -2;
  }
  return side;
}

/** How many rounds of after-fight commands a fight may take before it counts as stalled. */
const AFTER_FIGHT_LIMIT = 100;

/**
 * Plays the policies' after-fight commands (`SimPolicies.afterFight`) until they have none left;
 * prompts they open are answered as in the fight. False when it did not settle (counted as stalled).
 * A rejected command is skipped: the one before it may have settled what it was for (a creature
 * stabilized by an earlier attempt).
 */
function afterFight(scenario: SimScenario, rt: Runtime, auth: FightAuthority, issue: (c: Command) => { ok: true } | { ok: false; error: CommandRejected }): boolean {
  for (let beat = 0; beat < AFTER_FIGHT_LIMIT; beat++) {
    const cmds = scenario.policies.afterFight!(auth.state, scenario.ruleset);
    if (cmds.length === 0) return true;
    for (const cmd of cmds) {
      issue(cmd);
      for (let k = 0; auth.state.pending && k < AFTER_FIGHT_LIMIT; k++) {
        const p = auth.state.pending.open[0]!;
        if (!issue({ type: 'answerPrompt', promptId: p.id, answer: rt.policy!(p, auth.state) ?? null }).ok) return false;
      }
      if (auth.state.pending) return false;
    }
  }
  return false;
}
