import { canonicalJson, damagePartsFromRoll, dealDamage, type CommandDef, type DamagePart, type EncounterState, type Json, type LoadedRuleset, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { attackNamed, findAttack, damageExpression } from '../combat/attack';
import { a5eTest } from '../core/d20';
import { ACTION, canSpend, controllerCreature, purchaseOf, spend, spendRefusal, type Purchase, type Refusal } from '../core/economy';
import type { ActionHandler } from '../module';
import { attackBonus, mod, sheetById } from '../sheet/derived';
import { abilityIds, damageTypes, type AbilityId } from '../sheet/stat-block';
import { GROUP, groupMembers, groupOf } from './control';

const id = z.string().min(1).max(200);

export const formGroupSchema = z.object({
  type: z.literal('a5e.formGroup'),
  groupId: z.string().regex(/^[a-z0-9-]+$/, 'group ids are kebab-case'),
  creatureIds: z.array(id).min(2).max(50),
}).strict();
export type FormGroup = z.infer<typeof formGroupSchema>;

/** Identical creatures or summons may be run as one group (A5E-SUMMON-3): same stat block, same side. */
export const formGroupCommand: CommandDef<FormGroup> = {
  type: 'a5e.formGroup',
  schema: formGroupSchema,
  gmOnly: true,
  run: (ctx, c) => {
    const first = ctx.state.creatures[c.creatureIds[0]!];
    for (const x of c.creatureIds) {
      const cr = ctx.state.creatures[x];
      if (!cr) return ctx.reject('unknown-creature', `no creature '${x}'`, 'A5E-SUMMON-3');
      if (canonicalJson(cr.sheet) !== canonicalJson(first!.sheet) || cr.side !== first!.side) {
        ctx.reject('not-identical', `${cr.name} is not identical to ${first!.name}: only identical creatures form a group`, 'A5E-SUMMON-3');
      }
      if (controllerCreature(ctx.state, x) !== controllerCreature(ctx.state, first!.id)) ctx.reject('not-identical', 'a group answers to one controller', 'A5E-SUMMON-3');
    }
    for (const x of c.creatureIds) ctx.emit({ type: 'VarSet', creatureId: x, key: GROUP, value: c.groupId });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SUMMON-3', text: `${c.creatureIds.join(', ')} act as group ${c.groupId}` });
  },
};

/** Whether every member stands within 5 ft of at least one other member (A5E-SUMMON-3). */
export function groupConnected(ctx: Resolution, members: readonly string[]): boolean {
  const space = ctx.state.space as { kind?: string; creatures?: Record<string, unknown> } | null;
  if (!space || space.kind !== 'grid' || members.length < 2) return true;
  const near = (a: string, b: string) => {
    const pa = space.creatures?.[a] as { x: number; y: number } | undefined;
    const pb = space.creatures?.[b] as { x: number; y: number } | undefined;
    return !!pa && !!pb && Math.max(Math.abs(pa.x - pb.x), Math.abs(pa.y - pb.y)) <= 1;
  };
  return members.every((m) => members.some((o) => o !== m && near(m, o)));
}

export const moveGroupSchema = z.object({
  type: z.literal('a5e.moveGroup'),
  groupId: z.string().min(1),
  /** each member's destination, in the space's position shape */
  to: z.record(z.string(), z.json()),
}).strict();
export type MoveGroup = z.infer<typeof moveGroupSchema>;

/**
 * One command moves the whole group (A5E-SUMMON-3), each member up to its own Speed through the
 * ruleset's movement rules, at any point of the controller's turn (A5E-SUMMON-2). Members must end
 * within 5 ft of another member, or the move is refused.
 */
export const moveGroupCommand: CommandDef<MoveGroup> = {
  type: 'a5e.moveGroup',
  schema: moveGroupSchema as never,
  run: (ctx, c) => {
    const members = groupMembers(ctx.state, c.groupId);
    if (!members.length) return ctx.reject('unknown-group', `no group '${c.groupId}'`, 'A5E-SUMMON-3');
    const who = ctx.envelope.issuedBy;
    if (who.role === 'player' && ctx.state.creatures[members[0]!]!.controller !== who.seat) ctx.reject('forbidden', `seat ${who.seat} does not control group ${c.groupId}`);
    for (const m of Object.keys(c.to)) if (!members.includes(m)) ctx.reject('not-in-group', `${m} is not in group ${c.groupId}`, 'A5E-SUMMON-3');
    if (!ctx.ruleset.move) return ctx.reject('no-movement', 'this ruleset has no movement rules loaded', 'A5E-SUMMON-3');
    for (const m of members) if (c.to[m] !== undefined) ctx.ruleset.move(ctx, m, c.to[m] as Json);
    if (!groupConnected(ctx, members)) ctx.reject('group-broken', `every member of ${c.groupId} must end within 5 feet of another member`, 'A5E-SUMMON-3');
  },
};

export const groupCheckSchema = z.object({
  type: z.literal('a5e.groupCheck'),
  groupId: z.string().min(1),
  ability: z.enum(abilityIds),
  skill: z.string().min(1).max(60).optional(),
  dc: z.number().int().min(0).max(60).optional(),
}).strict();
export type GroupCheck = z.infer<typeof groupCheckSchema>;

function checkModifier(ctx: Resolution, member: string, ability: AbilityId, skill?: string): number {
  const sheet = sheetById(ctx.state, member);
  return mod(sheet, ability) + (skill && sheet.skills[skill] ? sheet.proficiency : 0);
}

/**
 * A group ability check (A5E-SUMMON-5): one roll, made for one member the controller picks (default:
 * the best modifier). A Strength check adds +1 for every other member able to pitch in; the Narrator
 * says how many can (A5E-SUMMON-6).
 */
export function groupCheck(ctx: Resolution, c: GroupCheck): void {
  const members = groupMembers(ctx.state, c.groupId);
  if (!members.length) return ctx.reject('unknown-group', `no group '${c.groupId}'`, 'A5E-SUMMON-5');
  const who = ctx.envelope.issuedBy;
  if (who.role === 'player' && ctx.state.creatures[members[0]!]!.controller !== who.seat) ctx.reject('forbidden', `seat ${who.seat} does not control group ${c.groupId}`);
  const ranked = [...members].sort((a, b) => checkModifier(ctx, b, c.ability, c.skill) - checkModifier(ctx, a, c.ability, c.skill));
  const roller = members.length === 1 ? members[0]! : String(ctx.ask({
    key: 'a5e.groupCheckRoller', to: { controllerOf: members[0]! }, about: null, ruleId: 'A5E-SUMMON-5',
    text: `Which member of ${c.groupId} rolls the ${c.ability.toUpperCase()}${c.skill ? ` (${c.skill})` : ''} check?`,
    options: ranked.map((m) => ({ id: m, label: `${ctx.state.creatures[m]!.name} (${checkModifier(ctx, m, c.ability, c.skill) >= 0 ? '+' : ''}${checkModifier(ctx, m, c.ability, c.skill)})` })),
    default: ranked[0]!,
  }));
  let helpers = 0;
  if (c.ability === 'str' && members.length > 1) {
    const total = Number(ctx.ask({
      key: 'a5e.groupContributors', to: { role: 'gm' }, about: null, ruleId: 'A5E-SUMMON-6',
      text: `How many members of ${c.groupId} (the roller included) can meaningfully pitch in?`,
      input: { kind: 'number', min: 1, max: members.length }, options: [], default: members.length,
    }));
    helpers = total - 1;
  }
  a5eTest(ctx, {
    kind: 'check', actor: roller, ability: c.ability, ...(c.skill ? { skill: c.skill } : {}),
    dc: c.dc === undefined ? null : { label: 'DC', value: c.dc }, options: ['check:group'], ruleId: c.ability === 'str' ? 'A5E-SUMMON-6' : 'A5E-SUMMON-5',
    modifiers: helpers > 0 ? [{ id: 'group-helpers', label: `${helpers} other member${helpers === 1 ? '' : 's'}`, value: helpers, type: 'untyped', source: c.groupId, ruleId: 'A5E-SUMMON-6' }] : [],
  });
}

export const groupCheckCommand: CommandDef<GroupCheck> = { type: 'a5e.groupCheck', schema: groupCheckSchema, run: groupCheck };

const saveSpec = z.object({
  ability: z.enum(abilityIds),
  dc: z.number().int().min(1).max(60),
  damage: z.string().min(1),
  damageType: z.enum(damageTypes),
  /** what a successful save does: half damage (default) or none */
  onSuccess: z.enum(['half', 'none']).default('half'),
}).strict();

/** Merges parts of the same type, so one damage type is halved and resisted once. */
function mergeParts(parts: DamagePart[]): DamagePart[] {
  const out: DamagePart[] = [];
  for (const p of parts) {
    const same = out.find((x) => x.type === p.type);
    if (same) same.amount += p.amount;
    else out.push({ type: p.type, amount: p.amount });
  }
  return out;
}

/**
 * A group attack (A5E-SUMMON-7..10): the members that can still act attack one target together. There
 * is no attack roll: the target makes a Dexterity save against 8 + the best attack bonus in the group,
 * +1 per other member; damage is rolled once (one member's expression) +1 per other member; a failed save
 * takes it all with its riders, a success half and no riders; no critical hits (proposed rulings). An
 * attack that already uses a save keeps its own save and DC, still +1 DC and damage per other member.
 */
/** The members that join the actor's group attack: itself, and each other member that can still take its action. */
function groupAttackers(ruleset: LoadedRuleset, state: EncounterState, actorId: string, group: string): string[] {
  return groupMembers(state, group).filter((m) => m === actorId || canSpend(ruleset, state, m, ACTION));
}

/**
 * Why its group cannot attack now (A5E-SUMMON-4, A5E-SUMMON-7, A5E-SUMMON-10), in the handler's order:
 * not in a group, not one target, one on the group's own side, fewer than two members able to act, the
 * actor's action cannot be paid, a malformed `options.save`, or (without one) an attack a member lacks
 * (`options.attack`, the first by default). The save and the damage come after, and refuse nothing.
 */
export function groupAttackRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const { targets, options } = purchase;
  const group = groupOf({ state }, actorId);
  if (!group) return { code: 'not-in-group', message: `${actorId} is not in a group`, ruleId: 'A5E-SUMMON-7' };
  const target = targets[0];
  if (!target || targets.length > 1) return { code: 'one-target', message: 'a group attacks one target', ruleId: 'A5E-SUMMON-4' };
  if (state.creatures[target]!.side === state.creatures[actorId]!.side) return { code: 'illegal-target', message: `${target} is on the group's own side`, ruleId: 'A5E-SUMMON-7' };
  const members = groupAttackers(ruleset, state, actorId, group);
  if (members.length < 2) return { code: 'group-too-small', message: `only ${members.length} member of ${group} can act: attack normally`, ruleId: 'A5E-SUMMON-7' };
  // The others passed `canSpend` just now, which is what their own `spend` asks.
  const paid = spendRefusal(ruleset, state, actorId, ACTION, 'A5E-SUMMON-4', { purchase });
  if (paid) return paid;
  const parsed = options['save'] === undefined ? null : saveSpec.safeParse(options['save']);
  if (parsed && !parsed.success) return { code: 'bad-save', message: `save: ${parsed.error.issues[0]?.message ?? 'invalid'}`, ruleId: 'A5E-SUMMON-10' };
  if (parsed) return null;
  const attack = attackNamed(state, actorId, options['attack']);
  if ('code' in attack) return attack;
  for (const m of members) {
    const theirs = attackNamed(state, m, attack.id);
    if ('code' in theirs) return theirs;
  }
  return null;
}

