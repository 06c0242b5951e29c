import {
  createGridSpace, createZoneSpace, engage, placeCreature, setBand, setTerrain, type CreatureSetup, type FrayEvent, type GridSpaceOptions,
  type GridSpaceState, type Json, type Square, type ZoneSpaceState,
} from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eModules, a5eRuleset, a5eTest, buildA5eRuleset, type A5eModule, type AbilityId } from '../src/index';
import { addCondition, type LoadedRuleset } from '@fray/engine';
import { z } from 'zod';

/** Our own test creatures for the movement, position and senses rules. */
export const sheet = (over: Record<string, unknown> = {}) => ({
  name: 'Ana', kind: 'character', level: 3, proficiency: 2,
  abilities: { str: 16, dex: 12, con: 14, int: 10, wis: 12, cha: 8 },
  ac: 16, hp: 28, speed: { walk: 30 }, saves: ['str', 'con'], skills: { athletics: 'proficient' },
  attacks: [{ id: 'longsword', name: 'Longsword', kind: 'melee', damage: '1d8', damageType: 'slashing', properties: ['versatile'] }],
  ...over,
});

export const pc = (id: string, over: Partial<CreatureSetup> & { sheet?: Record<string, unknown> } = {}): CreatureSetup => ({
  id, side: 'party', controller: `seat-${id}`, ...over, sheet: sheet({ name: id[0]!.toUpperCase() + id.slice(1), ...(over.sheet ?? {}) }),
});

export const orc = (id: string, over: Partial<CreatureSetup> & { sheet?: Record<string, unknown> } = {}): CreatureSetup => ({
  id, side: 'foes', ...over,
  sheet: {
    name: 'Orc', kind: 'monster', size: 'medium', hitDice: 2, proficiency: 2,
    abilities: { str: 16, dex: 12, con: 16, int: 7, wis: 11, cha: 10 },
    ac: 13, hp: 15, speed: { walk: 30 },
    attacks: [
      { id: 'greataxe', name: 'Greataxe', kind: 'melee', bonus: 5, damage: '1d12', damageType: 'slashing', properties: ['heavy', 'two-handed'] },
      { id: 'javelin', name: 'Javelin', kind: 'ranged', bonus: 5, damage: '1d6', damageType: 'piercing', rangeFeet: [30, 120] },
    ],
    ...(over.sheet ?? {}),
  },
});

export const horse = (id: string, over: Partial<CreatureSetup> & { sheet?: Record<string, unknown> } = {}): CreatureSetup => ({
  id, side: 'party', ...over,
  sheet: {
    name: 'Horse', kind: 'monster', size: 'large', hitDice: 3, proficiency: 2,
    abilities: { str: 18, dex: 10, con: 12, int: 2, wis: 11, cha: 7 },
    ac: 11, hp: 19, speed: { walk: 60 },
    attacks: [{ id: 'hooves', name: 'Hooves', kind: 'melee', bonus: 6, damage: '2d4', damageType: 'bludgeoning' }],
    ...(over.sheet ?? {}),
  },
});

export interface At {
  x: number;
  y: number;
  size?: string;
  elevation?: number;
}

/** A 5-ft grid with creatures placed, and terrain: `difficult` squares and tagged squares. */
export function grid(placements: Record<string, At>, terrain: { difficult?: Square[]; tags?: Record<string, Square[]> } = {}, opts: GridSpaceOptions = {}): Json {
  let g: GridSpaceState = createGridSpace(opts);
  for (const [id, p] of Object.entries(placements)) g = placeCreature(g, id, { x: p.x, y: p.y, size: p.size ?? 'medium', elevation: p.elevation ?? 0 });
  if (terrain.difficult) g = setTerrain(g, terrain.difficult, { difficult: true });
  for (const [tag, squares] of Object.entries(terrain.tags ?? {})) {
    for (const s of squares) {
      const key = `${s.x},${s.y}`;
      const prev = g.terrain[key];
      g = setTerrain(g, [s], { difficult: prev?.difficult ?? false, tags: [...(prev?.tags ?? []), tag] });
    }
  }
  return g as unknown as Json;
}

