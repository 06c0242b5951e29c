import { z } from 'zod';
import {
  ContentError, cancelOut, currentCreatureId, emptyProfile, hasCondition, loadRuleset, runEffects, sumAll, hasFlag,
  type Command, type ConditionDef, type EffectNode, type EffectRules, type EncounterState, type Json, type LoadedRuleset,
  type Principal, type Resolution, type Ruleset, type RollModeName, activeEffects, d20Test, addCondition, computeModified, conditionModifiers, conditionRollModes,
} from '@fray/engine';
import { compileMiniFight } from './sim/compile';

/**
 * A tiny ruleset for testing the kernel without any real game: a d20 attack against AC, a Dexterity
 * save, a few conditions that exercise every effect kind, one action per turn, and two prompts in
 * the middle of rules (the target may brace against a shove; the attacker may spare a foe it drops).
 */
const statBlock = z.object({
  name: z.string().min(1),
  hp: z.number().int().min(1).max(10_000),
  ac: z.number().int().min(0).max(50),
  attackBonus: z.number().int().min(-10).max(30),
  damage: z.string().min(1),
  damageType: z.string().default('slashing'),
  dexSave: z.number().int().default(0),
  initiativeBonus: z.number().int().default(0),
  resist: z.array(z.string()).default([]),
  immune: z.array(z.string()).default([]),
  vulnerable: z.array(z.string()).default([]),
  conditionImmunities: z.array(z.string()).default([]),
}).strict();
export type MiniSheet = z.infer<typeof statBlock>;

const conditions: ConditionDef[] = [
  { id: 'prone', name: 'Prone', effects: [
    { kind: 'rollMode', selector: 'attack', subject: 'self', mode: 'disadvantage' },
    { kind: 'rollMode', selector: 'attack', subject: 'against', mode: 'advantage' },
  ] },
  { id: 'poisoned', name: 'Poisoned', effects: [{ kind: 'rollMode', selector: 'attack', subject: 'self', mode: 'disadvantage' }] },
  { id: 'blessed', name: 'Blessed', effects: [{ kind: 'modifier', selector: 'attack', value: 2, type: 'status' }] },
  { id: 'heroism', name: 'Heroism', effects: [{ kind: 'modifier', selector: 'attack', value: 1, type: 'status' }] },
  { id: 'dodging', name: 'Dodging', effects: [{ kind: 'rollMode', selector: 'attack', subject: 'against', mode: 'disadvantage' }] },
  { id: 'burning', name: 'Burning', effects: [{ kind: 'ongoing', dice: '1d4 fire', timing: 'start' }] },
  { id: 'incapacitated', name: 'Incapacitated', effects: [{ kind: 'forbid', what: 'action' }] },
  { id: 'paralyzed', name: 'Paralyzed', implies: ['incapacitated'], effects: [{ kind: 'autoFail', selector: 'save:dex' }] },
  { id: 'stoneskin', name: 'Stoneskin', effects: [{ kind: 'damageAdjust', adjust: 'resistance', types: ['slashing', 'piercing', 'bludgeoning'] }] },
  { id: 'unconscious', name: 'Unconscious', implies: ['incapacitated', 'prone'], effects: [] },
  { id: 'weary', name: 'Weary', levels: { max: 3, effects: { 1: [{ kind: 'modifier', selector: 'attack', value: -1, type: 'weary' }], 2: [{ kind: 'modifier', selector: 'attack', value: -1, type: 'weary2' }], 3: [{ kind: 'flag', flag: 'exhausted' }] } }, effects: [] },
];

const sheetOf = (state: EncounterState, id: string) => state.creatures[id]!.sheet as unknown as MiniSheet;

/**
 * The rules' own steps and numbers, exported so that every path that plays them (the handlers below,
 * the compiled fight in `sim/`) reads them from here and nowhere else.
 */
