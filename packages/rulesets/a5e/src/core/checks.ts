import { activeEffects, computeModified, rulesetCommand, runStage, type Modifier, type Resolution, type RollModeSource, type TestPayload } from '@fray/engine';
import { z } from 'zod';
import { a5eTest, type ExpertiseSource } from './d20';
import { mod, sheetById } from '../sheet/derived';
import { abilityIds, type AbilityId } from '../sheet/stat-block';

/** The ability each skill usually goes with; the Narrator may pair it with another (A5E-CORE-10). */
export const SKILL_ABILITY: Record<string, AbilityId> = {
  acrobatics: 'dex', 'animal-handling': 'wis', arcana: 'int', athletics: 'str', culture: 'int', deception: 'cha',
  engineering: 'int', history: 'int', insight: 'wis', intimidation: 'cha', investigation: 'int', medicine: 'wis',
  nature: 'int', perception: 'wis', performance: 'cha', persuasion: 'cha', religion: 'int', 'sleight-of-hand': 'dex',
  stealth: 'dex', survival: 'wis',
};

const abilityNames: Record<AbilityId, string> = { str: 'Strength', dex: 'Dexterity', con: 'Constitution', int: 'Intelligence', wis: 'Wisdom', cha: 'Charisma' };

/** A rule names only a skill ("an Athletics check"): the Narrator picks the ability, the usual one by default (A5E-CORE-10). */
export function chooseSkillAbility(ctx: Resolution, actor: string, skill: string): AbilityId {
  const usual = SKILL_ABILITY[skill] ?? 'str';
  return ctx.ask({
    key: 'a5e.check.ability',
    to: { role: 'gm' },
    about: actor,
    text: `Which ability goes with ${ctx.state.creatures[actor]?.name ?? actor}'s ${skill} check?`,
    options: abilityIds.map((a) => ({ id: a, label: abilityNames[a] })),
    default: usual,
    ruleId: 'A5E-CORE-10',
  }) as AbilityId;
}

/** The Narrator sets any DC a rule leaves open; the engine never makes one up (A5E-CORE-15). Moderate (15) if unanswered. */
export function narratorDc(ctx: Resolution, about: string | null, what: string): number {
  return ctx.ask({
    key: 'a5e.dc',
    to: { role: 'gm' },
    about,
    text: `Set the DC for ${what}`,
    input: { kind: 'number', min: 0, max: 40 },
    options: [],
    default: 15,
    ruleId: 'A5E-CORE-15',
  }) as number;
}

export interface PassiveScore {
  score: number;
  modifier: number;
  mode: 'normal' | 'advantage' | 'disadvantage';
}

/**
 * A passive score (A5E-CORE-11, proposed ruling): 10 + every modifier the matching check would get,
 * +5 with advantage, −5 with disadvantage. Conditions and `test.modifiers` hooks are asked exactly as
 * for a rolled check, with the option `check:passive` set.
 */
export function passiveScore(ctx: Resolution, id: string, t: { ability: AbilityId; skill?: string; options?: string[]; modifiers?: Modifier[] }): PassiveScore {
  const sheet = sheetById(ctx.state, id);
  const c = ctx.state.creatures[id]!;
  const selectors = ['check', `check:${t.ability}`, ...(t.skill ? [`check:${t.skill}`] : [])];
  const p: TestPayload = {
    kind: 'check',
    actor: id,
    target: null,
    options: new Set([...(t.options ?? []), 'check:passive', `check:ability:${t.ability}`, ...selectors.map((s) => `check:${s}`)]),
    base: { label: 'passive', value: mod(sheet, t.ability) + (t.skill && sheet.skills[t.skill] ? sheet.proficiency : 0) },
    modifiers: [...(t.modifiers ?? [])],
    rollModeSources: [],
    extraDice: [],
    against: null,
    againstRows: null,
    autoFail: null,
    natural: null,
    total: null,
    outcome: null,
    data: {},
  };
  for (const a of activeEffects(ctx.ruleset, c)) {
    const e = a.effect;
    if (e.kind === 'modifier' && selectors.includes(e.selector)) {
      p.modifiers.push({ id: a.conditionId, label: a.conditionId, value: e.perLevel ? e.value * (a.instance.level ?? 1) : e.value, type: e.type ?? 'untyped', source: a.instance.instanceId, ...(e.predicate ? { predicate: e.predicate } : {}) });
    } else if (e.kind === 'rollMode' && e.subject === 'self' && selectors.includes(e.selector)) {
      const s: RollModeSource = { mode: e.mode, source: a.instance.instanceId, label: a.conditionId, ...(e.predicate ? { predicate: e.predicate } : {}) };
      p.rollModeSources.push(s);
    }
  }
  runStage(ctx, 'test.modifiers', p);
  const total = computeModified(p.base.value, p.modifiers, ctx.ruleset.stacking, p.options).total;
  const mode = ctx.ruleset.rollMode(p.rollModeSources, p.options).mode;
  const modifier = total + (mode === 'advantage' ? 5 : mode === 'disadvantage' ? -5 : 0);
  return { score: 10 + modifier, modifier, mode };
}

/**
 * Opposed results (A5E-CORE-12, proposed ruling): the side trying to change the situation must beat
 * the other strictly; a tie leaves things as they are.
 */
export const beatsOpposed = (changer: number, defender: number): boolean => changer > defender;

/** Whole numbers only: halves and other divisions round down (A5E-CORE-13). */
export const divideDown = (n: number, by: number): number => Math.floor(n / by);

const id = z.string().min(1).max(200);

/** A check or save for one creature: the Narrator fills in whatever the request leaves open. */
export const testCommand = rulesetCommand({
  actor: (c) => c.creatureId,
  schema: z.object({
    type: z.literal('a5e.test'),
    creatureId: id,
    kind: z.enum(['check', 'save']),
    ability: z.enum(abilityIds).optional(),
    skill: z.string().min(1).max(50).optional(),
    dc: z.number().int().min(0).max(50).optional(),
    expertise: z.array(z.object({ source: z.string().min(1).max(100), sides: z.union([z.literal(4), z.literal(6), z.literal(8)]).optional() }).strict()).max(10).optional(),
  }).strict().refine((c) => c.ability !== undefined || (c.kind === 'check' && c.skill !== undefined), { message: 'a save needs an ability; a check needs an ability or a skill' }),
  run: (ctx, c) => {
    if (!ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
    const ability = c.ability ?? chooseSkillAbility(ctx, c.creatureId, c.skill!);
    const what = c.kind === 'save' ? `a ${abilityNames[ability]} saving throw` : `a ${abilityNames[ability]}${c.skill ? ` (${c.skill})` : ''} check`;
    const dc = c.dc ?? narratorDc(ctx, c.creatureId, what);
    a5eTest(ctx, {
      kind: c.kind,
      actor: c.creatureId,
      ability,
      ...(c.skill ? { skill: c.skill } : {}),
      dc: { label: 'DC', value: dc },
      ...(c.expertise ? { expertise: c.expertise as ExpertiseSource[] } : {}),
      ruleId: 'A5E-CORE-1',
    });
  },
});
