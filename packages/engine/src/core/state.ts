import type { RngState } from '@fray/dice';
import type { Json } from './json';
import { RuleViolation } from './errors';
import type { ConditionInstance } from '../condition/condition';
import type { PromptSpec } from '../resolve/prompt';
import type { FrayEventBody } from './events';
import type { CommandEnvelope } from '../command/command';

/** Who issues a command or answers a prompt. Seats are players; the GM may do anything. */
export type Principal = { role: 'gm' } | { role: 'player'; seat: string };

export interface CreatureState {
  id: string;
  name: string;
  /** sides are free strings ('party', 'foes'); rules treat different sides as hostile */
  side: string;
  /** the seat that controls it, or null for the GM */
  controller: string | null;
  /** free tags rulesets read: 'pc', 'monster', 'object', 'important', ... */
  tags: string[];
  /** the ruleset's validated stat block */
  sheet: Json;
  hp: number;
  maxHp: number;
  tempHp: number;
  /** 'conscious' | 'unconscious' | 'stable' | 'dead' and whatever a ruleset adds */
  status: string;
  conditions: ConditionInstance[];
  /** leveled tracks such as fatigue and strife */
  tracks: Record<string, number>;
  /** per-turn or per-round budgets and pools: 'action', 'reaction', 'movementFeet', ... */
  resources: Record<string, number>;
  /** counts such as death-save successes and failures */
  tallies: Record<string, number>;
  /** hidden from players entirely */
  hidden: boolean;
  /** GM-only notes */
  notes: string | null;
  /** ruleset scratch data, e.g. a readied action or a Press the Attack target */
  vars: Record<string, Json>;
}

export interface InitiativeEntry {
  creatureId: string;
  total: number;
  /** tie-break keys compared in order, higher first (roll-offs, scores) */
  tiebreak: number[];
  /** creatures sharing one roll (identical monsters) */
  group: string | null;
  /** waiting to act later (delay); skipped by the turn loop */
  delayed: boolean;
}

/** A resolution paused on one or more prompts; replayed deterministically when they are answered. */
export interface PendingResolution {
  commandId: string;
  envelope: CommandEnvelope;
  /** the state when the command began (without pending), so the replay reads what the first run read */
  base: EncounterStateCore;
  /** events the resolution has emitted so far, in order */
  emitted: FrayEventBody[];
  /** answers collected so far, by prompt id */
  answers: Record<string, Json>;
  /** how many asks ran before (and including) the one that paused */
  asksBeforePause: number;
  open: PromptSpec[];
}

export interface EncounterStateCore {
  id: string;
  ruleset: { id: string; version: string };
  modules: string[];
  options: Record<string, Json>;
  phase: 'setup' | 'combat' | 'ended';
  round: number;
  /** index into `order` of the creature whose turn it is; -1 outside turns */
  turnIndex: number;
  order: InitiativeEntry[];
  /** creatures in the order they joined */
  creatureIds: string[];
  creatures: Record<string, CreatureState>;
  space: Json;
  /** encounter-wide numbers a ruleset keeps (the escalation die, a countdown) */
  counters: Record<string, number>;
  vars: Record<string, Json>;
  /** seconds of game time since the encounter began */
  clockSeconds: number;
  roundSeconds: number;
  dice: { mode: 'seeded' | 'entered'; rng: RngState };
  /** events applied so far */
  version: number;
  /** command ids that may still be undone, newest last */
  undoable: string[];
  endedReason: string | null;
}

export interface EncounterState extends EncounterStateCore {
  pending: PendingResolution | null;
}

export function currentCreatureId(state: EncounterStateCore): string | null {
  return state.turnIndex >= 0 ? (state.order[state.turnIndex]?.creatureId ?? null) : null;
}

export function creature(state: EncounterStateCore, id: string): CreatureState {
  const c = Object.hasOwn(state.creatures, id) ? state.creatures[id] : undefined;
  // A rules violation, not a crash: the id may come straight from a command.
  if (!c) throw new RuleViolation('unknown-creature', `no creature '${id}' in the encounter`);
  return c;
}
