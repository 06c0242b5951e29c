import { removeCondition, type AnyHook, type CommandDef, type EncounterState, type Json, type LoadedRuleset, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { CONCENTRATING, endConcentration } from '../core/concentration';
import { ACTION, ATTACKS_LEFT, MOVEMENT, REACTION, RELEASING, costNote, effectiveSpeed, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import { splitDeclared, withDeclarations } from '../combat/declarations';
import { sheetOf } from '../sheet/derived';
import type { ActionHandler } from '../module';
import { rejectWith, requireCanSpend } from './common';

/**
 * creature var: a readied action `{ trigger, action, targets, options }` (or `action: 'move'` with `to`,
 * or a held spell with `spell`), until it is released, ignored, or the start of its next turn.
 */
export const READIED = 'a5e.readied';

export interface Readied {
  trigger: string;
  action: string;
  targets: string[];
  options: Record<string, Json>;
  to?: Json;
  spell?: string;
}

export function readiedOf(c: { vars: Record<string, Json> } | undefined): Readied | null {
  const v = c?.vars[READIED] as unknown as Readied | undefined;
  return v && typeof v.trigger === 'string' ? v : null;
}

/** What `options.readied` asks of a readied action or move: the action id, or 'move'. */
const readiedAction = (options: Readonly<Record<string, Json>>) => options['readied'];

/** A readied spell's `{ name, castingTime }` (`options.spell`), when it is well formed. */
function readiedSpell(options: Readonly<Record<string, Json>>): { name: string; castingTime: string } | null {
  const s = options['spell'] as { name?: Json; castingTime?: Json } | undefined;
  return s && typeof s.name === 'string' && typeof s.castingTime === 'string' ? { name: s.name, castingTime: s.castingTime } : null;
}

/**
 * Why it cannot Ready this now (A5E-ACT-15, A5E-ACT-16), in the handler's order: no trigger, nothing
 * readied or another Ready, a move with nowhere to go, a spell not named or not cast in one action, or
 * the action cannot be paid.
 */
export function readyRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const { options } = purchase;
  const trigger = options['trigger'];
  if (typeof trigger !== 'string' || !trigger.trim()) return { code: 'no-trigger', message: 'Ready needs a perceivable trigger (options.trigger)', ruleId: 'A5E-ACT-15' };
  const action = readiedAction(options);
  if (typeof action !== 'string' || !action) return { code: 'nothing-readied', message: "name the readied action (options.readied: an action id or 'move')", ruleId: 'A5E-ACT-15' };
  if (action === 'ready') return { code: 'nothing-readied', message: 'a readied action cannot be another Ready', ruleId: 'A5E-ACT-15' };
  if (action === 'move' && options['to'] === undefined) return { code: 'no-destination', message: 'a readied move needs options.to', ruleId: 'A5E-ACT-15' };
  if (action === 'cast-spell') {
    const spell = readiedSpell(options);
    if (!spell) return { code: 'no-spell', message: 'a readied spell needs options.spell { name, castingTime }', ruleId: 'A5E-ACT-16' };
    if (spell.castingTime !== 'action') return { code: 'not-readyable', message: `${spell.name} takes ${spell.castingTime} to cast; only 1-action spells can be readied`, ruleId: 'A5E-ACT-16' };
  }
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-15', { purchase });
}

/**
 * Ready (A5E-ACT-15): name a perceivable trigger (`options.trigger`) and what to do: an action
 * (`options.readied`, e.g. 'attack', with the takeAction's targets and `options.readiedOptions`) or a
 * move (`options.readied: 'move'`, `options.to`). A spell (`options.readied: 'cast-spell'`,
 * `options.spell: { name, castingTime }`) must take 1 action; it is cast now and held with
 * concentration, which ends any other concentration (A5E-ACT-16, proposed ruling).
 */
export const readyAction: ActionHandler = (ctx, actorId, targets, options, readyId) => {
  const purchase = purchaseOf(readyId, targets, options);
  rejectWith(ctx, readyRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  // Read again at each use: spending (a duel's cost) or ending concentration may ask a question first.
  const me = () => ctx.creature(actorId);
  const trigger = options['trigger'] as string;
  const action = readiedAction(options) as string;
  const readiedOptions = (options['readiedOptions'] && typeof options['readiedOptions'] === 'object' && !Array.isArray(options['readiedOptions']) ? options['readiedOptions'] : {}) as Record<string, Json>;
  const entry: Readied = { trigger, action, targets: [...targets], options: readiedOptions };
  if (action === 'move') entry.to = options['to']!;
  const spell = action === 'cast-spell' ? readiedSpell(options) : null;
  if (spell) entry.spell = spell.name;
  spend(ctx, actorId, ACTION, 'A5E-ACT-15', { purchase });
  if (spell) {
    if (me().vars[CONCENTRATING] !== undefined || me().conditions.some((x) => x.conditionId === CONCENTRATING)) endConcentration(ctx, actorId, `holding ${spell.name} instead`);
    ctx.emit({ type: 'VarSet', creatureId: actorId, key: CONCENTRATING, value: spell.name });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-16', text: `${me().name} casts ${spell.name} and holds it with concentration`, creatureId: actorId });
  }
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: READIED, value: entry as unknown as Json });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-15', text: `${me().name} readies ${action === 'move' ? 'a move' : action} for: ${trigger}`, creatureId: actorId });
};

