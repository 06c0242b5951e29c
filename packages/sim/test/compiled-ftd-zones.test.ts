import { describe, expect, it } from 'vitest';
import { Encounter, buildSpace, type EncounterState, type FrayEvent, type MapSetup } from '@fray/engine';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import { fightDice, fightPolicyRng, fightStart, runRange, simPoliciesFor, totalPolicy, type FightRecord, type SimScenario, type TargetStrategy } from '../src/index';
import { ftdCompiledCase } from './ftd-compiled-fixtures';
import { compareFights, engineRecord } from './compare-fights';
import { contentBlock } from './content';

const block = (file: string) => contentBlock('five-torches-deep', `${file}.yaml`);

type Placed = { id: string; side: string; sheet: string; zone?: string };

/** A Five Torches Deep fight in zones, its battle begun (startCombat, nobody calls morale). */
function zonesFight(id: string, creatures: Placed[], zones: Extract<MapSetup, { zones: unknown }>['zones'], seed: string, options: Record<string, unknown> = {}): EncounterState {
  const setup = creatures.map((c) => ({ id: c.id, side: c.side, sheet: block(c.sheet) }));
  const { space } = buildSpace({ zones }, creatures.map((c) => ({ id: c.id, at: c.zone === undefined ? undefined : { zone: c.zone }, size: 'medium' })), ftdRuleset.zoneBands);
  const policy = totalPolicy(simPoliciesFor('five-torches-deep').prompts);
  const enc = Encounter.create({ id, seed, space: space as never, creatures: setup as never, options: options as never }, { ruleset: ftdRuleset, policy: (p, s) => (p.key === 'ftd.morale.call' ? 'no' : policy(p, s)) });
  const r = enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
  if (!r.ok) throw new Error(r.error.message);
  return enc.state;
}

/** The state after the simulator's own policies have issued `commands` commands from `start` (seeded dice): a fight under way, drops and engagements included. */
function playedOn(scenario: SimScenario, commands: number, seed: string): EncounterState {
  const answer = totalPolicy(scenario.policies.prompts);
  const { version: _v, undoable: _u, pending: _p, ...core } = fightStart(scenario.start, seed, 0);
  const on = Encounter.fromEvents([{ type: 'EncounterStarted', encounter: core, seq: 0, commandId: 'setup' }], { ruleset: ftdRuleset, policy: answer });
  const rng = fightPolicyRng(seed, 0);
  for (let i = 0; i < commands; i++) {
    const cmd = scenario.policies.chooseCommand(on.state, ftdRuleset, rng);
    if (!cmd) break;
    const r = on.dispatch({ id: `c${i}`, issuedBy: { role: 'gm' }, command: cmd });
    if (!r.ok && !on.dispatch({ id: `e${i}`, issuedBy: { role: 'gm' }, command: { type: 'endTurn' } }).ok) break;
  }
  return on.state;
}

const policies = (target: TargetStrategy) => simPoliciesFor('five-torches-deep', target);
const from = (start: EncounterState, target: TargetStrategy = 'weakest'): SimScenario => ({ ruleset: ftdRuleset, start, policies: policies(target) });

/** The web table's fight in the odds E2E: crypt-ambush's four in one zone, ranged from each other. */
const cryptAmbush = () => zonesFight('crypt', [
  { id: 'wren', side: 'party', sheet: 'wren' }, { id: 'ilka', side: 'party', sheet: 'ilka' },
  { id: 'gob', side: 'raiders', sheet: 'gloomgob' }, { id: 'brute', side: 'raiders', sheet: 'tusk-brute' },
], {}, 'crypt', { moraleTriggers: true });

/** Two named zones (nobody engages across them), one pair at far range (no ranged attack reaches), one pair engaged from the start. */
const twoRooms = () => zonesFight('rooms', [
  { id: 'sable', side: 'party', sheet: 'sable', zone: 'stairs' }, { id: 'wren', side: 'party', sheet: 'wren', zone: 'door' }, { id: 'corvin', side: 'party', sheet: 'corvin', zone: 'door' },
  { id: 'slinger', side: 'gobs', sheet: 'gloomgob-slinger', zone: 'stairs' }, { id: 'gob', side: 'gobs', sheet: 'gloomgob', zone: 'door' }, { id: 'hound', side: 'gobs', sheet: 'mire-hound', zone: 'door' },
], { engaged: [['wren', 'gob']], apart: [{ between: ['sable', 'hound'], band: 'far' }] }, 'rooms');

