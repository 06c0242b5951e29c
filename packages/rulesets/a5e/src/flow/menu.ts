import {
  attackOddsSummary, conditionRollModes, hasCondition, type ActionCost, type ActionDescriptor, type ActionTarget, type AttackProfile,
  type EncounterState, type Json, type JsonSchema, type LoadedRuleset, type MenuResource, type Principal, type RulesetActionMenu,
} from '@fray/engine';
import { speedOf } from '../conditions/queries';
import {
  ACTION, ATTACKS_LEFT, BONUS, MOVEMENT, MOVEMENT_MAX, OBJECT, REACTION, economyRefusal, has, isActingNow, purchaseOf, spendRefusal, type Cost, type Refusal,
} from '../core/economy';
import { armorClass, damageExpression } from '../combat/attack';
import { a5eAttackOptions } from '../combat/attack-options';
import { attackSituationOf } from '../position/attack-geometry';
import { standUpRefusal } from '../position/prone';
import { helpAttackTargetRefusal, helpTaskRefusal } from '../actions/help';
import { tumbleTargetRefusal } from '../actions/tumble';
import { attackAbility, attackBonus, sheetOf } from '../sheet/derived';
import type { Attack } from '../sheet/stat-block';
import { entryRefusal, targetLimit, useActionTargetRefusal } from '../effects/run';
import { a5eActionRefusal } from '../combat/refusals';
import { declarationSchemas } from '../combat/declarations';
import { a5eMovementMenu } from './menu-movement';

type Resolutionish = Parameters<typeof armorClass>[0];

const costOf = (cost: Cost): ActionCost[] => (cost === 'free' ? [] : [{ resource: cost, amount: 1 }]);

