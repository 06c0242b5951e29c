import { describe, expect, it } from 'vitest';
import { ContentError, describeHookOrder, legalCommands } from '@fray/engine';
import { ftdRuleset } from '../src/index';
import { brennaSheet, fight, gobSheet, table, brenna, gob, zones, odo } from './fixtures';

function problem(raw: unknown): { path: (string | number)[]; reason: string } {
  try {
    ftdRuleset.parseStatBlock(raw, 'test.yaml');
  } catch (e) {
    if (e instanceof ContentError) return { path: e.path, reason: e.reason };
    throw e;
  }
  throw new Error('accepted');
}

describe('stat blocks', () => {
  it('accepts the fixtures and fills defaults', () => {
    const s = ftdRuleset.parseStatBlock(gobSheet(), 'gob.yaml') as Record<string, unknown>;
    expect(s).toMatchObject({ kind: 'monster', speed: 30, load: 0, coins: 0, moraleBonus: 0, living: true, proficiency: 2 });
  });

  it('rejects bad content with the path to the problem', () => {
    expect(problem({ ...brennaSheet(), abilities: { str: 16, dex: 40, con: 1, int: 1, wis: 1, cha: 1 } }).path).toEqual(['abilities', 'dex']);
    expect(problem({ ...brennaSheet(), attacks: [{ id: 'bow', name: 'Bow', kind: 'ranged', damage: '1d6' }] })).toEqual({ path: ['attacks', 0, 'range'], reason: 'ranged and spell attacks need a range in feet' });
    expect(problem({ ...brennaSheet(), attacks: [{ id: 'a', name: 'A', kind: 'melee', damage: 'lots' }] }).path).toEqual(['attacks', 0, 'damage']);
    expect(problem({ ...brennaSheet(), attacks: [{ id: 'a', name: 'A', kind: 'melee', damage: '1d4' }, { id: 'a', name: 'B', kind: 'melee', damage: '1d4' }] })).toEqual({ path: ['attacks', 1, 'id'], reason: "duplicate attack id 'a'" });
    expect(problem({ ...gobSheet(), hp: 0 }).path).toEqual(['hp']);
    expect(problem({ ...gobSheet(), wings: true }).path).toEqual([]);
  });

  it('an encounter names the creature whose stat block is wrong', () => {
    expect(() => table([brenna({ sheet: { ...brennaSheet(), ac: -1 } })])).toThrow(/creatures.*0.*sheet.*ac/);
  });
});

describe('commands and the ruleset', () => {
  it('unknown actions and attacks are typed rejections', () => {
    const t = fight();
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'fly' }, 'unknown-action');
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'laser' } }, 'unknown-attack');
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: [] }, 'no-target');
    t.rejects({ type: 'ftd.passTime', seconds: 6 }, 'in-rounds');
    t.rejects({ type: 'ftd.rest', safe: true }, 'in-rounds');
    t.rejects({ type: 'ftd.chase', creatureIds: ['brenna'] }, 'malformed');
  });

  it('legal commands list each reachable attack, hiding, retreat and trading down for the current creature', () => {
    const t = table([brenna(), gob(), odo()], { space: zones(['brenna', 'gob', 'odo'], [['brenna', 'gob']]) });
    t.run({ type: 'startCombat' });
    const cmds = legalCommands(t.state, { role: 'gm' }, ftdRuleset);
    expect(cmds).toEqual([
      { type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'longsword' } },
      { type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } },
      { type: 'takeAction', actorId: 'brenna', action: 'hide' },
      { type: 'takeAction', actorId: 'brenna', action: 'retreat' },
      { type: 'ftd.tradeDown', creatureId: 'brenna', from: 'movement', to: 'quick' },
      { type: 'endTurn' },
    ]);
    expect(legalCommands(t.state, { role: 'player', seat: 'seat-odo' }, ftdRuleset)).toEqual([]);
  });

  it('prints its hook order', () => {
    expect(describeHookOrder(ftdRuleset.hooksByStage)).toContain('ftd.death.drop  [FTD-DEATH-1]');
  });
});
