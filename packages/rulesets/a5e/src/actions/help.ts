import { z } from 'zod';
import { addCondition, removeInstance, type ConditionDef, type ConditionInstance, type EncounterState, type Hook, type Json, type LoadedRuleset } from '@fray/engine';
import { ACTION, spend, type Refusal, purchaseOf } from '../core/economy';
import type { ActionHandler } from '../module';
import { livingRefusal, oneTarget, requireCanSpend, requireLiving, turnOwner, within } from './common';
import { hostileActionBlock } from '../conditions/queries';

/**
 * Helped (A5E-ACT-10, A5E-ACT-11): one instance per Help, carrying what it is for in its data:
 * `{ kind: 'task', task }` or `{ kind: 'attack', target }`. Used up by the first roll
 * it improves; otherwise it lapses at the start of the helper's next turn. The helper is its source.
 */
export const helpedCondition: ConditionDef = {
  id: 'helped', name: 'Helped', ruleId: 'A5E-ACT-10', effects: [],
  data: {
    schema: z.object({ kind: z.enum(['task', 'attack']), task: z.string().min(1).max(200).optional(), target: z.string().min(1).max(200).optional() })
      .refine((d) => d.kind === 'task' || d.target !== undefined, { message: "an attack help names its target" }),
    creatures: ['target'],
    example: "{ kind: attack, target: ogre } or { kind: task, task: 'climb the wall' }",
  },
};

interface HelpData {
  kind: 'task' | 'attack';
  task?: string;
  target?: string;
}

const dataOf = (inst: ConditionInstance) => inst.data as unknown as HelpData;

/**
 * Help (action). `options.mode`: 'task' (target: the creature helped; `options.task` names the task;
 * the Narrator confirms the helper can meaningfully assist) or 'attack' (target: the foe, which must be
 * within 5 ft of the helper; `options.ally`: the friend whose next attack on it gains advantage).
 */
export const helpAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const target = oneTarget(ctx, targets, 'Help', 'A5E-ACT-10');
  const me = ctx.state.creatures[actorId]!;
  const mode = options['mode'] ?? (ctx.state.creatures[target]!.side === me.side ? 'task' : 'attack');
  const owner = turnOwner(ctx.state, actorId);
  if (mode === 'task') {
    const refused = helpTaskRefusal(ctx.state, actorId, target);
    if (refused) ctx.reject(refused.code, refused.message, refused.ruleId);
    const helped = ctx.state.creatures[target]!;
    const task = typeof options['task'] === 'string' && options['task'] ? options['task'] : 'the task at hand';
    requireCanSpend(ctx, actorId, ACTION, 'A5E-ACT-10');
    const ok = ctx.ask({
      key: 'a5e.helpPossible', to: { role: 'gm' }, about: actorId, ruleId: 'A5E-ACT-10',
      text: `Can ${me.name} meaningfully help ${helped.name} with ${task}?`,
      options: [{ id: 'yes', label: 'Yes: advantage on its next check for it' }, { id: 'no', label: 'No: the Help is not possible' }],
      default: 'yes',
    });
    if (ok !== 'yes') {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-10', text: `the Narrator rules ${ctx.creature(actorId).name} cannot help with ${task}; no action spent`, creatureId: actorId });
      return;
    }
    spend(ctx, actorId, ACTION, 'A5E-ACT-10', { purchase: purchaseOf(action, targets, options) });
    addCondition(ctx, target, 'helped', { source: actorId, ruleId: 'A5E-ACT-10', data: { kind: 'task', task }, duration: { kind: 'nextTurn', creatureId: owner, boundary: 'start' } });
    return;
  }
  if (mode !== 'attack') return ctx.reject('bad-option', `Help mode is 'task' or 'attack', not '${String(mode as Json)}'`, 'A5E-ACT-10');
  const foe = requireLiving(ctx, target, 'A5E-ACT-11');
  if (foe.side === me.side) ctx.reject('illegal-target', `${foe.name} is not a foe to help against`, 'A5E-ACT-11');
  const allyId = options['ally'];
  if (typeof allyId !== 'string') return ctx.reject('no-ally', 'name the ally to help with options.ally', 'A5E-ACT-11');
  const ally = requireLiving(ctx, allyId, 'A5E-ACT-11');
  if (allyId === actorId || ally.side !== me.side) ctx.reject('illegal-target', `${ally.name} is not a friendly creature to help`, 'A5E-ACT-11');
  const refused = helpAttackTargetRefusal(ctx.ruleset, ctx.state, actorId, target);
  if (refused) ctx.reject(refused.code, refused.message, refused.ruleId);
  spend(ctx, actorId, ACTION, 'A5E-ACT-11', { purchase: purchaseOf(action, targets, options) });
  addCondition(ctx, allyId, 'helped', { source: actorId, ruleId: 'A5E-ACT-11', data: { kind: 'attack', target }, duration: { kind: 'nextTurn', creatureId: owner, boundary: 'start' } });
};