/** The refusal as the fields a descriptor or target carries. */
const why = (r: Refusal | { code: string; message: string; ruleId?: string } | null) => (r ? { reason: r.message, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : {});

/**
 * A5E's action menu (issue 13, "Acting"): each action the creature has, with the questions its handler
 * asks answered by the same functions (`a5eAttackOptions` for attacks, `economyRefusal`,
 * `namedActionBlock`, `standUpRefusal`, `entryRefusal`), exact odds for each attack on each valid target,
 * and the reachable squares or zones. Targets are the creatures it could aim at that the asker may see.
 */
export function a5eActionMenu(ruleset: LoadedRuleset, state: EncounterState, actor: string, who: Principal, opts: { movement: boolean } = { movement: true }): RulesetActionMenu {
  const c = state.creatures[actor]!;
  const sheet = sheetOf(c);
  const seen = state.creatureIds.filter((id) => id !== actor && state.creatures[id]!.status !== 'dead' && (who.role === 'gm' || !state.creatures[id]!.hidden));
  const actions: ActionDescriptor[] = [];
  const economy = (cost: Cost, mountMay = false) => economyRefusal(ruleset, state, actor, cost, { mountMay, skipCostHookRefusals: true });
  const take = (action: string, options?: Record<string, Json>): ActionDescriptor['command'] => ({ type: 'takeAction', actorId: actor, action, targets: [], ...(options ? { options } : {}) });

  // Weapon attacks: the Attack action's (A5E-ACT-3) and, after one, the off-hand attack (A5E-ATK-18), as `a5eAttackOptions` answers.
  const bySheet = new Map(sheet.attacks.map((a) => [a.id, a]));
  for (const o of a5eAttackOptions(ruleset, state, actor)) {
    const attack = bySheet.get(o.attackId)!;
    const action = (o.command as { action: string }).action;
    const targets = seen.map((t): ActionTarget => {
      const r = o.targetRefusal(t);
      if (r) return { creatureId: t, valid: false, ...why(r) };
      const odds = action === 'attack' ? attackOddsSummary(ruleset, state, actor, attack.id, t) : null;
      return { creatureId: t, valid: true, ...(odds ? { odds } : {}) };
    });
    actions.push({
      id: `${action}:${attack.id}`, label: o.label, kind: 'attack', cost: o.cost, available: o.refusal === null, ...why(o.refusal),
      targets, maxTargets: o.maxTargets, options: attackOptions(ruleset, state, actor, attack), command: o.command,
    });
  }

  // Stat-block actions as effect trees (a breath, spells, healing) through `use-action`, as `useActionRefusal` answers:
  // whether it is spent or used up and what it costs (a duel's price included), and per target its range and charm or placid.
  for (const entry of sheet.actions ?? []) {
    if (entry.cost === 'reaction') continue;
    const r = entryRefusal(c, entry) ?? spendRefusal(ruleset, state, actor, entry.cost, 'A5E-ROUND-4', { purchase: purchaseOf('use-action', [], { id: entry.id }) });
    const limit = targetLimit(entry);
    const aimed = [...seen, actor].map((t) => targetFor(useActionTargetRefusal(ruleset, state, actor, entry, t), t));
    actions.push({
      id: `use-action:${entry.id}`, label: entry.name, kind: /spell/i.test(entry.id + entry.name) ? 'spell' : 'other', cost: costOf(entry.cost),
      available: r === null, ...why(r), ...(limit > 0 ? { targets: aimed, maxTargets: limit } : {}),
      command: take('use-action', { id: entry.id }),
    });
  }

  // The named actions (A5E-ACT-7..20), each with the refusal its handler gives first: the action's query (`a5eActionRefusal`).
  const named = (id: string, label: string, cost: Cost, refusal: Refusal | null, extra: Partial<ActionDescriptor> = {}) =>
    actions.push({ id, label, kind: 'other', cost: costOf(cost), available: refusal === null, ...why(refusal), command: take(id), ...extra });
  const query = (action: string, options: Record<string, Json> = {}): Refusal | null => (a5eActionRefusal(ruleset, state, actor, action, [], options) as Refusal | null | undefined) ?? null;
  named('dash', 'Dash', ACTION, query('dash'));
  named('disengage', 'Disengage', ACTION, query('disengage'));
  named('dodge', 'Dodge', ACTION, query('dodge'));
  named('hide', 'Hide', ACTION, query('hide'));
  named('search', 'Search', ACTION, query('search'));
  named('sprint', 'Sprint', ACTION, query('sprint'));
  const helpTask = { mode: 'task', task: 'the task at hand' };
  const helpR = spendRefusal(ruleset, state, actor, ACTION, 'A5E-ACT-10', { purchase: purchaseOf('help', [], helpTask) });
  const allies = seen.filter((t) => !hostileTo(state, actor, t));
  named('help', 'Help with a task', ACTION, helpR, {
    targets: seen.map((t) => targetFor(helpTaskRefusal(state, actor, t), t)), maxTargets: 1,
    command: take('help', helpTask),
    options: { type: 'object', required: ['mode'], properties: { mode: { type: 'string', enum: ['task'], default: 'task' }, task: { type: 'string', description: 'the task an ally is helped with', default: 'the task at hand' } } },
  });
  const noAlly = allies.length ? null : { code: 'no-ally', message: 'name the ally to help with options.ally', ruleId: 'A5E-ACT-11' };
  const helpAttackR = spendRefusal(ruleset, state, actor, ACTION, 'A5E-ACT-11', { purchase: purchaseOf('help', [], { mode: 'attack', ...(allies[0] ? { ally: allies[0] } : {}) }) });
  actions.push({
    id: 'help-attack', label: 'Help an ally attack', kind: 'other', cost: costOf(ACTION), available: helpAttackR === null && noAlly === null, ...why(helpAttackR ?? noAlly),
    targets: seen.map((t) => targetFor(helpAttackTargetRefusal(ruleset, state, actor, t), t)), maxTargets: 1,
    command: take('help', { mode: 'attack', ...(allies[0] ? { ally: allies[0] } : {}) }),
    options: {
      type: 'object', required: ['mode', 'ally'],
      properties: { mode: { type: 'string', enum: ['attack'], default: 'attack' }, ally: { type: 'string', description: 'the ally whose next attack on the foe gains advantage', enum: allies, ...(allies[0] ? { default: allies[0] } : {}) } },
    },
  });
  const cantrip = { spell: 'a cantrip', castingTime: 'action', level: 0 };
  named('cast-spell', 'Cast a spell', ACTION, query('cast-spell', cantrip), {
    kind: 'spell', command: take('cast-spell', cantrip),
    options: {
      type: 'object', required: ['spell', 'castingTime'],
      properties: {
        spell: { type: 'string', description: 'the spell cast' },
        castingTime: { type: 'string', enum: ['action', 'bonusAction', 'reaction'], default: 'action' },
        level: { type: 'integer', minimum: 0, maximum: 9, default: 0 },
      },
    },
  });
  const objectFree = has(c, OBJECT);
  named('use-object', 'Use an object', objectFree ? 'free' : ACTION, query('use-object', { object: 'a door' }), {
    command: take('use-object', { object: 'a door' }),
    options: { type: 'object', required: ['object'], properties: { object: { type: 'string', description: 'the object used' } } },
  });
  named('tumble', 'Tumble', ACTION, economy(ACTION), {
    targets: seen.map((t) => targetFor(tumbleTargetRefusal(state, actor, t), t)), maxTargets: 1,
    options: { type: 'object', properties: { cost: { type: 'string', enum: ['action', 'bonusAction'], default: 'action' } } },
  });
  named('ready', 'Ready', ACTION, economy(ACTION), {
    targets: seen.map((t) => ({ creatureId: t, valid: true })), maxTargets: 1,
    command: take('ready', { trigger: 'the foe moves', readied: 'attack', readiedOptions: { attack: sheet.attacks[0]?.id ?? '' } }),
    options: {
      type: 'object', required: ['trigger', 'readied'],
      properties: {
        trigger: { type: 'string', description: 'what it waits for' },
        readied: { type: 'string', enum: ['attack', 'dash', 'disengage', 'dodge', 'hide', 'search', 'help', 'use-object', 'cast-spell'], default: 'attack' },
        readiedOptions: { type: 'object', description: 'the readied action\'s own options' },
      },
    },
  });
  if (hasCondition(c, 'prone')) {
    const r = standUpRefusal(ruleset, state, actor);
    named('stand-up', 'Stand up', 'free', r, { kind: 'move', cost: [{ resource: MOVEMENT, amount: Math.floor(speedOf(ruleset, state, actor) / 2) }] });
  } else {
    named('drop-prone', 'Drop prone', 'free', query('drop-prone'), { kind: 'move' });
  }

  // Places to move to matter on its own turn (or its controller's); a drag at any other time is previewMove's.
  const movement = opts.movement && isActingNow(state, actor) ? a5eMovementMenu(ruleset, state, actor) : null;
  return { resources: a5eResources(c), actions, ...(movement ? { movement } : {}) };
}

const hostileTo = (state: EncounterState, a: string, b: string) => state.creatures[a]!.side !== state.creatures[b]!.side;

function targetFor(r: { code: string; message: string; ruleId?: string } | null, creatureId: string): ActionTarget {
  return { creatureId, valid: r === null, ...why(r) };
}

/** An attack's options: which attack, thrown, the space struck at, within 5 ft without a map, and what it may declare now (a duel's `target`). */
function attackOptions(ruleset: LoadedRuleset, state: EncounterState, actor: string, attack: Attack): JsonSchema {
  const properties: Record<string, JsonSchema> = { attack: { type: 'string', enum: [attack.id], default: attack.id } };
  if (attack.kind === 'melee' && attack.properties.includes('thrown')) properties['thrown'] = { type: 'boolean', description: 'hurl it as a ranged attack', default: false };
  properties['space'] = { description: 'where to strike at a target it cannot see and has not located: a square {x, y} or a zone (A5E-ATK-9)' };
  if (!state.space) properties['within5'] = { type: 'boolean', description: 'without a map: attacker and target are within 5 ft', default: attack.kind === 'melee' };
  Object.assign(properties, declarationSchemas(ruleset, state, actor, attack));
  return { type: 'object', required: ['attack'], properties };
}

/** The turn's budget as a screen shows it (A5E-ROUND-4). */
export function a5eResources(c: EncounterState['creatures'][string]): MenuResource[] {
  const r = c.resources;
  const out: MenuResource[] = [
    { id: ACTION, label: 'Action', left: r[ACTION] ?? 0, max: 1 },
    { id: BONUS, label: 'Bonus action', left: r[BONUS] ?? 0, max: 1 },
    { id: REACTION, label: 'Reaction', left: r[REACTION] ?? 0, max: 1 },
    { id: MOVEMENT, label: 'Movement (ft)', left: r[MOVEMENT] ?? 0, ...(r[MOVEMENT_MAX] !== undefined ? { max: r[MOVEMENT_MAX] } : {}) },
  ];
  if ((r[ATTACKS_LEFT] ?? 0) > 0) out.push({ id: ATTACKS_LEFT, label: 'Attacks left', left: r[ATTACKS_LEFT]! });
  if (r[OBJECT] !== undefined) out.push({ id: OBJECT, label: 'Object interaction', left: r[OBJECT]!, max: 1 });
  return out;
}

/**
 * What an attack would use against a target now (for exact odds): the attack bonus, AC with the
 * conditions' and cover's modifiers, the damage roll, the doubled total of a crit on a natural 20
 * (A5E-ATK-6, A5E-DMG-4), and the roll mode from the map (range, reach, squeezing) and the conditions
 * of attacker and target. Help, a hidden attacker and other hooks' advantage are not foreseen.
 */
export function a5eAttackProfile(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackProfile | null {
  const a = state.creatures[attacker];
  const t = state.creatures[target];
  if (!a || !t) return null;
  const sheet = sheetOf(a);
  const attack = attackId === undefined ? sheet.attacks[0] : sheet.attacks.find((x) => x.id === attackId);
  if (!attack) return null;
  const ranged = attack.kind === 'ranged';
  const situation = attackSituationOf(ruleset, state, attacker, target, attack, ranged, attack.kind === 'melee');
  const options = new Set([`attack:${ranged ? 'ranged' : 'melee'}`, ...situation.options]);
  const sources = [...situation.rollModeSources, ...conditionRollModes(ruleset, state, attacker, target, ['attack', `attack:${attackAbility(sheet, attack)}`])];
  const mode = ruleset.rollMode(sources, options);
  const ac = armorClass({ state, ruleset } as unknown as Resolutionish, target) + situation.cover.bonus;
  return {
    attackName: attack.name, bonus: attackBonus(sheet, attack) + mode.bonus, ac, defence: 'AC', damage: damageExpression(sheet, attack), damageType: attack.damageType,
    crit: 'doubleTotal', critFrom: 20, rollMode: mode.mode === 'advantage' ? 'advantage' : mode.mode === 'disadvantage' ? 'disadvantage' : 'normal',
  };
}
