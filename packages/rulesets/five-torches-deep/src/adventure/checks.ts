import { diceTextSchema } from '@fray/engine';
import { z } from 'zod';
import { addCondition, dealDamage, type Resolution } from '@fray/engine';
import { abilityIds, type Ability } from '../sheet/stat-block';
import { ftdCheck, type FtdCheckResult } from '../core/check';
import { creatureIn, isPc, isProficient } from '../core/sheet';
import type { FtdModule } from '../module';

const dice = diceTextSchema().regex(/^\d*d\d+([+-]\d+)?$/, "dice notation such as '1d6'");

export interface DangerousCheck {
  creatureId: string;
  ability?: Ability | undefined;
  dc: number;
  proficient?: boolean | undefined;
  category?: string | undefined;
  damage?: string | undefined;
  condition?: string | undefined;
  label: string;
  ruleId: string;
  mode?: 'advantage' | 'disadvantage' | 'normal' | undefined;
}

/** The ability named, or the GM's pick when nothing names one (FTD-CHECK-1). */
function abilityFor(ctx: Resolution, creatureId: string, ability: Ability | undefined, label: string): Ability {
  if (ability) return ability;
  return ctx.ask({
    key: 'ftd.check.ability', to: { role: 'gm' }, about: creatureId, ruleId: 'FTD-CHECK-1',
    text: `Which ability does ${creatureIn(ctx.state, creatureId).name} check against ${label}?`,
    options: abilityIds.map((a) => ({ id: a, label: a.toUpperCase() })), default: 'dex',
  }) as Ability;
}

/**
 * A check in place of a save: failure brings the danger's damage or effect; a PC who rolls a
 * natural 1 on it fails and takes the damage twice (FTD-CHECK-1, FTD-CRIT-2, FTD-TRAP-1).
 */
export function dangerousCheck(ctx: Resolution, d: DangerousCheck): FtdCheckResult {
  const c = () => creatureIn(ctx.state, d.creatureId);
  const ability = abilityFor(ctx, d.creatureId, d.ability, d.label);
  const r = ftdCheck(ctx, {
    kind: 'check', actor: d.creatureId, ability,
    proficient: d.proficient ?? (isProficient(c(), ability) || (d.category !== undefined && isProficient(c(), d.category))),
    against: { label: `${d.label} DC`, value: d.dc }, selectors: d.category ? [`check:${d.category}`] : [],
    ruleId: d.ruleId, dangerous: d.damage !== undefined && isPc(c()),
    ...(d.mode === 'advantage' || d.mode === 'disadvantage' ? { rollModeSources: [{ mode: d.mode, source: 'gm', label: 'GM ruling', ruleId: 'FTD-CHECK-3' }] } : {}),
  });
  if (r.outcome !== 'failure') return r;
  if (d.damage) {
    let amount = Math.max(0, ctx.roll(d.damage, { roller: null, purpose: `${d.label} damage` }).total);
    if (r.natural === 1 && isPc(c())) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CRIT-2', text: `natural 1: ${c().name} takes double damage (${amount} → ${amount * 2})`, creatureId: c().id });
      amount *= 2;
    }
    dealDamage(ctx, d.creatureId, [{ type: 'damage', amount }], { source: null, options: ['damage:danger'] });
  }
  if (d.condition && creatureIn(ctx.state, d.creatureId).status !== 'dead') addCondition(ctx, d.creatureId, d.condition, { source: d.label, ruleId: d.ruleId });
  return r;
}

const checkSchema = z.object({
  type: z.literal('ftd.check'),
  creatureId: z.string().min(1),
  ability: z.enum(abilityIds).optional(),
  dc: z.number().int().min(0).max(40),
  proficient: z.boolean().optional(),
  category: z.string().min(1).optional(),
  damage: dice.optional(),
  condition: z.string().min(1).optional(),
  mode: z.enum(['advantage', 'disadvantage', 'normal']).optional(),
  label: z.string().min(1).max(200).default('danger'),
}).strict();

const trapSchema = z.object({
  name: z.string().min(1),
  magical: z.boolean().default(false),
  /** the fiction's warning is part of the trap (FTD-TRAP-3) */
  foreshadowing: z.string().trim().min(1, 'a trap needs foreshadowing: the cue that warns the players'),
  ability: z.enum(abilityIds).optional(),
  dc: z.number().int().min(0).max(40),
  damage: dice.optional(),
  condition: z.string().min(1).optional(),
  consequence: z.string().max(500).optional(),
}).strict();

