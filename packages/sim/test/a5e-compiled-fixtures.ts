import type { EncounterSetup } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { scenarioFromSetup, simPoliciesFor, type SimScenario, type TargetStrategy } from '../src/index';
import { contentBlock } from './content';

/** A5E stat blocks for the compiled-fight tests (the standard 4v4's, and some with more going on). */
const abilities = (str: number, dex: number) => ({ str, dex, con: 12, int: 10, wis: 10, cha: 10 });
export const guard = { name: 'Caravan Guard', kind: 'npc', proficiency: 2, abilities: abilities(16, 14), ac: 16, hp: 28, attacks: [{ id: 'spear', name: 'Spear', kind: 'melee', bonus: 5, damage: '1d8', damageType: 'piercing' }] };
export const raider = { name: 'Tusk Raider', kind: 'monster', proficiency: 2, abilities: abilities(16, 12), ac: 13, hp: 15, attacks: [{ id: 'greataxe', name: 'Greataxe', kind: 'melee', bonus: 5, damage: '1d12', damageType: 'slashing', properties: ['heavy'] }] };
const warlord = { ...raider, name: 'Tusk Warlord', hp: 110, ac: 15, attacksPerAction: 3 };
/** resists slashing, immune to poison, vulnerable to bludgeoning; two damage types and a penalty in its bite */
const skeleton = {
  name: 'Bone Hound', kind: 'monster', proficiency: 2, abilities: abilities(8, 14), ac: 12, hp: 13, resist: ['slashing', 'piercing'], immune: ['poison'], vulnerable: ['bludgeoning'],
  attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', bonus: 4, damage: '1d6 + 1d4 necrotic', damageType: 'piercing' }],
};
const brute = { name: 'Club Brute', kind: 'monster', proficiency: 2, abilities: abilities(18, 8), ac: 11, hp: 22, attacks: [{ id: 'club', name: 'Club', kind: 'melee', bonus: 6, damage: '2d4', damageType: 'bludgeoning' }] };
const poisoner = { name: 'Weak Poisoner', kind: 'monster', proficiency: 2, abilities: abilities(6, 12), ac: 10, hp: 9, attacks: [{ id: 'needle', name: 'Needle', kind: 'melee', bonus: 2, damage: '1d4 poison + 1d4', damageType: 'piercing' }] };
const bystander = { name: 'Bystander', kind: 'monster', proficiency: 2, abilities: abilities(10, 10), ac: 10, hp: 4, attacks: [] };
/** characters follow the full dying rules (A5E-DYING-1..14) */
const fighter = {
  name: 'Fighter', kind: 'character', level: 3, proficiency: 2, abilities: abilities(16, 12), ac: 17, hp: 24, shield: true,
  attacks: [{ id: 'longsword', name: 'Longsword', kind: 'melee', ability: 'str', damage: '1d8', damageType: 'slashing' }],
};
const rogue = {
  name: 'Rogue', kind: 'character', level: 3, proficiency: 2, abilities: abilities(10, 16), ac: 14, hp: 18,
  attacks: [{ id: 'rapier', name: 'Rapier', kind: 'melee', damage: '1d8', damageType: 'piercing', properties: ['finesse'] }],
};

/** The repository's A5E content: four level-3 characters, and monsters whose first attacks the kernel admits. */
const block = (file: string) => contentBlock('a5e', file);
const brannoc = block('characters/brannoc-vale.yaml');
const tamsin = block('characters/tamsin-reed.yaml');
const ilse = block('characters/ilse-marrow.yaml');
const perrin = block('characters/perrin-ashdown.yaml');
const mossback = block('monsters/mossback-brute.yaml');
const legionary = block('monsters/ironjaw-legionary.yaml');
const snapjaw = block('monsters/snapjaw-skirmisher.yaml');
const bandit = block('monsters/road-bandit.yaml');
const boar = block('monsters/thicket-boar.yaml');
const stormscale = block('monsters/young-stormscale.yaml');
const ratTide = block('monsters/gutter-rat-tide.yaml');
/** archers: their bows first (A5E-ATK-13: without a map nothing about range changes the roll) */
const bowFirst = (sheet: Record<string, unknown>) => ({ ...sheet, attacks: [...(sheet['attacks'] as unknown[])].reverse() });
/** an important NPC (the full dying rules, A5E-DYING-16) without her parry */
const { reactions: _parry, ...vessa } = block('monsters/vessa-redcloak.yaml');
const party = (prefix = '') => [
  { id: `${prefix}brannoc`, side: 'party', sheet: brannoc }, { id: `${prefix}tamsin`, side: 'party', sheet: tamsin },
  { id: `${prefix}ilse`, side: 'party', sheet: ilse }, { id: `${prefix}perrin`, side: 'party', sheet: perrin },
];

/**
 * A level-1 character nobody can save, beside a wall nobody can hurt, against an ogre nobody can hurt: every
 * blow on it is massive damage it nearly always survives (Con 30), so strife piles up over its drops and
 * wakes, and now and then it wakes with strife 4 (handed back). The fight always runs to the round limit.
 */
