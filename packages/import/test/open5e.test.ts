import { describe, expect, it } from 'vitest';
import { importCreatures } from '../src';
import { sample } from './samples';

describe('Open5e v2 creatures (A5E, document a5e-mm)', () => {
  const r = importCreatures(sample('open5e-v2-a5e-page.json'));
  const [drake, knight] = r.creatures;

  it('recognises the page and imports both creatures into A5E', () => {
    expect(r.format).toBe('open5e-v2');
    expect(r.ruleset).toBe('a5e');
    expect(r.creatures.map((c) => [c.name, c.slug])).toEqual([['Cinder Drake', 'cinder-drake'], ['Hedge Knight', 'hedge-knight']]);
    expect(drake!.meta).toEqual({ source: 'open5e-v2', key: 'a5e-mm_cinder-drake', document: 'a5e-mm', cr: '5', type: 'dragon' });
  });

  it('maps scores, saves, skills, senses, speeds, damage lists, attacks with extra damage, and a recharge breath', () => {
    expect(drake!.statBlock).toEqual({
      name: 'Cinder Drake', kind: 'monster', size: 'large', hitDice: 10, hitDieSize: 10, proficiency: 3,
      abilities: { str: 18, dex: 12, con: 14, int: 8, wis: 11, cha: 10 }, ac: 15, hp: 75,
      speed: { walk: 30, fly: 60 }, saves: ['dex', 'con'], skills: { perception: 'proficient', stealth: 'expertise' },
      senses: { darkvision: 60 }, resist: ['fire'], vulnerable: ['cold'], conditionImmunities: ['frightened'],
      attacksPerAction: 2,
      attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', bonus: 7, reachFeet: 10, damage: '2d8 + 4 + 1d6 fire', damageType: 'piercing', addAbilityToDamage: false }],
      actions: [{
        id: 'ember-breath', name: 'Ember Breath', recharge: { min: 5 }, targets: { area: '15-foot cone', rangeFeet: 15 }, cost: 'action',
        effects: [{ kind: 'save', ability: 'dex', dc: 13, fail: [{ kind: 'damage', dice: '6d6', type: 'fire' }], success: [{ kind: 'damage', dice: '6d6', type: 'fire', half: true }] }],
      }],
    });
  });

  it('reports what runs, what stays text and what was refused, naming each field by JSON pointer', () => {
    expect(drake!.runs).toEqual([
      { field: '/results/0/armor_class', text: 'AC 15, 75 hit points (10 Hit Dice), proficiency +3' },
      { field: '/results/0/saving_throws', text: 'saving throws: Dex +4, Con +5' },
      { field: '/results/0/resistances_and_immunities/damage_resistances', text: 'resistance: fire' },
      { field: '/results/0/resistances_and_immunities/damage_vulnerabilities', text: 'vulnerability: cold' },
      { field: '/results/0/resistances_and_immunities/condition_immunities', text: 'condition immunities: frightened' },
      { field: '/results/0/actions/0', text: 'Multiattack: 2 attacks with one Attack action' },
      { field: '/results/0/actions/1', text: 'attack Bite: +7 to hit, reach 10 ft, 2d8 + 4 piercing + 1d6 fire (damage type from the text)' },
      { field: '/results/0/actions/2', text: 'action Ember Breath (recharge 5-6): DC 13 dex save, 6d6 fire, half on a success in a 15-foot cone' },
    ]);
    expect(drake!.text).toEqual([
      { field: '/results/0/traits/0', text: 'trait Smoldering Hide: stays text', words: 'A creature that touches the drake takes 2 fire damage.' },
      { field: '/results/0/actions/3', text: 'reaction Tail Flick: stays text (no attack or save against damage the rules can read)', words: 'The drake flicks its tail at a creature that moved next to it.' },
      { field: '/results/0/actions/4', text: 'legendary action Wing Gust: the A5E stat block has no legendary actions yet; the GM runs it', words: 'The drake beats its wings and flies up to half its speed.' },
    ]);
    expect(drake!.refused).toEqual([]);
  });

  it('a melee-or-ranged weapon given as two attacks, a 1/Day attack as a limited action, a parry as a reaction', () => {
    expect(knight!.statBlock).toMatchObject({
      attacks: [
        { id: 'spear-melee', name: 'Spear (melee)', kind: 'melee', bonus: 4, reachFeet: 5, damage: '1d6 + 2', damageType: 'piercing', addAbilityToDamage: false },
        { id: 'spear-ranged', name: 'Spear (ranged)', kind: 'ranged', bonus: 4, rangeFeet: [20, 60], damage: '1d6 + 2', damageType: 'piercing', addAbilityToDamage: false },
      ],
      actions: [{ id: 'shield-bash', name: 'Shield Bash', cost: 'action', usesPerDay: 1, effects: [{ kind: 'attack', bonus: 4, label: 'Shield Bash', hit: [{ kind: 'damage', dice: '2d4 + 2', type: 'bludgeoning' }] }] }],
      reactions: [{ id: 'parry', name: 'Parry', targets: { count: 0 }, trigger: { text: 'The knight adds 2 to its AC against one melee attack that would hit it.', on: 'melee-hit' }, effects: [{ kind: 'hook', hook: 'a5e.raise-ac', params: { bonus: 2 } }] }],
    });
    expect(knight!.text).toEqual([{ field: '/results/1/actions/1', text: "Shield Bash: 'While Bloodied' stays with the GM" }]);
    expect(knight!.meta.cr).toBe('1/2');
  });

  it('one creature on its own (not a page) has pointers from the root', () => {
    const one = JSON.stringify((JSON.parse(sample('open5e-v2-a5e-page.json')) as { results: unknown[] }).results[1]);
    const r1 = importCreatures(one);
    expect(r1.creatures.map((c) => c.name)).toEqual(['Hedge Knight']);
    expect(r1.creatures[0]!.runs[0]!.field).toBe('/armor_class');
  });
});

