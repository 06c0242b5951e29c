import { addCondition, currentCreatureId, removeCondition, type Json, type Resolution, type StagePayloads } from '@fray/engine';
import { checkMassiveDamage } from '../damage/massive';
import { DATA_TOTAL } from '../damage/pipeline';
import {
  askIfWanted, becomeStable, die, dyingRulesFor, fallUnconscious, setStatus, setTally,
  DEAD, DOOMED_AT_ZERO, DROPPED_ON_TURN, DYING, FAILURES, STABLE, STABLE_RECOVERY,
} from './state';
import { gainFatigue, gainStrife } from '../conditions/tracks';

type ZeroPayload = StagePayloads['hp.zero'];

const attackKind = (data: Record<string, Json>): string | null => (typeof data['attack'] === 'string' ? data['attack'] : null);
const instanceTotal = (p: ZeroPayload): number => (typeof p.data[DATA_TOTAL] === 'number' ? p.data[DATA_TOTAL] : p.damage);
const inEncounter = (ctx: Resolution): boolean => ctx.state.phase === 'combat';

/** One more failed death save; the third is death (A5E-DYING-4, A5E-DYING-18). */
export function addDeathSaveFailure(ctx: Resolution, id: string, ruleId: string): void {
  const failures = (ctx.state.creatures[id]!.tallies[FAILURES] ?? 0) + 1;
  setTally(ctx, id, FAILURES, Math.min(3, failures), ruleId);
  if (failures >= 3) die(ctx, id, ruleId, 'a third failed death saving throw');
}

/**
 * A melee blow that drops a creature may knock it out instead, if its attacker says so at that
 * instant (A5E-DYING-17). By default only a declared knock-out is honoured (a pre-answer on the
 * attack); encounter option `knockOutPrompt: 'always'` asks the attacker on every melee drop.
 * Unanswered, the blow lands normally: the rules' own outcome is the default, mercy the choice.
 */
function knockOutChosen(ctx: Resolution, p: ZeroPayload): boolean {
  if (attackKind(p.data) !== 'melee' || !p.source || !ctx.state.creatures[p.source]) return false;
  const c = ctx.state.creatures[p.creatureId]!;
  const answer = askIfWanted(ctx, {
    key: 'a5e.dying.knockOut',
    to: { controllerOf: p.source },
    about: p.creatureId,
    text: `Your melee attack drops ${c.name} to 0 hit points: knock it out instead?`,
    options: [{ id: 'normal', label: 'No, let the blow land' }, { id: 'knock-out', label: 'Knock it out (unconscious, 1 fatigue, stable)' }],
    default: 'normal',
    ruleId: 'A5E-DYING-17',
  }, ctx.state.options['knockOutPrompt'] === 'always');
  return answer === 'knock-out';
}

