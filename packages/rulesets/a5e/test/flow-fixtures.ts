import { createGridSpace, placeCreature, type CreatureSetup, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eModules, buildA5eRuleset, type A5eModule } from '../src/index';
import { ana, goblin, ogre } from './fixtures';

/** A stealthy scout (our own numbers): Dex 16, Stealth and Acrobatics proficient, passive Perception 13. */
export const rogue = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'rue', side: 'party', controller: 'seat-rue',
  sheet: {
    name: 'Rue', kind: 'character', level: 3, proficiency: 2, size: 'small',
    abilities: { str: 10, dex: 16, con: 12, int: 12, wis: 12, cha: 10 },
    ac: 14, hp: 21, speed: { walk: 30 }, saves: ['dex', 'int'], skills: { stealth: 'proficient', acrobatics: 'proficient', perception: 'proficient' },
    attacks: [{ id: 'rapier', name: 'Rapier', kind: 'melee', damage: '1d8', damageType: 'piercing', properties: ['finesse'] }],
  },
  ...over,
});

/** A wolf (our own numbers): bite +4, 2d4 + 2. */
export const wolf = (id: string, over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id, side: 'party',
  sheet: {
    name: 'Wolf', kind: 'monster', size: 'medium', hitDice: 2, proficiency: 2,
    abilities: { str: 12, dex: 15, con: 12, int: 3, wis: 12, cha: 6 },
    ac: 13, hp: 11, speed: { walk: 40 },
    attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', bonus: 4, damage: '2d4', damageType: 'piercing', addAbilityToDamage: false }],
  },
  ...over,
});

export { ana, goblin, ogre };

/** A ruleset with extra test modules appended (phase-order probes, a world action). */
export const rulesetWith = (...extra: A5eModule[]) => buildA5eRuleset([...a5eModules, ...extra]);

/** ana 15, ogre 10, gob 5, already in round 1 on ana's turn. */
export function fight(extra: CreatureSetup[] = [], options: Record<string, Json> = {}): TestTable {
  const t = new TestTable(buildA5eRuleset(), { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 }), goblin('gob', { initiative: 5 }), ...extra], options });
  t.run({ type: 'startCombat' });
  return t;
}

export const act = (actorId: string, action: string, targets: string[] = [], options: Record<string, Json> = {}) =>
  ({ type: 'takeAction', actorId, action, targets, options }) as const;

/** Ana, Rue, Fang, the ogre and two goblins within a few squares of an 8×8 grid (g2 far off), so reach, range, cover and opportunity attacks all come up. */
export function closeQuarters(): Json {
  let space = createGridSpace({ bounds: { width: 8, height: 8 } });
  const at: [string, number, number, string][] = [['ana', 1, 1, 'medium'], ['rue', 1, 2, 'small'], ['fang', 0, 1, 'medium'], ['ogre', 2, 0, 'large'], ['g1', 2, 2, 'small'], ['g2', 6, 6, 'small']];
  for (const [id, x, y, size] of at) space = placeCreature(space, id, { x, y, size });
  return space as unknown as Json;
}
