import {
  attackOddsSummary, computeModified, conditionModifiers, conditionRollModes,
  type ActionDescriptor, type ActionTarget, type AttackProfile, type EncounterState, type JsonSchema, type LoadedRuleset,
  type MenuResource, type MovementMenu, type Principal, type ReachablePlace, type RefusedPlace, type RulesetActionMenu,
} from '@fray/engine';
import { actionRefusal, type Refusal, type Rules } from './core/economy';
import { rallyRefusal } from './hp/healing-actions';
import { isPc, levelOf, pcSheet } from './core/sheets';
import { attackOptions, attackProvokers, attackRollParts, attackSelectors, critMultiplier, damageExpression } from './combat/attack';
import { attackOptions13a, attacksOf } from './combat/attack-options';
import { bandBetween, engagedFoes } from './position/zones';
import { disengageRefusal, engageRefusal, leavingProvokers, moveAwayRefusal, moveBlock } from './position/movement';

const why = (r: { message: string; ruleId?: string } | null) => (r ? { reason: r.message, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : {});

/**
 * 13th Age's action menu: each attack (its action type as cost, the hampered, grabbed and confused bars,
 * targets engaged or not, the opportunity attacks a ranged attack or spell draws from engaged foes,
 * exact odds with the escalation die), rallying (a standard action and a recovery), engaging (one move,
 * two for a far-away enemy, drawing attacks from the foes it leaves) and disengaging, each refusal from
 * the query its handler asks (`attackOptions13a` for attacks, `actionRefusal`, `rallyRefusal`,
 * `engageRefusal`, `disengageRefusal`).
 */
export function actionMenu13a(ruleset: LoadedRuleset, state: EncounterState, actor: string, who: Principal): RulesetActionMenu {
  const q: Rules = { state, ruleset };
  const c = state.creatures[actor]!;
  const seen = state.creatureIds.filter((id) => id !== actor && state.creatures[id]!.status !== 'dead' && (who.role === 'gm' || !state.creatures[id]!.hidden));
  const actions: ActionDescriptor[] = [];
  const take = (action: string): ActionDescriptor['command'] => ({ type: 'takeAction', actorId: actor, action, targets: [] });

  const attacks = new Map(attacksOf(state, actor).map((a) => [a.id, a]));
  for (const o of attackOptions13a(ruleset, state, actor)) {
    const atk = attacks.get(o.attackId)!;
    const targets = seen.map((t): ActionTarget => {
      const tr = o.targetRefusal(t);
      if (tr) return { creatureId: t, valid: false, ...why(tr) };
      const odds = attackOddsSummary(ruleset, state, actor, atk.id, t);
      const provokes = attackProvokers(state, actor, atk, [t]);
      return { creatureId: t, valid: true, ...(odds ? { odds } : {}), ...(provokes.length ? { provokes } : {}) };
    });
    actions.push({
      id: `attack:${atk.id}`, label: atk.name, kind: atk.spell ? 'spell' : 'attack', cost: o.cost,
      available: o.refusal === null, ...why(o.refusal), targets, maxTargets: o.maxTargets, options: attackSchema(), command: o.command,
    });
  }

  // Rally (13A-HEAL-5/6): a PC's standard action and one recovery; later rallies need a save first.
  if (isPc(c)) {
    const r = rallyRefusal(q, actor);
    actions.push({ id: 'rally', label: (c.tallies['rallies'] ?? 0) > 0 ? 'Rally (save first)' : 'Rally', kind: 'other', cost: [{ resource: 'standard', amount: 1 }, { resource: 'recoveries', amount: 1 }], available: r === null, ...why(r), command: take('rally') });
  }

  // Engaging and leaving (13A-ENGAGE-1/5/6, 13A-POS-3).
  const leaving = leavingProvokers(state, actor);
  const engageTargets = seen.map((t): ActionTarget => {
    const r = engageRefusal(q, actor, t);
    return { creatureId: t, valid: r === null, ...why(r), ...(r === null && leaving.length ? { provokes: leaving } : {}) };
  });
  const moveR = moveBlock(q, actor) ?? actionRefusal(q, actor, 'move', '13A-ACT-6');
  actions.push({ id: 'engage', label: 'Engage', kind: 'move', cost: [{ resource: 'move', amount: 1 }], available: moveR === null, ...why(moveR), targets: engageTargets, maxTargets: 1, command: take('engage') });
  const disR = disengageRefusal(q, actor);
  const engagedWith = engagedFoes(state, actor);
  actions.push({
    id: 'disengage', label: 'Disengage (save)', kind: 'move', cost: [{ resource: 'move', amount: 1 }], available: disR === null, ...why(disR),
    targets: seen.filter((t) => engagedWith.includes(t)).map((t) => ({ creatureId: t, valid: true })), maxTargets: engagedWith.length,
    options: { type: 'object', properties: { farAway: { type: 'boolean', description: 'end far away if it pops free of everyone', default: false } } },
    command: take('disengage'),
  });
  const awayR = moveAwayRefusal(q, actor);
  actions.push({
    id: 'moveAway', label: 'Move away', kind: 'move', cost: [{ resource: 'move', amount: 1 }], available: awayR === null, ...why(awayR), command: take('moveAway'),
    options: { type: 'object', properties: { farAway: { type: 'boolean', description: 'go far away (the GM says if there is room)', default: false } } },
  });

  return { resources: resources13a(c), actions, movement: movement13a(q, actor, engageTargets, leaving, moveR, awayR) };
}

/**
 * 13th Age has no squares: a creature's places are next to each enemy it could engage, and away from
 * those it is engaged with. Each is reached with an action (engage, move away), not a `move` command;
 * the places it cannot reach carry the refusal their action would meet.
 */
function movement13a(q: Rules, actor: string, engage: readonly ActionTarget[], leaving: readonly string[], moveR: Refusal | null, awayR: Refusal | null): MovementMenu {
  const reachable: ReachablePlace[] = [];
  const refused: RefusedPlace[] = [];
  for (const t of engage) {
    const to = { engage: t.creatureId };
    const command = { type: 'takeAction', actorId: actor, action: 'engage', targets: [t.creatureId] };
    const r: { message: string; ruleId?: string | undefined } | null = t.valid ? moveR : { message: t.reason ?? 'it cannot engage that creature now', ruleId: t.ruleId };
    if (r) refused.push({ to, reason: r.message, ...(r.ruleId ? { ruleId: r.ruleId } : {}), command });
    else reachable.push({ to, cost: bandBetween(q.state, actor, t.creatureId) === 'far away' ? 2 : 1, provokes: [...leaving], command });
  }
  const away = { type: 'takeAction', actorId: actor, action: 'moveAway', targets: [] };
  if (awayR) refused.push({ to: { away: true }, reason: awayR.message, ...(awayR.ruleId ? { ruleId: awayR.ruleId } : {}), command: away });
  else reachable.push({ to: { away: true }, cost: 1, provokes: [...leaving], command: away });
  return { mode: 'zones', reachable, ...(refused.length ? { refused } : {}), costUnit: 'move action' };
}

function attackSchema(): JsonSchema {
  return {
    type: 'object',
    properties: {
      circumstance: { type: 'string', enum: ['advantage', 'disadvantage'], enumLabels: ['+2 for advantageous circumstances', '-2 for adverse circumstances'], description: 'the GM\'s universal combat modifier (13A-MOD-1)' },
      coupDeGrace: { type: 'boolean', description: 'a coup de grace on a helpless enemy (13A-CDG-1)', default: false },
      nonlethal: { type: 'boolean', default: false },
    },
  };
}

/** Standard, move, quick and interrupt actions, and a PC's recoveries (13A-ACT-1, 13A-REC). */
export function resources13a(c: EncounterState['creatures'][string]): MenuResource[] {
  const r = c.resources;
  const out: MenuResource[] = [
    { id: 'standard', label: 'Standard action', left: r['standard'] ?? 0, max: 1 },
    { id: 'move', label: 'Move action', left: r['move'] ?? 0, max: 1 },
    { id: 'quick', label: 'Quick action', left: r['quick'] ?? 0, max: 1 },
    { id: 'interrupt', label: 'Interrupt action', left: r['interrupt'] ?? 0, max: 1 },
  ];
  const pc = pcSheet(c);
  if (pc) out.push({ id: 'recoveries', label: 'Recoveries', left: r['recoveries'] ?? 0, max: pc.recoveries });
  return out;
}

/**
 * The numbers one 13th Age attack would roll with now (for exact odds): `attackRollParts` (level,
 * ability, escalation die, grab, penalties) with the conditions' modifiers, stacked as the ruleset
 * stacks them; the defence it targets; the crit range (13A-CRIT-1/2); damage multiplied on a crit
 * (13A-CRIT-3/4); miss damage except on a natural 1 (13A-ATK-6/7). Resistance by the natural roll is
 * not foreseen.
 */
export function attackProfile13a(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackProfile | null {
  if (!state.creatures[attacker] || !state.creatures[target]) return null;
  const atk = attackId === undefined ? attacksOf(state, attacker)[0] : attacksOf(state, attacker).find((a) => a.id === attackId);
  if (!atk) return null;
  const q: Rules = { state, ruleset };
  const parts = attackRollParts(q, { actor: attacker }, atk, target);
  const options = new Set(attackOptions(atk));
  const selectors = attackSelectors(atk);
  const total = computeModified(parts.base.value, [...parts.modifiers, ...conditionModifiers(ruleset, state, attacker, selectors)], ruleset.stacking, options).total;
  const mode = ruleset.rollMode([...parts.rollModeSources, ...conditionRollModes(ruleset, state, attacker, target, selectors)], options);
  const miss = atk.miss === 'level' ? String(levelOf(state.creatures[attacker]!)) : atk.miss;
  return {
    attackName: atk.name, bonus: total + mode.bonus, ac: parts.against.value, defence: atk.vs,
    damage: damageExpression(q, attacker, atk), damageType: atk.damageType,
    crit: 'multiplyTotal', critMultiplier: critMultiplier(atk), critFrom: parts.critThreshold,
    ...(miss !== undefined ? { missDamage: miss } : {}), rollMode: 'normal',
  };
}

