import type { Command, CreatureSetup, EncounterSetup, Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';

/** Duel test creatures (our own numbers). Vey: PB 3, a fighter with 6 exertion. Kass: PB 2, a duelist NPC. */
export const vey = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'vey', side: 'blue', controller: 'seat-vey', initiative: 10,
  sheet: {
    name: 'Vey', kind: 'character', level: 5, proficiency: 3,
    abilities: { str: 16, dex: 14, con: 14, int: 12, wis: 10, cha: 8 },
    ac: 15, hp: 40, speed: { walk: 30 }, saves: ['str', 'con'], skills: { athletics: 'proficient' },
    attacks: [
      { id: 'longsword', name: 'Longsword', kind: 'melee', damage: '1d8', damageType: 'slashing' },
      { id: 'shortbow', name: 'Shortbow', kind: 'ranged', damage: '1d6', damageType: 'piercing', rangeFeet: [80, 320] },
    ],
  },
  vars: { 'a5e.exertion': 6 },
  ...over,
});

export const kass = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'kass', side: 'red', controller: 'seat-kass', initiative: 5,
  sheet: {
    name: 'Kass', kind: 'npc', hitDice: 6, proficiency: 2,
    abilities: { str: 12, dex: 16, con: 12, int: 13, wis: 14, cha: 14 },
    ac: 14, hp: 30, speed: { walk: 30 }, skills: { perception: 'proficient' },
    attacks: [{ id: 'rapier', name: 'Rapier', kind: 'melee', damage: '1d8', damageType: 'piercing', properties: ['finesse'] }],
  },
  ...over,
});

export const watcher = (id = 'gob', over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id, side: 'red', tags: ['spectator'], initiative: 1,
  sheet: {
    name: 'Goblin', kind: 'monster', size: 'small', hitDice: 2, proficiency: 2,
    abilities: { str: 8, dex: 14, con: 10, int: 10, wis: 8, cha: 8 },
    ac: 15, hp: 7, speed: { walk: 30 }, skills: { 'sleight-of-hand': 'proficient' },
    attacks: [{ id: 'scimitar', name: 'Scimitar', kind: 'melee', damage: '1d6', damageType: 'slashing', properties: ['finesse', 'light'] }],
  },
  ...over,
});

export type DuelSetup = Partial<Omit<EncounterSetup, 'creatures'>> & { creatures?: CreatureSetup[]; duel?: Record<string, Json> };

/** A duel table: Vey against Kass unless told otherwise, `modules: ['duel']`, standard initiative unless `duel.initiative` says rps. */
export function duelTable(s: DuelSetup = {}): TestTable {
  const { duel, creatures, options, ...rest } = s;
  return new TestTable(a5eRuleset, {
    modules: ['duel'],
    creatures: creatures ?? [vey(), kass()],
    options: { ...(options ?? {}), duel: { initiative: 'standard', ...(duel ?? {}) } },
    ...rest,
  });
}

/** Starts a standard-initiative duel: Vey (10) then Kass (5). */
export function startedDuel(s: DuelSetup = {}): TestTable {
  const t = duelTable(s);
  t.run({ type: 'startCombat' });
  return t;
}

export const attack = (actorId: string, target: string, options: Record<string, Json> = {}): Command =>
  ({ type: 'takeAction', actorId, action: 'attack', targets: [target], options });

export const ruleTexts = (events: readonly { type: string }[], ruleId: string): string[] =>
  TestTable.ofType(events as never, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);
