import type { EncounterSetup } from '@fray/engine';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import { scenarioFromSetup, simPoliciesFor, type SimScenario, type TargetStrategy } from '../src/index';
import { contentBlock } from './content';

/** 13th Age stat blocks for the compiled-fight tests: the repository's content, and some with more going on. */
const block = (file: string) => contentBlock('13th-age', file);

const tessel = block('tessel.yaml');
const wren = block('wren.yaml');
const brann = block('brann-ashgrove.yaml');
const maelis = block('sister-maelis.yaml');
const kettle = block('kettle-quickhand.yaml');
const archer = block('bog-archer.yaml');
const scrapper = block('reed-scrapper.yaml');
const grunt = block('mire-grunt.yaml');
const captain = block('saltmarsh-captain.yaml');
const hag = block('marsh-hag.yaml');
const boar = block('thornback-boar.yaml');
const brute = block('hill-brute.yaml');
const warden = block('iron-warden.yaml');

/** A stat block's attacks without their hit effects and natural-roll triggers (which the compiled fight leaves to the engine). */
const tame = (sheet: Record<string, unknown>, name: string): Record<string, unknown> => ({
  ...sheet, name, attacks: (sheet['attacks'] as Record<string, unknown>[]).map(({ hit: _h, triggers: _t, ...a }) => a),
});
/** The ember imp (fire resistance 16) biting without its burning trigger. */
const imp = tame(block('ember-imp.yaml'), 'Tame Ember Imp');

/** A level 4 monster whose sling adds the escalation die (13A-ESC-3), deals miss damage on dice and crits on 18+ for triple damage. */
const slinger = {
  kind: 'monster', name: 'Fen Slinger', level: 4, hp: 40, ac: 18, pd: 16, md: 13, initiative: 6, usesEscalation: true, resist: { weapon: 14 },
  attacks: [
    { id: 'stone', name: 'Sling Stone', kind: 'ranged', bonus: 8, damage: '1d10+2', miss: '1d4', critExpansion: 2, critDoubling: ['heavy stone'], basic: true },
  ],
};
/** A PC with a fire resistance (mundane fire does nothing to it, 13A-RES-4), a close spell with level miss damage, a magic item. */
const ashWarden = {
  kind: 'pc', name: 'Ash Warden', level: 4, hp: 44, recoveries: 8, recoveryDie: 'd10', abilities: { str: 10, dex: 12, con: 16, int: 16, wis: 11, cha: 8 },
  itemAttackBonus: 1, saveBonus: 2, resist: { fire: 14 },
  attacks: [
    { id: 'flame-burst', name: 'Flame Burst', kind: 'close', ability: 'int', vs: 'PD', damage: '2d8', addAbility: true, damageType: 'fire', spell: true, closeQuarters: true, miss: 'level', critDoubling: ['a', 'b'] },
    { id: 'cinder-fist', name: 'Cinder Fist', kind: 'melee', ability: 'str', weaponDie: 'd6', miss: 'level' },
  ],
};
/** A frail PC with no recoveries: a death save that succeeds leaves the compiled rules (13A-HEAL-4). */
const frail = {
  kind: 'pc', name: 'Frail Scout', level: 1, hp: 14, recoveries: 0, recoveryDie: 'd6', abilities: { str: 8, dex: 14, con: 8, int: 10, wis: 12, cha: 10 },
  attacks: [{ id: 'dart', name: 'Dart', kind: 'ranged', ability: 'dex', weaponDie: 'd4', basic: true }],
};
/** A PC whose recovery roll can heal nothing (1d4 - 4 at Con 3): such a waking is left to the engine. */
const sickly = {
  kind: 'pc', name: 'Sickly Acolyte', level: 1, hp: 12, recoveries: 6, recoveryDie: 'd4', abilities: { str: 8, dex: 10, con: 3, int: 10, wis: 16, cha: 10 },
  attacks: [{ id: 'spark', name: 'Spark', kind: 'ranged', ability: 'wis', vs: 'PD', damage: '1d8', addAbility: true, damageType: 'holy', spell: true }],
};
/** A PC who fights with a ranged weapon and two blades (13A-WPN-4), and a magic item. */
const duelist = {
  kind: 'pc', name: 'Fen Duelist', level: 2, hp: 30, recoveries: 6, recoveryDie: 'd8', abilities: { str: 12, dex: 16, con: 12, int: 10, wis: 10, cha: 12 },
  twoWeapon: true, itemAttackBonus: 1,
  attacks: [{ id: 'paired-knives', name: 'Paired Knives', kind: 'melee', ability: 'dex', weaponDie: 'd6', basic: true, critExpansion: 1 }],
};
/** A monster that only waits for an opening: no standard-action attack (it ends its turns), a melee interrupt for opportunity attacks. */
const lurker = {
  kind: 'monster', name: 'Reed Lurker', level: 2, hp: 26, ac: 16, pd: 14, md: 12, initiative: 5,
  attacks: [{ id: 'snatch', name: 'Snatch', kind: 'melee', bonus: 7, damage: '1d8+2', action: 'interrupt', basic: true }],
};
/** A thug who clubs on its turn but whose opportunity attack (its basic melee) grabs: a fight where it makes one is left to the engine. */
const hooker = {
  kind: 'monster', name: 'Bog Hooker', level: 2, hp: 26, ac: 17, pd: 14, md: 12, initiative: 4,
  attacks: [
    { id: 'cudgel', name: 'Cudgel', kind: 'melee', bonus: 7, damage: '1d8+2' },
    { id: 'hook', name: 'Hook', kind: 'melee', bonus: 7, damage: '1d6', basic: true, hit: [{ kind: 'grab' }] },
  ],
};

