import { activeEffects, currentCreatureId, hasCondition, type Command, type EncounterState, type LoadedRuleset, type Principal } from '@fray/engine';
import { within } from '../actions/common';
import { pressOf } from '../actions/press-the-attack';
import { readiedOf } from '../actions/ready';
import { isHiddenFrom } from '../actions/stealth';
import { hostileActionBlock, meleeReach, namedActionBlock } from '../conditions/queries';
import { ACTION, ATTACKS_LEFT, BONUS, COMMANDED, OBJECT, REACTION, canSpend, controlledBy, optionRefusal, controllerCreature, effectiveSpeed, has, type Cost } from '../core/economy';
import { a5eAttackOptions, a5eAttackTargetRefusal } from '../combat/attack-options';
import { standUpRefusal } from '../position/prone';
import { sheetOf } from '../sheet/derived';
import { GROUP, groupMembers } from '../summons/control';
import { effectActionCommands } from '../effects/legal';

const take = (actorId: string, action: string, targets: string[] = [], options: Record<string, string | number | boolean | Record<string, string>> = {}): Command =>
  ({ type: 'takeAction', actorId, action, targets, options });

/**
 * Every command the rules can enumerate for `who` right now, for AI policies and property tests:
 * attacks (each attack × each living, visible, reachable hostile), the named actions with valid
 * targets, commands to controlled creatures, group attacks, and releasing readied actions. Anything
 * listed is accepted (prompts along the way are answered by whoever they ask); open-ended choices
 * (improvised actions, GM overrides) are left out.
 */
export function a5eLegalCommands(ruleset: LoadedRuleset, state: EncounterState, who: Principal): Command[] {
  const out: Command[] = [];
  const mine = (id: string) => who.role === 'gm' || state.creatures[id]?.controller === who.seat;
  const alive = (id: string) => state.creatures[id]!.status !== 'dead';
  const current = currentCreatureId(state);
  // Options another module prices beyond their cost type (a duel's duel actions) are left out when unaffordable.
  if (current) for (const actor of [current, ...controlledBy(state, current)]) if (mine(actor) && alive(actor)) out.push(...turnOptions(ruleset, state, actor).filter((cmd) => !optionRefusal(ruleset, state, cmd)));
  // Stat-block actions as effect trees (a breath, spells, healing): the effects module's `use-action`.
  if (current) for (const actor of [current, ...controlledBy(state, current)]) if (mine(actor) && alive(actor)) out.push(...effectActionCommands(ruleset, state, actor).filter((cmd) => !optionRefusal(ruleset, state, cmd)));
  // Reactions outside one's turn: a readied action whose trigger the table says has come.
  for (const id of state.creatureIds) {
    const r = readiedOf(state.creatures[id]);
    if (!r || !mine(id)) continue;
    out.push({ type: 'a5e.releaseReadied', creatureId: id, decision: 'ignore' });
    const targetsOk = r.targets.every((t) => state.creatures[t] && alive(t) && !isHiddenFrom(state, t, id) && !state.creatures[t]!.hidden);
    if (targetsOk && canSpend(ruleset, state, id, REACTION) && r.action === 'attack' && attackableFrom(ruleset, state, id, r.targets[0]!, String(r.options['attack'] ?? ''))) {
      out.push({ type: 'a5e.releaseReadied', creatureId: id, decision: 'release' });
    }
  }
  return out;
}

/** A hostile worth listing an attack on: alive, not the GM's secret, not hidden from it (choices of the list, not refusals). */
function listedFoe(state: EncounterState, actor: string, target: string): boolean {
  const a = state.creatures[actor]!;
  const t = state.creatures[target];
  return !!t && t.status !== 'dead' && !t.hidden && t.side !== a.side && !isHiddenFrom(state, target, actor);
}

/** A listed foe this attack may be aimed at now, whatever the budget: the attack's own answer (`a5eAttackTargetRefusal`). */
function attackableFrom(ruleset: LoadedRuleset, state: EncounterState, actor: string, target: string, attackId: string): boolean {
  if (!listedFoe(state, actor, target)) return false;
  const attacks = sheetOf(state.creatures[actor]!).attacks;
  const attack = attacks.find((x) => x.id === attackId) ?? attacks[0];
  return !!attack && a5eAttackTargetRefusal(ruleset, state, actor, attack, target, {}) === null;
}

