import { describe, expect, it } from 'vitest';
import { importCreatures, multiattackCount, parseAttackSentence, parseSaveSentence, untag, usageInName } from '../src';
import { sample } from './samples';

describe('the classic 5e sentences', () => {
  it('reads the attack sentence with extra damage (the issue\'s example)', () => {
    expect(parseAttackSentence('Melee Weapon Attack: +9 to hit, reach 15 ft., one target. Hit: 19 (4d6 + 5) bludgeoning damage plus 7 (2d6) poison damage.')).toEqual({
      attack: { kind: 'melee', spell: false, bonus: 9, reach: 15, damage: [{ dice: '4d6 + 5', type: 'bludgeoning' }, { dice: '2d6', type: 'poison' }], from: 'text' },
      rest: '',
    });
  });

  it('reads the 2024 wording, a flat damage and a spell attack with range', () => {
    expect(parseAttackSentence('Melee Attack Roll: +6, reach 5 ft. 8 (1d8 + 4) Slashing damage.')?.attack).toEqual({ kind: 'melee', spell: false, bonus: 6, reach: 5, damage: [{ dice: '1d8 + 4', type: 'slashing' }], from: 'text' });
    expect(parseAttackSentence('Melee Weapon Attack: +2 to hit, reach 5 ft., one target. Hit: 1 piercing damage.')?.attack.damage).toEqual([{ dice: '1', type: 'piercing' }]);
    expect(parseAttackSentence('Ranged Spell Attack: +5 to hit, range 120 ft., one target. Hit: 10 (3d6) radiant damage.')?.attack).toEqual({ kind: 'ranged', spell: true, bonus: 5, range: 120, damage: [{ dice: '3d6', type: 'radiant' }], from: 'text' });
    expect(parseAttackSentence('The wolf howls.')).toBeNull();
  });

  it('keeps a rider after the damage', () => {
    expect(parseAttackSentence('Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 7 (1d8 + 3) piercing damage, and the target is grappled (escape DC 13).')?.rest).toBe('the target is grappled (escape DC 13)');
  });

  it('reads saves against damage, classic and 2024', () => {
    expect(parseSaveSentence('Each creature in a 30-foot cone must make a DC 15 Dexterity saving throw, taking 28 (8d6) fire damage on a failed save, or half as much damage on a successful one.')).toEqual({ ability: 'dex', dc: 15, damage: [{ dice: '8d6', type: 'fire' }], half: true, area: '30-foot cone', rangeFeet: 30 });
    expect(parseSaveSentence('Constitution Saving Throw: DC 12, each creature in a 10-foot Emanation. Failure: 7 (2d6) Poison damage. Success: Half damage.')).toEqual({ ability: 'con', dc: 12, damage: [{ dice: '2d6', type: 'poison' }], half: true, area: '10-foot emanation', rangeFeet: 10 });
    expect(parseSaveSentence('The target must succeed on a DC 12 Wisdom saving throw or be frightened.')).toBeNull();
  });

  it('reads usage limits out of names', () => {
    expect(usageInName('Fire Breath (Recharge 5–6)')).toEqual({ name: 'Fire Breath', usage: { recharge: 5, notes: [] } });
    expect(usageInName('Bite (Recharge 6)')).toEqual({ name: 'Bite', usage: { recharge: 6, notes: [] } });
    expect(usageInName('Roar (1/Day, While Bloodied)')).toEqual({ name: 'Roar', usage: { perDay: 1, notes: ['While Bloodied'] } });
    expect(usageInName('Shift (Recharges after a Short or Long Rest)')).toEqual({ name: 'Shift', usage: { rest: true, notes: [] } });
    expect(usageInName('Wing Attack (Costs 2 Actions)')).toEqual({ name: 'Wing Attack', usage: { notes: [] } });
  });

  it('counts multiattacks', () => {
    expect(multiattackCount('The dragon makes three attacks: one with its bite and two with its claws.')).toBe(3);
    expect(multiattackCount('The troll makes two claw attacks and one bite attack.')).toBe(3);
    expect(multiattackCount('The drake attacks twice with its bite.')).toBe(2);
    expect(multiattackCount('The hydra bites as many times as it has heads.')).toBeNull();
  });

  it('undoes 5etools tags', () => {
    expect(untag('{@atk mw,rw} {@hit 4} to hit, reach 5 ft. or range 20/60 ft. {@h}5 ({@damage 1d6 + 2}) piercing damage, {@dc 13} or {@condition prone|XPHB}.')).toBe('Melee or Ranged Weapon Attack: +4 to hit, reach 5 ft. or range 20/60 ft. Hit: 5 (1d6 + 2) piercing damage, DC 13 or prone.');
    expect(untag('Breath {@recharge 5}')).toBe('Breath (Recharge 5-6)');
    expect(untag('{@recharge}')).toBe('(Recharge 6)');
  });
});

