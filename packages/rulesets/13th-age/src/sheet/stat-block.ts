import { z } from 'zod';
import type { Predicate } from '@fray/engine';

/** 13A-STAT-7: the named damage types; 'weapon' is ordinary physical damage, not an energy. */
export const energyTypes = ['acid', 'cold', 'fire', 'force', 'holy', 'lightning', 'negative energy', 'poison', 'psychic', 'thunder'] as const;
export const damageTypes = ['weapon', ...energyTypes] as const;

const abilityName = z.enum(['str', 'dex', 'con', 'int', 'wis', 'cha']);
export type AbilityName = z.infer<typeof abilityName>;
const score = z.number().int().min(1).max(30);
const dieSize = z.enum(['d3', 'd4', 'd6', 'd8', 'd10', 'd12']);
const dice = z.string().min(1).max(60).regex(/^[0-9d+\- a-z]+$/, 'a dice expression such as 2d6+3');

export const predicateSchema: z.ZodType<Predicate> = z.lazy(() => z.union([
  z.string().min(1),
  z.object({ and: z.array(predicateSchema) }).strict(),
  z.object({ or: z.array(predicateSchema) }).strict(),
  z.object({ not: predicateSchema }).strict(),
  z.object({ gte: z.tuple([z.string(), z.number()]) }).strict(),
  z.object({ lte: z.tuple([z.string(), z.number()]) }).strict(),
]));

export const saveDifficulty = z.enum(['easy', 'normal', 'hard']);
export type SaveDifficulty = z.infer<typeof saveDifficulty>;

/** What a hit (or a natural-roll trigger) does besides damage. */
export const effectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('condition'), condition: z.string().min(1),
    duration: z.enum(['save-easy', 'save-normal', 'save-hard', 'end-of-next-turn', 'start-of-next-turn', 'battle']).default('save-normal'),
  }).strict(),
  z.object({ kind: z.literal('ongoing'), amount: dice, type: z.enum(damageTypes).default('weapon'), save: saveDifficulty.default('normal') }).strict(),
  z.object({ kind: z.literal('grab') }).strict(),
  z.object({ kind: z.literal('damage'), dice, type: z.enum(damageTypes).default('weapon') }).strict(),
  z.object({ kind: z.literal('tempHp'), amount: z.number().int().min(1) }).strict(),
]);
export type Effect = z.infer<typeof effectSchema>;

export const attackSchema = z.object({
  id: z.string().min(1).regex(/^[a-z0-9-]+$/, 'kebab-case id'),
  name: z.string().min(1),
  kind: z.enum(['melee', 'ranged', 'close']),
  vs: z.enum(['AC', 'PD', 'MD']).default('AC'),
  /** PCs: the ability the class uses for this attack */
  ability: abilityName.optional(),
  /** monsters: the stat-block attack bonus */
  bonus: z.number().int().min(-10).max(40).optional(),
  /** PCs: level-many dice of this size + Ability x M (WEAPON + Ability) */
  weaponDie: dieSize.optional(),
  /** fixed damage dice (spells, monsters) */
  damage: dice.optional(),
  addAbility: z.boolean().default(false),
  damageType: z.enum(damageTypes).default('weapon'),
  action: z.enum(['standard', 'move', 'quick', 'interrupt', 'free']).default('standard'),
  spell: z.boolean().default(false),
  closeQuarters: z.boolean().default(false),
  magical: z.boolean().default(false),
  basic: z.boolean().default(false),
  usage: z.enum(['at-will', 'limited']).default('at-will'),
  /** flexible attacks: the natural-roll trigger that selects this attack */
  flexible: predicateSchema.optional(),
  maxTargets: z.number().int().min(1).max(20).default(1),
  group: z.boolean().default(false),
  /** only targets with this many hp or fewer */
  hpThreshold: z.number().int().min(1).optional(),
  /** 'level' = damage equal to the attacker's level, or dice */
  miss: z.union([z.literal('level'), dice]).optional(),
  critExpansion: z.number().int().min(0).max(10).default(0),
  /** named effects that double a crit again (13A-CRIT-4): each distinct name adds one step */
  critDoubling: z.array(z.string().min(1)).default([]),
  penalty: z.number().int().min(-10).max(0).default(0),
  hit: z.array(effectSchema).default([]),
  triggers: z.array(z.object({ when: predicateSchema, effects: z.array(effectSchema).min(1) }).strict()).default([]),
}).strict().refine((a) => a.weaponDie !== undefined || a.damage !== undefined, { message: 'an attack needs weaponDie or damage' });
export type Attack = z.infer<typeof attackSchema>;

const resist = z.partialRecord(z.enum(damageTypes), z.number().int().min(2).max(21)).default({});
const size = z.enum(['small', 'normal', 'large', 'huge']).default('normal');

export const pcSchema = z.object({
  kind: z.literal('pc'),
  name: z.string().min(1),
  level: z.number().int().min(1).max(10),
  abilities: z.object({ str: score, dex: score, con: score, int: score, wis: score, cha: score }).strict(),
  hp: z.number().int().min(1).max(1000),
  recoveries: z.number().int().min(0).max(20).default(8),
  recoveryDie: dieSize.default('d8'),
  /** class bases for the base+modifier defense mode (13A-DEF-6) */
  defenseBases: z.object({ ac: z.number().int(), pd: z.number().int(), md: z.number().int() }).strict().optional(),
  itemAttackBonus: z.number().int().min(0).max(6).default(0),
  twoWeapon: z.boolean().default(false),
  saveBonus: z.number().int().min(0).max(5).default(0),
  /** background points (for healing checks, dicey moves) */
  backgrounds: z.record(z.string(), z.number().int().min(0).max(8)).default({}),
  size,
  resist,
  attacks: z.array(attackSchema).default([]),
}).strict();

export const monsterSchema = z.object({
  kind: z.enum(['monster', 'npc', 'companion']),
  name: z.string().min(1),
  level: z.number().int().min(0).max(15),
  hp: z.number().int().min(1).max(10_000),
  ac: z.number().int().min(0).max(50),
  pd: z.number().int().min(0).max(50),
  md: z.number().int().min(0).max(50),
  initiative: z.number().int().min(-10).max(30),
  category: z.enum(['mook', 'normal', 'large', 'huge']).default('normal'),
  size,
  resist,
  saveBonus: z.number().int().min(0).max(5).default(0),
  /** a monster ability that explicitly adds the escalation die (13A-ESC-3) */
  usesEscalation: z.boolean().default(false),
  attacks: z.array(attackSchema).min(1),
}).strict();

export const statBlockSchema = z.discriminatedUnion('kind', [pcSchema, monsterSchema]);
export type StatBlock = z.infer<typeof statBlockSchema>;
export type PcSheet = z.infer<typeof pcSchema>;
export type MonsterSheet = z.infer<typeof monsterSchema>;
