import type { EncounterSetup, Json } from '@fray/engine';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import { ftdDemoPromptPolicy, scenarioFromSetup, simPoliciesFor, type SimPolicies, type SimScenario, type TargetStrategy } from '../src/index';
import { contentBlock } from './content';

/** Five Torches Deep stat blocks for the compiled-fight tests: the repository's content, the standard 4v4's, and some with more going on. */
const block = (file: string) => contentBlock('five-torches-deep', `${file}.yaml`);

const abilities = (str: number, dex: number, wis = 10) => ({ str, dex, con: 12, int: 10, wis, cha: 10 });
/** The standard 4v4's guards as FTD characters: STR +3 and PB 2 to hit, 1d8 + STR, DEX 14 (init +2). */
export const guard = { name: 'Caravan Guard', kind: 'character', proficiency: 2, abilities: abilities(16, 14), ac: 16, hp: 28, attacks: [{ id: 'spear', name: 'Spear', kind: 'melee', damage: '1d8' }] };
/** The standard 4v4's raiders as FTD monsters: a +5 bonus, 1d12 + 3, DEX 12 (init +1). */
export const raider = { name: 'Tusk Raider', kind: 'monster', hd: 2, abilities: abilities(16, 12), ac: 13, hp: 15, attacks: [{ id: 'greataxe', name: 'Greataxe', kind: 'melee', damage: '1d12+3', bonus: 5, addMod: false }] };
/** Carries more than its STR: disadvantage on every check, morale included (FTD-LOAD-3); a weak knife that can deal 0. */
const packMule = { name: 'Pack Gob', kind: 'monster', hd: 1, abilities: abilities(6, 12, 8), ac: 10, hp: 7, load: 9, coins: 600, attacks: [{ id: 'knife', name: 'Knife', kind: 'melee', damage: '1d4-2', bonus: 1, addMod: false }] };
/** A feeble character whose STR penalty can leave its damage at 0; an arcane bolt first (INT), no proficiency. */
const feeble = {
  name: 'Feeble Adept', kind: 'character', proficiency: 2, abilities: { str: 5, dex: 10, con: 9, int: 14, wis: 12, cha: 10 }, ac: 11, hp: 9,
  attacks: [{ id: 'club', name: 'Club', kind: 'melee', damage: '1d4', proficient: false }, { id: 'bolt', name: 'Bolt', kind: 'arcane', damage: '1d8', range: 60, addMod: false }],
};
/** No attacks, and so easy to hit that a natural 1 hits it (FTD-ATK-1 has no automatic miss). */
const bystander = { name: 'Bystander', kind: 'npc', abilities: abilities(10, 10), ac: 3, hp: 4, attacks: [] };
/** Hard to hurt and hitting softly: fights that reach the round limit. */
const turtle = { name: 'Shell Warden', kind: 'character', proficiency: 2, abilities: abilities(10, 10), ac: 22, hp: 60, attacks: [{ id: 'tap', name: 'Tap', kind: 'melee', damage: '1d2' }] };
const shellback = { name: 'Shellback', kind: 'monster', hd: 4, moraleBonus: 3, abilities: abilities(12, 10, 6), ac: 21, hp: 60, attacks: [{ id: 'nip', name: 'Nip', kind: 'melee', damage: '1d3', bonus: 2, addMod: false }] };

const wren = block('wren');
const sable = block('sable');
const ilka = block('ilka');
const corvin = block('corvin');
const gob = block('gloomgob');
const slinger = block('gloomgob-slinger');
const brute = block('tusk-brute');
const hound = block('mire-hound');
const cultist = block('ash-cultist');
const ogre = block('tunnel-ogre');
const sentry = block('bone-sentry');
const husk = block('cairn-husk');
const bat = block('cinder-bat');
const jelly = block('pit-jelly');

const many = (n: number, prefix: string, side: string, sheet: unknown) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, side, sheet }));
const one = (id: string, side: string, sheet: unknown, vars?: Record<string, Json>) => ({ id, side, sheet, ...(vars ? { vars } : {}) });
const party = [one('wren', 'party', wren), one('sable', 'party', sable), one('ilka', 'party', ilka), one('corvin', 'party', corvin)];

export type FtdCompiledCase = 'standard' | 'delvers' | 'warband' | 'dark' | 'dim' | 'brilliant' | 'three-sides' | 'oddities' | 'stalemate';

interface CaseSetup {
  creatures: EncounterSetup['creatures'];
  options?: Record<string, Json>;
}

