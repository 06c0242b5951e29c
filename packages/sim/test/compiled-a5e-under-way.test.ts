import { describe, expect, it } from 'vitest';
import { Encounter, type EncounterState, type FrayEvent } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { fightDice, fightPolicyRng, fightStart, runRange, totalPolicy, type FightRecord, type SimScenario } from '../src/index';
import { compiledCase, type CompiledCase } from './a5e-compiled-fixtures';
import { compareFights, engineRecord } from './compare-fights';

/** The state after the simulator's own policies have issued `commands` commands from a fresh fight (startCombat first), on the engine with seeded dice. */
function playedOn(scenario: SimScenario, commands: number, seed: string): EncounterState {
  const answer = totalPolicy(scenario.policies.prompts);
  const { version: _v, undoable: _u, pending: _p, ...core } = fightStart(scenario.start, seed, 0);
  const on = Encounter.fromEvents([{ type: 'EncounterStarted', encounter: core, seq: 0, commandId: 'setup' }], { ruleset: a5eRuleset, policy: answer });
  if (!on.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } }).ok) throw new Error('startCombat refused');
  const rng = fightPolicyRng(seed, 0);
  for (let i = 0; i < commands; i++) {
    if (on.state.phase !== 'combat') break;
    const cmd = scenario.policies.chooseCommand(on.state, a5eRuleset, rng);
    if (!cmd) break;
    const r = on.dispatch({ id: `c${i}`, issuedBy: { role: 'gm' }, command: cmd });
    if (!r.ok && !on.dispatch({ id: `e${i}`, issuedBy: { role: 'gm' }, command: { type: 'endTurn' } }).ok) break;
  }
  return on.state;
}

const refusal = (state: EncounterState): string | null => {
  const r = a5eRuleset.compileFight!(state, { target: 'weakest', prompts: 'sim', maxRounds: 50 });
  return 'unsupported' in r ? r.unsupported : null;
};

