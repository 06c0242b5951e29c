import type { CreatureSetup } from '@fray/engine';
import { CampaignTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';

/** A veteran fighter (our own numbers): level 10, d10 Hit Dice, Con 14 (+2), 84 hit points. */
export const kel = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'kel', side: 'party', controller: 'seat-kel',
  sheet: {
    name: 'Kel', kind: 'character', level: 10, hitDieSize: 10, proficiency: 4,
    abilities: { str: 17, dex: 12, con: 14, int: 10, wis: 12, cha: 10 },
    ac: 18, hp: 84, saves: ['str', 'con'], skills: { athletics: 'proficient', perception: 'proficient' },
    attacks: [{ id: 'longsword', name: 'Longsword', kind: 'melee', damage: '1d8', damageType: 'slashing' }],
  },
  ...over,
});

/** A frail scholar (our own numbers): level 5, d8 Hit Dice, Con 6 (−2), 22 hit points. */
export const wren = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'wren', side: 'party', controller: 'seat-wren',
  sheet: {
    name: 'Wren', kind: 'character', level: 5, hitDieSize: 8, proficiency: 3,
    abilities: { str: 8, dex: 14, con: 6, int: 17, wis: 13, cha: 10 },
    ac: 12, hp: 22, saves: ['int', 'wis'], skills: { stealth: 'proficient' },
    attacks: [{ id: 'dagger', name: 'Dagger', kind: 'melee', damage: '1d4', damageType: 'piercing', properties: ['finesse'] }],
  },
  ...over,
});

/** A new recruit (our own numbers): level 1, one d6 Hit Die, 8 hit points. */
export const pip = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'pip', side: 'party', controller: 'seat-pip',
  sheet: {
    name: 'Pip', kind: 'character', level: 1, hitDieSize: 6, proficiency: 2,
    abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 12 },
    ac: 13, hp: 8, skills: { stealth: 'proficient' },
    attacks: [{ id: 'sling', name: 'Sling', kind: 'ranged', damage: '1d4', damageType: 'bludgeoning', rangeFeet: [30, 120] }],
  },
  ...over,
});

export const campaign = (creatures: CreatureSetup[], clockSeconds = 0) => new CampaignTable(a5eRuleset, { creatures, clockSeconds });

export const rules = (events: readonly { type: string }[], ruleId: string) =>
  events.filter((e): e is { type: 'RuleApplied'; ruleId: string; text: string } & { seq: number } => e.type === 'RuleApplied' && (e as { ruleId?: string }).ruleId === ruleId);
