import { z } from 'zod';
import { parseDice } from '@fray/dice';
import { objectSectionSchema } from '../objects/object-schema';
import { effectSchemas } from '../effects/schema';

export const abilityIds = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
export type AbilityId = (typeof abilityIds)[number];

export const damageTypes = ['acid', 'bludgeoning', 'cold', 'fire', 'force', 'lightning', 'necrotic', 'piercing', 'poison', 'psychic', 'radiant', 'slashing', 'thunder'] as const;
export const sizes = ['tiny', 'small', 'medium', 'large', 'huge', 'gargantuan'] as const;

const ability = z.enum(abilityIds);
const damageType = z.enum(damageTypes);

/** Dice notation checked by our own parser, so a typo fails at load with the parser's position. */
const diceText = z.string().superRefine((text, ctx) => {
  try {
    parseDice(text);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: `bad dice '${text}': ${(e as Error).message}` });
  }
});

/** Effect trees for riders, special actions and reactions (the effects module runs them). */
const effects = effectSchemas(ability, damageType, diceText);

/** A weapon or natural attack. Monsters give `bonus`; characters give `ability` and `proficient`. */
export const attackSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'ids are kebab-case'),
  name: z.string().min(1),
  kind: z.enum(['melee', 'ranged']),
  /** a fixed attack bonus (stat blocks); otherwise ability modifier + proficiency */
  bonus: z.number().int().optional(),
  ability: ability.optional(),
  proficient: z.boolean().default(true),
  reachFeet: z.number().int().min(0).default(5),
  /** [normal, long] for ranged attacks; a single number is a hard limit */
  rangeFeet: z.union([z.number().int().min(0), z.tuple([z.number().int().min(0), z.number().int().min(0)])]).optional(),
  /** e.g. "1d8 slashing" or "2d6 fire + 1d4 cold"; unlabelled dice take `damageType` */
  damage: diceText,
  damageType: damageType,
  /** weapon attacks add the attack's ability modifier to damage (A5E-DMG-2) */
  addAbilityToDamage: z.boolean().default(true),
  properties: z.array(z.enum(['finesse', 'heavy', 'light', 'thrown', 'reach', 'two-handed', 'versatile', 'dual-wielding', 'spell'])).default([]),
  /** riders for each target hit, after the damage (a ghoul's paralysing claws) */
  onHit: z.array(effects.node).optional(),
}).strict();

export const statBlockSchema = z.object({
  name: z.string().min(1),
  kind: z.enum(['character', 'monster', 'npc', 'object']).default('monster'),
  size: z.enum(sizes).default('medium'),
  /** characters: level (massive damage uses 20 + 3 × level) */
  level: z.number().int().min(1).max(20).optional(),
  /** monsters: number of Hit Dice (massive damage uses 20 + 3 × HD) */
  hitDice: z.number().int().min(1).max(100).optional(),
  /** the size of its Hit Dice (characters: their class Hit Die, one per level; monsters default by size) for rests (A5E-REST-3) */
  hitDieSize: z.union([z.literal(4), z.literal(6), z.literal(8), z.literal(10), z.literal(12), z.literal(20)]).optional(),
  proficiency: z.number().int().min(0).max(10),
  abilities: z.object({ str: z.number().int().min(1).max(30), dex: z.number().int().min(1).max(30), con: z.number().int().min(1).max(30), int: z.number().int().min(1).max(30), wis: z.number().int().min(1).max(30), cha: z.number().int().min(1).max(30) }).strict(),
  ac: z.number().int().min(0).max(40),
  hp: z.number().int().min(1).max(10_000),
  speed: z.object({ walk: z.number().int().min(0).default(30), fly: z.number().int().min(0).optional(), swim: z.number().int().min(0).optional(), climb: z.number().int().min(0).optional(), burrow: z.number().int().min(0).optional(), hover: z.boolean().optional() }).strict().default({ walk: 30 }),
  saves: z.array(ability).default([]),
  skills: z.record(z.string(), z.enum(['proficient', 'expertise'])).default({}),
  senses: z.object({ darkvision: z.number().int().optional(), blindsight: z.number().int().optional(), truesight: z.number().int().optional(), tremorsense: z.number().int().optional(), /** blindsight "(blind beyond this range)": no eyes, so visual illusions do not work on it (A5E-VIS-7) */ blindBeyond: z.boolean().optional() }).strict().default({}),
  resist: z.array(damageType).default([]),
  immune: z.array(damageType).default([]),
  vulnerable: z.array(damageType).default([]),
  conditionImmunities: z.array(z.string()).default([]),
  /** the combat maneuver DC when the stat block gives one (A5E-CORE-16) */
  maneuverDC: z.number().int().optional(),
  /** attacks one Attack action makes (Extra Attack, Multiattack) */
  attacksPerAction: z.number().int().min(1).max(10).default(1),
  attacks: z.array(attackSchema).default([]),
  /** a shield it can sacrifice to turn a critical hit into a hit (A5E-DMG-5) */
  shield: z.boolean().default(false),
  /** an NPC the Narrator runs under the full dying rules (A5E-DYING-16) */
  important: z.boolean().default(false),
  /** an inanimate object's material, table row and traits (A5E-OBJ); only with kind 'object' */
  object: objectSectionSchema.optional(),
  /** breathes water, so it does not hold its breath underwater (A5E-ENV-7) */
  waterBreathing: z.boolean().optional(),
  /** special actions as effect trees (a breath weapon, spells, healing), taken with `use-action` */
  actions: z.array(effects.action).optional(),
  /** reactions as effect trees, offered when their trigger comes or taken with `use-action` */
  reactions: z.array(effects.reaction).optional(),
}).strict();

export type Attack = z.infer<typeof attackSchema>;
export type StatBlock = z.infer<typeof statBlockSchema>;
