import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Encounter, createZoneSpace, placeCreature, type Json } from '@fray/engine';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import { chooseFtdCommand, ftdDemoPromptPolicy } from '@fray/sim';
import { DEMO_MAX_COMMANDS, DEMO_SCENARIOS, demoCommand, playDemo, policiesFor } from '../src/commands/demo';
import { scenario } from './helpers';

const file = path.join(scenario('five-torches-deep'), 'barrow-skirmish.yaml');

describe('fray demo --ruleset five-torches-deep (the barrow skirmish)', () => {
  it('plays to the end with the scenario seed, the same every time, with morale called when the battle begins', () => {
    const first = demoCommand({ ruleset: 'five-torches-deep' });
    expect(first.exitCode).toBe(0);
    expect(demoCommand({ ruleset: 'five-torches-deep' }).output).toBe(first.output);
    // --scenario with the same file plays the same fight
    expect(demoCommand({ scenario: file }).output).toBe(first.output);
    const lines = first.output.split('\n');
    expect(lines[0]).toBe('Fray demo: scenarios/five-torches-deep/barrow-skirmish.yaml, seed 12 (replay with --seed 12)');
    expect(first.output).not.toContain('refused');
    expect(first.output).not.toContain('! stopped');
    // FTD-MORALE-4: the battle begins, the GM calls it; the leader rolls for the side (FTD-MORALE-5)
    expect(lines.slice(9, 12)).toEqual([
      'Combat starts.',
      '  The battle begins. Call a morale check? → Yes, one roll per side, by policy',
      'Ash Cultist makes a morale check: d20 11 + 0 + 1 morale bonus (HD) = 12 vs morale DC 11, success',
    ]);
    // a PC trained in healing stabilizes a dying ally, and the injury table follows (FTD-DEATH-3, FTD-INJURY)
    expect(lines).toContain('Wren the Warden makes a WIS check against Ilka Lampbearer: d20 15 + 1 + 2 proficiency bonus = 18 vs stabilize DC 11, success');
    expect(lines).toContain('  [FTD-INJURY-3] Ilka Lampbearer loses a hand');
    expect(lines.at(-1)).toBe('Winner: party (Wren the Warden 16/16 HP, Sable Quickfinger 1/11 HP, Ilka Lampbearer 1/9 HP)');
  });

  it('a broken morale sends the monsters fleeing: each retreats on its turn (seed 5)', () => {
    const lines = playDemo({ ruleset: 'five-torches-deep', seed: '5' }).lines;
    expect(lines).toContain('Ash Cultist makes a morale check: d20 1 + 0 + 1 morale bonus (HD) = 2 vs morale DC 11, failure (natural 1)');
    expect(lines).toContain('  Tunnel Ogre fails morale. Does it flee or surrender? → Flee, by policy');
    expect(lines).toContain('  [FTD-RETREAT-1] Ash Cultist retreats, using the whole turn');
    expect(lines).toContain('  [FTD-RETREAT-5] Ash Cultist escapes and leaves the initiative order');
    expect(lines.filter((l) => l.startsWith('Ash Cultist attacks'))).toEqual([]);
  });

  it('always ends within the round limit and never has a command refused, whatever the seed', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const run = playDemo({ ruleset: 'five-torches-deep', seed: String(seed) });
      expect(run.encounter.state.phase, `seed ${seed}`).toBe('ended');
      expect(run.encounter.state.round).toBeLessThanOrEqual(10);
      expect(run.commands).toBeLessThan(DEMO_MAX_COMMANDS);
      expect(run.lines.filter((l) => l.startsWith('!')), `seed ${seed}`).toEqual([]);
      expect(run.lines.filter((l) => l.includes('makes a morale check')).length, `seed ${seed}`).toBe(1);
    }
  });

  it('picks the FTD policies for an FTD scenario; --ruleset names a known demo and not with --scenario', () => {
    expect(policiesFor('five-torches-deep')).toEqual({ chooseCommand: chooseFtdCommand, prompts: ftdDemoPromptPolicy });
    expect(DEMO_SCENARIOS['five-torches-deep']).toBe(file);
    expect(demoCommand({ ruleset: 'nope' })).toMatchObject({ exitCode: 2, errorOutput: "fray demo: --ruleset: no demo for ruleset 'nope': pick one of a5e, mini, five-torches-deep, 13th-age, or play a file with --scenario" });
    expect(demoCommand({ ruleset: 'five-torches-deep', scenario: file })).toMatchObject({ exitCode: 2, errorOutput: 'fray demo: --ruleset: give --ruleset or --scenario, not both' });
  });
});

describe('FTD demo policies', () => {
  const sheet = (name: string, dex: number): Json => ({
    name, kind: 'monster', hd: 1, abilities: { str: 10, dex, con: 10, int: 10, wis: 10, cha: 10 }, ac: 12, hp: 6,
    attacks: [{ id: 'club', name: 'Club', kind: 'melee', damage: '1d4', bonus: 2, addMod: false }],
  });
  function apart(): Encounter {
    let space = createZoneSpace({ bands: ['close', 'ranged', 'far'] });
    for (const id of ['a', 'b', 'c']) space = placeCreature(space, id, { zone: 'hall' });
    const enc = Encounter.create({
      id: 'apart', seed: 1, options: { moraleTriggers: false }, space: space as unknown as Json,
      creatures: [{ id: 'a', side: 'one', sheet: sheet('A', 14) }, { id: 'b', side: 'two', sheet: sheet('B', 12) }, { id: 'c', side: 'two', sheet: sheet('C', 10) }],
    }, { ruleset: ftdRuleset });
    enc.dispatch({ id: 's', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
    return enc;
  }

  it('with no one in reach in zones, closes in on the weakest hostile, then attacks it', () => {
    const enc = apart();
    enc.dispatch({ id: 'hp', issuedBy: { role: 'gm' }, command: { type: 'gm.setHp', creatureId: 'c', hp: 3 } });
    const move = chooseFtdCommand(enc.state, ftdRuleset);
    expect(move).toEqual({ type: 'move', creatureId: 'a', to: { engage: 'c' } });
    expect(enc.dispatch({ id: 'm', issuedBy: { role: 'gm' }, command: move! }).ok).toBe(true);
    expect(chooseFtdCommand(enc.state, ftdRuleset)).toEqual({ type: 'takeAction', actorId: 'a', action: 'attack', targets: ['c'], options: { attack: 'club' } });
  });

  it('answers morale calls per side, flees on a failure, and asks a DEX check at DC 11 of a retreat', () => {
    const enc = apart();
    const ask = (key: string, options: string[]) => ftdDemoPromptPolicy({ id: 'p', key, to: { role: 'gm' }, about: null, text: '', input: { kind: 'choice' }, options: options.map((id) => ({ id, label: id })), default: options[0]! } as never, enc.state);
    expect(ask('ftd.morale.call', ['no', 'side', 'type', 'individual'])).toBe('side');
    expect(ask('ftd.morale.failure', ['flee', 'surrender'])).toBe('flee');
    expect(ask('ftd.retreat.check', ['none', 'str', 'dex'])).toBe('dex');
    expect(ask('ftd.retreat.dc', ['11', '8', '14', '17'])).toBe('11');
    expect(ask('ftd.edge', ['none', 'advantage'])).toBe('none');
  });
});