describe('the compiled A5E fight from a fight under way plays the engine\'s fights', () => {
  it('A5E-INIT-1 A5E-ACT-3 A5E-DYING-3 A5E-DYING-4 A5E-DYING-6 A5E-DMG-5 A5E-DMG-6 A5E-POS-8 from states the policies reached (the order and round, whose turn with its attacks left, the dying with their tallies, the stable, the dead, prone, strife, reactions, shields given up): fight by fight, the same tally', () => {
    const cases: CompiledCase[] = ['standard', 'boss', 'party', 'table', 'captain', 'relentless'];
    const seen = new Set<string>();
    let states = 0;
    for (const which of cases) {
      for (const target of ['random', 'weakest'] as const) {
        const scenario = compiledCase(which, target);
        for (const commands of [0, 3, 9, 16, 30, 45]) {
          const seed = `${which}-${target}-${commands}`;
          const start = playedOn(scenario, commands, seed);
          if (start.phase !== 'combat') continue;
          const why = refusal(start);
          if (why !== null) {
            // the only states refused are ones the kernel names as outside it
            expect(why, `${seed}`).toMatch(/strife|prone on its turn|droppedOnTurn/);
            seen.add('refused');
            continue;
          }
          const r = compareFights({ ...scenario, start }, seed, 0, 25);
          expect(r.compiled + r.handedBack, seed).toBe(25);
          expect(r.compiled, seed).toBeGreaterThan(18);
          states++;
          const current = start.creatures[start.order[start.turnIndex]!.creatureId]!;
          for (const id of start.creatureIds) {
            const c = start.creatures[id]!;
            if (c.status !== 'conscious') seen.add(c.status);
            if (c.status === 'conscious' && c.conditions.some((x) => x.conditionId === 'prone')) seen.add('prone');
            if (c.conditions.some((x) => x.conditionId === 'strife')) seen.add('strife');
            if ((c.resources['reaction'] ?? 1) < 1) seen.add('reaction spent');
            if (c.vars['shieldSacrificed'] === true || c.vars['critBlockUsed'] === true) seen.add('crit turned aside');
            if ((c.tallies['deathSaveSuccesses'] ?? 0) + (c.tallies['deathSaveFailures'] ?? 0) > 0) seen.add('death saves');
          }
          if ((current.resources['action'] ?? 0) < 1) seen.add('acted');
          if ((current.resources['attacksLeft'] ?? 0) > 0) seen.add('attacks left');
          if (start.round > 1) seen.add('later round');
        }
      }
    }
    expect(states).toBeGreaterThan(40);
    expect([...seen].sort()).toEqual(expect.arrayContaining(['acted', 'attacks left', 'crit turned aside', 'dead', 'death saves', 'dying', 'later round', 'stable', 'strife']));
  });

  it('A5E-DMG-19 A5E-HP-10 temporary hit points take damage first, fresh or under way, and massive damage counts the whole blow', () => {
    for (const which of ['party', 'relentless'] as const) {
      const scenario = compiledCase(which, 'random');
      const s = scenario.start;
      const ward = (st: EncounterState, amount: number): EncounterState => ({
        ...st, creatures: Object.fromEntries(st.creatureIds.map((id) => [id, { ...st.creatures[id]!, tempHp: st.creatures[id]!.side === 'party' ? amount : 0 }])),
      });
      const fresh = compareFights({ ...scenario, start: ward(s, 9) }, `temp-${which}`, 0, 150);
      expect(fresh.compiled + fresh.handedBack).toBe(150);
      expect(fresh.compiled).toBeGreaterThan(120);
      const under = playedOn(scenario, 3, `temp-${which}-3`);
      const r = compareFights({ ...scenario, start: ward(under, 6) }, `temp-under-${which}`, 0, 80);
      expect(r.compiled).toBeGreaterThan(60);
    }
  });

  it('A5E-DMG-19 recorded from a fight under way with temporary hit points: every die, d20 test and damage row is the engine\'s own event', () => {
    const scenario = compiledCase('party', 'random');
    const under = playedOn(scenario, 4, 'rec-under');
    const start = { ...under, creatures: { ...under.creatures, fighter: { ...under.creatures['fighter']!, tempHp: 7 } } };
    const sc = { ...scenario, start };
    const engineLogs = new Map<number, unknown[]>();
    runRange(sc, { seed: 'rec-under', from: 0, to: 60, mode: 'recorded', engine: true, onRecord: (r) => engineLogs.set(r.fight, engineRecord(r.events as FrayEvent[])) });
    const records: FightRecord[] = [];
    runRange(sc, { seed: 'rec-under', from: 0, to: 60, mode: 'recorded', onRecord: (r) => records.push(r) });
    let compiled = 0;
    for (const r of records) {
      if (r.path === 'engine') continue;
      compiled++;
      expect(r.events, `fight ${r.fight}`).toEqual(engineLogs.get(r.fight));
      expect(r.dice).toEqual(fightDice('rec-under', r.fight).getState());
    }
    expect(compiled).toBeGreaterThan(50);
    expect(records.some((r) => r.events.some((e) => e.type === 'DamageApplied' && e.absorbed > 0))).toBe(true);
  });

  it('what a fight under way holds beyond the kernel stays on the engine, by name', () => {
    const start = playedOn(compiledCase('party', 'random'), 3, 'refuse');
    expect(refusal(start)).toBeNull();
    const f = start.creatures['fighter']!;
    const withFighter = (c: typeof f) => ({ ...start, creatures: { ...start.creatures, fighter: c } });
    expect(refusal(withFighter({ ...f, conditions: [...f.conditions, { instanceId: 'x', conditionId: 'restrained', source: null, duration: { kind: 'untilRemoved' } }] }))).toMatch(/fighter: the condition 'restrained'/);
    expect(refusal(withFighter({ ...f, conditions: [...f.conditions, { instanceId: 'p', conditionId: 'prone', source: null, duration: { kind: 'turns', creatureId: 'fighter', boundary: 'end', count: 1 } as never }] }))).toMatch(/'prone' with a duration/);
    expect(refusal(withFighter({ ...f, conditions: [...f.conditions, { instanceId: 's', conditionId: 'strife', source: null, duration: { kind: 'untilRemoved' }, level: 4 }] }))).toMatch(/strife 4/);
    expect(refusal(withFighter({ ...f, vars: { ...f.vars, droppedOnTurn: 1 } }))).toMatch(/droppedOnTurn/);
    expect(refusal({ ...start, order: start.order.map((e, i) => (i === 0 ? { ...e, delayed: true } : e)) })).toMatch(/delayed/);
    expect(refusal({ ...start, space: { kind: 'grid' } as never })).toMatch(/map/);
    expect(refusal({ ...start, vars: { 'a5e.world.recharging': {} } })).toMatch(/encounter vars/);
    // an environment the kernel plays (kernel-environment.ts) is no refusal under way; one it does not is, by its entry's name
    expect(refusal({ ...start, options: { environment: 'storm' } })).toBeNull();
    expect(refusal({ ...start, options: { environment: 'swamp' } })).toBeNull();
    expect(refusal({ ...start, options: { environment: 'fog', environmentDisable: ['thick-fog'] } })).toMatch(/Shadow Puppet \(A5E-WORLD-30\)/);
  });
});