function clearReadied(ctx: Resolution, id: string, why: string, ruleId: string): void {
  const r = readiedOf(ctx.state.creatures[id]);
  if (!r) return;
  ctx.emit({ type: 'VarSet', creatureId: id, key: READIED, value: null });
  if (r.spell && ctx.state.creatures[id]!.vars[CONCENTRATING] === r.spell) endConcentration(ctx, id, `${r.spell} was never released`);
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${ctx.state.creatures[id]!.name}'s readied ${r.spell ?? r.action} is wasted: ${why}`, creatureId: id });
}

/** Runs the readied action on the reaction, its own action cost already paid by the Ready. */
function release(ctx: Resolution, id: string, r: Readied): void {
  const c = ctx.state.creatures[id]!;
  spend(ctx, id, REACTION, 'A5E-ACT-15');
  ctx.emit({ type: 'VarSet', creatureId: id, key: READIED, value: null });
  ctx.emit({ type: 'RuleApplied', ruleId: r.spell ? 'A5E-ACT-16' : 'A5E-ACT-15', text: `${c.name} releases its readied ${r.spell ?? r.action}: ${r.trigger}`, creatureId: id });
  if (r.spell) {
    ctx.emit({ type: 'VarSet', creatureId: id, key: CONCENTRATING, value: null });
    removeCondition(ctx, id, CONCENTRATING, `${r.spell} released`);
    return;
  }
  ctx.emit({ type: 'VarSet', creatureId: id, key: RELEASING, value: true });
  if (r.action === 'move') {
    if (!ctx.ruleset.move) ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-15', text: `${c.name} moves up to its Speed (no movement rules loaded: the Narrator places it)`, creatureId: id });
    else {
      // A readied move is up to its Speed, whatever it walked on its own turn.
      const left = ctx.state.creatures[id]!.resources[MOVEMENT] ?? 0;
      ctx.emit({ type: 'ResourceSet', creatureId: id, key: MOVEMENT, value: effectiveSpeed(ctx.ruleset, ctx.state, c.id) });
      ctx.ruleset.move(ctx, id, r.to ?? null);
      ctx.emit({ type: 'ResourceSet', creatureId: id, key: MOVEMENT, value: left });
    }
  } else {
    if (!ctx.ruleset.runAction) return ctx.reject('no-actions', 'this ruleset has no actions');
    const leftover = ctx.state.creatures[id]!.resources[ATTACKS_LEFT] ?? 0;
    ctx.ruleset.runAction(ctx, id, r.action, r.targets, r.options);
    // One readied action, not the rest of a multiattack on someone else's turn.
    if ((ctx.state.creatures[id]!.resources[ATTACKS_LEFT] ?? 0) !== leftover) ctx.emit({ type: 'ResourceSet', creatureId: id, key: ATTACKS_LEFT, value: leftover });
  }
  ctx.emit({ type: 'VarSet', creatureId: id, key: RELEASING, value: null });
}