/** Why it cannot Help this creature with a task (A5E-ACT-10): itself, a creature not there, or the dead. */
export function helpTaskRefusal(state: EncounterState, actorId: string, target: string): Refusal | null {
  if (target === actorId) return { code: 'illegal-target', message: 'a creature cannot Help itself', ruleId: 'A5E-ACT-10' };
  return livingRefusal(state, target, 'A5E-ACT-10');
}

/**
 * Why it cannot distract this foe for an ally's attack (A5E-ACT-11): not a living foe, one it may not
 * act against (placid, charmed), or farther than 5 feet. The ally is the option's to name.
 */
export function helpAttackTargetRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, target: string): Refusal | null {
  const living = livingRefusal(state, target, 'A5E-ACT-11');
  if (living) return living;
  const me = state.creatures[actorId]!;
  const foe = state.creatures[target]!;
  if (foe.side === me.side) return { code: 'illegal-target', message: `${foe.name} is not a foe to help against`, ruleId: 'A5E-ACT-11' };
  const block = hostileActionBlock(state, actorId, target, ruleset);
  if (block) return block;
  if (!within(state, actorId, target, 5)) return { code: 'out-of-reach', message: `${foe.name} must be within 5 feet of ${me.name}`, ruleId: 'A5E-ACT-11' };
  return null;
}

/** test payload data: the helped condition a test's gathered advantage comes from, spent by `helpSpentHook` */
const HELP_USED = 'a5e.helpUsed';

/**
 * The help is spent on the first roll it applies to: the next ability check of the helped creature
 * (checks tagged `task:<name>` must match), or its first attack roll against the named foe. Gathering
 * only finds it; `helpSpentHook` spends it.
 */
export const helpUsedHook: Hook<'test.modifiers'> = {
  stage: 'test.modifiers', id: 'a5e.actions.help', priority: 10, ruleId: 'A5E-ACT-10',
  run: (ctx, p) => {
    if (!p.actor || (p.kind !== 'check' && p.kind !== 'attack') || p.options.has('check:passive')) return;
    const c = ctx.state.creatures[p.actor];
    if (!c) return;
    const tasks = [...p.options].filter((o) => o.startsWith('task:')).map((o) => o.slice(5));
    const inst = c.conditions.find((x) => {
      if (x.conditionId !== 'helped') return false;
      const d = dataOf(x);
      if (p.kind === 'attack') return d.kind === 'attack' && d.target === p.target;
      return d.kind === 'task' && (!tasks.length || tasks.includes(d.task ?? ''));
    });
    if (!inst) return;
    const d = dataOf(inst);
    const ruleId = d.kind === 'attack' ? 'A5E-ACT-11' : 'A5E-ACT-10';
    p.rollModeSources.push({ mode: 'advantage', source: inst.instanceId, label: `helped by ${ctx.state.creatures[inst.source ?? '']?.name ?? 'an ally'}`, ruleId });
    p.data[HELP_USED] = inst.instanceId;
  },
};

/** The test's roll uses the Help up: its condition goes before the roll is made (A5E-ACT-10, A5E-ACT-11). */
export const helpSpentHook: Hook<'test.commit'> = {
  stage: 'test.commit', id: 'a5e.actions.help-spent', priority: 10, ruleId: 'A5E-ACT-10',
  run: (ctx, p) => {
    const used = p.data[HELP_USED];
    const c = p.actor ? ctx.state.creatures[p.actor] : undefined;
    const inst = typeof used === 'string' ? c?.conditions.find((x) => x.instanceId === used) : undefined;
    if (!c || !inst) return;
    removeInstance(ctx, c.id, inst, 'help used', dataOf(inst).kind === 'attack' ? 'A5E-ACT-11' : 'A5E-ACT-10');
  },
};
