import type { RngState, RollRecord } from '@fray/dice';
import type { Json } from './json';
import type { JsonPatchOp } from './json-patch';
import type { CreatureState, EncounterStateCore, InitiativeEntry, PendingResolution, Principal } from './state';
import type { ConditionInstance } from '../condition/condition';
import type { Duration } from '../condition/duration';
import type { DamageRow } from '../damage/calculate';
import type { BreakdownRow } from '../modifier/modifier';
import type { RollModeExplanation } from '../modifier/roll-mode';

/** Who may see an event: everyone, the GM only, or the GM and some seats. */
export type Visibility = 'public' | 'gm' | { seats: string[] };

/** A d20 test, explained: every modifier (applied or not), the roll mode and why, the dice. */
export interface RollBreakdown {
  rows: BreakdownRow[];
  rollMode: RollModeExplanation;
  dice: string;
  natural: number | null;
  total: number;
}

/** Outcomes only: folding these needs no rules and no dice. */
export type FrayEventBody =
  | {
      type: 'EncounterStarted';
      /** the event schema this log is written in (`EVENT_SCHEMA_VERSION`); absent in logs from before it was recorded (read as 1) */
      schemaVersion?: number;
      encounter: Omit<EncounterStateCore, 'version' | 'undoable'>;
    }
  | { type: 'CreatureAdded'; creature: CreatureState; /** why, when it is not a creature joining: 'revealed' (it was hidden), a campaign's write-back */ reason?: string }
  | { type: 'CreatureRemoved'; creatureId: string; /** for narration: its name, and why it left */ name?: string; reason?: string }
  | {
      type: 'CreatureUpdated';
      creatureId: string;
      changes: { name?: string; side?: string; controller?: string | null; hidden?: boolean; notes?: string | null; tags?: string[] };
      /** the changed fields' values before, for narration ('given from seat A to seat B') */
      previous?: { controller?: string | null };
    }
  | { type: 'InitiativeSet'; order: InitiativeEntry[]; reason: string; ruleId?: string }
  | { type: 'CombatStarted' }
  | { type: 'RoundStarted'; round: number }
  | { type: 'TurnStarted'; round: number; creatureId: string; turnIndex: number }
  | { type: 'TurnEnded'; creatureId: string }
  | { type: 'DiceRolled'; roller: string | null; purpose: string; record: RollRecord; rngAfter?: RngState; entered?: boolean }
  | { type: 'TestResolved'; kind: string; actor: string | null; target: string | null; against: { label: string; value: number } | null; /** the rows explaining `against` when it is a statistic (AC, a defense) */ againstRows?: BreakdownRow[]; outcome: string; breakdown: RollBreakdown; ruleId?: string; /** why it failed without a roll (the condition that imposed it) */ autoFail?: string }
  | { type: 'DamageApplied'; target: string; source: string | null; rows: DamageRow[]; total: number; absorbed: number; toHp: number; hpBefore: number; hpAfter: number; tempBefore: number; tempAfter: number }
  | { type: 'HealingApplied'; target: string; source: string | null; amount: number; hpBefore: number; hpAfter: number; ruleId?: string }
  | { type: 'HitPointsSet'; target: string; hp?: number; tempHp?: number; maxHp?: number; reason: string; ruleId?: string }
  | { type: 'ConditionAdded'; creatureId: string; condition: ConditionInstance; ruleId?: string }
  | { type: 'ConditionRemoved'; creatureId: string; instanceId: string; conditionId: string; reason: string; ruleId?: string }
  | { type: 'ConditionUpdated'; creatureId: string; instanceId: string; level?: number; duration?: Duration }
  | { type: 'TrackSet'; creatureId: string; track: string; value: number; ruleId?: string }
  | { type: 'StatusSet'; creatureId: string; status: string; ruleId?: string }
  | { type: 'ResourceSet'; creatureId: string; key: string; value: number; ruleId?: string }
  | { type: 'TallySet'; creatureId: string; key: string; value: number; ruleId?: string }
  | { type: 'VarSet'; creatureId: string | null; key: string; value: Json | null }
  | { type: 'CounterSet'; key: string; value: number; ruleId?: string }
  | {
      type: 'SpaceChanged';
      /** the whole new map: what rules code emits (and logs written before patches) */
      space?: Json;
      /** what the log records instead: the changes from the map before (see `diffJson`) */
      patch?: JsonPatchOp[];
      /** the creature that moved, and where it now stands (its placement on the map) */
      moved?: string;
      to?: Json;
    }
  | { type: 'ClockAdvanced'; seconds: number; /** what took the time (a rest, travel) */ reason?: string; ruleId?: string }
  | { type: 'RuleApplied'; ruleId: string; text: string; creatureId?: string }
  | { type: 'ResolutionPaused'; pending: PendingResolution }
  | { type: 'ResolutionEnded'; commandId: string }
  | { type: 'PromptAnswered'; promptId: string; answer: Json; by: Principal | 'policy' | 'default' | 'preAnswer'; key?: string; about?: string | null; /** the question, and the chosen option's label, so a log reads without the prompt */ text?: string; label?: string }
  | { type: 'CommandUndone'; commandId: string; /** the undo command's own id (the event's commandId is the undone command's) */ undoId?: string }
  | { type: 'EncounterEnded'; reason: string };

export type FrayEventType = FrayEventBody['type'];

export type FrayEvent = FrayEventBody & {
  /** position in the encounter's log, from 0 */
  seq: number;
  /** the command that produced it */
  commandId: string;
  visibility?: Visibility;
  /**
   * On the first event of each accepted command (and on its CommandUndone for an undo): a fingerprint
   * of the envelope, so a retried command is told from a different one under the same id after a reload.
   */
  digest?: string;
};

export type EventOf<T extends FrayEventType> = Extract<FrayEventBody, { type: T }>;