const id = z.string().min(1).max(200);
export const releaseReadiedSchema = z.object({
  type: z.literal('a5e.releaseReadied'),
  creatureId: id,
  /** decided already; otherwise its controller is asked */
  decision: z.enum(['release', 'ignore']).optional(),
}).strict();
export type ReleaseReadied = z.infer<typeof releaseReadiedSchema>;

/**
 * The trigger has happened (A5E-ACT-15): the readier releases the readied action with its reaction, or
 * ignores the trigger and the readied action is wasted. Without a decision its controller is asked.
 */
export const releaseReadiedCommand: CommandDef<ReleaseReadied> = {
  type: 'a5e.releaseReadied',
  schema: releaseReadiedSchema,
  actor: (c) => c.creatureId,
  run: (ctx, c) => {
    if (!ctx.state.creatures[c.creatureId]) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`, 'A5E-ACT-15');
    const cr = () => ctx.state.creatures[c.creatureId]!;
    const r = readiedOf(cr());
    if (!r) return ctx.reject('nothing-readied', `${cr().name} has nothing readied`, 'A5E-ACT-15');
    if (c.decision !== 'ignore') requireCanSpend(ctx, c.creatureId, REACTION, 'A5E-ACT-15');
    const note = costNote(ctx.ruleset, ctx.state, c.creatureId, REACTION);
    const decision = c.decision ?? ctx.ask({
      key: 'a5e.releaseReadied', to: { controllerOf: c.creatureId }, about: c.creatureId, ruleId: 'A5E-ACT-15',
      text: `The trigger has come: ${r.trigger}. Release the readied ${r.spell ?? r.action} with ${cr().name}'s reaction${note ? ` (${note})` : ''}?`,
      options: [...releaseOptions(ctx, c.creatureId, r), { id: 'ignore', label: 'Ignore the trigger (the readied action is wasted)' }],
      default: 'release',
    });
    const chosen = splitDeclared(String(decision));
    const held = readiedOf(cr())!;
    if (chosen.base === 'release') release(ctx, c.creatureId, { ...held, options: { ...held.options, ...chosen.options } });
    else clearReadied(ctx, c.creatureId, 'the trigger was ignored', 'A5E-ACT-15');
  },
};

/**
 * Releasing, and for a readied attack that declared nothing before, releasing it with each declaration it
 * may carry now (a duel's targeted attack, DUEL-TARGET-1: `release;target=neck`).
 */
function releaseOptions(ctx: Resolution, id: string, r: Readied): { id: string; label: string }[] {
  const base = { id: 'release', label: 'Release it (reaction)' };
  const target = r.targets[0];
  if (r.action !== 'attack' || !target || !ctx.state.creatures[target] || r.options['target'] !== undefined) return [base];
  const attack = sheetOf(ctx.state.creatures[id]!).attacks.find((a) => a.id === r.options['attack']) ?? sheetOf(ctx.state.creatures[id]!).attacks[0];
  return attack ? withDeclarations(base, ctx.ruleset, ctx.state, id, target, attack) : [base];
}

/** An unused readied action lapses at the start of the readier's next turn (A5E-ACT-15, proposed ruling). */
export function expireReadied(ctx: Resolution, id: string): void {
  clearReadied(ctx, id, 'its next turn began', 'A5E-ACT-15');
}

function heldSpellLost(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id];
  const r = readiedOf(c);
  if (!c || !r?.spell || c.vars[CONCENTRATING] === r.spell) return;
  clearReadied(ctx, id, 'concentration was lost', 'A5E-ACT-16');
}

/** Losing concentration before the release wastes a held spell (A5E-ACT-16, proposed ruling): after damage, or a condition (agonized). */
export const heldSpellLostHooks: AnyHook[] = [
  { stage: 'hp.changed', id: 'a5e.actions.held-spell-damage', priority: 950, ruleId: 'A5E-ACT-16', run: (ctx, p) => heldSpellLost(ctx, p.creatureId) },
  { stage: 'condition.added', id: 'a5e.actions.held-spell-condition', priority: 950, ruleId: 'A5E-ACT-16', run: (ctx, p) => heldSpellLost(ctx, p.creatureId) },
];
