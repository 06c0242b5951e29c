import type { ZodType } from 'zod';
import type { Json } from '../core/json';
import type { CreatureState, EncounterState, Principal } from '../core/state';
import type { ConditionDef } from '../condition/condition';
import type { DamageProfile, DamageStep } from '../damage/calculate';
import type { ExplainedStatistic, StackingPolicy } from '../modifier/modifier';
import type { RollModePolicy } from '../modifier/roll-mode';
import type { Resolution } from '../resolve/context';
import type { StageId, StagePayloads } from './stages';
import type { Command } from '../command/command';
import type { CompiledFight, CompiledPolicySpec, NotCompiled } from '../sim/compiled-fight';
import type { MovePreview, RulesetActionMenu } from '../view/actions';
import type { AttackProfile } from '../view/odds';
import type { RulesetWords } from './words';
import type { SettingSchemas } from './declarations';
import type { AttackOption, Refusal } from './queries';

/** A rule that runs at a named stage of a procedure. Order: priority (lower first), then registration. */
export interface Hook<S extends StageId = StageId> {
  stage: S;
  /** `<ruleset>.<feature>[.<part>]`, shown wherever the hook's output appears */
  id: string;
  priority: number;
  ruleId?: string;
  run(ctx: Resolution, payload: StagePayloads[S]): void;
}

/** Any stage's hook; the `stage` field types `run`'s payload. */
export type AnyHook = { [S in StageId]: Hook<S> }[StageId];

/** A command a ruleset adds (e.g. `duel.chooseStrategy`). */
export interface CommandDef<C = Command> {
  type: string;
  schema: ZodType<C>;
  /** the creature acting, so a player may only command their own */
  actor?: (cmd: C) => string | null;
  gmOnly?: boolean;
  /** may run while a prompt is waiting (GM overrides, answers) */
  allowedWhilePending?: boolean;
  run(ctx: Resolution, cmd: C): void;
}

/** Creature fields a ruleset computes from a stat block when a creature joins. */
export type CreatureInit = Pick<CreatureState, 'hp' | 'maxHp' | 'tempHp' | 'status' | 'tracks' | 'resources' | 'tallies' | 'tags'> & { vars?: Record<string, Json> };

export interface InitiativeResult {
  total: number;
  tiebreak: number[];
}

/**
 * A rule system: data plus hooks. The engine calls these by role, never by name.
 */
