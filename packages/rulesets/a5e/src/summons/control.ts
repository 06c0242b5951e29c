import { insertInOrder, type CommandDef, type EncounterState, type LoadedRuleset, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { COMMANDED, CONTROLLED_BY, MOUNT, controllerCreature, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import type { ActionHandler } from '../module';

const id = z.string().min(1).max(200);

export const setControllerSchema = z.object({
  type: z.literal('a5e.setController'),
  creatureId: id,
  /** the creature that now commands it; null hands it back to the Narrator */
  controllerId: id.nullable(),
  /** a controlled mount (A5E-POS-3/4) */
  mount: z.boolean().optional(),
}).strict();
export type SetController = z.infer<typeof setControllerSchema>;

/**
 * Puts a creature under another's control (A5E-SUMMON-1): the controller's player now directs it, and
 * it leaves the initiative order to act on its controller's turn (A5E-INIT-6, proposed ruling). Handed
 * back, it rolls initiative and is seated like a newcomer (A5E-INIT-7).
 */
export function setController(ctx: Resolution, c: SetController): void {
  const cr = ctx.state.creatures[c.creatureId];
  if (!cr) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`, 'A5E-SUMMON-1');
  if (c.controllerId === null) {
    if (!controllerCreature(ctx.state, c.creatureId)) ctx.reject('not-controlled', `${cr.name} has no controller`, 'A5E-SUMMON-1');
    ctx.emit({ type: 'VarSet', creatureId: c.creatureId, key: CONTROLLED_BY, value: null });
    for (const key of [COMMANDED, MOUNT]) if (cr.vars[key] !== undefined) ctx.emit({ type: 'VarSet', creatureId: c.creatureId, key, value: null });
    ctx.emit({ type: 'CreatureUpdated', creatureId: c.creatureId, changes: { controller: null, tags: cr.tags.filter((t) => t !== 'no-initiative') } });
    if (ctx.state.phase === 'combat') insertInOrder(ctx, c.creatureId, ctx.ruleset.rollInitiative(ctx, c.creatureId).total, `${cr.name} acts on its own again`, 'A5E-INIT-7');
    return;
  }
  const boss = ctx.state.creatures[c.controllerId];
  if (!boss) return ctx.reject('unknown-creature', `no creature '${c.controllerId}'`, 'A5E-SUMMON-1');
  if (c.controllerId === c.creatureId) ctx.reject('illegal-target', 'a creature cannot control itself', 'A5E-SUMMON-1');
  if (controllerCreature(ctx.state, c.controllerId)) ctx.reject('illegal-target', `${boss.name} is itself controlled and cannot control others`, 'A5E-SUMMON-1');
  if (ctx.state.phase === 'combat' && ctx.state.order[ctx.state.turnIndex]?.creatureId === c.creatureId) {
    ctx.reject('mid-turn', `${cr.name} is taking its turn; hand it over once the turn ends`, 'A5E-INIT-6');
  }
  ctx.emit({ type: 'VarSet', creatureId: c.creatureId, key: CONTROLLED_BY, value: c.controllerId });
  if (c.mount) ctx.emit({ type: 'VarSet', creatureId: c.creatureId, key: MOUNT, value: true });
  ctx.emit({ type: 'CreatureUpdated', creatureId: c.creatureId, changes: { controller: boss.controller, tags: [...new Set([...cr.tags, 'no-initiative'])] } });
  if (ctx.state.order.some((e) => e.creatureId === c.creatureId)) {
    ctx.emit({ type: 'InitiativeSet', order: ctx.state.order.filter((e) => e.creatureId !== c.creatureId), reason: `${cr.name} now acts on ${boss.name}'s turn`, ruleId: 'A5E-INIT-6' });
  }
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SUMMON-1', text: `${boss.name} controls ${cr.name}`, creatureId: c.creatureId });
}

export const setControllerCommand: CommandDef<SetController> = {
  type: 'a5e.setController',
  schema: setControllerSchema,
  gmOnly: true,
  run: setController,
};

/** creature var: the group of identical creatures it moves and acts with (A5E-SUMMON-3) */
export const GROUP = 'a5e.group';

export function groupOf(ctx: Resolution | { state: Resolution['state'] }, creatureId: string): string | null {
  const g = ctx.state.creatures[creatureId]?.vars[GROUP];
  return typeof g === 'string' ? g : null;
}

export function groupMembers(state: Resolution['state'], group: string): string[] {
  return state.creatureIds.filter((x) => state.creatures[x]!.vars[GROUP] === group && state.creatures[x]!.status !== 'dead');
}

/** The creatures a Command of this one brings: its whole group under the same controller, or itself alone. */
function commandedBy(state: EncounterState, actorId: string, target: string): string[] {
  const group = groupOf({ state }, target);
  return group ? groupMembers(state, group).filter((x) => controllerCreature(state, x) === actorId) : [target];
}

/**
 * Why it cannot Command now (A5E-SUMMON-4): not one target, one it does not control, one (and its
 * group) already commanded this turn, or the bonus action cannot be paid.
 */
export function commandRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const { targets } = purchase;
  const target = targets[0];
  if (!target || targets.length > 1) return { code: 'one-target', message: 'command one creature or one group (name one of its members)', ruleId: 'A5E-SUMMON-4' };
  if (controllerCreature(state, target) !== actorId) return { code: 'not-controlled', message: `${actorId} does not control ${target}`, ruleId: 'A5E-SUMMON-4' };
  const members = commandedBy(state, actorId, target);
  if (members.every((m) => state.creatures[m]!.vars[COMMANDED] === true)) return { code: 'already-commanded', message: `${members.join(', ')} already commanded this turn`, ruleId: 'A5E-SUMMON-4' };
  return spendRefusal(ruleset, state, actorId, 'bonusAction', 'A5E-SUMMON-4', { purchase });
}

/**
 * Command (bonus action, A5E-SUMMON-4): the controller commands one creature, or one group, to take its
 * actions this turn. Target one controlled creature; a group member brings its whole group. A controlled
 * creature that is not commanded takes no action (it may still move and react; proposed ruling).
 */
export const commandAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  const refusal = commandRefusal(ctx.ruleset, ctx.state, actorId, purchase);
  if (refusal) return ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const target = targets[0]!;
  const group = groupOf(ctx, target);
  const members = commandedBy(ctx.state, actorId, target);
  spend(ctx, actorId, 'bonusAction', 'A5E-SUMMON-4', { purchase });
  for (const m of members) ctx.emit({ type: 'VarSet', creatureId: m, key: COMMANDED, value: true });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SUMMON-4', text: `${ctx.state.creatures[actorId]!.name} commands ${group ? `group ${group}` : ctx.state.creatures[target]!.name} to act`, creatureId: actorId });
};