describe('Open5e v1 monsters (actions as text)', () => {
  const r = importCreatures(sample('open5e-v1-page.json'));
  const ogre = r.creatures[0]!;

  it('parses the attack sentences, the multiattack line, a prone rider, a recharge attack and a 1/Day save', () => {
    expect(r.format).toBe('open5e-v1');
    expect(ogre.statBlock).toEqual({
      name: 'Bramble Ogre', kind: 'monster', size: 'large', hitDice: 8, hitDieSize: 10, proficiency: 2,
      abilities: { str: 20, dex: 8, con: 16, int: 6, wis: 8, cha: 7 }, ac: 12, hp: 68, speed: { walk: 40 },
      saves: ['con'], skills: { athletics: 'proficient' }, senses: { darkvision: 60 },
      resist: ['bludgeoning', 'piercing', 'slashing'], immune: ['poison'], conditionImmunities: ['poisoned'], attacksPerAction: 2,
      attacks: [
        { id: 'thorn-club', name: 'Thorn Club', kind: 'melee', bonus: 7, reachFeet: 10, damage: '2d8 + 5 + 1d6 poison', damageType: 'bludgeoning', addAbilityToDamage: false },
        { id: 'fist', name: 'Fist', kind: 'melee', bonus: 7, reachFeet: 5, damage: '1d6 + 5', damageType: 'bludgeoning', addAbilityToDamage: false, onHit: [{ kind: 'save', ability: 'str', dc: 15, fail: [{ kind: 'applyCondition', condition: 'prone' }] }] },
      ],
      actions: [
        { id: 'hurl-thornball', name: 'Hurl Thornball', cost: 'action', recharge: { min: 6 }, targets: { rangeFeet: 90 }, effects: [{ kind: 'attack', bonus: 7, label: 'Hurl Thornball', options: ['attack:ranged'], hit: [{ kind: 'damage', dice: '2d6 + 5', type: 'piercing' }] }] },
        { id: 'spore-cough', name: 'Spore Cough', cost: 'action', usesPerDay: 1, targets: { rangeFeet: 10 }, effects: [{ kind: 'save', ability: 'con', dc: 14, fail: [{ kind: 'damage', dice: '3d6', type: 'poison' }] }] },
      ],
    });
  });

  it('says where the printed numbers differ, which qualifiers the GM keeps, and refuses a condition A5E does not have', () => {
    expect(ogre.refused).toEqual([
      { field: '/results/0/strength_save', text: 'Con save +6 in the source; the stat block gives +5 (ability +3, proficiency +2)' },
      { field: '/results/0/skills', text: 'athletics +8 in the source; the stat block gives +7 (proficient)' },
      { field: '/results/0/condition_immunities', text: "condition immunity 'exhaustion' names no A5E condition" },
    ]);
    expect(ogre.text).toContainEqual({ field: '/results/0/damage_resistances', text: 'resistance bludgeoning, piercing, slashing from nonmagical attacks: the rules apply it to every attack of those types; the GM waives it where the words say so' });
    expect(ogre.runs).toContainEqual({ field: '/results/0/actions/3', text: 'action Hurl Thornball: +7 to hit, range 30/90 ft, 2d6 + 5 piercing (recharge 6)' });
  });
});

describe('Open5e v2: a structured attack whose rider is only in the prose', () => {
  it('the save DC and its damage come from the text, as an on-hit save', () => {
    const creature = {
      name: 'Venom Gar', size: { key: 'medium' }, challenge_rating: 2, armor_class: 13, hit_points: 30,
      ability_scores: { strength: 14, dexterity: 14, constitution: 12, intelligence: 2, wisdom: 10, charisma: 4 },
      actions: [{
        name: 'Bite', action_type: 'ACTION',
        desc: 'Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 7 (1d8 + 3) piercing damage, and the target must succeed on a DC 12 Constitution saving throw, taking 7 (2d6) poison damage on a failed save, or half as much damage on a successful one.',
        attacks: [{ attack_type: 'WEAPON', to_hit_mod: 4, reach: 5, damage_die_count: 1, damage_die_type: 'D8', damage_bonus: 3, damage_type: { key: 'piercing' } }],
      }],
    };
    const c = importCreatures(JSON.stringify(creature)).creatures[0]!;
    expect((c.statBlock as { attacks: unknown[] }).attacks).toEqual([{
      id: 'bite', name: 'Bite', kind: 'melee', bonus: 4, reachFeet: 5, damage: '1d8 + 3', damageType: 'piercing', addAbilityToDamage: false,
      onHit: [{ kind: 'save', ability: 'con', dc: 12, fail: [{ kind: 'damage', dice: '2d6', type: 'poison' }], success: [{ kind: 'damage', dice: '2d6', type: 'poison', half: true }] }],
    }]);
    expect(c.runs).toContainEqual({ field: '/actions/0', text: 'attack Bite: +4 to hit, reach 5 ft, 1d8 + 3 piercing; on a hit DC 12 con save against 2d6 poison (half on a success)' });
  });
});
