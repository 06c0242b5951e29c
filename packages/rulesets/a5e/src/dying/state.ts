import {
  addCondition, hasCondition, removeCondition, type CreatureState, type Json, type PromptRequest, type Resolution,
} from '@fray/engine';
import { sheetOf } from '../sheet/derived';

/** Creature statuses the dying rules use (A5E-COND-30). */
export const CONSCIOUS = 'conscious';
export const DYING = 'dying';
export const STABLE = 'stable';
export const DEAD = 'dead';
/** an NPC doomed at 0 hit points: one last turn, then death (A5E-DYING-16) */
export const DOOMED_AT_ZERO = 'doomed';

export const SUCCESSES = 'deathSaveSuccesses';
export const FAILURES = 'deathSaveFailures';
/** the round in which the creature dropped to 0 on its own turn (its first death save waits for the next one) */
export const DROPPED_ON_TURN = 'droppedOnTurn';

/** Creature var: 'pc' | 'monster' | 'doomed-at-zero', overriding what the stat block implies (A5E-DYING-16). */
export const DYING_RULES_VAR = 'dyingRules';
export type DyingRules = 'pc' | 'monster' | 'doomed-at-zero';
/** Creature var set once a critical hit has been blocked with fatigue; a rest clears it (A5E-DMG-6, A5E-REST-13). */
export const CRIT_BLOCK_USED_VAR = 'critBlockUsed';
/** Creature var set when its shield was given up to stop a critical hit (A5E-DMG-5). */
export const SHIELD_SACRIFICED_VAR = 'shieldSacrificed';
/** Condition carrying a stable creature's 1d4-hour recovery time (A5E-DYING-13). */
export const STABLE_RECOVERY = 'stable-recovery';

/**
 * Which dying rules a creature follows, without asking anyone: its own var, else characters and
 * important NPCs the full rules, everyone else the monster rule (A5E-DYING-15, A5E-DYING-16).
 */
export function knownDyingRules(c: CreatureState): DyingRules | null {
  const v = c.vars[DYING_RULES_VAR];
  if (v === 'pc' || v === 'monster' || v === 'doomed-at-zero') return v;
  const sheet = sheetOf(c);
  if (sheet.kind === 'character' || sheet.important) return 'pc';
  return sheet.kind === 'npc' ? null : 'monster';
}

/** The player-character rules: unconsciousness, fatigue and death saves instead of dying at once. */
export const usesFullRules = (c: CreatureState): boolean => knownDyingRules(c) === 'pc';

/**
 * An NPC without a ruling of its own drops: the Narrator picks its fate, dying at once by default
 * (A5E-DYING-16). Encounter option `npcDyingPrompt: false` skips the question.
 */
export function dyingRulesFor(ctx: Resolution, c: CreatureState): DyingRules {
  const known = knownDyingRules(c);
  if (known) return known;
  if (ctx.state.options['npcDyingPrompt'] === false) return 'monster';
  const answer = ctx.ask({
    key: 'a5e.dying.npcRules',
    to: { role: 'gm' },
    about: c.id,
    text: `${c.name} drops to 0 hit points: does it die, follow the player-character dying rules, or become doomed with one final turn?`,
    options: [
      { id: 'monster', label: 'It dies' },
      { id: 'pc', label: 'Player-character dying rules' },
      { id: 'doomed-at-zero', label: 'Doomed: one final turn, then death' },
    ],
    default: 'monster',
    ruleId: 'A5E-DYING-16',
  });
  return answer as DyingRules;
}

/**
 * Asks only when the table wants the question: always when `enabled`, or when the command carries a
 * pre-answer for it (a declared non-lethal blow, a Narrator's ruling). Otherwise the default stands.
 */
export function askIfWanted(ctx: Resolution, req: PromptRequest & { default: Json }, enabled: boolean): Json {
  if (enabled || ctx.envelope.preAnswers?.[req.key] !== undefined) return ctx.ask(req);
  return req.default;
}

export function setTally(ctx: Resolution, id: string, key: string, value: number, ruleId: string): void {
  if ((ctx.state.creatures[id]!.tallies[key] ?? 0) !== value) ctx.emit({ type: 'TallySet', creatureId: id, key, value, ruleId });
}

/** Both tallies go back to zero on any healing and on becoming stable (A5E-DYING-4). */
export function resetDeathSaves(ctx: Resolution, id: string, ruleId = 'A5E-DYING-4'): void {
  setTally(ctx, id, SUCCESSES, 0, ruleId);
  setTally(ctx, id, FAILURES, 0, ruleId);
}

export function setStatus(ctx: Resolution, id: string, status: string, ruleId: string): void {
  if (ctx.state.creatures[id]!.status !== status) ctx.emit({ type: 'StatusSet', creatureId: id, status, ruleId });
}

export function die(ctx: Resolution, id: string, ruleId: string, why: string): void {
  const c = ctx.state.creatures[id]!;
  if (c.status === DEAD) return;
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DYING-18', text: `${c.name} dies: ${why}`, creatureId: id });
  ctx.emit({ type: 'StatusSet', creatureId: id, status: DEAD, ruleId });
  removeCondition(ctx, id, STABLE_RECOVERY, 'died');
}

/** Unconscious (and so prone) at 0 hit points (A5E-DYING-1, A5E-COND-29). */
export function fallUnconscious(ctx: Resolution, id: string, source: string | null, ruleId: string): void {
  if (!hasCondition(ctx.state.creatures[id]!, 'unconscious')) addCondition(ctx, id, 'unconscious', { source, ruleId });
}

/**
 * Stable: no more death saves, still unconscious, both tallies reset, and 1 hit point comes back
 * 1d4 hours later unless someone heals it first (A5E-DYING-12, A5E-DYING-13).
 */
export function becomeStable(ctx: Resolution, id: string, ruleId: string): void {
  const c = ctx.state.creatures[id]!;
  setStatus(ctx, id, STABLE, ruleId);
  resetDeathSaves(ctx, id, ruleId);
  removeCondition(ctx, id, STABLE_RECOVERY, 'restarted');
  const hours = ctx.roll('1d4', { roller: null, purpose: `the hours until ${c.name} regains 1 hit point` }).total;
  addCondition(ctx, id, STABLE_RECOVERY, { source: null, ruleId: 'A5E-DYING-13', duration: { kind: 'gameTime', seconds: hours * 3600 }, data: { hours } });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DYING-13', text: `${c.name} is stable and regains 1 hit point in ${hours} hour${hours > 1 ? 's' : ''} unless healed first`, creatureId: id });
}

/** Back on its feet (still prone): healing ends unconsciousness and resets the tallies (A5E-DYING-1, A5E-DYING-4). */
export function wake(ctx: Resolution, id: string, ruleId: string): void {
  const c = ctx.state.creatures[id]!;
  const wasProne = hasCondition(c, 'prone');
  removeCondition(ctx, id, 'unconscious', 'regained hit points', ruleId);
  removeCondition(ctx, id, STABLE_RECOVERY, 'regained hit points');
  // Unconsciousness brought prone along; falling down is not undone by waking (A5E-DYING-6 example).
  if (wasProne && !hasCondition(ctx.state.creatures[id]!, 'prone')) addCondition(ctx, id, 'prone', { source: null, ruleId: 'A5E-COND-29' });
  resetDeathSaves(ctx, id, ruleId);
  setStatus(ctx, id, CONSCIOUS, ruleId);
}
