import {
  attackOddsSummary, computeModified, currentCreatureId, conditionModifiers, conditionRollModes, reachableSquares, rehearse,
  type ActionDescriptor, type ActionTarget, type AttackProfile, type EncounterState, type Json, type LoadedRuleset, type MenuResource,
  type MovePreview, type MovementMenu, type Principal, type RefusedPlace, type RulesetActionMenu,
} from '@fray/engine';
import { attackCheck, damageExpression, rangeRollModes } from '../combat/attack';
import { ftdAttackOptions } from '../combat/attack-options';
import { retreatRefusal } from '../combat/retreat';
import { ftdCheckParts } from './check';
import { actRefusal, tradeDownRefusal, type Refusal, type Rules } from './economy';
import { creatureIn, loadOf, scores, sheetOf, speedOf } from './sheet';

const why = (r: Refusal | null) => (r ? { reason: r.message, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : {});

/**
 * Five Torches Deep's action menu: each attack (an active action; the exhausted, the incapacitated and
 * those out of turn refused; targets in stealth, out of reach or at far range invalid; exact odds with
 * load and light), hiding, retreating (the whole turn), drawing an item, casting, trading an action down,
 * and the squares or bands it could move to. Each refusal comes from the query its handler asks
 * (`ftdAttackOptions` for attacks, `actRefusal`, `retreatRefusal`).
 */
export function ftdActionMenu(ruleset: LoadedRuleset, state: EncounterState, actor: string, who: Principal, opts: { movement: boolean } = { movement: true }): RulesetActionMenu {
  const q: Rules = { state, ruleset };
  const c = creatureIn(state, actor);
  const seen = state.creatureIds.filter((id) => id !== actor && state.creatures[id]!.status !== 'dead' && (who.role === 'gm' || !state.creatures[id]!.hidden));
  const take = (action: string, options?: Record<string, Json>): ActionDescriptor['command'] => ({ type: 'takeAction', actorId: actor, action, targets: [], ...(options ? { options } : {}) });
  const actions: ActionDescriptor[] = [];

  const kinds = new Map(sheetOf(c).attacks.map((a) => [a.id, a.kind]));
  for (const o of ftdAttackOptions(ruleset, state, actor)) {
    const kind = kinds.get(o.attackId);
    const targets = seen.map((t): ActionTarget => {
      const r = o.targetRefusal(t);
      if (r) return { creatureId: t, valid: false, ...why(r) };
      const odds = attackOddsSummary(ruleset, state, actor, o.attackId, t);
      return { creatureId: t, valid: true, ...(odds ? { odds } : {}) };
    });
    actions.push({
      id: `attack:${o.attackId}`, label: o.label, kind: kind === 'arcane' || kind === 'divine' ? 'spell' : 'attack', cost: o.cost,
      available: o.refusal === null, ...why(o.refusal), targets, maxTargets: o.maxTargets, command: o.command,
      options: { type: 'object', required: ['attack'], properties: { attack: { type: 'string', enum: [o.attackId], default: o.attackId }, clever: { type: 'boolean', description: 'try something clever: the GM may grant an edge (FTD-POS-2)', default: false } } },
    });
  }
  const activeR = actRefusal(q, actor, 'active');
  actions.push({ id: 'hide', label: 'Hide', kind: 'other', cost: [{ resource: 'active', amount: 1 }], available: activeR === null, ...why(activeR), command: take('hide') });
  actions.push({
    id: 'cast', label: 'Cast a spell', kind: 'spell', cost: [{ resource: 'active', amount: 1 }], available: activeR === null, ...why(activeR), command: take('cast', { spell: 'a spell' }),
    options: { type: 'object', properties: { spell: { type: 'string', default: 'a spell' }, quick: { type: 'boolean', description: 'a spell cast as a quick action', default: false }, concentration: { type: 'boolean', default: false } } },
  });
  const quickR = actRefusal(q, actor, 'quick');
  actions.push({ id: 'draw', label: 'Draw an item or weapon', kind: 'other', cost: [{ resource: 'quick', amount: 1 }], available: quickR === null, ...why(quickR), command: take('draw') });
  const retreatR = retreatRefusal(q, actor);
  actions.push({
    id: 'retreat', label: 'Retreat', kind: 'move', cost: [{ resource: 'active', amount: 1 }, { resource: 'movement', amount: 1 }, { resource: 'quick', amount: 1 }],
    available: retreatR === null, ...why(retreatR), command: take('retreat'),
  });
  // Trading down (FTD-ACT-4, FTD-ACT-6): the ftd.tradeDown command, refused as its handler refuses it. Where
  // only dispatch knows (the active action gone: the GM is asked), the menu shows that action's refusal.
  for (const [from, to] of [['movement', 'quick'], ['active', 'movement'], ['active', 'quick']] as const) {
    const own = tradeDownRefusal(q, { creatureId: actor, from });
    const r = own === undefined ? actRefusal(q, actor, from) : own;
    actions.push({
      id: `trade:${from}:${to}`, label: `Use the ${from} action as a ${to} action`, kind: 'other', cost: [{ resource: from, amount: 1 }],
      available: r === null, ...why(r), command: { type: 'ftd.tradeDown', creatureId: actor, from, to },
    });
  }
  const movement = opts.movement && currentCreatureId(state) === actor ? ftdMovementMenu(ruleset, state, actor) : null;
  return { resources: ftdResources(ruleset, c), actions, ...(movement ? { movement } : {}) };
}

/** Active, movement and quick actions, the feet left of the movement action begun, and load against STR (FTD-ACT-2, FTD-LOAD-3). */
export function ftdResources(ruleset: LoadedRuleset, c: EncounterState['creatures'][string]): MenuResource[] {
  const r = c.resources;
  return [
    { id: 'active', label: 'Active action', left: r['active'] ?? 0, max: 1 },
    { id: 'movement', label: 'Movement action', left: r['movement'] ?? 0, max: 1 },
    { id: 'quick', label: 'Quick action', left: r['quick'] ?? 0, max: 1 },
    { id: 'moveFeet', label: 'Feet left of this movement', left: r['moveFeet'] ?? 0, max: speedOf(ruleset, c) },
    { id: 'load', label: 'Load carried (STR)', left: loadOf(c), max: scores(c).str },
  ];
}

/** What moving to `to` would cost in feet, found by deciding the move on a copy (FTD-ACT-5, FTD-LOAD-2). Five Torches Deep has no opportunity attacks. */
export function ftdPreviewMove(ruleset: LoadedRuleset, state: EncounterState, id: string, to: Json): Pick<MovePreview, 'path' | 'cost' | 'provokes'> & { ok: boolean; refusal?: RefusedPlace } {
  const r = rehearse(state, { type: 'move', creatureId: id, to }, { role: 'gm' }, ruleset);
  if (!r.ok) return { ok: false, path: [to], cost: 0, provokes: [], refusal: { to, reason: r.error!.message, ...(r.error!.ruleId ? { ruleId: r.error!.ruleId } : {}) } };
  const before = state.creatures[id]!;
  const after = r.working?.creatures[id] ?? before;
  const speed = speedOf(ruleset, before);
  const feet = ((before.resources['movement'] ?? 0) - (after.resources['movement'] ?? 0)) * speed + (before.resources['moveFeet'] ?? 0) - (after.resources['moveFeet'] ?? 0);
  return { ok: r.ok, path: [to], cost: Math.max(0, feet), provokes: [] };
}

function ftdMovementMenu(ruleset: LoadedRuleset, state: EncounterState, id: string): MovementMenu | null {
  const s = state.space as { kind?: string; squareFeet?: number; bands?: string[] } | null;
  if (!s) return null;
  const c = creatureIn(state, id);
  if (s.kind === 'grid') {
    const feet = (c.resources['moveFeet'] ?? 0) + ((c.resources['movement'] ?? 0) >= 1 ? speedOf(ruleset, c) : 0);
    const reachable = reachableSquares(state, id, Math.min(8, Math.floor(feet / (s.squareFeet ?? 5))), (to) => ftdPreviewMove(ruleset, state, id, to));
    return reachable ? { mode: 'grid', reachable } : null;
  }
  if (s.kind === 'zones') {
    const places: Json[] = state.creatureIds.filter((t) => t !== id).flatMap((t): Json[] => [{ engage: t }, { withdraw: t, band: 'ranged' }, { withdraw: t, band: 'far' }]);
    const tried = places.map((to) => ({ to, p: ftdPreviewMove(ruleset, state, id, to) }));
    const reachable = tried.filter((x) => x.p.ok).map((x) => ({ to: x.to, cost: x.p.cost, provokes: [] }));
    const refused = tried.flatMap((x) => (x.p.refusal ? [x.p.refusal] : []));
    return { mode: 'zones', reachable, ...(refused.length ? { refused } : {}) };
  }
  return null;
}

/**
 * The numbers an attack would roll with now (for exact odds): the check `attackCheck` builds, through
 * `ftdCheckParts` (ability or fixed bonus, proficiency, load), range's and light's roll modes and the
 * conditions'; a natural 20 crits and doubles the damage (FTD-CRIT-1); a natural 1 is an ordinary roll.
 * The GM's edge for a flank or a clever idea is not foreseen; in darkness it cannot hit (FTD-LIGHT-6).
 */
export function ftdAttackProfile(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackProfile | null {
  const a = state.creatures[attacker];
  if (!a || !state.creatures[target]) return null;
  const attacks = sheetOf(a).attacks;
  const attack = attackId === undefined ? attacks[0] : attacks.find((x) => x.id === attackId);
  if (!attack) return null;
  const req = attackCheck(state, attacker, target, attack, rangeRollModes(state, attacker, target, attack));
  const parts = ftdCheckParts({ state }, req);
  const options = new Set(req.options ?? []);
  const total = computeModified(parts.base.value, [...parts.modifiers, ...conditionModifiers(ruleset, state, attacker, parts.selectors)], ruleset.stacking, options).total;
  const mode = ruleset.rollMode([...parts.sources, ...parts.light.sources, ...conditionRollModes(ruleset, state, attacker, target, parts.selectors)], options);
  return {
    attackName: attack.name, bonus: total + mode.bonus, ac: req.against!.value, defence: 'AC', damage: damageExpression(a, attack), damageType: 'damage',
    crit: 'doubleTotal', critFrom: 20, fumbleUpTo: 0, rollMode: mode.mode === 'advantage' ? 'advantage' : mode.mode === 'disadvantage' ? 'disadvantage' : 'normal',
    ...(parts.light.impossible ? { autoMiss: true } : {}),
  };
}
