import { z } from 'zod';
import type { Json, Resolution } from '@fray/engine';
import { checkTarget, chosenTargetRefusal, findAttackRefusal, namedAttack, rangeRefusal, resolveAttack } from '../combat/attack';
import { ableRefusal, actRefusal, hasSlot, slotRefusal, slots, spend, startConcentration, turnRefusal, type Refusal, type Rules, type Slot } from './economy';
import { creatureIn } from './sheet';
import type { FtdModule } from '../module';

const refuse = (ctx: Resolution, r: Refusal | null): void => {
  if (r) ctx.reject(r.code, r.message, r.ruleId);
};

/** Why it cannot ready a response now (FTD-ACT-8): a trigger, a target it may attack, an attack of its own, a quick action on its turn. */
export function readyRefusal(ctx: Rules, actorId: string, targets: readonly string[], options: Readonly<Record<string, Json>>): Refusal | null {
  const trigger = options['trigger'];
  if (typeof trigger !== 'string' || !trigger.trim()) return { code: 'bad-option', message: 'a readied action names its trigger (options.trigger)', ruleId: 'FTD-ACT-8' };
  return chosenTargetRefusal(ctx.state, actorId, targets[0]) ?? findAttackRefusal(ctx.state, actorId, options['attack']) ?? actRefusal(ctx, actorId, 'quick');
}

/** Ready (a quick action): a trigger and a response that will need its own slot when it fires (FTD-ACT-8). */
function ready(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>): void {
  refuse(ctx, readyRefusal(ctx, actorId, targets, options));
  const trigger = options['trigger'] as string;
  const target = targets[0]!;
  const attack = namedAttack(ctx.state, actorId, options['attack'])!;
  spend(ctx, actorId, 'quick');
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: 'ftd.readied', value: { trigger, target, attack: attack.id } });
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-8', text: `${creatureIn(ctx.state, actorId).name} readies ${attack.name} for: ${trigger}`, creatureId: actorId });
}

/** Why it cannot draw an item or weapon now (FTD-ACT-7): a quick action on its turn. */
export function drawRefusal(ctx: Rules, actorId: string): Refusal | null {
  return actRefusal(ctx, actorId, 'quick');
}

function draw(ctx: Resolution, actorId: string): void {
  refuse(ctx, drawRefusal(ctx, actorId));
  spend(ctx, actorId, 'quick');
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-7', text: `${creatureIn(ctx.state, actorId).name}: draws an item or weapon (quick action)`, creatureId: actorId });
}

/** The slot a spell takes: active, or quick when the caster says so (FTD-ACT-3). */
const castSlot = (options: Readonly<Record<string, Json>>): Slot => (options['quick'] === true ? 'quick' : 'active');

/** Why it cannot cast now (FTD-ACT-3): the action the spell takes, on its turn. */
export function castRefusal(ctx: Rules, actorId: string, options: Readonly<Record<string, Json>>): Refusal | null {
  return actRefusal(ctx, actorId, castSlot(options));
}

/** Casting is an active action (FTD-ACT-3); a concentration spell then costs a quick action each round (FTD-ACT-9). */
function cast(ctx: Resolution, actorId: string, _targets: string[], options: Record<string, Json>): void {
  const spell = typeof options['spell'] === 'string' ? options['spell'] : 'a spell';
  refuse(ctx, castRefusal(ctx, actorId, options));
  spend(ctx, actorId, castSlot(options));
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-3', text: `${creatureIn(ctx.state, actorId).name} casts ${spell}`, creatureId: actorId });
  if (options['concentration'] === true) startConcentration(ctx, actorId, spell);
}

/**
 * Why it cannot do something else now (FTD-ACT-1/7): on its turn. Which action it takes is the GM's
 * ruling, asked after, so with any slot spent only dispatch knows whether the one named is left (undefined).
 */
export function otherRefusal(ctx: Rules, actorId: string): Refusal | null | undefined {
  const turn = turnRefusal(ctx, actorId);
  if (turn) return turn;
  return slots.every((s) => slotRefusal(ctx, actorId, s) === null) ? null : undefined;
}

