import { z } from 'zod';
import { addCondition, removeInstance, type ConditionDef, type ConditionInstance, type EncounterState, type Hook, type Json, type LoadedRuleset } from '@fray/engine';
import { ACTION, spend, spendRefusal, type Purchase, type Refusal, purchaseOf } from '../core/economy';
import type { ActionHandler } from '../module';
import { livingRefusal, turnOwner, within } from './common';
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
 * What dispatch answers a Help now, up to the Narrator's question, in the handler's order: one target;
 * for a task (`options.mode: 'task'`, the default at a friend) the one helped (`helpTaskRefusal`) and the
 * action (`spendRefusal`); for an attack (`'attack'`, the default at a foe) the foe alive and a foe, the
 * ally (`options.ally`) alive and a friend, the foe within 5 ft and one it may act against
 * (`helpAttackTargetRefusal`), and the action. The handler rejects with it; the menu asks it.
 */
export function helpRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const { targets, options } = purchase;
  if (targets.length !== 1) return { code: targets.length ? 'one-target' : 'no-target', message: 'Help needs exactly one target', ruleId: 'A5E-ACT-10' };
  const target = targets[0]!;
  const me = state.creatures[actorId]!;
  const mode = helpMode(state, actorId, target, options);
  if (mode === 'task') return helpTaskRefusal(state, actorId, target) ?? spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-10', { purchase });
  if (mode !== 'attack') return { code: 'bad-option', message: `Help mode is 'task' or 'attack', not '${String(mode)}'`, ruleId: 'A5E-ACT-10' };
  const living = livingRefusal(state, target, 'A5E-ACT-11');
  if (living) return living;
  const foe = state.creatures[target]!;
  if (foe.side === me.side) return { code: 'illegal-target', message: `${foe.name} is not a foe to help against`, ruleId: 'A5E-ACT-11' };
  const allyId = options['ally'];
  if (typeof allyId !== 'string') return { code: 'no-ally', message: 'name the ally to help with options.ally', ruleId: 'A5E-ACT-11' };
  const allyLiving = livingRefusal(state, allyId, 'A5E-ACT-11');
  if (allyLiving) return allyLiving;
  const ally = state.creatures[allyId]!;
  if (allyId === actorId || ally.side !== me.side) return { code: 'illegal-target', message: `${ally.name} is not a friendly creature to help`, ruleId: 'A5E-ACT-11' };
  return helpAttackTargetRefusal(ruleset, state, actorId, target) ?? spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-11', { purchase });
}

/** The Help's mode: `options.mode`, else a task for a friend and an attack against anyone else. */
function helpMode(state: EncounterState, actorId: string, target: string, options: Readonly<Record<string, Json>>): Json {
  return options['mode'] ?? (state.creatures[target]?.side === state.creatures[actorId]!.side ? 'task' : 'attack');
}

/**
 * Help (action). `options.mode`: 'task' (target: the creature helped; `options.task` names the task;
 * the Narrator confirms the helper can meaningfully assist) or 'attack' (target: the foe, which must be
 * within 5 ft of the helper; `options.ally`: the friend whose next attack on it gains advantage).
 */
export const helpAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  const refused = helpRefusal(ctx.ruleset, ctx.state, actorId, purchase);
  if (refused) return ctx.reject(refused.code, refused.message, refused.ruleId);
  const target = targets[0]!;
  const me = ctx.state.creatures[actorId]!;
  const owner = turnOwner(ctx.state, actorId);
  if (helpMode(ctx.state, actorId, target, options) === 'task') {
    const helped = ctx.state.creatures[target]!;
    const task = typeof options['task'] === 'string' && options['task'] ? options['task'] : 'the task at hand';
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
    spend(ctx, actorId, ACTION, 'A5E-ACT-10', { purchase });
    addCondition(ctx, target, 'helped', { source: actorId, ruleId: 'A5E-ACT-10', data: { kind: 'task', task }, duration: { kind: 'nextTurn', creatureId: owner, boundary: 'start' } });
    return;
  }
  const allyId = options['ally'] as string;
  spend(ctx, actorId, ACTION, 'A5E-ACT-11', { purchase });
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
