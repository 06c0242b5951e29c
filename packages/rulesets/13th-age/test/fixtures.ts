import type { CreatureSetup } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { thirteenthAgeRuleset } from '../src/index';

type Over = Partial<CreatureSetup> & { sheet?: Record<string, unknown> };

/** A test creature with `over` laid on top (its sheet's fields one by one, the rest whole). */
const made = (base: CreatureSetup & { sheet: Record<string, unknown> }, over: Over): CreatureSetup => {
  const { sheet, ...rest } = over;
  return { ...base, sheet: { ...base.sheet, ...sheet }, ...rest };
};

/** Test creatures written for Fray (our own names and numbers). */
export const kira = (over: Over = {}): CreatureSetup => made({
  id: 'kira', side: 'party', controller: 'seat-kira',
  sheet: {
    kind: 'pc', name: 'Kira', level: 3, hp: 40, recoveries: 8, recoveryDie: 'd10',
    abilities: { str: 16, dex: 14, con: 14, int: 8, wis: 12, cha: 10 },
    attacks: [
      { id: 'longsword', name: 'Longsword', kind: 'melee', ability: 'str', weaponDie: 'd8', basic: true, miss: 'level' },
      { id: 'javelin', name: 'Javelin', kind: 'ranged', ability: 'dex', weaponDie: 'd6', basic: true },
    ],
  },
}, over);

export const ostin = (over: Over = {}): CreatureSetup => made({
  id: 'ostin', side: 'party', controller: 'seat-ostin',
  sheet: {
    kind: 'pc', name: 'Ostin', level: 2, hp: 24, recoveries: 8, recoveryDie: 'd6',
    abilities: { str: 8, dex: 12, con: 12, int: 18, wis: 13, cha: 10 },
    attacks: [
      { id: 'ember-dart', name: 'Ember Dart', kind: 'ranged', ability: 'int', damage: '2d6', addAbility: true, damageType: 'fire', spell: true, vs: 'PD' },
      { id: 'static-touch', name: 'Static Touch', kind: 'close', ability: 'int', damage: '1d8', damageType: 'lightning', spell: true, closeQuarters: true, vs: 'PD' },
      { id: 'staff', name: 'Staff', kind: 'melee', ability: 'str', weaponDie: 'd6', basic: true },
    ],
  },
}, over);

export const grunt = (id: string, over: Over = {}): CreatureSetup => made({
  id, side: 'foes',
  sheet: {
    kind: 'monster', name: 'Mire Grunt', level: 1, hp: 12, ac: 16, pd: 14, md: 11, initiative: 3, category: 'mook',
    attacks: [{ id: 'spear', name: 'Spear', kind: 'melee', bonus: 6, damage: '1d8', basic: true }],
  },
}, over);

export const brute = (over: Over = {}): CreatureSetup => made({
  id: 'brute', side: 'foes',
  sheet: {
    kind: 'monster', name: 'Hill Brute', level: 3, hp: 60, ac: 17, pd: 16, md: 12, initiative: 2, category: 'large', size: 'large',
    attacks: [
      { id: 'club', name: 'Club', kind: 'melee', bonus: 8, damage: '2d6+4', basic: true, miss: '3' },
      { id: 'grasp', name: 'Grasp', kind: 'melee', bonus: 7, damage: '1d6', hit: [{ kind: 'grab' }] },
    ],
  },
}, over);

export const table = (creatures: CreatureSetup[], options: Record<string, unknown> = {}) =>
  new TestTable(thirteenthAgeRuleset, { creatures, options: options as never });

/** `a` engages `b` (by default letting any intercept pass). */
export const eng = (t: ReturnType<typeof table>, a: string, b: string, pre: Record<string, string> = { '13a.intercept': 'let-pass' }) =>
  t.run({ type: 'takeAction', actorId: a, action: 'engage', targets: [b] }, { preAnswers: pre });

/** Kira engages g1 on her turn; g2 engages her on its own; it is her turn again (round 2), engaged with both. */
export function kiraEngagedWithTwoGrunts() {
  const t = table([kira(), grunt('g1'), grunt('g2')]);
  t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
  eng(t, 'kira', 'g1');
  t.run({ type: 'endTurn' });
  t.run({ type: 'endTurn' });
  eng(t, 'g2', 'kira', {});
  t.run({ type: 'endTurn' });
  return t;
}

/** Events helper. */
export const ofType = TestTable.ofType;
export const ruleIds = (events: readonly { type: string }[]) => events.filter((e) => e.type === 'RuleApplied').map((e) => (e as unknown as { ruleId: string }).ruleId);