/**
 * A group attack (A5E-SUMMON-7..10): the members that can still act attack one target together. There
 * is no attack roll: the target makes a Dexterity save against 8 + the best attack bonus in the group,
 * +1 per other member; damage is rolled once (one member's expression) +1 per other member; a failed save
 * takes it all with its riders, a success half and no riders; no critical hits (proposed rulings). An
 * attack that already uses a save keeps its own save and DC, still +1 DC and damage per other member.
 */
export const groupAttackAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  const refusal = groupAttackRefusal(ctx.ruleset, ctx.state, actorId, purchase);
  if (refusal) return ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const group = groupOf(ctx, actorId)!;
  const target = targets[0]!;
  const members = groupAttackers(ctx.ruleset, ctx.state, actorId, group);
  // The actor buys the group attack; the others spend their actions on it.
  for (const m of members) spend(ctx, m, ACTION, 'A5E-SUMMON-4', m === actorId ? { purchase } : {});
  const others = members.length - 1;
  const save = options['save'] === undefined ? null : saveSpec.parse(options['save']);
  let ability: AbilityId = 'dex';
  let dc: number;
  let expression: string;
  let damageType: string;
  let onSuccess: 'half' | 'none' = 'half';
  if (save) {
    ability = save.ability;
    dc = save.dc + others;
    expression = save.damage;
    damageType = save.damageType;
    onSuccess = save.onSuccess;
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SUMMON-10', text: `the effect keeps its own ${save.ability.toUpperCase()} save: DC ${save.dc} + ${others} = ${dc}`, creatureId: actorId });
  } else {
    const attack = findAttack(ctx, actorId, options['attack']);
    const best = Math.max(...members.map((m) => attackBonus(sheetById(ctx.state, m), findAttack(ctx, m, attack.id))));
    dc = 8 + best + others;
    expression = damageExpression(sheetById(ctx.state, actorId), attack);
    damageType = attack.damageType;
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SUMMON-7', text: `group attack (${members.length} members): DEX save DC 8 + ${best} + ${others} = ${dc}`, creatureId: actorId });
  }
  const p = a5eTest(ctx, {
    kind: 'save', actor: target, ability, dc: { label: 'group attack DC', value: dc }, options: ['save:group-attack'], ruleId: save ? 'A5E-SUMMON-10' : 'A5E-SUMMON-7',
  });
  const saved = p.outcome === 'success';
  if (saved && onSuccess === 'none') return;
  const record = ctx.roll(expression, { roller: actorId, purpose: `group attack damage (${group})` });
  let parts = mergeParts(damagePartsFromRoll(record, damageType));
  const main = parts.find((x) => x.type === damageType) ?? parts[0];
  if (main && others > 0) main.amount += others;
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SUMMON-9', text: `+${others} damage for the other members`, creatureId: target });
  if (saved) {
    parts = parts.map((x) => ({ ...x, amount: Math.floor(x.amount / 2) }));
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SUMMON-8', text: 'saved: half damage and none of the riders', creatureId: target });
  } else {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SUMMON-8', text: 'failed: full damage and every rider', creatureId: target });
  }
  dealDamage(ctx, target, parts, { source: actorId, options: ['attack:group', saved ? 'group:saved' : 'group:failed'], data: { group, members: members.length } });
};
