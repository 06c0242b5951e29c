import { z } from 'zod';
import { dealDamage, heal, type Resolution, type CommandDef, type CreatureSetup, type LoadedRuleset, type PromptPolicy } from '@fray/engine';
import { a5eModules, a5eTest, abilityIds, buildA5eRuleset, type A5eModule } from '../src/index';

/**
 * Test-only commands for the objects, hazards and scenario tests: a bare save, typed damage and
 * healing, so those rules can be driven without depending on other areas' commands.
 */
const probe: A5eModule = {
  id: 'test.probe',
  commands: [
    {
      type: 'probe.save',
      schema: z.object({ type: z.literal('probe.save'), creatureId: z.string(), ability: z.enum(abilityIds), dc: z.number().int() }).strict(),
      gmOnly: true,
      run: (ctx: Resolution, c: { creatureId: string; ability: (typeof abilityIds)[number]; dc: number }) => {
        a5eTest(ctx, { kind: 'save', actor: c.creatureId, ability: c.ability, dc: { label: 'DC', value: c.dc } });
      },
    },
    {
      type: 'probe.check',
      schema: z.object({ type: z.literal('probe.check'), creatureId: z.string(), ability: z.enum(abilityIds), dc: z.number().int() }).strict(),
      gmOnly: true,
      run: (ctx: Resolution, c: { creatureId: string; ability: (typeof abilityIds)[number]; dc: number }) => {
        a5eTest(ctx, { kind: 'check', actor: c.creatureId, ability: c.ability, dc: { label: 'DC', value: c.dc } });
      },
    },
    {
      type: 'probe.damage',
      schema: z.object({ type: z.literal('probe.damage'), creatureId: z.string(), damageType: z.string(), amount: z.number().int() }).strict(),
      gmOnly: true,
      run: (ctx: Resolution, c: { creatureId: string; damageType: string; amount: number }) => {
        dealDamage(ctx, c.creatureId, [{ type: c.damageType, amount: c.amount }]);
      },
    },
    {
      type: 'probe.heal',
      schema: z.object({ type: z.literal('probe.heal'), creatureId: z.string(), amount: z.number().int() }).strict(),
      gmOnly: true,
      run: (ctx: Resolution, c: { creatureId: string; amount: number }) => {
        heal(ctx, c.creatureId, c.amount);
      },
    },
  ] as unknown as CommandDef[],
};

/**
 * Other areas' questions (a target dropping prone, a knock-out) take their defaults, so these tests
 * see only this area's own prompts.
 */
const ours = /^a5e\.(object|fall|aloft|rolling)\./;
export const othersTakeDefaults: PromptPolicy = (p) => (ours.test(p.key) ? undefined : p.default);

export const probeRuleset: LoadedRuleset = buildA5eRuleset([...a5eModules, probe]);

/** A striker whose attacks add nothing to the dice (Strength and Dexterity 10), one per damage type the tests need. */
export const kit = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'kit', side: 'party', controller: 'seat-kit',
  sheet: {
    name: 'Kit', kind: 'character', level: 3, proficiency: 2,
    abilities: { str: 10, dex: 10, con: 14, int: 10, wis: 10, cha: 10 },
    ac: 12, hp: 24, speed: { walk: 30 },
    attacks: [
      { id: 'club', name: 'Club', kind: 'melee', bonus: 5, damage: '1d6', damageType: 'bludgeoning' },
      { id: 'ram', name: 'Ram', kind: 'melee', bonus: 5, damage: '2d10', damageType: 'bludgeoning' },
      { id: 'spear', name: 'Spear', kind: 'melee', bonus: 5, damage: '1d6', damageType: 'piercing' },
      { id: 'bite', name: 'Bite', kind: 'melee', bonus: 5, damage: '1d6', damageType: 'piercing' },
      { id: 'javelin', name: 'Javelin', kind: 'ranged', bonus: 5, damage: '1d6', damageType: 'piercing', rangeFeet: [30, 120], properties: ['thrown'] },
      { id: 'longbow', name: 'Longbow', kind: 'ranged', bonus: 5, damage: '1d8', damageType: 'piercing', rangeFeet: [150, 600] },
      { id: 'fire-bolt', name: 'Fire Bolt', kind: 'ranged', bonus: 5, damage: '1d10', damageType: 'fire', rangeFeet: 120, properties: ['spell'] },
      { id: 'poison-dart', name: 'Poison Dart', kind: 'ranged', bonus: 5, damage: '1d4', damageType: 'poison', rangeFeet: [20, 60] },
      { id: 'mind-spike', name: 'Mind Spike', kind: 'ranged', bonus: 5, damage: '1d6', damageType: 'psychic', rangeFeet: 60, properties: ['spell'] },
      { id: 'sunlance', name: 'Sunlance', kind: 'ranged', bonus: 5, damage: '2d6', damageType: 'radiant', rangeFeet: 60, properties: ['spell'] },
    ],
  },
  ...over,
});

/** A plain monster to stand in the fight; `over.sheet` replaces fields of its stat block. */
export const dummy = (id: string, sheet: Record<string, unknown> = {}, over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id, side: 'foes',
  sheet: {
    name: id[0]!.toUpperCase() + id.slice(1), kind: 'monster', hitDice: 3, proficiency: 2,
    abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
    ac: 10, hp: 30, speed: { walk: 30 },
    ...sheet,
  },
  ...over,
});
