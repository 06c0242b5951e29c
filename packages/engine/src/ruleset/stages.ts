import type { Json } from '../core/json';
import type { BreakdownRow, Modifier } from '../modifier/modifier';
import type { RollModeSource } from '../modifier/roll-mode';
import type { DamagePart, DamageCalculation } from '../damage/calculate';
import type { ConditionInstance } from '../condition/condition';

/**
 * A d20 test in progress: an attack, a save, a check. Hooks add modifiers and roll-mode sources,
 * extra dice (expertise), or decide it fails without a roll, then read and change the outcome.
 */
export interface TestPayload {
  kind: string;
  actor: string | null;
  target: string | null;
  /** atoms describing the situation, for predicates: 'attack:melee', 'save:ability:dex' */
  options: Set<string>;
  /** the statistic every test adds before modifiers (ability + proficiency, say) */
  base: { label: string; value: number };
  modifiers: Modifier[];
  rollModeSources: RollModeSource[];
  /** dice added to the d20 (an expertise die), as notation with a label */
  extraDice: { dice: string; label: string; source: string; ruleId?: string }[];
  against: { label: string; value: number } | null;
  /** the rows explaining `against` when it is a statistic (AC with its conditions and cover); a hook changing `against` adds its row */
  againstRows: BreakdownRow[] | null;
  autoFail: { reason: string; ruleId?: string } | null;
  /** filled after the roll */
  natural: number | null;
  total: number | null;
  /** 'success' | 'failure' for saves and checks; 'hit' | 'miss' | 'crit' | 'fumble' for attacks, as the ruleset says */
  outcome: string | null;
  ruleId?: string;
  data: Record<string, Json>;
}

export interface DamagePayload {
  target: string;
  source: string | null;
  parts: DamagePart[];
  options: Set<string>;
  calculation: DamageCalculation | null;
  data: Record<string, Json>;
}

export interface StagePayloads {
  'encounter.start': Record<string, never>;
  'encounter.end': { reason: string };
  'round.start': { round: number };
  'round.end': { round: number };
  'turn.start': { creatureId: string };
  'turn.end': { creatureId: string };
  /** gathers only: modifiers, roll-mode sources, extra dice, facts for predicates; changes nothing */
  'test.modifiers': TestPayload;
  /**
   * once gathering is over, before the roll: what the roll uses up is spent (a Help's advantage, a duel's
   * targeted-attack allowance) and what the gathered roll makes impossible is refused (issue 18 item 3)
   */
  'test.commit': TestPayload;
  'test.outcome': TestPayload;
  'damage.modify': DamagePayload;
  'hp.changed': { creatureId: string; before: number; after: number; damage: number; source: string | null; data: Record<string, Json> };
  'hp.zero': { creatureId: string; before: number; damage: number; overflow: number; source: string | null; data: Record<string, Json> };
  'condition.added': { creatureId: string; condition: ConditionInstance };
  'condition.removed': { creatureId: string; condition: ConditionInstance };
  /** a leveled track's level changed in place (fatigue 2 → 3); `condition` is the instance after the change */
  'condition.updated': { creatureId: string; condition: ConditionInstance; previousLevel: number };
  /** a `saveEnds` duration asks the ruleset to roll the save: set `ended` when it succeeds */
  'duration.save': { creatureId: string; condition: ConditionInstance; save: Json; ended: boolean };
  /** before healing lands: hooks may change the amount or block it (the dead cannot be healed) */
  /** `from`: the hit points the healing counts up from, when a rule says other than the current ones (13th Age: 0 from below it) */
  'heal.modify': { target: string; amount: number; source: string | null; blocked: { reason: string; ruleId?: string } | null; from?: number };
  /** game time passed outside rounds (`advanceClock`: rests, travel, waiting), after timed conditions ran out */
  'clock.advanced': { seconds: number; reason: string };
}

export type StageId = keyof StagePayloads;

export const stageIds: StageId[] = [
  'encounter.start', 'encounter.end', 'round.start', 'round.end', 'turn.start', 'turn.end',
  'test.modifiers', 'test.commit', 'test.outcome', 'damage.modify', 'hp.changed', 'hp.zero',
  'condition.added', 'condition.removed', 'condition.updated', 'duration.save', 'heal.modify', 'clock.advanced',
];
