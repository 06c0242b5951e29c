import { settleTies, sortOrder, type CommandDef, type Hook, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { a5eTest } from '../core/d20';
import { abilityIds } from '../sheet/stat-block';

/** creature var: the Narrator lets it roll initiative with advantage (A5E-ENC-7, A5E-INIT-4) */
export const INITIATIVE_ADVANTAGE = 'a5e.initiativeAdvantage';

const id = z.string().min(1).max(200);

export const grantInitiativeAdvantageSchema = z.object({
  type: z.literal('a5e.grantInitiativeAdvantage'),
  /** the instigators: named creatures, a whole side, or both */
  creatureIds: z.array(id).max(100).optional(),
  side: id.optional(),
}).strict().refine((c) => (c.creatureIds?.length ?? 0) > 0 || c.side !== undefined, { message: 'name creatureIds or a side' });
export type GrantInitiativeAdvantage = z.infer<typeof grantInitiativeAdvantageSchema>;

/**
 * Everyone is aware, but one side strikes while the others' guards are down: nobody is surprised, and
 * the Narrator may let the instigators roll initiative with advantage (A5E-ENC-7, A5E-INIT-4).
 */
export const grantInitiativeAdvantageCommand: CommandDef<GrantInitiativeAdvantage> = {
  type: 'a5e.grantInitiativeAdvantage',
  schema: grantInitiativeAdvantageSchema as never,
  gmOnly: true,
  run: (ctx, c) => {
    const ids = [...(c.creatureIds ?? []), ...(c.side !== undefined ? ctx.state.creatureIds.filter((x) => ctx.state.creatures[x]!.side === c.side) : [])];
    if (!ids.length) ctx.reject('no-creatures', `nobody is on side '${c.side ?? ''}'`, 'A5E-ENC-7');
    for (const x of ids) {
      const cr = ctx.state.creatures[x];
      if (!cr) return ctx.reject('unknown-creature', `no creature '${x}'`, 'A5E-ENC-7');
      if (ctx.state.order.some((e) => e.creatureId === x)) ctx.reject('initiative-already-rolled', `${cr.name} already has its initiative`, 'A5E-ENC-7');
      if (cr.vars[INITIATIVE_ADVANTAGE] !== true) ctx.emit({ type: 'VarSet', creatureId: x, key: INITIATIVE_ADVANTAGE, value: true });
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENC-7', text: `instigators roll initiative with advantage: ${[...new Set(ids)].join(', ')}` });
  },
};

/** Initiative checks of creatures granted advantage roll two d20s and keep the higher (A5E-INIT-4, A5E-CORE-3). */
export const initiativeAdvantageHook: Hook<'test.modifiers'> = {
  stage: 'test.modifiers', id: 'a5e.flow.initiative-advantage', priority: 0, ruleId: 'A5E-INIT-4',
  run: (ctx, p) => {
    if (p.kind !== 'check' || !p.actor || !p.options.has('check:initiative')) return;
    if (ctx.state.creatures[p.actor]?.vars[INITIATIVE_ADVANTAGE] !== true) return;
    p.rollModeSources.push({ mode: 'advantage', source: 'instigator', label: 'instigating side', ruleId: 'A5E-INIT-4' });
  },
};

export const rollInitiativeSchema = z.object({
  type: z.literal('a5e.rollInitiative'),
  creatureId: id,
  /** the ability check the Narrator names, normally Dexterity (A5E-INIT-2) */
  ability: z.enum(abilityIds),
  /** a relevant skill or tool, e.g. perception, athletics, deception, insight, land-vehicles */
  skill: z.string().min(1).max(60).optional(),
}).strict();
export type RollInitiative = z.infer<typeof rollInitiativeSchema>;

/** Rolls one participant's initiative with the check the Narrator names and seats it (A5E-INIT-1, A5E-INIT-2). */
export function rollNamedInitiative(ctx: Resolution, c: RollInitiative): void {
  const cr = ctx.state.creatures[c.creatureId];
  if (!cr) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`, 'A5E-INIT-2');
  if (ctx.state.phase !== 'setup') ctx.reject('not-in-setup', 'initiative checks are rolled during set-up; a creature joining later uses a5e.addCreature', 'A5E-INIT-2');
  if (ctx.state.order.some((e) => e.creatureId === c.creatureId)) ctx.reject('initiative-already-rolled', `${cr.name} already has its initiative`, 'A5E-INIT-2');
  if (cr.tags.includes('no-initiative')) ctx.reject('no-initiative', `${cr.name} acts on its controller's turn and has no initiative of its own`, 'A5E-INIT-6');
  const p = a5eTest(ctx, {
    kind: 'check', actor: c.creatureId, ability: c.ability, ...(c.skill ? { skill: c.skill } : {}), dc: null,
    options: ['check:initiative'], ruleId: 'A5E-INIT-2',
  });
  const entry = { creatureId: c.creatureId, total: p.total ?? 0, tiebreak: [], group: null, delayed: false };
  let order = sortOrder([...ctx.state.order, entry], ctx.state.creatureIds);
  if (ctx.ruleset.initiativeTies === 'rolloff') order = settleTies(ctx, order, 'A5E-INIT-3');
  ctx.emit({ type: 'InitiativeSet', order, reason: `${cr.name} rolls ${c.ability.toUpperCase()}${c.skill ? ` (${c.skill})` : ''} for initiative`, ruleId: 'A5E-INIT-2' });
}

export const rollInitiativeCommand: CommandDef<RollInitiative> = {
  type: 'a5e.rollInitiative',
  schema: rollInitiativeSchema,
  gmOnly: true,
  run: rollNamedInitiative,
};

