import { z } from 'zod';
import { heal, removeInstance, type Json, type Resolution } from '@fray/engine';
import { abilityIds } from '../sheet/stat-block';
import { ftdCheck } from '../core/check';
import { actRefusal, inRounds, spend, type Refusal, type Rules } from '../core/economy';
import { diceRefusal } from '../core/dice-text';
import { creatureIn, isPc, isProficient, scores, sheetOf } from '../core/sheet';
import type { FtdModule } from '../module';
import { stabilize } from './death';

const refuse = (ctx: Resolution, r: Refusal | null | undefined): void => {
  if (r) ctx.reject(r.code, r.message, r.ruleId);
};

/** Who is healed or treated: the target named, the actor when none; never the dead or the escaped. */
function healTargetRefusal(ctx: Rules, actorId: string, targets: readonly string[]): Refusal | null {
  const t = creatureIn(ctx.state, targets[0] ?? actorId);
  return t.status === 'dead' || t.status === 'escaped' ? { code: 'illegal-target', message: `${t.name} is ${t.status}` } : null;
}

/**
 * Why it cannot heal now (FTD-HEAL-6/7): a living target, healing dice named that can be rolled, an
 * active action on its turn.
 */
export function healRefusal(ctx: Rules, actorId: string, targets: readonly string[], options: Readonly<Record<string, Json>>): Refusal | null {
  const target = healTargetRefusal(ctx, actorId, targets);
  if (target) return target;
  const dice = options['dice'];
  if (typeof dice !== 'string') return { code: 'no-hp-stated', message: 'only magic or medicine that lists its healing dice restores HP (options.dice, e.g. "3d6"); plain care is ftd treat', ruleId: 'FTD-HEAL-7' };
  return diceRefusal(dice, 'FTD-HEAL-6') ?? actRefusal(ctx, actorId, 'active');
}

/** Why it cannot treat a wound now (FTD-HEAL-3): a living target and an active action on its turn; the DC and what it ends are the GM's, after. */
export function treatRefusal(ctx: Rules, actorId: string, targets: readonly string[]): Refusal | null {
  return healTargetRefusal(ctx, actorId, targets) ?? actRefusal(ctx, actorId, 'active');
}

/** Magic and medicine heal the dice they list, up to the maximum; healing the dying stabilizes them (FTD-HEAL-6, FTD-DEATH-3). */
function healAction(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>): void {
  refuse(ctx, healRefusal(ctx, actorId, targets, options));
  const id = targets[0] ?? actorId;
  const dice = options['dice'] as string;
  spend(ctx, actorId, 'active');
  const amount = Math.max(0, ctx.roll(dice, { roller: actorId, purpose: 'healing' }).total);
  if (creatureIn(ctx.state, id).status === 'dying') return stabilize(ctx, id, amount, 'healing');
  heal(ctx, id, amount, actorId, 'FTD-HEAL-6');
}

/** Care without magic: a check that can end a penalty, never HP (FTD-HEAL-3, FTD-HEAL-7). */
function treatAction(ctx: Resolution, actorId: string, targets: string[]): void {
  refuse(ctx, treatRefusal(ctx, actorId, targets));
  const id = targets[0] ?? actorId;
  spend(ctx, actorId, 'active');
  const t = () => creatureIn(ctx.state, id);
  const dc = ctx.ask({
    key: 'ftd.treat.dc', to: { role: 'gm' }, about: id, ruleId: 'FTD-HEAL-3',
    text: `How hard is it to treat ${t().name}'s wound or condition?`,
    options: [{ id: '11', label: 'DC 11' }, { id: '8', label: 'DC 8' }, { id: '14', label: 'DC 14' }, { id: '17', label: 'DC 17' }], default: '11',
  });
  const a = () => creatureIn(ctx.state, actorId);
  const r = ftdCheck(ctx, {
    kind: 'check', actor: actorId, target: id, ability: 'wis', proficient: isProficient(a(), 'healing') || isProficient(a(), 'medicine'),
    against: { label: 'treatment DC', value: Number(dc) }, selectors: ['check:treat'], ruleId: 'FTD-HEAL-3',
  });
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-HEAL-3', text: `treatment restores no HP`, creatureId: id });
  if (r.outcome !== 'success') return;
  const removable = creatureIn(ctx.state, id).conditions.filter((c) => !c.impliedBy && c.conditionId !== 'incapacitated');
  const pick = ctx.ask({
    key: 'ftd.treat.remove', to: { role: 'gm' }, about: id, ruleId: 'FTD-HEAL-7',
    text: `The treatment works. Which penalty on ${t().name} does it end?`,
    options: [{ id: 'none', label: 'None' }, ...removable.map((c) => ({ id: c.instanceId, label: ctx.ruleset.conditionById[c.conditionId]?.name ?? c.conditionId }))],
    default: removable[0]?.instanceId ?? 'none',
  });
  const inst = creatureIn(ctx.state, id).conditions.find((c) => c.instanceId === pick && !c.impliedBy && c.conditionId !== 'incapacitated');
  if (inst) removeInstance(ctx, id, inst, 'treated');
}