const weakling = { name: 'Weakling', kind: 'character', level: 1, proficiency: 2, abilities: { ...abilities(10, 10), con: 30 }, ac: 10, hp: 5, attacks: [{ id: 'dart', name: 'Dart', kind: 'ranged', ability: 'int', damage: '1d4', damageType: 'piercing', rangeFeet: 60 }] };
const wall = { name: 'Wall', kind: 'monster', proficiency: 2, abilities: abilities(10, 10), ac: 40, hp: 10000, attacks: [] };
const ogre = { name: 'Ogre', kind: 'monster', proficiency: 2, abilities: abilities(10, 10), ac: 40, hp: 10000, attacks: [{ id: 'club', name: 'Club', kind: 'melee', bonus: 20, damage: '4d12+20', damageType: 'bludgeoning' }] };

const many = (n: number, prefix: string, side: string, sheet: unknown) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, side, sheet }));

export type CompiledCase =
  | 'standard' | 'boss' | 'eight' | 'defences' | 'party' | 'three-sides' | 'npc-option'
  | 'table' | 'outnumbered' | 'archers' | 'dragon' | 'captain' | 'rival-party' | 'relentless' | 'rooted';

const setups: Record<CompiledCase, EncounterSetup['creatures']> = {
  standard: [...many(4, 'guard', 'guards', guard), ...many(4, 'raider', 'raiders', raider)],
  boss: [...many(4, 'guard', 'guards', guard), { id: 'boss', side: 'raiders', sheet: warlord }],
  eight: [...many(8, 'guard', 'guards', guard), ...many(8, 'raider', 'raiders', raider)],
  defences: [...many(2, 'hound', 'dead', skeleton), ...many(1, 'poisoner', 'dead', poisoner), ...many(2, 'brute', 'living', brute), ...many(1, 'raider', 'living', raider), ...many(1, 'bystander', 'living', bystander)],
  party: [{ id: 'fighter', side: 'party', sheet: fighter }, { id: 'rogue', side: 'party', sheet: rogue }, ...many(3, 'raider', 'raiders', raider)],
  'three-sides': [...many(2, 'guard', 'guards', guard), ...many(2, 'raider', 'raiders', raider), ...many(2, 'hound', 'dead', skeleton)],
  'npc-option': [...many(3, 'guard', 'guards', guard), ...many(3, 'raider', 'raiders', raider)],
  /** the four characters against two brutes and a shield-bearing legionary: drops, crits turned aside, deaths */
  table: [...party(), ...many(2, 'brute', 'monsters', mossback), ...many(1, 'legionary', 'monsters', legionary)],
  /** two characters against a crowd: they drop early and roll death saves for many rounds */
  outnumbered: [{ id: 'brannoc', side: 'party', sheet: brannoc }, { id: 'tamsin', side: 'party', sheet: tamsin }, ...many(4, 'snapjaw', 'raiders', snapjaw), ...many(3, 'boar', 'raiders', boar)],
  /** bandits shooting first, against the party (the wizard's first attack is ranged too) */
  archers: [...party(), ...many(4, 'bandit', 'bandits', bowFirst(bandit)), ...many(2, 'snapjaw', 'bandits', bowFirst(snapjaw))],
  /** a young dragon: three attacks a turn, crits past the massive-damage threshold */
  dragon: [...party(), { id: 'stormscale', side: 'dragon', sheet: stormscale }],
  /** an important NPC and her legionaries: the full dying rules on the monsters' side too */
  captain: [...party(), { id: 'vessa', side: 'band', sheet: vessa }, ...many(2, 'legionary', 'band', legionary), ...many(1, 'rats', 'band', ratTide)],
  /** characters on both sides: dying creatures on each */
  'rival-party': [...party('a-').map((c) => ({ ...c, side: 'red' })), ...party('b-').map((c) => ({ ...c, side: 'blue' }))],
  relentless: [{ id: 'weakling', side: 'party', sheet: weakling }, { id: 'wall', side: 'party', sheet: wall }, { id: 'ogre', side: 'ogres', sheet: ogre }],
  /** the weakling with Speed 0: waking, it cannot stand up (A5E-POS-8) */
  rooted: [{ id: 'weakling', side: 'party', sheet: { ...weakling, speed: { walk: 0 } } }, { id: 'wall', side: 'party', sheet: wall }, { id: 'ogre', side: 'ogres', sheet: ogre }],
};

export function compiledCase(which: CompiledCase, target: TargetStrategy = 'random', maxRounds?: number): SimScenario {
  const setup: EncounterSetup = { id: which, seed: 1, creatures: setups[which], ...(which === 'npc-option' ? { options: { npcDyingPrompt: false } } : {}) };
  return scenarioFromSetup(setup, a5eRuleset, simPoliciesFor('a5e', target), maxRounds !== undefined ? { maxRounds } : {});
}