/** Damage drops a creature from above 0 to 0 hit points. */
function dropped(ctx: Resolution, p: ZeroPayload): void {
  const id = p.creatureId;
  const c = () => (ctx.state.creatures[id])!;
  const knockOut = knockOutChosen(ctx, p);
  const rules = knockOut ? 'pc' : dyingRulesFor(ctx, c());
  // The massive-damage save comes first: failing it is death, whatever else would follow (AMB-5).
  if (rules === 'pc' && checkMassiveDamage(ctx, id, instanceTotal(p), false) === 'died') return;
  if (knockOut) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DYING-17', text: `${c().name} is knocked out`, creatureId: id });
    fallUnconscious(ctx, id, p.source, 'A5E-DYING-17');
    // One level for the knock-out, not a second one for falling unconscious (AMB-14).
    gainFatigue(ctx, id, 1, 'A5E-DYING-17');
    becomeStable(ctx, id, 'A5E-DYING-17');
    return;
  }
  if (rules === 'monster') {
    die(ctx, id, 'A5E-DYING-15', 'monsters die at 0 hit points');
    return;
  }
  if (rules === 'doomed-at-zero') {
    if (ctx.ruleset.conditionById['doomed']) addCondition(ctx, id, 'doomed', { source: p.source, ruleId: 'A5E-DYING-16' });
    setStatus(ctx, id, DOOMED_AT_ZERO, 'A5E-DYING-16');
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DYING-16', text: `${c().name} is doomed: it takes one final turn, then dies`, creatureId: id });
    return;
  }
  setStatus(ctx, id, DYING, 'A5E-DYING-3');
  // Dropping on its own turn (its start-of-turn suffocation, say): the first death save waits for the
  // next turn it starts at 0 (seed 002, over the catalog's proposed order: A5E-ROUND-5).
  if (inEncounter(ctx) && currentCreatureId(ctx.state) === id) ctx.emit({ type: 'VarSet', creatureId: id, key: DROPPED_ON_TURN, value: ctx.state.round });
  fallUnconscious(ctx, id, p.source, 'A5E-DYING-1');
  // Only damage that drops it during a running encounter costs fatigue (A5E-DYING-2); running out of air is not damage.
  if (inEncounter(ctx) && p.damage > 0) gainFatigue(ctx, id, 1, 'A5E-DYING-2');
}

/**
 * Damage to a creature already at 0 hit points: massive damage may kill outright, a stable creature
 * starts dying again, and the damage costs a death save (or the attacker's or Narrator's alternative).
 * Damage swallowed whole by temporary hit points changes nothing (AMB-15).
 */
function damagedAtZero(ctx: Resolution, p: ZeroPayload): void {
  const id = p.creatureId;
  const c = ctx.state.creatures[id]!;
  if (p.damage <= 0 || (c.status !== DYING && c.status !== STABLE)) return;
  if (checkMassiveDamage(ctx, id, instanceTotal(p), true) === 'died') return;
  if (c.status === STABLE) {
    setStatus(ctx, id, DYING, 'A5E-DYING-14');
    removeCondition(ctx, id, STABLE_RECOVERY, 'took damage while stable', 'A5E-DYING-14');
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DYING-14', text: `${c.name} takes damage and is no longer stable`, creatureId: id });
  }
  const kind = attackKind(p.data);
  const options = [
    { id: 'failure', label: 'A failed death saving throw' },
    { id: 'fatigue', label: 'One level of fatigue' },
    { id: 'strife', label: 'One level of strife' },
  ];
  let choice: Json;
  if (kind && p.source && ctx.state.creatures[p.source]) {
    choice = ctx.ask({
      key: 'a5e.dying.attackedAtZero',
      to: { controllerOf: p.source },
      about: id,
      text: `Your attack hits ${c.name} while it is at 0 hit points: which consequence?`,
      options,
      default: 'failure',
      ruleId: 'A5E-DYING-7',
    });
  } else {
    choice = askIfWanted(ctx, {
      key: 'a5e.dying.otherDamageAtZero',
      to: { role: 'gm' },
      about: id,
      text: `${c.name} takes damage at 0 hit points: a failed death save, or fatigue or strife for the nature of the damage?`,
      options,
      default: 'failure',
      ruleId: 'A5E-DYING-8',
    }, ctx.state.options['otherDamageAtZeroPrompt'] === true);
  }
  const ruleId = kind ? 'A5E-DYING-7' : 'A5E-DYING-8';
  if (p.data['outcome'] === 'crit') gainFatigue(ctx, id, 1, 'A5E-DYING-9');
  if (choice === 'fatigue') gainFatigue(ctx, id, 1, ruleId);
  else if (choice === 'strife') gainStrife(ctx, id, 1, ruleId);
  else addDeathSaveFailure(ctx, id, ruleId);
}

export function onZeroHp(ctx: Resolution, p: ZeroPayload): void {
  const c = ctx.state.creatures[p.creatureId]!;
  if (c.status === DEAD) return;
  if (p.before > 0) dropped(ctx, p);
  else damagedAtZero(ctx, p);
}
