import { z } from 'zod';
import { moveModes } from './speed';

const point = z.object({ x: z.number().int(), y: z.number().int(), elevation: z.number().int().optional() }).strict();
export type Point = z.infer<typeof point>;

/** A long or high jump at the end of a move (A5E-MOVE-10..16). */
export const jumpSchema = z.object({
  kind: z.enum(['long', 'high']),
  /** grid: where a long jump lands, or the ledge a high jump lands on */
  to: point.optional(),
  /** zones: the length of a long jump; both: the height of a high jump */
  feet: z.number().int().min(0).max(1000).optional(),
  /** a low obstacle in the way of a long jump; `before` is the last square short of it (A5E-MOVE-11) */
  obstacle: z.object({ height: z.number().min(0), before: point.optional() }).strict().optional(),
  /** zones: the landing is difficult terrain (A5E-MOVE-12) */
  landingDifficult: z.boolean().optional(),
  /** the jumper's own height in feet, to say how high it can reach (A5E-MOVE-15) */
  bodyHeight: z.number().min(0).max(500).optional(),
}).strict();
export type JumpSpec = z.infer<typeof jumpSchema>;

const common = {
  mode: z.enum(moveModes).optional(),
  /** 'move' (its own movement), 'teleport' or 'forced' (A5E-MOVE-21); forced movement is the Narrator's */
  kind: z.enum(['move', 'teleport', 'forced']).optional(),
  /** a willing ally within 5 ft pulled along with the reaction (A5E-POS-12) */
  pull: z.string().min(1).optional(),
  jump: jumpSchema.optional(),
};

/** Grid: a path of neighbouring squares, or a destination (walked in a straight line), and squeezing. */
export const gridMoveSchema = z.object({
  path: z.array(point).max(500).optional(),
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  elevation: z.number().int().optional(),
  /** move squeezed into the next smaller space (A5E-MOVE-20); ends when a move leaves it out */
  squeeze: z.boolean().optional(),
  ...common,
}).strict().refine((m) => (m.x === undefined) === (m.y === undefined), { message: 'give both x and y, or a path' });
export type GridMove = z.infer<typeof gridMoveSchema>;

/** Zones: change zone, engage or break off from creatures; `feet` is what the move costs. */
export const zoneMoveSchema = z.object({
  zone: z.string().min(1).nullable().optional(),
  engage: z.array(z.string().min(1)).max(100).optional(),
  disengage: z.union([z.array(z.string().min(1)).max(100), z.literal('all')]).optional(),
  feet: z.number().int().min(0).max(10_000).optional(),
  /** the ground crossed is difficult terrain (A5E-MOVE-6) */
  difficult: z.boolean().optional(),
  /** height above the ground after the move (flying, climbing) */
  elevation: z.number().int().min(0).optional(),
  ...common,
}).strict();
export type ZoneMove = z.infer<typeof zoneMoveSchema>;