export interface Ruleset {
  id: string;
  version: string;
  name: string;
  ruleIdPrefix: string;
  /** validates a stat block; throws ContentError naming path and reason */
  parseStatBlock(raw: unknown, file: string): Json;
  initCreature(sheet: Json): CreatureInit;
  conditions: ConditionDef[];
  damageTypes: string[];
  damageSteps: DamageStep[];
  /** what protects a creature from damage right now */
  damageProfile(state: EncounterState, creatureId: string): DamageProfile;
  /** conditions a creature cannot gain because of its stat block */
  conditionImmunities?(state: EncounterState, creatureId: string): string[];
  stacking: StackingPolicy;
  rollMode: RollModePolicy;
  hooks: AnyHook[];
  commands?: CommandDef[];
  /** actions a creature may take with `takeAction`, by id (its stat block's attacks, Dodge, ...) */
  runAction?(ctx: Resolution, actorId: string, action: string, targets: string[], options: Record<string, Json>): void;
  /** moves a creature in the encounter's space (`to` is the space's position shape); opportunity attacks and costs are the ruleset's */
  move?(ctx: Resolution, creatureId: string, to: Json): void;
  /** rolls (or computes) one creature's initiative; shared rolls for groups are the engine's job */
  rollInitiative(ctx: Resolution, creatureId: string): InitiativeResult;
  /** how ties are settled after sorting: a d20 roll-off, or nothing (keep the listed order) */
  initiativeTies: 'rolloff' | 'none';
  /** whether a creature in the order takes its turn (the dead do not) */
  takesTurn?(state: EncounterState, creatureId: string): boolean;
  /** legal commands for a principal: the enumerator policies and property tests share */
  legalCommands?(state: EncounterState, who: Principal): Command[];
  /**
   * What a creature may do now, as descriptors for a screen (`view/actions.ts`): each action with its
   * cost, availability and the reason it is refused (from the same checks the handlers make), its
   * targets and options, the resources left, the reachable places. The engine adds ending the turn.
   */
  actionMenu?(state: EncounterState, creatureId: string, who: Principal, opts: { movement: boolean }): RulesetActionMenu;
  /**
   * Who this creature may attack now, with which attack, at what cost, and if not, why, in the words
   * dispatch uses (`ruleset/queries.ts`): the one answer its attack handlers, menus, legal commands and
   * the simulator's policies share.
   */
  attackOptions?(state: EncounterState, attacker: string): AttackOption[];
  /**
   * Why the rules refuse this command now, from the query its handler asks first (the same code and
   * words); undefined when the ruleset has no such query for it and only dispatch can tell. Legal-command
   * lists and the simulator's policies ask it instead of restating the rules.
   */
  commandRefusal?(state: EncounterState, command: Command): Refusal | null | undefined;
  /** the numbers one of a creature's attacks would use against a target now, for exact odds (null: no such attack) */
  attackProfile?(state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackProfile | null;
  /** what moving a creature to `to` would cost and provoke (path, cost, who gets an opportunity attack) */
  previewMove?(state: EncounterState, creatureId: string, to: Json): Pick<MovePreview, 'path' | 'cost' | 'provokes'>;
  /**
   * The lowest hit points damage can take this creature to (default 0). Systems that track negative
   * hit points (dying until -half maximum) return a negative floor; `hp.zero` then fires at 0 or below.
   */
  hpFloor?(state: EncounterState, creatureId: string): number;
  /**
   * The numbers the rules derive for a creature right now, by name (AC or defenses, speed, save
   * bonuses, load): what a GM checks at a glance and a scenario's `expect.creatures.<id>.derived` pins.
   */
  derivedNumbers?(state: EncounterState, creatureId: string): Record<string, number>;
  /**
   * The one breakdown hook (ADR 0006): the derived numbers that are explained, by the same names (AC,
   * 13th Age's PD and MD, A5E's `save.<ability>`), each a statistic (a base row and one row per
   * modifier, applied or not) with, for a roll's bonus, the roll mode and automatic failure it comes
   * with. Their totals are the derived numbers of the same names; an attack against one carries its
   * rows (`TestResolved.againstRows`). A screen or the CLI shows them beside the number (`breakdownOf`).
   */
  statistics?(state: EncounterState, creatureId: string): Record<string, ExplainedStatistic>;
  /** what a player sees of a creature they do not control */
  hpBand?(c: CreatureState): string;
  /**
   * The ruleset's public counters and tracks a screen shows (the escalation die, a duel's record, the
   * scene's light), by name, for a seat or for the GM (`null`). Views run the result through the same
   * redaction as everything else, but it should hold only what everyone at the table may know.
   */
  publicState?(state: EncounterState, seat: string | null): Record<string, Json>;
  /**
   * The encounter options it reads, by name, with their types (`declarations.ts`): an encounter set up
   * with an option not declared here (or the engine's `roundSeconds`), or of the wrong type, is refused.
   */
  options?: SettingSchemas;
  /** the names of its optional modules, which an encounter switches on by listing them in `modules` */
  optionalModules?: string[];
  /** the creature vars a creature may be set up with, by name (a trailing `*` names a family), with their types */
  creatureVars?: SettingSchemas;
  /** atom namespaces its predicates may use, so unknown ones fail at load */
  predicateNamespaces?: string[];
  /** how the table reads its tallies and counters (narration, screens) */
  words?: RulesetWords;
  /** seconds in a round */
  roundSeconds?: number;
  /** the range bands of its zones, nearest first, and the band between creatures nobody placed apart (a map in zones uses these unless it names its own) */
  zoneBands?: { bands: string[]; defaultBand: string };
  /** commands between fights (rests, travel), run by a campaign the way `commands` run in an encounter */
  campaignCommands?: CommandDef[];
  /** legal campaign commands for a principal (rests, time), for policies and property tests */
  campaignLegalCommands?(state: EncounterState, who: Principal): Command[];
  /**
   * What a creature takes from a finished fight back to the campaign. The default keeps hit points,
   * tracks, conditions still running, tallies, vars and spent pools, and restarts per-turn budgets.
   */
  carryOver?(after: CreatureState, before: CreatureState): CreatureState;
  /**
   * The simulator's fast path for fights this ruleset can specialise: the same rules compiled for one
   * starting state and one set of policies (`sim/compiled-fight.ts`), or why not.
   */
  compileFight?(state: EncounterState, spec: CompiledPolicySpec): CompiledFight | NotCompiled;
}

/** A ruleset after load-time checks, with its hooks sorted and its conditions indexed. */
export interface LoadedRuleset extends Ruleset {
  hooksByStage: { [S in StageId]?: Hook<S>[] };
  conditionById: Record<string, ConditionDef>;
  commandByType: Record<string, CommandDef>;
}