function turnOptions(ruleset: LoadedRuleset, state: EncounterState, actor: string): Command[] {
  const out: Command[] = [];
  const c = state.creatures[actor]!;
  const sheet = sheetOf(c);
  const can = (cost: Cost, mountMay = false) => canSpend(ruleset, state, actor, cost, { mountMay });
  const others = state.creatureIds.filter((id) => id !== actor && state.creatures[id]!.status !== 'dead' && !state.creatures[id]!.hidden);
  const foes = others.filter((id) => state.creatures[id]!.side !== c.side);
  const friends = others.filter((id) => state.creatures[id]!.side === c.side);
  const harmable = foes.filter((id) => !hostileActionBlock(state, actor, id, ruleset));
  const action = can(ACTION);

  // Standing up, with the questions `standUpAction` asks (A5E-POS-8).
  if (hasCondition(c, 'prone') && !standUpRefusal(ruleset, state, actor)) out.push({ type: 'takeAction', actorId: actor, action: 'stand-up', targets: [] });

  // Attacks (A5E-ACT-3): each the Attack action may make now, at each listed foe it may be aimed at.
  for (const o of a5eAttackOptions(ruleset, state, actor)) {
    if ((o.command as { action: string }).action !== 'attack' || o.refusal) continue;
    for (const t of foes) if (listedFoe(state, actor, t) && o.targetRefusal(t) === null) out.push(take(actor, 'attack', [t], { attack: o.attackId }));
  }
  // Basic maneuvers in place of an attack (A5E-ACT-4).
  const attackLeft = has(c, ATTACKS_LEFT) ? can('free') : action;
  if (attackLeft) for (const t of harmable) if (within(state, actor, t, meleeReach(c))) out.push(take(actor, 'maneuver', [t], { maneuver: 'shove' }));

  // The named actions (A5E-ACT-7..20).
  if (can(ACTION, true) && !namedActionBlock(state, actor, 'dash', ruleset)) out.push(take(actor, 'dash'));
  if (can(ACTION, true)) out.push(take(actor, 'disengage'));
  if (can(ACTION, true) && effectiveSpeed(ruleset, state, actor) > 0) out.push(take(actor, 'dodge'));
  if (action) {
    for (const f of friends) out.push(take(actor, 'help', [f], { mode: 'task', task: 'the task at hand' }));
    for (const t of harmable) {
      if (!within(state, actor, t, 5)) continue;
      for (const f of friends) out.push(take(actor, 'help', [t], { mode: 'attack', ally: f }));
    }
    out.push(take(actor, 'hide'), take(actor, 'search'), take(actor, 'cast-spell', [], { spell: 'a cantrip', castingTime: 'action', level: 0 }));
    const firstAttack = sheet.attacks[0];
    const readyTarget = firstAttack && foes.find((t) => attackableFrom(ruleset, state, actor, t, firstAttack.id));
    if (firstAttack && readyTarget) out.push(take(actor, 'ready', [readyTarget], { trigger: 'the foe moves', readied: 'attack', readiedOptions: { attack: firstAttack.id } }));
  }
  if (can(ACTION) && !namedActionBlock(state, actor, 'sprint', ruleset)) out.push(take(actor, 'sprint'));
  const handsTied = activeEffects(ruleset, c).some((a) => a.effect.kind === 'forbid' && a.effect.what === OBJECT);
  if (!handsTied && ((has(c, OBJECT) && can('free')) || action)) out.push(take(actor, 'use-object', [], { object: 'a door' }));
  for (const t of harmable) {
    if (action) out.push(take(actor, 'tumble', [t]));
    if (can(BONUS)) out.push(take(actor, 'tumble', [t], { cost: 'bonusAction' }));
  }

  // Press the Attack: a bonus action before the Attack action, with the action still to come (A5E-ACT-13).
  if (can(BONUS) && has(c, ACTION) && !has(c, ATTACKS_LEFT)) {
    const spentBonus: EncounterState = { ...state, creatures: { ...state.creatures, [actor]: { ...c, resources: { ...c.resources, [BONUS]: 0 } } } };
    if (canSpend(ruleset, spentBonus, actor, ACTION)) {
      const pressed = new Set(state.creatureIds.map((id) => pressOf(state.creatures[id])?.target).filter((x): x is string => !!x));
      for (const t of harmable) if (!pressed.has(t) && within(state, actor, t, meleeReach(c))) out.push(take(actor, 'press-the-attack', [t]));
    }
  }

  // Commanding controlled creatures: one creature, or one group through any member (A5E-SUMMON-4).
  if (can(BONUS)) {
    const seen = new Set<string>();
    for (const s of controlledBy(state, actor)) {
      const sc = state.creatures[s]!;
      const group = typeof sc.vars[GROUP] === 'string' ? (sc.vars[GROUP] as string) : null;
      if (sc.status === 'dead' || sc.vars[COMMANDED] === true || (group && seen.has(group))) continue;
      if (group) seen.add(group);
      out.push(take(actor, 'command', [s]));
    }
  }

  // A group attacks as one (A5E-SUMMON-7): listed for the group's first able member.
  const group = typeof c.vars[GROUP] === 'string' ? (c.vars[GROUP] as string) : null;
  if (group && action) {
    const able = groupMembers(state, group).filter((m) => canSpend(ruleset, state, m, ACTION));
    const attack = sheet.attacks[0];
    if (able.length >= 2 && able[0] === actor && attack && (controllerCreature(state, actor) === null || c.vars[COMMANDED] === true)) {
      for (const t of harmable) out.push(take(actor, 'group-attack', [t], { attack: attack.id }));
    }
  }
  return out;
}