const many = (n: number, prefix: string, side: string, sheet: unknown) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, side, sheet }));
const party = (...sheets: [string, unknown][]) => sheets.map(([id, sheet]) => ({ id, side: 'party', sheet }));

export type Compiled13aCase =
  | 'mooks' | 'scrappers' | 'marsh' | 'skirmish' | 'brawl' | 'mixed' | 'dying' | 'frail' | 'three-sides' | 'escalation' | 'hooks';

const setups: Record<Compiled13aCase, EncounterSetup['creatures']> = {
  /** four PCs against a mob of twelve archers (ranged mooks: nobody needs to engage them) */
  mooks: [...party(['tessel', tessel], ['wren', wren], ['brann', brann], ['maelis', maelis]), ...many(12, 'archer', 'reeds', archer)],
  /** the benchmark's shape: four PCs against two mobs of melee mooks, eight reed scrappers and four mire grunts */
  scrappers: [...party(['tessel', tessel], ['wren', wren], ['brann', brann], ['maelis', maelis]), ...many(8, 'scrapper', 'reeds', scrapper), ...many(4, 'grunt', 'reeds', grunt)],
  /** scenarios/13th-age/demo-marsh.yaml: the marsh hag (melee first), her boar (miss damage) and a mob of reed scrappers */
  marsh: [
    ...party(['tessel', tessel], ['wren', wren], ['brann', brann], ['maelis', maelis]),
    { id: 'hag', side: 'fen', sheet: hag }, { id: 'boar', side: 'fen', sheet: boar }, ...many(4, 's', 'fen', scrapper),
  ],
  /** melee and ranged together: archers shooting into melee beside scrappers, a captain, PCs shooting or casting while engaged */
  skirmish: [
    ...party(['kettle', kettle], ['brann', brann], ['maelis', maelis], ['wren', wren]),
    ...many(4, 'scrapper', 'smugglers', scrapper), ...many(4, 'archer', 'smugglers', archer), { id: 'boar', side: 'smugglers', sheet: boar },
    { id: 'captain', side: 'smugglers', sheet: captain },
  ],
  /** big melee monsters against a two-weapon duelist, PCs dropping and rallying */
  brawl: [
    ...party(['duelist', duelist], ['tessel', tessel], ['wren', wren]),
    { id: 'brute', side: 'hill', sheet: brute }, { id: 'warden', side: 'hill', sheet: warden }, ...many(3, 'grunt', 'hill', grunt),
  ],
  /** normal monsters with resistances, an NPC, two mobs (melee and ranged mooks), a creature without a standard attack */
  mixed: [
    ...party(['kettle', kettle], ['brann', brann], ['maelis', maelis], ['wren', wren]),
    { id: 'captain', side: 'smugglers', sheet: captain }, { id: 'imp', side: 'smugglers', sheet: imp },
    ...many(4, 'archer', 'smugglers', archer), ...many(3, 'scrapper', 'smugglers', scrapper),
    { id: 'lurker', side: 'smugglers', sheet: lurker }, { id: 'brute', side: 'smugglers', sheet: brute },
  ],
  /** an outnumbered party: PCs drop, roll death saves, wake, die; their foes disengage from them */
  dying: [...party(['wren', wren], ['maelis', maelis]), ...many(10, 'archer', 'reeds', archer), { id: 'captain', side: 'reeds', sheet: captain }],
  /** a PC without recoveries and one whose recovery can heal nothing: some fights leave the compiled rules */
  frail: [...party(['frail', frail], ['sickly', sickly], ['maelis', maelis]), ...many(8, 'archer', 'reeds', archer)],
  /** three sides, each attacking the others */
  'three-sides': [...party(['brann', brann], ['wren', wren]), ...many(5, 'archer', 'reeds', archer), { id: 'imp', side: 'imps', sheet: imp }, { id: 'imp-2', side: 'imps', sheet: imp }],
  /** long fights: the escalation die to 6, a monster that uses it, crit ranges, crit doubling, miss damage, resistances and immunity */
  escalation: [...party(['warden', ashWarden], ['kettle', kettle], ['tessel', tessel]), ...many(2, 'slinger', 'fen', slinger), { id: 'imp', side: 'fen', sheet: imp }],
  /** ranged thugs whose opportunity attack grabs: fights where one is made are handed back */
  hooks: [...party(['tessel', tessel], ['wren', wren]), ...many(2, 'hooker', 'bog', hooker), ...many(3, 'scrapper', 'bog', scrapper)],
};

export function compiled13aCase(which: Compiled13aCase, target: TargetStrategy = 'random', maxRounds?: number): SimScenario {
  const setup: EncounterSetup = { id: which, seed: 1, creatures: setups[which] };
  return scenarioFromSetup(setup, thirteenthAgeRuleset, simPoliciesFor('13th-age', target), maxRounds !== undefined ? { maxRounds } : {});
}
