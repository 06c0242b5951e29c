import { z } from 'zod';
import type { Json, Resolution } from '@fray/engine';
import { checkTarget, findAttack, resolveAttack } from '../combat/attack';
import { hasSlot, requireAble, requireTurn, spend, startConcentration, type Slot } from './economy';
import { creatureIn } from './sheet';
import type { FtdModule } from '../module';

/** Ready (a quick action): a trigger and a response that will need its own slot when it fires (FTD-ACT-8). */
function ready(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>): void {
  const trigger = options['trigger'];
  if (typeof trigger !== 'string' || !trigger.trim()) ctx.reject('bad-option', 'a readied action names its trigger (options.trigger)', 'FTD-ACT-8');
  const target = checkTarget(ctx, actorId, targets[0]);
  const attack = findAttack(ctx, actorId, options['attack']);
  requireTurn(ctx, actorId);
  spend(ctx, actorId, 'quick');
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: 'ftd.readied', value: { trigger, target, attack: attack.id } });
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-8', text: `${creatureIn(ctx.state, actorId).name} readies ${attack.name} for: ${trigger}`, creatureId: actorId });
}

function quick(what: string) {
  return (ctx: Resolution, actorId: string) => {
    requireTurn(ctx, actorId);
    spend(ctx, actorId, 'quick');
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-7', text: `${creatureIn(ctx.state, actorId).name}: ${what} (quick action)`, creatureId: actorId });
  };
}

/** Casting is an active action (FTD-ACT-3); a concentration spell then costs a quick action each round (FTD-ACT-9). */
function cast(ctx: Resolution, actorId: string, _targets: string[], options: Record<string, Json>): void {
  const spell = typeof options['spell'] === 'string' ? options['spell'] : 'a spell';
  requireTurn(ctx, actorId);
  spend(ctx, actorId, options['quick'] === true ? 'quick' : 'active');
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-3', text: `${creatureIn(ctx.state, actorId).name} casts ${spell}`, creatureId: actorId });
  if (options['concentration'] === true) startConcentration(ctx, actorId, spell);
}

/** Anything not on the lists: the GM says whether it is quick (FTD-ACT-7); otherwise it is active (FTD-ACT-3). */
function other(ctx: Resolution, actorId: string, _targets: string[], options: Record<string, Json>): void {
  const what = typeof options['description'] === 'string' ? options['description'] : 'something else';
  requireTurn(ctx, actorId);
  const slot = ctx.ask({
    key: 'ftd.act.classify', to: { role: 'gm' }, about: actorId, ruleId: 'FTD-ACT-7',
    text: `${creatureIn(ctx.state, actorId).name} wants to: ${what}. What kind of action is it?`,
    options: [{ id: 'active', label: 'Active' }, { id: 'quick', label: 'Quick' }, { id: 'movement', label: 'Movement' }], default: 'active',
  }) as Slot;
  spend(ctx, actorId, slot);
  ctx.emit({ type: 'RuleApplied', ruleId: slot === 'quick' ? 'FTD-ACT-7' : 'FTD-ACT-3', text: `${what} (${slot} action)`, creatureId: actorId });
}

const triggerSchema = z.object({ type: z.literal('ftd.trigger'), creatureId: z.string().min(1) }).strict();

export const actionsModule: FtdModule = {
  id: 'actions',
  actions: { ready, draw: quick('draws an item or weapon'), cast, other },
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
        const c = ctx.state.creatures[cmd.creatureId];
        if (!c) return ctx.reject('unknown-creature', `no creature '${cmd.creatureId}'`);
        const r = c.vars['ftd.readied'] as { trigger: string; target: string; attack: string } | undefined;
        if (!r) return ctx.reject('nothing-readied', `${c.name} has nothing readied`, 'FTD-ACT-8');
        requireAble(ctx, c.id);
        ctx.emit({ type: 'VarSet', creatureId: c.id, key: 'ftd.readied', value: null });
        if (!hasSlot(ctx, c.id, 'active')) {
          ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-8', text: `${c.name}'s readied attack is lost: its active action is spent`, creatureId: c.id });
          return;
        }
        const target = checkTarget(ctx, c.id, r.target);
        spend(ctx, c.id, 'active');
        ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-8', text: `${r.trigger}: ${c.name}'s readied attack goes off`, creatureId: c.id });
        resolveAttack(ctx, c.id, target, findAttack(ctx, c.id, r.attack));
      },
    },
  ],
};