const springSchema = z.object({ type: z.literal('ftd.springTrap'), creatureIds: z.array(z.string().min(1)).min(1), trap: trapSchema }).strict();
const searchSchema = z.object({
  type: z.literal('ftd.searchTrap'),
  creatureId: z.string().min(1),
  trap: trapSchema,
  intent: z.enum(['notice', 'disarm', 'avoid']),
  when: z.string().optional(),
  where: z.string().optional(),
  how: z.string().optional(),
}).strict();

const checkCommands: NonNullable<FtdModule['commands']> = [
  {
    type: 'ftd.check', gmOnly: true, schema: checkSchema as never,
    run: (ctx, raw) => {
      const cmd = raw as unknown as z.infer<typeof checkSchema>;
      if (!ctx.state.creatures[cmd.creatureId]) ctx.reject('unknown-creature', `no creature '${cmd.creatureId}'`);
      if (cmd.condition && !ctx.ruleset.conditionById[cmd.condition]) ctx.reject('unknown-condition', `no condition '${cmd.condition}'`);
      dangerousCheck(ctx, { ...cmd, ruleId: cmd.damage ? 'FTD-CRIT-2' : 'FTD-CHECK-2' });
    },
  },
  {
    // A trap is a dangerous check like any other (FTD-TRAP-1); its kind and story consequence are recorded (FTD-TRAP-4).
    type: 'ftd.springTrap', gmOnly: true, schema: springSchema as never,
    run: (ctx, raw) => {
      const cmd = raw as unknown as z.infer<typeof springSchema>;
      for (const id of cmd.creatureIds) if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
      const t = cmd.trap;
      if (t.condition && !ctx.ruleset.conditionById[t.condition]) ctx.reject('unknown-condition', `no condition '${t.condition}'`);
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TRAP-4', text: `${t.magical ? 'magical' : 'mundane'} trap sprung: ${t.name}${t.consequence ? `; ${t.consequence}` : ''}` });
      for (const id of cmd.creatureIds) dangerousCheck(ctx, { creatureId: id, ability: t.ability, dc: t.dc, damage: t.damage, condition: t.condition, label: t.name, ruleId: 'FTD-TRAP-1' });
    },
  },
  {
    // Searching earns a check only when the player says when, where and how; otherwise the GM decides (FTD-TRAP-2).
    type: 'ftd.searchTrap', schema: searchSchema as never,
    actor: (c) => (c as { creatureId?: string }).creatureId ?? null,
    run: (ctx, raw) => {
      const cmd = raw as unknown as z.infer<typeof searchSchema>;
      if (!ctx.state.creatures[cmd.creatureId]) return ctx.reject('unknown-creature', `no creature '${cmd.creatureId}'`);
      const c = () => ctx.state.creatures[cmd.creatureId]!;
      const specific = [cmd.when, cmd.where, cmd.how].every((x) => typeof x === 'string' && x.trim().length > 0);
      if (!specific) {
        const allow = ctx.ask({
          key: 'ftd.trap.allowCheck', to: { role: 'gm' }, about: cmd.creatureId, ruleId: 'FTD-TRAP-2',
          text: `${c().name} searches without saying when, where and how. Allow a check to ${cmd.intent} ${cmd.trap.name}?`,
          options: [{ id: 'no', label: 'No check' }, { id: 'yes', label: 'Allow a check' }], default: 'no',
        });
        if (allow !== 'yes') {
          ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TRAP-2', text: `no check: the search was not specific`, creatureId: c().id });
          return;
        }
      }
      const ability: 'wis' | 'dex' = cmd.intent === 'notice' ? 'wis' : 'dex';
      const r = ftdCheck(ctx, {
        kind: 'check', actor: c().id, ability, proficient: isProficient(c(), 'traps') || isProficient(c(), ability),
        against: { label: `${cmd.trap.name} DC`, value: cmd.trap.dc }, selectors: ['check:traps'], ruleId: 'FTD-TRAP-2',
      });
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TRAP-2', text: `${c().name} ${r.outcome === 'success' ? 'manages to' : 'fails to'} ${cmd.intent} ${cmd.trap.name}`, creatureId: c().id });
    },
  },
];

/** Checks and traps happen in a fight and between fights alike (exploring a dungeon is not a fight). */
export const checksModule: FtdModule = {
  id: 'checks',
  commands: checkCommands,
  campaignCommands: checkCommands,
};
