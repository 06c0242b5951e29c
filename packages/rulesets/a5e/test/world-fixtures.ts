import { createGridSpace, placeCreature, setTerrain, type CreatureSetup, type GridSpaceState, type Json, type PromptPolicy, type Square } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, goblin, ogre } from './fixtures';

/** Ana (15), the ogre (10) and a goblin (5), fixed initiative, so rounds start without initiative dice. */
export const trio = (over: { ana?: Partial<CreatureSetup>; ogre?: Partial<CreatureSetup>; gob?: Partial<CreatureSetup> } = {}): CreatureSetup[] => [
  ana({ initiative: 15, ...over.ana }),
  ogre({ initiative: 10, ...over.ogre }),
  goblin('gob', { initiative: 5, ...over.gob }),
];

export function world(options: Record<string, Json>, opts: { creatures?: CreatureSetup[]; space?: GridSpaceState; policy?: PromptPolicy } = {}): TestTable {
  return new TestTable(
    a5eRuleset,
    { creatures: opts.creatures ?? trio(), options, ...(opts.space ? { space: opts.space as unknown as Json } : {}) },
    opts.policy ? { policy: opts.policy } : {},
  );
}

/**
 * A bounded grid with creatures placed (corner squares) and environment entries mapped onto squares
 * with `world:<entry>` tags.
 */
export function grid(width: number, height: number, at: Record<string, [number, number, string?]>, tags: Record<string, Square[]> = {}): GridSpaceState {
  let g = createGridSpace({ bounds: { width, height } });
  for (const [id, [x, y, size]] of Object.entries(at)) g = placeCreature(g, id, { x, y, size: size ?? 'medium' });
  const byKey = new Map<string, { sq: Square; tags: string[] }>();
  for (const [entry, squares] of Object.entries(tags)) {
    for (const sq of squares) {
      const k = `${sq.x},${sq.y}`;
      const cell = byKey.get(k) ?? { sq, tags: [] };
      cell.tags.push(`world:${entry}`);
      byKey.set(k, cell);
    }
  }
  for (const { sq, tags: t } of byKey.values()) g = setTerrain(g, [sq], { tags: t });
  return g;
}

/** Answers world prompts from a table of answers by key (and optionally by creature). */
export function answers(table: Record<string, Json | Record<string, Json>>): PromptPolicy {
  return (p) => {
    const a = table[p.key];
    if (a === undefined) return undefined;
    if (a && typeof a === 'object' && !Array.isArray(a) && p.about) return (a as Record<string, Json>)[p.about];
    return a;
  };
}

export const none = { 'world.action': 'none' } as const;