/** An attack: a natural 20 is a critical hit, a natural 1 always misses, otherwise the total against AC decides. */
export function attackOutcome(natural: number | null, success: boolean): 'crit' | 'hit' | 'miss' {
  return natural === 20 ? 'crit' : natural === 1 ? 'miss' : success ? 'hit' : 'miss';
}
/** A critical hit doubles the damage dice (not the modifiers): `1d8+3` becomes `2d8+3`. */
export function damageDiceFor(dice: string, outcome: string | undefined): string {
  return outcome === 'crit' ? dice.replace(/(\d*)d(\d+)/g, (_m, n: string, s: string) => `${2 * Number(n || 1)}d${s}`) : dice;
}
/** Initiative: a d20 with the stat block's bonus in the roll, so the roll's line shows the total the order uses. */
export function initiativeDice(sheet: MiniSheet): string {
  const bonus = sheet.initiativeBonus;
  return bonus ? `1d20${bonus > 0 ? '+' : ''}${bonus}` : '1d20';
}
/** What an attack is (every attack is a melee attack), as its test's options name it. */
export const ATTACK_OPTIONS: readonly string[] = ['attack:melee'];
/**
 * Attacker a's roll against target t as `d20Test` builds it for an attack: the stat block's bonus and the
 * attacker's conditions' modifiers (the ruleset's stacking), the roll mode from both creatures' conditions
 * (the ruleset's roll-mode policy), with the attack's options. The compiled fight and the odds read it.
 */
export function miniAttackRoll(ruleset: LoadedRuleset, state: EncounterState, a: string, t: string): { mode: RollModeName; bonus: number } {
  const selectors = ['attack'];
  const options = new Set([...ATTACK_OPTIONS, ...selectors.map((s) => `attack:${s}`)]);
  const mod = computeModified(sheetOf(state, a).attackBonus, conditionModifiers(ruleset, state, a, selectors), ruleset.stacking, options);
  const mode = ruleset.rollMode(conditionRollModes(ruleset, state, a, t, selectors), options);
  return { mode: mode.mode === 'advantage' || mode.mode === 'disadvantage' ? mode.mode : 'normal', bonus: mod.total + mode.bonus };
}

/** The shove's Dexterity save, and the save that ends a condition when its duration names no DC. */
export const SHOVE_DC = 12;
export const SAVE_ENDS_DC = 10;
/** The one action each creature gets on its turn, refilled as the turn starts. */
export const ACTIONS_PER_TURN = 1;

const effectRules: EffectRules = {
  defense: (ctx, target) => ({ label: 'AC', value: sheetOf(ctx.state, target).ac }),
  saveBonus: (ctx, id, ability) => (ability === 'dex' ? sheetOf(ctx.state, id).dexSave : 0),
  attackOutcome: (_ctx, natural, success) => attackOutcome(natural, success),
  damageDice: damageDiceFor,
};

function requireTurn(ctx: Resolution, actorId: string): void {
  if (currentCreatureId(ctx.state) !== actorId) ctx.reject('not-your-turn', `it is not ${actorId}'s turn`);
  const c = ctx.state.creatures[actorId]!;
  if (hasFlag(ctx.ruleset, c, 'exhausted') || activeEffects(ctx.ruleset, c).some((a) => a.effect.kind === 'forbid' && a.effect.what === 'action')) {
    ctx.reject('cannot-act', `${c.name} cannot take actions now`);
  }
  if ((c.resources['action'] ?? 0) < 1) ctx.reject('no-action-left', `${c.name} has already used its action this turn`);
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: 'action', value: (c.resources['action'] ?? 1) - 1 });
}