describe('the compiled Five Torches Deep fight in zones and under way plays the engine\'s fights', () => {
  it('FTD-ACT-5 FTD-ATK-4 FTD-ATK-5 FTD-POS-5 FTD-POS-6 the web table\'s fight in zones after startCombat: fight by fight, the same tally as the engine, nothing handed back', () => {
    for (const target of ['weakest', 'random'] as const) {
      const r = compareFights(from(cryptAmbush(), target), `crypt-${target}`, 0, 200);
      expect([r.compiled, r.handedBack]).toEqual([200, 0]);
      // the beasts engage before they bite: movement actions spent
      expect(r.tally.spent.some((s) => (s['movement'] ?? 0) > 0)).toBe(true);
      expect(r.tally.attacks).toBeGreaterThan(0);
    }
  });

  it('FTD-POS-5 FTD-POS-8 named zones, a far pair and an engagement from the start', () => {
    const r = compareFights(from(twoRooms(), 'random'), 'rooms', 0, 200);
    expect([r.compiled, r.handedBack]).toEqual([200, 0]);
  });

  it('FTD-DEATH-1 FTD-DEATH-2 fights under way, in zones and without a map, from states the policies reached (the dying, the dead, actions spent, engagements)', () => {
    const starts: [string, SimScenario][] = [
      ['crypt', from(cryptAmbush(), 'random')], ['rooms', from(twoRooms(), 'random')],
      ['delvers', ftdCompiledCase('delvers', 'random')], ['warband', ftdCompiledCase('warband', 'weakest')], ['dim', ftdCompiledCase('dim', 'random')],
    ];
    let states = 0;
    const seen = new Set<string>();
    for (const [name, scenario] of starts) {
      const fresh = scenario.start.phase === 'setup' ? { ...scenario, start: startedOnEngine(scenario) } : scenario;
      for (const commands of [1, 3, 7, 12, 20]) {
        const start = playedOn(fresh, commands, `${name}-${commands}`);
        if (start.phase !== 'combat' || start.pending) continue;
        const r = compareFights({ ...scenario, start }, `${name}-${commands}`, 0, 60);
        expect([r.compiled, r.handedBack], `${name} after ${commands} commands`).toEqual([60, 0]);
        states++;
        const current = start.creatures[start.order[start.turnIndex]!.creatureId]!;
        if (start.creatureIds.some((id) => start.creatures[id]!.status === 'dying')) seen.add('dying');
        if ((current.resources['active'] ?? 0) < 1) seen.add('acted');
        if ((current.resources['movement'] ?? 0) < 1) seen.add('moved');
        if (Object.values((start.space as { engagements?: Record<string, string[]> } | null)?.engagements ?? {}).some((e) => e.length)) seen.add('engaged');
        if (start.round > 1) seen.add('later round');
      }
    }
    expect(states).toBeGreaterThan(15);
    expect([...seen].sort()).toEqual(['acted', 'dying', 'engaged', 'later round', 'moved']);
  });

  it('FTD-INIT-1 FTD-ATK-1 FTD-DEATH-3 recorded: every die, d20 test and damage row is the engine\'s own event, in zones and under way', () => {
    for (const [name, scenario] of [['crypt', from(cryptAmbush(), 'random')], ['rooms', from(twoRooms(), 'weakest')]] as const) {
      const engineLogs = new Map<number, unknown[]>();
      runRange(scenario, { seed: name, from: 0, to: 60, mode: 'recorded', engine: true, onRecord: (r) => engineLogs.set(r.fight, engineRecord(r.events as FrayEvent[])) });
      const records: FightRecord[] = [];
      const tally = runRange(scenario, { seed: name, from: 0, to: 60, mode: 'recorded', onRecord: (r) => records.push(r) });
      expect(tally.compiled).toBe(60);
      for (const r of records) {
        expect(r.events, `${name} fight ${r.fight}`).toEqual(engineLogs.get(r.fight));
        expect(r.dice).toEqual(fightDice(name, r.fight).getState());
      }
      const kinds = new Set(records.flatMap((r) => r.events.map((e) => (e.type === 'TestResolved' ? `${e.kind} ${e.breakdown.dice}` : e.type))));
      // ranged attacks in melee or at close range roll two d20s
      expect(kinds.has('attack 2d20kl1')).toBe(true);
    }
  });

  it('what the zones fight does not model stays on the engine: a grid, creatures not placed', () => {
    const start = cryptAmbush();
    const spec = { target: 'weakest' as const, prompts: 'sim', maxRounds: 50 };
    const refusal = (state: EncounterState) => {
      const r = ftdRuleset.compileFight!(state, spec);
      return 'unsupported' in r ? r.unsupported : null;
    };
    expect(refusal(start)).toBeNull();
    expect(refusal({ ...start, space: { kind: 'grid' } as never })).toMatch(/grid/);
    const space = start.space as { creatures: Record<string, unknown> };
    const { brute: _b, ...rest } = space.creatures;
    expect(refusal({ ...start, space: { ...space, creatures: rest } as never })).toMatch(/placed/);
    expect(refusal({ ...start, turnIndex: -1 })).toMatch(/under way/);
  });
});

/** A fresh scenario's state after startCombat on the engine (with the simulator's prompt answers). */
function startedOnEngine(scenario: SimScenario): EncounterState {
  const { version: _v, undoable: _u, pending: _p, ...core } = scenario.start;
  const enc = Encounter.fromEvents([{ type: 'EncounterStarted', encounter: core, seq: 0, commandId: 'setup' }], { ruleset: ftdRuleset, policy: totalPolicy(scenario.policies.prompts) });
  const r = enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
  if (!r.ok) throw new Error(r.error.message);
  return enc.state;
}