const restSchema = z.object({
  type: z.literal('ftd.rest'),
  creatureIds: z.array(z.string().min(1)).min(1).optional(),
  safe: z.boolean(),
  nights: z.number().int().min(1).max(365).default(1),
}).strict();

const recoverSchema = z.object({
  type: z.literal('ftd.recover'),
  creatureId: z.string().min(1),
  ability: z.enum(abilityIds),
  weeks: z.number().int().min(1).max(52),
}).strict();

/** Lost ability points: one back per week of safe rest with care, up to the original score (FTD-HEAL-8). */
const recoverCommand: NonNullable<FtdModule['commands']>[number] = {
  type: 'ftd.recover', gmOnly: true, schema: recoverSchema as never,
  run: (ctx, raw) => {
    const cmd = raw as unknown as z.infer<typeof recoverSchema>;
    const c = ctx.state.creatures[cmd.creatureId];
    if (!c) return ctx.reject('unknown-creature', `no creature '${cmd.creatureId}'`);
    if (inRounds(ctx)) ctx.reject('in-rounds', 'recovery takes weeks: end the fight first');
    const now = scores(c);
    const original = sheetOf(c).abilities[cmd.ability];
    const after = Math.min(original, now[cmd.ability] + cmd.weeks);
    if (after === now[cmd.ability]) ctx.reject('nothing-to-recover', `${c.name}'s ${cmd.ability.toUpperCase()} is not reduced`, 'FTD-HEAL-8');
    ctx.emit({ type: 'VarSet', creatureId: c.id, key: 'abilities', value: { ...now, [cmd.ability]: after } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-HEAL-8', text: `${c.name} recovers ${cmd.ability.toUpperCase()} ${now[cmd.ability]} → ${after}`, creatureId: c.id });
    if (after > 0) for (const inst of [...creatureIn(ctx.state, c.id).conditions]) {
      if (inst.conditionId === 'drained' && (inst.data as Record<string, Json> | undefined)?.['ability'] === cmd.ability) removeInstance(ctx, c.id, inst, 'ability restored');
    }
  },
};

export const healingModule: FtdModule = {
  id: 'healing',
  actions: { heal: healAction, treat: treatAction },
  commands: [
    {
      // Nights of rest: 1 HP per level each safe night, 1 HP each unsafe one; rest ends "until rest" penalties (FTD-HEAL-4, -5, FTD-INJURY-4).
      type: 'ftd.rest', gmOnly: true, schema: restSchema as never,
      run: (ctx, raw) => {
        const cmd = raw as unknown as z.infer<typeof restSchema>;
        if (inRounds(ctx)) ctx.reject('in-rounds', 'nobody rests in the middle of a fight: end it first (ftd.endFight)');
        const ids = cmd.creatureIds ?? ctx.state.creatureIds.filter((id) => isPc(creatureIn(ctx.state, id)));
        for (const id of ids) if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
        ctx.emit({ type: 'ClockAdvanced', seconds: cmd.nights * 86_400 });
        for (const id of ids) {
          const c = creatureIn(ctx.state, id);
          if (c.status === 'dead' || c.status === 'dying' || !isPc(c)) continue;
          const perNight = cmd.safe ? sheetOf(c).level : 1;
          heal(ctx, id, perNight * cmd.nights, 'rest', cmd.safe ? 'FTD-HEAL-4' : 'FTD-HEAL-5');
          for (const inst of [...creatureIn(ctx.state, id).conditions]) if (inst.duration.kind === 'untilRest') removeInstance(ctx, id, inst, 'rested');
        }
      },
    },
    recoverCommand,
  ],
  // Weeks of recovery happen between fights (ftd.rest's campaign twin is ftd.camp).
  campaignCommands: [recoverCommand],
};