const setups: Record<FtdCompiledCase, CaseSetup> = {
  /** the research's standard 4v4 in FTD terms (ties on DEX rolled off every fight) */
  standard: { creatures: [...many(4, 'guard', 'guards', guard), ...many(4, 'raider', 'raiders', raider)] },
  /** the content's four delvers against raiders: PCs and monsters drop on both sides, a leader, an arcane and a divine attack, reach */
  delvers: { creatures: [...party, one('gob-1', 'raiders', gob), one('gob-2', 'raiders', gob), one('brute', 'raiders', brute), one('hound', 'raiders', hound)], options: { moraleTriggers: true } },
  /** monsters of several types on one side with a leader, a mindless undead that never checks morale, an overloaded gob */
  warband: {
    creatures: [
      one('wren', 'party', wren), one('sable', 'party', sable), one('ilka', 'party', ilka),
      one('cultist', 'cult', cultist), one('slinger', 'cult', slinger), one('sentry', 'cult', sentry), one('mule', 'cult', packMule), one('bat', 'cult', bat),
    ],
  },
  /** darkness: darksight attackers have advantage, the others disadvantage; morale likewise (FTD-LIGHT-6, FTD-LIGHT-14); one creature stands in well-lit light */
  dark: {
    creatures: [one('wren', 'party', wren), one('sable', 'party', sable, { 'ftd.lightLevel': 'well-lit' }), one('corvin', 'party', corvin), one('slinger', 'deep', slinger), one('husk', 'deep', husk), one('bat', 'deep', bat), one('gob', 'deep', gob)],
    options: { light: 'darkness' },
  },
  /** dim light: ranged attacks at disadvantage (FTD-LIGHT-9), an injured PC's lowered scores; the most HD rolls morale, not the first */
  dim: {
    creatures: [
      one('sable', 'party', sable), one('corvin', 'party', corvin), one('wren', 'party', wren, { abilities: { str: 11, dex: 9, con: 14, int: 9, wis: 12, cha: 10 } }),
      one('slinger-1', 'gobs', slinger), one('slinger-2', 'gobs', slinger), one('gob', 'gobs', gob), one('hound', 'gobs', hound),
    ],
    options: { light: 'dim' },
  },
  /** brilliant light: long-range attacks at disadvantage (FTD-LIGHT-13); the GM asked about every attack's edge; morale never called */
  brilliant: { creatures: [one('sable', 'party', sable), one('ilka', 'party', ilka), one('ogre', 'ogres', ogre), one('slinger', 'ogres', slinger)], options: { light: 'brilliant', edgePrompt: 'always', moraleTriggers: false } },
  /** three sides, each attacking the others; two groups check morale, one led by a leader with fewer HD than the jelly */
  'three-sides': { creatures: [one('wren', 'party', wren), one('sable', 'party', sable), ...many(3, 'gob', 'gobs', gob), one('jelly', 'pit', jelly), one('cultist', 'pit', cultist), one('hound', 'pit', hound)] },
  /** damage that can be 0, an overloaded monster rolling its side's morale at disadvantage, a creature without attacks */
  oddities: { creatures: [one('feeble', 'party', feeble), one('wren', 'party', wren), one('mule', 'gobs', packMule), one('bystander', 'gobs', bystander), one('gob', 'gobs', gob)] },
  /** hard to hurt on both sides: fights that reach the round limit */
  stalemate: { creatures: [one('turtle', 'shells', turtle), one('shellback', 'backs', shellback)] },
};

/**
 * The simulator's policies ('sim': with the minute after the fight, `ftdAfterFight`); 'ftd-demo': the
 * FTD demo's prompt answers (the GM calls morale), the fight counted as it ends.
 */
export function ftdPolicies(target: TargetStrategy, prompts: 'sim' | 'ftd-demo' = 'sim'): SimPolicies {
  const sim = simPoliciesFor('five-torches-deep', target);
  return prompts === 'sim' ? sim : { chooseCommand: sim.chooseCommand, prompts: ftdDemoPromptPolicy, compiled: { target, prompts } };
}

export function ftdCompiledCase(which: FtdCompiledCase, target: TargetStrategy = 'random', opts: { maxRounds?: number; prompts?: 'sim' | 'ftd-demo' } = {}): SimScenario {
  const s = setups[which];
  const setup: EncounterSetup = { id: which, seed: 1, creatures: s.creatures, ...(s.options ? { options: s.options } : {}) };
  return scenarioFromSetup(setup, ftdRuleset, ftdPolicies(target, opts.prompts), opts.maxRounds !== undefined ? { maxRounds: opts.maxRounds } : {});
}
