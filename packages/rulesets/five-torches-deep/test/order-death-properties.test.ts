import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, currentCreatureId, type CreatureSetup, type EncounterState } from '@fray/engine';
import { arbSeed } from '@fray/testkit';
import { ftdRuleset } from '../src/index';
import { TestTable, fight, gob, gobSheet, sheetWith } from './fixtures';

const ids = (s: EncounterState) => s.order.map((e) => e.creatureId);
const current = (s: EncounterState) => currentCreatureId(s)!;

/** Gobs with random DEX scores (ties roll off from the seed). */
const arbDex = fc.array(fc.integer({ min: 6, max: 16 }), { minLength: 2, maxLength: 6 });
const gobs = (dex: number[]): CreatureSetup[] =>
  dex.map((d, i) => gob(`g${i}`, { side: i % 2 ? 'foes' : 'party', sheet: sheetWith(gobSheet(), { abilities: { str: 8, dex: d, con: 10, int: 8, wis: 8, cha: 6 } }) }));

function started(seed: number, dex: number[]): Encounter {
  const enc = Encounter.create({ id: 'ftd-order', seed, options: { moraleTriggers: false }, creatures: gobs(dex) }, { ruleset: ftdRuleset });
  const r = enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
  if (!r.ok) throw new Error(r.error.message);
  return enc;
}

let n = 0;
const gm = (enc: Encounter, command: Record<string, unknown>) => enc.dispatch({ id: `c${n++}`, issuedBy: { role: 'gm' }, command: command as never });

describe('INIT properties', () => {
  it('FTD-INIT-2 with no delays the order never changes, and every round the turns come in that order', () => {
    fc.assert(fc.property(arbSeed, arbDex, fc.integer({ min: 1, max: 40 }), (seed, dex, turns) => {
      const enc = started(seed, dex);
      const first = ids(enc.state);
      // highest DEX first (FTD-INIT-1)
      const scores = first.map((id) => dex[Number(id.slice(1))]!);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const seen: string[] = [];
      for (let i = 0; i < turns; i++) {
        seen.push(current(enc.state));
        expect(gm(enc, { type: 'endTurn' }).ok).toBe(true);
        expect(ids(enc.state)).toEqual(first);
      }
      expect(seen).toEqual(Array.from({ length: turns }, (_, i) => first[i % first.length]));
    }), { numRuns: 60 });
  });

  it('FTD-INIT-3 delays reorder only the delayers: everyone else keeps its relative order all fight', () => {
    const arbSteps = fc.array(fc.oneof(fc.constant<'end'>('end'), fc.nat()), { minLength: 1, maxLength: 40 });
    fc.assert(fc.property(arbSeed, arbDex, arbSteps, (seed, dex, steps) => {
      const enc = started(seed, dex);
      const first = ids(enc.state);
      const delayers = new Set<string>();
      for (const step of steps) {
        const me = current(enc.state);
        const later = ids(enc.state).slice(ids(enc.state).indexOf(me) + 1);
        if (step === 'end' || later.length === 0) {
          expect(gm(enc, { type: 'endTurn' }).ok).toBe(true);
        } else {
          expect(gm(enc, { type: 'ftd.delay', creatureId: me, after: later[step % later.length]! }).ok).toBe(true);
          delayers.add(me);
        }
        const steady = (order: string[]) => order.filter((id) => !delayers.has(id));
        expect(steady(ids(enc.state))).toEqual(steady(first));
        expect([...ids(enc.state)].sort()).toEqual([...first].sort());
      }
      if (delayers.size === 0) expect(ids(enc.state)).toEqual(first);
    }), { numRuns: 60 });
  });
});

describe('DEATH properties', () => {
  /** Odo (6 HP) drops to the gob's natural 20 in round `round`; Brenna maybe stabilizes him `after` rounds later. */
  function dropOdo(round: number): TestTable {
    const t = fight();
    while (t.state.round < round) t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:20 d6:4' });
    expect(t.creature('odo').status).toBe('dying');
    return t;
  }

  it('FTD-DEATH-2 a downed creature dies exactly when its minute (or the fight, if longer) closes, unless stabilized first', () => {
    const arbCase = fc.record({
      dropRound: fc.integer({ min: 1, max: 6 }),
      fightRounds: fc.integer({ min: 0, max: 14 }),
      stabilizeAfter: fc.option(fc.integer({ min: 0, max: 14 }), { nil: undefined }),
      waits: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 8 }),
    });
    fc.assert(fc.property(arbCase, ({ dropRound, fightRounds, stabilizeAfter, waits }) => {
      const t = dropOdo(dropRound);
      const deadline = (dropRound + 9) * 6;
      let stabilized = false;
      for (let r = 0; r <= fightRounds; r++) {
        if (r > 0) {
          const target = t.state.round + 1;
          while (t.state.round < target) t.run({ type: 'endTurn' });
        }
        // FTD-DEATH-2: no one dies of their wounds while the fight goes on
        expect(t.creature('odo').status).toBe(stabilized ? 'conscious' : 'dying');
        if (stabilizeAfter === r && !stabilized && t.state.round > dropRound) {
          // Brenna's turn opens each round: DC 11 WIS check (18 + 1 + 2), then the injury table's 20 (FTD-DEATH-3, FTD-INJURY-5)
          t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:18 d20:20 d8:2' });
          stabilized = true;
          expect(t.creature('odo')).toMatchObject({ status: 'conscious', hp: 3 });
        }
      }
      t.run({ type: 'ftd.endFight' });
      const fightOver = t.state.round * 6;
      expect(t.creature('odo').status).toBe(stabilized ? 'conscious' : fightOver >= deadline ? 'dead' : 'dying');
      let clock = fightOver;
      for (const w of waits) {
        t.run({ type: 'ftd.passTime', seconds: w });
        clock += w;
        expect(t.state.clockSeconds).toBe(clock);
        expect(t.creature('odo').status).toBe(stabilized ? 'conscious' : t.state.clockSeconds >= deadline ? 'dead' : 'dying');
      }
    }), { numRuns: 60 });
  });

  it('FTD-DEATH-2 the exact boundary: dropped in round 2, alive at 65 s, dead at 66 s', () => {
    const t = dropOdo(2);
    t.run({ type: 'ftd.endFight' });
    expect(t.state.clockSeconds).toBe(12);
    t.run({ type: 'ftd.passTime', seconds: 53 });
    expect(t.creature('odo').status).toBe('dying');
    const ev = t.run({ type: 'ftd.passTime', seconds: 1 });
    expect(TestTable.ofType(ev, 'RuleApplied').map((r) => r.text)).toEqual(['Odo dies: not stabilized within the minute']);
    expect(t.creature('odo').status).toBe('dead');
  });
});
