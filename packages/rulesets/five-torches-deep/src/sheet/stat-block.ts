import { z } from 'zod';

export const abilityIds = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
export type Ability = (typeof abilityIds)[number];

const score = z.number().int().min(0).max(30);

/** Attack kinds decide the ability a PC adds (FTD-ATK-2). */
export const attackKinds = ['melee', 'ranged', 'arcane', 'divine'] as const;
export type AttackKind = (typeof attackKinds)[number];

const attackSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'attack ids are kebab-case'),
  name: z.string().min(1),
  kind: z.enum(attackKinds),
  /** damage dice without the ability mod, e.g. '1d8' (the mod is added per FTD-ATK-7) */
  damage: z.string().regex(/^\d*d\d+([+-]\d+)?$/, "damage is dice notation such as '1d8' or '2d6+1'"),
  /** a monster's attack modifier from its statistics, used instead of ability mod + PB (FTD-ATK-8) */
  bonus: z.number().int().min(-10).max(30).optional(),
  proficient: z.boolean().default(true),
  /** melee reach in feet: 5 normally, 10 for reach weapons (FTD-ATK-4) */
  reach: z.union([z.literal(5), z.literal(10)]).default(5),
  /** listed range in feet for ranged and spell attacks (FTD-POS-5, FTD-ATK-6) */
  range: z.number().int().min(5).max(1000).optional(),
  /** whether the attacker's ability mod is added to damage */
  addMod: z.boolean().default(true),
}).strict().refine((a) => a.kind === 'melee' || a.range !== undefined, { message: 'ranged and spell attacks need a range in feet', path: ['range'] });

export const statBlockSchema = z.object({
  name: z.string().min(1).max(200),
  kind: z.enum(['character', 'monster', 'npc']).default('monster'),
  /** a PC's level: nights of safe rest heal this much (FTD-HEAL-4) */
  level: z.number().int().min(1).max(20).default(1),
  /** a monster's hit dice: its HP and morale bonus come from it (FTD-HEAL-2, FTD-MORALE-2) */
  hd: z.number().min(0).max(30).default(1),
  abilities: z.object({ str: score, dex: score, con: score, int: score, wis: score, cha: score }).strict(),
  proficiency: z.number().int().min(0).max(10).default(2),
  /** check categories the creature is proficient in: abilities ('dex'), or kinds ('stealth', 'healing', 'morale', 'chase') */
  proficient: z.array(z.string().min(1)).default([]),
  ac: z.number().int().min(0).max(40),
  hp: z.number().int().min(1).max(10_000),
  speed: z.number().int().min(0).max(200).default(30),
  /** load carried besides coins (FTD-LOAD-3) */
  load: z.number().int().min(0).max(200).default(0),
  coins: z.number().int().min(0).max(1_000_000).default(0),
  moraleBonus: z.number().int().min(-10).max(10).default(0),
  /** constructs and mindless undead never check morale (FTD-MORALE-1) */
  living: z.boolean().default(true),
  leader: z.boolean().default(false),
  /** sees in darkness by this sense; every sense works alike (FTD-LIGHT-14, FTD-LIGHT-15) */
  darksight: z.enum(['sight', 'heat', 'tremor', 'echolocation', 'magic']).optional(),
  attacks: z.array(attackSchema).default([]),
}).strict().superRefine((s, ctx) => {
  const seen = new Set<string>();
  s.attacks.forEach((a, i) => {
    if (seen.has(a.id)) ctx.addIssue({ code: 'custom', message: `duplicate attack id '${a.id}'`, path: ['attacks', i, 'id'] });
    seen.add(a.id);
  });
});

export type StatBlock = z.infer<typeof statBlockSchema>;
export type AttackDef = StatBlock['attacks'][number];
