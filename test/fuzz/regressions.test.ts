import { describe, expect, it } from 'vitest';
import { DiceLimitError, distribution } from '@fray/dice';
import { legalCommands, type Command, type CommandRejected, type Encounter } from '@fray/engine';
import { fightTables, fingerprint, foldMatches, type FuzzTable } from './tables';

// One test per class of issue 19 not covered by its own file (prototype-names, command-sweep,
// packages/testkit/test/bad-input, loaders): each failed before its fix.

const tables = Object.fromEntries(fightTables().map((t) => [t.name, t])) as Record<string, FuzzTable>;

function started(t: FuzzTable): Encounter {
  const enc = t.create(3);
  for (let i = 0; i < 8 && enc.state.phase !== 'combat' || enc.state.pending; i++) {
    const [next] = legalCommands(enc.state, { role: 'gm' }, t.ruleset);
    if (!next) break;
    enc.dispatch({ id: `s${i}`, issuedBy: { role: 'gm' }, command: next });
  }
  return enc;
}

let n = 0;
function refused(enc: Encounter, command: Command): CommandRejected {
  const before = fingerprint(enc);
  const r = enc.dispatch({ id: `r${n++}`, issuedBy: { role: 'gm' }, command });
  if (r.ok) throw new Error(`${JSON.stringify(command)} was accepted`);
  expect(fingerprint(enc)).toBe(before);
  return r.error;
}

function accepted(enc: Encounter, command: Command): void {
  const r = enc.dispatch({ id: `a${n++}`, issuedBy: { role: 'gm' }, command });
  if (!r.ok) throw new Error(`${JSON.stringify(command)} was refused: ${r.error.code}: ${r.error.message}`);
  expect(foldMatches(enc)).toBe(true);
}

describe('class 4: dice text in commands is checked at the edge', () => {
  const a5e = () => started(tables['a5e']!);
  const id = (enc: Encounter) => enc.state.creatureIds[0]!;
  it('a5e.heal with 1d6*2 or 1001d6 is malformed, naming the dice', () => {
    const enc = a5e();
    expect(refused(enc, { type: 'a5e.heal', creatureId: id(enc), dice: '1d6*2' })).toMatchObject({ code: 'malformed', path: ['command', 'dice'] });
    expect(refused(enc, { type: 'a5e.heal', creatureId: id(enc), dice: '1001d6' }).message).toContain("bad dice '1001d6'");
    expect(refused(enc, { type: 'a5e.heal', creatureId: id(enc), dice: '101d6' }).message).toContain('a command rolls at most 100');
    accepted(enc, { type: 'a5e.heal', creatureId: id(enc), dice: '2d4+2' });
  });

  it('a5e.damage and a5e.ongoingDamage refuse dice the parser refuses', () => {
    const enc = a5e();
    expect(refused(enc, { type: 'a5e.damage', creatureId: id(enc), damage: '1000000d1000000' }).code).toBe('malformed');
    expect(refused(enc, { type: 'a5e.ongoingDamage', creatureId: id(enc), damage: 'd' }).code).toBe('malformed');
  });

  it('ftd.check with 1000000d1000000 damage is malformed', () => {
    const enc = started(tables['five-torches-deep']!);
    expect(refused(enc, { type: 'ftd.check', creatureId: enc.state.creatureIds[0]!, ability: 'dex', dc: 11, damage: '1000000d1000000' }).code).toBe('malformed');
  });
});

describe('class 6: conditions whose rules read data', () => {
  it('A5E-ACT-10 helped and A5E-DMG-8 ongoing damage need their data from the GM', () => {
    const enc = started(tables['a5e']!);
    const [a, b] = enc.state.creatureIds as [string, string];
    expect(refused(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'helped' })).toMatchObject({ code: 'condition-data-needed' });
    expect(refused(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'helped', data: { kind: 'attack', target: 'nobody' } }).code).toBe('unknown-creature');
    expect(refused(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'ongoing-damage' }).code).toBe('condition-data-needed');
    expect(refused(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'ongoing-damage', data: { damage: '1d6*2', name: 'x', endsWithAction: true } }).code).toBe('bad-condition-data');
    accepted(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'helped', data: { kind: 'attack', target: b } });
    accepted(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'ongoing-damage', data: { damage: '1d4 fire', name: 'burning', endsWithAction: true } });
    // Later legal play reads the data: a few turns go by without a crash.
    for (let i = 0; i < 12; i++) {
      const [next] = legalCommands(enc.state, { role: 'gm' }, tables['a5e']!.ruleset).filter((c) => c.type === 'endTurn' || c.type === 'answerPrompt');
      if (!next) break;
      accepted(enc, next);
    }
  });

  it('13A-GRAB-2 grabbed needs its grabber', () => {
    const enc = started(tables['13th-age']!);
    const [a, b] = enc.state.creatureIds as [string, string];
    expect(refused(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'grabbed' }).message).toBe('grabbed needs its data, e.g. data: { grabber: brute }');
    expect(refused(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'grabbed', data: { grabber: 7 } }).code).toBe('bad-condition-data');
    accepted(enc, { type: 'gm.addCondition', creatureId: a, conditionId: 'grabbed', data: { grabber: b } });
  });

  it('an unknown or built-in condition id is refused in every ruleset', () => {
    for (const t of Object.values(tables)) {
      for (const conditionId of ['sparkly', 'toString']) {
        const enc = started(t);
        expect([t.name, refused(enc, { type: 'gm.addCondition', creatureId: enc.state.creatureIds[0]!, conditionId }).code]).toEqual([t.name, conditionId === 'sparkly' ? 'unknown-condition' : 'malformed']);
      }
    }
  });
});

describe('class 11: exact distributions stay bounded', () => {
  it('500d4 + 500d6 + d10 is refused as too much work', () => {
    expect(() => distribution('500d4 + 500d6 + d10')).toThrow(DiceLimitError);
  });

  it('ordinary expressions still get their exact distribution', () => {
    expect(distribution('2d6').probability(7)).toBeCloseTo(6 / 36, 12);
    expect(distribution('100d6').min).toBe(100);
    expect(distribution('4d6dl1').max).toBe(18);
  });
});
