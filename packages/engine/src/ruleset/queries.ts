import type { Command } from '../command/command';
import type { ActionCost } from '../view/actions';

/** Why the rules refuse something now: the code, the words and the rule a command would be rejected with. */
export interface Refusal {
  code: string;
  message: string;
  ruleId?: string;
}

/**
 * One attack a creature has, as its ruleset answers "may X attack Y, with what, at what cost?" (issue 18,
 * item 1). The ruleset's attack handler asks `refusalOn` and rejects with what it returns, so the answer
 * and dispatch cannot drift apart; menus, legal-command lists and simulator policies read the same
 * answer (a property test per ruleset holds it to `Encounter.propose`). The engine's own gate (an ended
 * fight, a prompt waiting, another seat's creature) comes before and is not repeated here.
 */
export interface AttackOption {
  /** the attack's id on the creature's stat block */
  attackId: string;
  label: string;
  /** what the rules call it: a melee or ranged attack, a spell (the ruleset's words) */
  kind: string;
  /** the command that makes it, `targets` left empty: fill them to send it */
  command: Command;
  /** what it spends now (an action, an attack left over from one, a bonus action; nothing for a free attack) */
  cost: ActionCost[];
  /** how many targets one such attack may take */
  maxTargets: number;
  /** why it cannot be made now at anyone (its turn, its budget, its conditions), or null */
  refusal: Refusal | null;
  /** why not at this target, whatever the budget (reach, range, cover, engagement, a charm), or null */
  targetRefusal(target: string): Refusal | null;
  /** what dispatch answers this attack on this one target: both questions in the handler's order; null when accepted */
  refusalOn(target: string): Refusal | null;
}