function runAction(ctx: Resolution, actorId: string, action: string, targets: string[]): void {
  const sheet = sheetOf(ctx.state, actorId);
  switch (action) {
    case 'attack': {
      const target = targets[0];
      if (!target) return ctx.reject('no-target', 'attack needs one target');
      if (ctx.state.creatures[target]!.status === 'dead') return ctx.reject('illegal-target', `${target} is dead`);
      requireTurn(ctx, actorId);
      const tree: EffectNode[] = [{ kind: 'attack', bonus: sheet.attackBonus, hit: [{ kind: 'damage', dice: sheet.damage, type: sheet.damageType }] }];
      runEffects(ctx, effectRules, tree, { actor: actorId, target, options: [...ATTACK_OPTIONS] });
      return;
    }
    case 'dodge':
      requireTurn(ctx, actorId);
      runEffects(ctx, effectRules, [{ kind: 'applyCondition', condition: 'dodging', to: 'self', duration: { kind: 'nextTurn', creatureId: actorId, boundary: 'start' } }], { actor: actorId, target: null, options: [] });
      return;
    case 'shove': {
      const target = targets[0];
      if (!target) return ctx.reject('no-target', 'shove needs one target');
      requireTurn(ctx, actorId);
      const tree: EffectNode[] = [{
        kind: 'choose', key: 'mini.brace', text: 'Brace against the shove?', chooser: 'target',
        options: [
          { id: 'brace', label: `Brace (Dex save DC ${SHOVE_DC})`, effects: [{ kind: 'save', ability: 'dex', dc: SHOVE_DC, fail: [{ kind: 'applyCondition', condition: 'prone' }] }] },
          { id: 'fall', label: 'Fall prone', effects: [{ kind: 'applyCondition', condition: 'prone' }] },
        ],
      }];
      runEffects(ctx, effectRules, tree, { actor: actorId, target, options: [] });
      return;
    }
    default:
      ctx.reject('unknown-action', `no action '${action}'; actions: attack, dodge, shove`);
  }
}

const hostile = (state: EncounterState, a: string, b: string) => state.creatures[a]!.side !== state.creatures[b]!.side;

function legalCommands(state: EncounterState, who: Principal): Command[] {
  const current = currentCreatureId(state);
  if (!current) return [];
  const c = state.creatures[current]!;
  if (who.role === 'player' && c.controller !== who.seat) return [];
  if ((c.resources['action'] ?? 0) < 1 || hasCondition(c, 'incapacitated') || (c.conditions.find((x) => x.conditionId === 'weary')?.level ?? 0) >= 3) return [];
  const out: Command[] = [{ type: 'takeAction', actorId: current, action: 'dodge' }];
  for (const t of state.creatureIds) {
    // Nobody targets what they cannot see: hidden creatures are the GM's to reveal first.
    if (t === current || !hostile(state, current, t) || state.creatures[t]!.status === 'dead' || state.creatures[t]!.hidden) continue;
    out.push({ type: 'takeAction', actorId: current, action: 'attack', targets: [t] });
    out.push({ type: 'takeAction', actorId: current, action: 'shove', targets: [t] });
  }
  return out;
}