describe('5etools bestiary', () => {
  it('maps tags, the resist note, the recharge tag in a name, and the multiattack', () => {
    const r = importCreatures(sample('5etools-bestiary.json'));
    expect(r.format).toBe('5etools');
    const c = r.creatures[0]!;
    expect(c.statBlock).toEqual({
      name: 'Fen Lurker', kind: 'monster', size: 'medium', hitDice: 8, hitDieSize: 8, proficiency: 2,
      abilities: { str: 16, dex: 14, con: 15, int: 5, wis: 12, cha: 6 }, ac: 14, hp: 52, speed: { walk: 30, swim: 40 },
      saves: ['con'], skills: { stealth: 'expertise', perception: 'proficient' }, senses: { darkvision: 60 },
      resist: ['cold', 'fire'], conditionImmunities: ['charmed'], attacksPerAction: 2,
      attacks: [
        { id: 'bite', name: 'Bite', kind: 'melee', bonus: 5, reachFeet: 5, damage: '2d8 + 3', damageType: 'piercing', addAbilityToDamage: false },
        { id: 'tail', name: 'Tail', kind: 'melee', bonus: 5, reachFeet: 10, damage: '1d8 + 3', damageType: 'bludgeoning', addAbilityToDamage: false },
      ],
      actions: [{ id: 'bog-spray', name: 'Bog Spray', cost: 'action', recharge: { min: 5 }, targets: { area: '20-foot line', rangeFeet: 20 }, effects: [{ kind: 'save', ability: 'dex', dc: 12, fail: [{ kind: 'damage', dice: '4d6', type: 'acid' }], success: [{ kind: 'damage', dice: '4d6', type: 'acid', half: true }] }] }],
    });
    expect(c.meta).toEqual({ source: '5etools', key: 'Fen Lurker|TST', document: 'TST', cr: '3', type: 'monstrosity' });
    expect(c.text).toContainEqual({ field: '/monster/0/resist', text: 'resistance fire while submerged: the rules apply it to every attack of those types; the GM waives it where the words say so' });
    expect(c.text).toContainEqual({ field: '/monster/0/reaction/0', text: 'reaction Slip Away: stays text (no attack or save against damage the rules can read)', words: 'When hit, the lurker moves 10 feet.' });
  });
});