/** Zones with bands engaged/nearby/far; `engaged` pairs and GM-set bands. */
export function zones(placements: Record<string, string | null>, engaged: [string, string][] = [], bands: [string, string, string][] = []): Json {
  let z: ZoneSpaceState = createZoneSpace({ bands: ['engaged', 'nearby', 'far'] });
  for (const [id, zone] of Object.entries(placements)) z = placeCreature(z, id, { zone });
  for (const [a, b] of engaged) z = engage(z, a, b);
  for (const [a, b, name] of bands) z = setBand(z, a, b, name);
  return z as unknown as Json;
}

/** A test-only action that makes a check or save, so rules about tests can be seen through real commands. */
const probe: A5eModule = {
  id: 'test.probe',
  commands: [{
    type: 'probe.addCondition', gmOnly: true,
    schema: z.object({ type: z.literal('probe.addCondition'), creatureId: z.string(), conditionId: z.string(), source: z.string() }) as never,
    run: (ctx, cmd) => {
      const c = cmd as unknown as { creatureId: string; conditionId: string; source: string };
      addCondition(ctx, c.creatureId, c.conditionId, { source: c.source });
    },
  }],
  actions: {
    /** options: kind ('check' | 'save'), ability, skill?, dc?, options? */
    'probe-roll': (ctx, actor, targets, o) => {
      a5eTest(ctx, {
        kind: o['kind'] as 'check' | 'save', actor, target: targets[0] ?? null, ability: o['ability'] as AbilityId,
        ...(typeof o['skill'] === 'string' ? { skill: o['skill'] } : {}),
        dc: { label: 'DC', value: typeof o['dc'] === 'number' ? o['dc'] : 10 }, options: (o['options'] as string[] | undefined) ?? [],
      });
    },
  },
};
export const probeRuleset: LoadedRuleset = buildA5eRuleset([...a5eModules, probe]);

/**
 * A table in combat; the first creature acts first (initiatives in the order given). `setup` runs
 * GM commands before combat starts.
 */
export function fight(creatures: CreatureSetup[], space: Json | null, options: Record<string, Json> = {}, extra: { setup?: (t: TestTable) => void; ruleset?: LoadedRuleset } = {}): TestTable {
  const t = new TestTable(extra.ruleset ?? a5eRuleset, {
    creatures: creatures.map((c, i) => ({ ...c, initiative: c.initiative ?? 30 - i })),
    ...(space ? { space } : {}),
    options,
  });
  extra.setup?.(t);
  t.run({ type: 'startCombat' });
  return t;
}

export const probeRoll = (actor: string, o: Record<string, Json>, targets: string[] = []) => act(actor, 'probe-roll', targets, o);

export const move = (creatureId: string, to: Json) => ({ type: 'move', creatureId, to });
export const act = (actorId: string, action: string, targets: string[] = [], options: Record<string, Json> = {}) => ({ type: 'takeAction', actorId, action, targets, options });

/** Where a creature stands on the grid. */
export function at(t: TestTable, id: string): { x: number; y: number; elevation: number } {
  const p = (t.state.space as unknown as GridSpaceState).creatures[id]!;
  return { x: p.x, y: p.y, elevation: p.elevation };
}

export const feetLeft = (t: TestTable, id: string) => t.creature(id).resources['movementFeet'];
export const rules = (ev: FrayEvent[]) => TestTable.ofType(ev, 'RuleApplied').map((e) => e.ruleId);
export const texts = (ev: FrayEvent[]) => TestTable.ofType(ev, 'RuleApplied').map((e) => e.text);
export const tests = (ev: FrayEvent[]) => TestTable.ofType(ev, 'TestResolved');
export const path = (...pts: [number, number, number?][]): Json[] => pts.map(([x, y, elevation]): Json => (elevation === undefined ? { x, y } : { x, y, elevation }));