export const miniRulesetDef: Ruleset = {
  id: 'mini',
  version: '1.0.0',
  name: 'Mini (kernel test ruleset)',
  ruleIdPrefix: 'MINI',
  parseStatBlock(raw: unknown, file: string): Json {
    const r = statBlock.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new ContentError(file, issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), issue.message);
    }
    return r.data as unknown as Json;
  },
  initCreature(sheet) {
    const s = sheet as unknown as MiniSheet;
    return { hp: s.hp, maxHp: s.hp, tempHp: 0, status: 'conscious', tracks: {}, resources: { action: 1 }, tallies: {}, tags: [] };
  },
  conditions,
  damageTypes: ['slashing', 'piercing', 'bludgeoning', 'fire', 'cold'],
  damageSteps: [{ step: 'immunity' }, { step: 'resistance' }, { step: 'vulnerability' }, { step: 'tempHp' }],
  damageProfile(state, id) {
    const c = state.creatures[id]!;
    const s = c.sheet as unknown as MiniSheet;
    const p = emptyProfile(c.tempHp);
    p.immune = [...s.immune];
    p.resist = [...s.resist];
    p.vulnerable = [...s.vulnerable];
    for (const a of activeEffects(miniRuleset, c)) if (a.effect.kind === 'damageAdjust' && a.effect.adjust === 'resistance' && a.effect.types !== 'all') p.resist.push(...a.effect.types);
    return p;
  },
  conditionImmunities: (state, id) => [...sheetOf(state, id).conditionImmunities],
  // The one attack's odds: its roll (miniAttackRoll), the target's AC, its damage with the dice doubled on a crit.
  attackProfile(state, attacker, attackId, target) {
    if ((attackId !== undefined && attackId !== 'attack') || !state.creatures[attacker] || !state.creatures[target]) return null;
    const sheet = sheetOf(state, attacker);
    const roll = miniAttackRoll(miniRuleset, state, attacker, target);
    return {
      attackName: 'attack', bonus: roll.bonus, ac: sheetOf(state, target).ac, defence: 'AC', damage: sheet.damage, damageType: sheet.damageType,
      crit: 'doubleDice', critFrom: 20, rollMode: roll.mode,
    };
  },
  stacking: sumAll,
  rollMode: cancelOut,
  hooks: [
    { stage: 'turn.start', id: 'mini.economy.reset', priority: 0, run: (ctx, p) => ctx.emit({ type: 'ResourceSet', creatureId: p.creatureId, key: 'action', value: ACTIONS_PER_TURN }) },
    {
      stage: 'hp.zero', id: 'mini.drop', priority: 0,
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.creatureId]!;
        if (c.tags.includes('pc')) {
          ctx.emit({ type: 'StatusSet', creatureId: c.id, status: 'unconscious' });
          addCondition(ctx, c.id, 'unconscious', { source: p.source });
          return;
        }
        const attacker = p.source;
        const spare = attacker ? ctx.ask({ key: 'mini.spare', to: { controllerOf: attacker }, about: c.id, text: `Spare ${c.name}?`, options: [{ id: 'kill', label: 'Kill' }, { id: 'spare', label: 'Knock out' }] }) : 'kill';
        ctx.emit({ type: 'StatusSet', creatureId: p.creatureId, status: spare === 'spare' ? 'unconscious' : 'dead' });
      },
    },
    {
      stage: 'duration.save', id: 'mini.save-ends', priority: 0,
      run: (ctx, p) => {
        const dc = typeof p.save === 'object' && p.save && 'dc' in p.save ? Number((p.save as Record<string, Json>)['dc']) : SAVE_ENDS_DC;
        const r = d20Test(ctx, { kind: 'save', actor: p.creatureId, selectors: ['save', 'save:dex'], base: { label: 'save', value: sheetOf(ctx.state, p.creatureId).dexSave }, against: { label: 'DC', value: dc } });
        p.ended = r.outcome === 'success';
      },
    },
  ],
  runAction,
  rollInitiative(ctx, id) {
    const r = ctx.roll(initiativeDice(sheetOf(ctx.state, id)), { roller: id, purpose: 'initiative' });
    return { total: r.total, tiebreak: [] };
  },
  initiativeTies: 'rolloff',
  // heroism is a noun: Bram "now has heroism", not "is now heroism"
  words: { conditions: { heroism: { added: '{name} now has heroism', removed: '{name} no longer has heroism' } } },
  takesTurn: (state, id) => state.creatures[id]!.status !== 'dead',
  legalCommands,
};

/**
 * The mini ruleset, with its compiled fight for the simulator (`sim/compile.ts`). Only this build carries
 * it: a ruleset built from `miniRulesetDef` with other rules plays every fight on the engine.
 */
export const miniRuleset: LoadedRuleset = loadRuleset({ ...miniRulesetDef, compileFight: (state, spec) => compileMiniFight(miniRuleset, state, spec) });