describe('pasted stat blocks', () => {
  it('a 5e-style block into A5E', () => {
    const r = importCreatures(sample('5e-block.txt'));
    expect(r.format).toBe('text');
    expect(r.creatures[0]!.statBlock).toEqual({
      name: 'Rust Hound', kind: 'monster', size: 'medium', hitDice: 6, hitDieSize: 8, proficiency: 2,
      abilities: { str: 14, dex: 15, con: 12, int: 3, wis: 12, cha: 7 }, ac: 13, hp: 33, speed: { walk: 40 },
      saves: ['dex'], skills: { perception: 'proficient' }, senses: { darkvision: 60 }, immune: ['acid'],
      attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', bonus: 4, reachFeet: 5, damage: '2d4 + 2 + 1d4 acid', damageType: 'piercing', addAbilityToDamage: false }],
      actions: [{ id: 'corroding-howl', name: 'Corroding Howl', cost: 'action', recharge: { min: 5 }, targets: { rangeFeet: 15 }, effects: [{ kind: 'save', ability: 'con', dc: 11, fail: [{ kind: 'damage', dice: '2d8', type: 'acid' }], success: [{ kind: 'damage', dice: '2d8', type: 'acid', half: true }] }] }],
    });
    expect(r.creatures[0]!.meta).toEqual({ source: 'text-5e', cr: '1', type: 'monstrosity' });
    expect(r.creatures[0]!.text).toEqual([{ field: 'line 14', text: 'trait Keen Nose: stays text', words: 'The hound has advantage on Wisdom (Perception) checks that rely on smell.' }]);
  });

  it('the same block into Five Torches Deep keeps the main dice and leaves the types to the GM', () => {
    const c = importCreatures(sample('5e-block.txt'), { ruleset: 'five-torches-deep' }).creatures[0]!;
    expect(c.statBlock).toEqual({
      name: 'Rust Hound', kind: 'monster', abilities: { str: 14, dex: 15, con: 12, int: 3, wis: 12, cha: 7 }, ac: 13, hp: 33, hd: 6, speed: 40, darksight: 'sight',
      attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', damage: '2d4+2', bonus: 4, addMod: false, reach: 5 }],
    });
    expect(c.text).toContainEqual({ field: 'line 16', text: 'Bite: its extra damage (1d4) stays with the GM' });
  });

  it('two 13th Age blocks: level and role, initiative, defenses, natural-roll triggers, miss damage, a mook', () => {
    const r = importCreatures(sample('13a-block.txt'));
    expect(r.ruleset).toBe('13th-age');
    const [ghast, rat] = r.creatures;
    expect(ghast!.statBlock).toEqual({
      kind: 'monster', name: 'Ditch Ghast', level: 3, category: 'large', size: 'large', initiative: 6, ac: 18, pd: 16, md: 12, hp: 90,
      attacks: [
        { id: 'rending-claws', name: 'Rending Claws', kind: 'melee', vs: 'AC', bonus: 8, damage: '9', basic: true, miss: '3', triggers: [{ when: { and: ['roll:natural:even', { or: ['outcome:hit', 'outcome:crit'] }] }, effects: [{ kind: 'ongoing', amount: '4' }] }] },
        { id: 'grave-spit', name: 'Grave Spit', kind: 'ranged', vs: 'PD', bonus: 7, damage: '8', damageType: 'negative energy', triggers: [{ when: { gte: ['roll:natural', 16] }, effects: [{ kind: 'condition', condition: 'weakened', duration: 'end-of-next-turn' }] }] },
      ],
    });
    expect(ghast!.meta).toEqual({ source: 'text', role: 'wrecker', type: 'undead', level: 3 });
    expect(ghast!.text).toEqual([
      { field: 'line 5', text: "Rending Claws: '(2 attacks)' stays with the GM" },
      { field: 'line 12', text: 'Stench: stays text' },
    ]);
    expect(rat!.statBlock).toEqual({ kind: 'monster', name: 'Gutter Rat Swarmling', level: 1, category: 'mook', initiative: 4, ac: 15, pd: 13, md: 10, hp: 7, attacks: [{ id: 'nibbles', name: 'Nibbles', kind: 'melee', vs: 'AC', bonus: 6, damage: '4', basic: true }] });
  });

  it('a Five Torches Deep block', () => {
    const r = importCreatures(sample('ftd-block.txt'));
    expect(r.ruleset).toBe('five-torches-deep');
    expect(r.creatures[0]!.statBlock).toEqual({
      name: 'Cave Howler', kind: 'monster', hd: 2, ac: 13, hp: 11, speed: 40, moraleBonus: 1, darksight: 'echolocation',
      abilities: { str: 14, dex: 13, con: 12, int: 4, wis: 11, cha: 6 },
      attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', damage: '1d6+2', bonus: 4, addMod: false }, { id: 'spit', name: 'Spit', kind: 'ranged', damage: '1d4', bonus: 3, addMod: false, range: 30 }],
    });
    expect(r.creatures[0]!.text).toEqual([{ field: 'line 7', text: "'Howls before it charges.' stays text" }]);
  });
});

describe('a 5e block pasted with Markdown emphasis', () => {
  it('reads the same numbers as the plain block', () => {
    const md = sample('5e-block.txt').split('\n').map((l, i) => {
      if (i === 0) return `## ${l}`;
      if (/^(Armor Class|Hit Points|Speed|Saving Throws|Skills|Damage Immunities|Senses|Challenge)/.test(l)) return l.replace(/^([A-Z][a-z]+(?: [A-Z][a-z]+)?)/, '**$1**');
      if (/^(Keen Nose|Bite|Corroding Howl)/.test(l)) return `***${l.replace('. ', '.*** ')}`;
      if (l === 'Actions') return '### Actions';
      return l;
    }).join('\n');
    expect(md).toContain('**Armor Class** 13 (natural armor)');
    expect(importCreatures(md).creatures[0]!.statBlock).toEqual(importCreatures(sample('5e-block.txt')).creatures[0]!.statBlock);
  });
});
