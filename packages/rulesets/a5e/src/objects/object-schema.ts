import { z } from 'zod';

/** Rows of the object Armor Class table (A5E-OBJ-7) and the far-future table (A5E-OBJ-16). */
export const objectMaterials = [
  'cloth', 'paper', 'rope', 'crystal', 'glass', 'ice', 'wood', 'bone', 'stone', 'iron', 'steel', 'mithral', 'adamantine',
  'plastic', 'plassteel', 'transparent-aluminum', 'blast-door', 'blast-door-fortified', 'blast-door-duranium', 'forcefield', 'zirkon',
] as const;
export type ObjectMaterial = (typeof objectMaterials)[number];

/** Rows of the door toughness table (A5E-OBJ-13); `fortified` picks the fortified row. */
export const doorMaterials = ['wooden', 'stone', 'iron', 'mithral', 'adamantine'] as const;
export type DoorMaterial = (typeof doorMaterials)[number];

/**
 * What makes a stat block an inanimate object (A5E-OBJ-1) beyond its AC and hit points: the table
 * row it was built from and the traits the damage profile, the bash action and the hooks read.
 */
export const objectSectionSchema = z.object({
  material: z.enum(objectMaterials).optional(),
  door: z.enum(doorMaterials).optional(),
  fortified: z.boolean().default(false),
  /** fragile objects take the low hit points of their size, resilient ones the high (A5E-OBJ-8) */
  resilience: z.enum(['fragile', 'resilient']).default('resilient'),
  /** overrides the table's threshold (A5E-OBJ-11) */
  damageThreshold: z.number().int().min(1).optional(),
  /** overrides the table's Bash DC; null: cannot be bashed */
  bashDC: z.number().int().min(1).nullable().optional(),
  /** flammable objects are vulnerable to fire (A5E-OBJ-10) */
  flammable: z.boolean().default(false),
  /** resistance to fire and radiant (A5E-OBJ-18) */
  rayShielded: z.boolean().default(false),
  /** inanimate plants and other objects that poison and psychic damage can still hurt (A5E-OBJ-4) */
  harmedByPoisonAndPsychic: z.boolean().default(false),
  /** a Large section of a Huge or Gargantuan object (A5E-OBJ-9): the whole's name */
  sectionOf: z.string().min(1).optional(),
  /** destroying this section brings the whole down */
  keySection: z.boolean().default(false),
  /** the Narrator ruled that ordinary attacks can harm this Huge or Gargantuan object (A5E-OBJ-9) */
  harmable: z.boolean().optional(),
}).strict();

export type ObjectSection = z.infer<typeof objectSectionSchema>;
