import fc from 'fast-check';
import { createGridSpace, placeCreature, type CreatureSetup, type EncounterSetup, type GridSpaceState, type Json, type PromptPolicy, type Runtime } from '@fray/engine';
import { miniRuleset, type Step } from '../src/index';

export const fighter = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'ana', side: 'party', controller: 'seat-ana', tags: ['pc'],
  sheet: { name: 'Ana', hp: 20, ac: 16, attackBonus: 5, damage: '1d8+3', initiativeBonus: 2, dexSave: 2 },
  ...over,
});

export const ogre = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'ogre', side: 'foes',
  sheet: { name: 'Ogre', hp: 30, ac: 11, attackBonus: 6, damage: '2d8+4', damageType: 'bludgeoning', dexSave: -1 },
  ...over,
});

export const goblin = (id: string, over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id, side: 'foes',
  sheet: { name: `Goblin ${id}`, hp: 7, ac: 13, attackBonus: 4, damage: '1d6+2', damageType: 'piercing', dexSave: 2, initiativeBonus: 2 },
  ...over,
});

/** A second fighter, Bo, with a seat of its own. */
export const bo = (): CreatureSetup => fighter({ id: 'bo', controller: 'seat-bo', sheet: { name: 'Bo', hp: 14, ac: 13, attackBonus: 4, damage: '1d6+2' } });

/** The ogre's plea to be spared waits for an answerPrompt command; every other prompt takes its first option. */
export const sparePolicy: PromptPolicy = (p) => (p.key === 'mini.spare' ? undefined : p.options[0]?.id);

/** The mini ruleset with the spare policy: what the kernel's log tests (snapshots, following a log) play on. */
export const spareRuntime: Runtime = { ruleset: miniRuleset, policy: sparePolicy };

/** The four-creature mini fight (Ana, Bo, the ogre, a goblin) named `id`, from `seed`. */
export const fourCreatureFight = (id: string, seed: number): EncounterSetup => ({ id, seed, creatures: [fighter(), bo(), ogre(), goblin('g1')] });

/** Undo-heavy play (three picks to two undos), so undos often reach back across what the test set up. */
export const undoHeavyPlay = (maxLength: number) => fc.array(fc.oneof(
  { weight: 3, arbitrary: fc.nat({ max: 1000 }).map((pick): Step => ({ pick })) },
  { weight: 2, arbitrary: fc.constant<Step>({ undo: true }) },
), { maxLength });

/** Ana and the ogre side by side on a grid, the lurker further off at `lurker`. */
export function gridWithLurker(lurker: { x: number; y: number }): Json {
  let g: GridSpaceState = createGridSpace({});
  g = placeCreature(g, 'ana', { x: 0, y: 0, size: 'medium' });
  g = placeCreature(g, 'ogre', { x: 1, y: 0, size: 'medium' });
  g = placeCreature(g, 'lurker', { ...lurker, size: 'medium' });
  return g as unknown as Json;
}