/** Anything not on the lists: the GM says whether it is quick (FTD-ACT-7); otherwise it is active (FTD-ACT-3). */
function other(ctx: Resolution, actorId: string, _targets: string[], options: Record<string, Json>): void {
  const what = typeof options['description'] === 'string' ? options['description'] : 'something else';
  refuse(ctx, turnRefusal(ctx, actorId));
  const slot = ctx.ask({
    key: 'ftd.act.classify', to: { role: 'gm' }, about: actorId, ruleId: 'FTD-ACT-7',
    text: `${creatureIn(ctx.state, actorId).name} wants to: ${what}. What kind of action is it?`,
    options: [{ id: 'active', label: 'Active' }, { id: 'quick', label: 'Quick' }, { id: 'movement', label: 'Movement' }], default: 'active',
  }) as Slot;
  spend(ctx, actorId, slot);
  ctx.emit({ type: 'RuleApplied', ruleId: slot === 'quick' ? 'FTD-ACT-7' : 'FTD-ACT-3', text: `${what} (${slot} action)`, creatureId: actorId });
}

const triggerSchema = z.object({ type: z.literal('ftd.trigger'), creatureId: z.string().min(1) }).strict();

type Readied = { trigger: string; target: string; attack: string };

/**
 * Why a readied response cannot go off now (FTD-ACT-8): nothing readied, or it cannot act. With its
 * active action spent it is lost (no refusal); otherwise its target must still be one it may attack,
 * its attack its own and in range. A target gone from the fight is dispatch's to answer (undefined).
 */
export function triggerRefusal(ctx: Rules, creatureId: string): Refusal | null | undefined {
  if (!Object.hasOwn(ctx.state.creatures, creatureId)) return { code: 'unknown-creature', message: `no creature '${creatureId}'` };
  const c = creatureIn(ctx.state, creatureId);
  const r = c.vars['ftd.readied'] as Readied | undefined;
  if (!r) return { code: 'nothing-readied', message: `${c.name} has nothing readied`, ruleId: 'FTD-ACT-8' };
  const able = ableRefusal(ctx, c.id);
  if (able) return able;
  if (slotRefusal(ctx, c.id, 'active')) return null;
  if (!Object.hasOwn(ctx.state.creatures, r.target)) return undefined;
  const attack = namedAttack(ctx.state, c.id, r.attack);
  return chosenTargetRefusal(ctx.state, c.id, r.target) ?? findAttackRefusal(ctx.state, c.id, r.attack) ?? rangeRefusal(ctx.state, c.id, r.target, attack!);
}

export const actionsModule: FtdModule = {
  id: 'actions',
  actions: { ready, draw, cast, other },
  hooks: [
    {
      // A readied response waits only until the creature's next turn (FTD-ACT-8).
      stage: 'turn.start', id: 'ftd.actions.ready-expires', priority: 5, ruleId: 'FTD-ACT-8',
      run: (ctx, p) => {
        if (creatureIn(ctx.state, p.creatureId).vars['ftd.readied'] !== undefined) ctx.emit({ type: 'VarSet', creatureId: p.creatureId, key: 'ftd.readied', value: null });
      },
    },
  ],
  commands: [
    {
      type: 'ftd.trigger', gmOnly: true, schema: triggerSchema as never,
      run: (ctx, raw) => {
        const cmd = raw as unknown as z.infer<typeof triggerSchema>;
        refuse(ctx, triggerRefusal(ctx, cmd.creatureId) ?? null);
        const c = creatureIn(ctx.state, cmd.creatureId);
        const r = c.vars['ftd.readied'] as Readied;
        ctx.emit({ type: 'VarSet', creatureId: c.id, key: 'ftd.readied', value: null });
        if (!hasSlot(ctx, c.id, 'active')) {
          ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-8', text: `${c.name}'s readied attack is lost: its active action is spent`, creatureId: c.id });
          return;
        }
        // The query answered for a target still in the fight; one gone is checkTarget's to refuse.
        const target = checkTarget(ctx, c.id, r.target);
        spend(ctx, c.id, 'active');
        ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-8', text: `${r.trigger}: ${c.name}'s readied attack goes off`, creatureId: c.id });
        resolveAttack(ctx, c.id, target, namedAttack(ctx.state, c.id, r.attack)!);
      },
    },
  ],
};
