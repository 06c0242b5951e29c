// The mini ruleset's compiled fight (packages/rulesets/mini/src/sim) against the engine, fight by fight:
// every fight it keeps adds exactly what the engine's fast path adds for the same seed (issue 16).
import { describe, expect, it } from 'vitest';
import { Encounter, loadRuleset, type CompiledFight, type CreatureSetup, type EncounterSetup, type EncounterState, type FightOutcome } from '@fray/engine';
import { miniRuleset, miniRulesetDef } from '@fray/testkit';
import {
  compileScenario, compiledPathOf, fightPolicyRng, fightStart, runRange, scenarioFromSetup, shapeOf, simPoliciesFor, totalPolicy,
  type SimScenario, type TargetStrategy,
} from '../src/index';
import { comparable, compareFights } from './compare-fights';
import { skirmishSetup } from './fixtures';

type Sheet = { name: string; hp: number; ac: number; attackBonus: number; damage: string; damageType?: string; initiativeBonus?: number; dexSave?: number; resist?: string[]; immune?: string[]; vulnerable?: string[] };
const who = (id: string, side: string, sheet: Sheet, extra: Partial<CreatureSetup> = {}): CreatureSetup => ({ id, side, sheet, ...extra });
const setup = (id: string, creatures: CreatureSetup[], extra: Partial<EncounterSetup> = {}): EncounterSetup => ({ id, seed: id, creatures, ...extra });
const scenario = (s: EncounterSetup, target: TargetStrategy = 'weakest', maxRounds?: number): SimScenario =>
  scenarioFromSetup(s, miniRuleset, simPoliciesFor('mini', target), maxRounds === undefined ? {} : { maxRounds });

const ana: Sheet = { name: 'Ana', hp: 24, ac: 16, attackBonus: 5, damage: '1d8+3', initiativeBonus: 2, dexSave: 2 };
const bram: Sheet = { name: 'Bram', hp: 18, ac: 14, attackBonus: 4, damage: '1d10+2', damageType: 'piercing', initiativeBonus: 1 };
const ogre: Sheet = { name: 'Ogre', hp: 30, ac: 11, attackBonus: 5, damage: '2d6+3', damageType: 'bludgeoning', initiativeBonus: -1, dexSave: -1 };
const goblin = (name: string): Sheet => ({ name, hp: 7, ac: 13, attackBonus: 4, damage: '1d6+2', damageType: 'piercing', initiativeBonus: 2, dexSave: 2 });

/** Conditions that touch rolls and damage, on both sides: the demo's blessed PC and prone goblin, and more. */
const conditionsCase = setup('conditions', [
  who('ana', 'party', ana, { tags: ['pc'], controller: 'seat-ana', conditions: [{ id: 'weary', level: 2 }] }),
  who('bram', 'party', bram, { tags: ['pc'], conditions: [{ id: 'blessed' }, { id: 'heroism' }] }),
  who('ogre', 'foes', ogre, { conditions: [{ id: 'prone' }, { id: 'stoneskin' }] }),
  who('snag', 'foes', goblin('Snag'), { conditions: [{ id: 'poisoned' }] }),
  who('grib', 'foes', goblin('Grib'), { conditions: [{ id: 'dodging' }] }),
]);

/** Defences by type, damage of another type, totals that can be 0 or below, plain constants, dice of several sizes. */
const damageCase = setup('damage', [
  who('ana', 'party', { ...ana, damage: '1d6+1d4+1', damageType: 'fire', resist: ['slashing'] }, { tags: ['pc'] }),
  who('bram', 'party', { ...bram, damage: '1d4-2', vulnerable: ['bludgeoning'] }, { tags: ['pc'] }),
  who('wisp', 'party', { name: 'Wisp', hp: 9, ac: 12, attackBonus: 3, damage: '3', damageType: 'cold' }),
  who('ogre', 'foes', { ...ogre, immune: ['fire'], resist: ['piercing'] }),
  who('imp', 'foes', { name: 'Imp', hp: 12, ac: 15, attackBonus: 6, damage: '1d4 fire', vulnerable: ['cold'] }),
]);

/** Three sides, ties on initiative (everyone +0) rolled off, counts the GM set for two, a hidden creature nobody may target, a PC already down. */
const rosterCase = setup('roster', [
  who('ana', 'party', { ...ana, initiativeBonus: 0 }, { tags: ['pc'], initiative: 14 }),
  who('bram', 'party', { ...bram, initiativeBonus: 0 }, { tags: ['pc'], hp: 0, status: 'unconscious' }),
  who('snag', 'goblins', { ...goblin('Snag'), initiativeBonus: 0 }),
  who('grib', 'goblins', { ...goblin('Grib'), initiativeBonus: 0 }, { initiative: 14 }),
  who('lurk', 'goblins', { ...goblin('Lurk'), initiativeBonus: 0 }, { hidden: true }),
  who('ogre', 'ogres', { ...ogre, initiativeBonus: 0 }),
  who('ox', 'ogres', { ...ogre, name: 'Ox', hp: 20, initiativeBonus: 0 }),
]);

/** The state after the simulator's own policies issued `commands` commands after startCombat (seeded dice): a fight under way. */
function playedOn(s: SimScenario, commands: number, seed: string): EncounterState {
  const { version: _v, undoable: _u, pending: _p, ...core } = fightStart(s.start, seed, 0);
  const enc = Encounter.fromEvents([{ type: 'EncounterStarted', encounter: core, seq: 0, commandId: 'setup' }], { ruleset: miniRuleset, policy: totalPolicy(s.policies.prompts) });
  const rng = fightPolicyRng(seed, 0);
  if (!enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } }).ok) throw new Error('startCombat refused');
  for (let i = 0; i < commands; i++) {
    const cmd = s.policies.chooseCommand(enc.state, miniRuleset, rng);
    if (!cmd) break;
    const r = enc.dispatch({ id: `c${i}`, issuedBy: { role: 'gm' }, command: cmd });
    if (!r.ok && !enc.dispatch({ id: `e${i}`, issuedBy: { role: 'gm' }, command: { type: 'endTurn' } }).ok) break;
  }
  return enc.state;
}

const bothTargets = ['weakest', 'random'] as const;

describe('the compiled mini fight plays the engine\'s fights', () => {
  it('two PCs against an ogre and two goblins: fight by fight the same tally as the engine, nothing handed back', () => {
    for (const target of bothTargets) {
      const r = compareFights(scenario(skirmishSetup, target), `skirmish-${target}`, 0, 300);
      expect([r.compiled, r.handedBack]).toEqual([300, 0]);
      expect(r.tally.attacks).toBeGreaterThan(300 * 4);
      expect(r.tally.drops.reduce((a, b) => a + b, 0)).toBeGreaterThan(300);
    }
  });

  it('conditions read into every roll: weary levels, blessed and heroism add up, prone and dodging targets, a prone or poisoned attacker, stoneskin against the blows', () => {
    for (const target of bothTargets) {
      const r = compareFights(scenario(conditionsCase, target), `conditions-${target}`, 0, 300);
      expect([r.compiled, r.handedBack]).toEqual([300, 0]);
    }
  });

  it('damage through each target\'s defences: resistance, immunity, vulnerability, totals of 0 and below, constants, crits doubling only the dice', () => {
    for (const target of bothTargets) {
      const r = compareFights(scenario(damageCase, target), `damage-${target}`, 0, 300);
      expect([r.compiled, r.handedBack]).toEqual([300, 0]);
      // some blows did nothing (immune, or a total below 1) and some were crits
      expect(r.tally.attacks).toBeGreaterThan(300 * 5);
    }
  });

  it('three sides, initiative ties rolled off over counts the GM set, a hidden goblin nobody may target, a PC down from the start (dropped, never dead)', () => {
    for (const target of bothTargets) {
      const r = compareFights(scenario(rosterCase, target), `roster-${target}`, 0, 300);
      expect([r.compiled, r.handedBack]).toEqual([300, 0]);
      expect(r.tally.drops[1]).toBe(300);
      expect(r.tally.deaths[1]).toBe(0);
    }
  });

  it('round limits: fights still going when the limit comes are draws in the same round', () => {
    const r = compareFights(scenario(rosterCase, 'random', 3), 'limit', 0, 200);
    expect([r.compiled, r.handedBack]).toEqual([200, 0]);
    expect(r.tally.draws).toBeGreaterThan(100);
    expect(r.tally.rounds[3]).toBeGreaterThan(100);
  });

  it('fights under way, from states the simulator\'s own policies reached: the order, round and whose turn as they stand, that creature\'s action spent or not, the fallen out', () => {
    let states = 0;
    for (const base of [skirmishSetup, conditionsCase, damageCase, rosterCase]) {
      for (const target of bothTargets) {
        for (const commands of [1, 2, 5, 9, 14, 23]) {
          const start = playedOn(scenario(base, target), commands, `${base.id}-${commands}`);
          if (start.phase !== 'combat') continue;
          const s: SimScenario = { ruleset: miniRuleset, start, policies: simPoliciesFor('mini', target) };
          const r = compareFights(s, `${base.id}-${target}-${commands}`, 0, 40);
          expect([r.compiled, r.handedBack], `${base.id} after ${commands}`).toEqual([40, 0]);
          states++;
        }
      }
    }
    expect(states).toBe(48);
  });

  it('the run-time check: a simulation of a mini fight checks its first fights on the engine and plays the rest compiled, with the engine\'s results', () => {
    const s = scenario(conditionsCase, 'random');
    const t = runRange(s, { seed: 'check', from: 0, to: 200 });
    expect([t.checked, t.mismatched, t.compiled, t.fallbacks]).toEqual([4, 0, 200, 0]);
    expect(compiledPathOf(s)).toBe('compiled');
    expect(comparable(t)).toEqual(comparable(runRange(s, { seed: 'check', from: 0, to: 200, engine: true })));
  });

  it('the run-time check catches a mini kernel that plays a rule differently (a hit one point harder), and the simulation falls back to the engine', () => {
    const base = scenario(skirmishSetup, 'weakest');
    const ruleset = Object.create(miniRuleset, {
      compileFight: {
        value: (state: EncounterState, spec: Parameters<NonNullable<typeof miniRuleset.compileFight>>[1]) => {
          const fight = miniRuleset.compileFight!(state, spec);
          if ('unsupported' in fight) return fight;
          const play: CompiledFight['play'] = (dice, policy, out: FightOutcome) => {
            if (!fight.play(dice, policy, out)) return false;
            if (out.taken[2]! > 0) out.taken[2]!++;
            return true;
          };
          return Object.create(fight, { play: { value: play } }) as CompiledFight;
        },
      },
    }) as typeof miniRuleset;
    const s = { ...base, ruleset };
    const t = runRange(s, { seed: 'wrong', from: 0, to: 40 });
    expect(t.mismatched).toBe(1);
    expect(t.compiled).toBeLessThan(4);
    expect(comparable(t)).toEqual(comparable(runRange(s, { seed: 'wrong', from: 0, to: 40, engine: true })));
    expect(compiledPathOf(s)).toMatchObject({ unsupported: expect.stringMatching(/^the compiled fight differed from the engine \(fight \d+: taken\)/) });
  });
});

describe('the compiled mini fight admits by what it models and names the rest', () => {
  const why = (s: EncounterSetup, policies = simPoliciesFor('mini')) => {
    const sc = scenarioFromSetup(s, miniRuleset, policies);
    const c = compileScenario(sc, shapeOf(sc.start));
    return 'unsupported' in c ? c.unsupported : 'compiled';
  };
  const pair = (extra: Partial<CreatureSetup>, sheet: Partial<Sheet> = {}) => setup('refused', [who('ana', 'party', { ...ana, ...sheet }, { tags: ['pc'], ...extra }), who('ogre', 'foes', ogre)]);

  it('refuses, by name, conditions with effects it does not play and conditions that run out', () => {
    expect(why(pair({ conditions: [{ id: 'burning' }] }))).toBe("ana: burning: its 'ongoing' effect");
    expect(why(pair({ conditions: [{ id: 'paralyzed' }] }))).toMatch(/^ana: (paralyzed: its 'autoFail' effect|incapacitated: its 'forbid' effect)$/);
    expect(why(pair({ conditions: [{ id: 'weary', level: 3 }] }))).toBe("ana: weary at level 3: its 'flag' effect");
    expect(why(pair({ conditions: [{ id: 'dodging', duration: { kind: 'nextTurn', creatureId: 'ana', boundary: 'start' } }] }))).toBe("ana: dodging lasts 'turns' (conditions that run out are played on the engine)");
    // a fallen creature's conditions change nothing: it only ends its turns
    expect(why(pair({ hp: 0, status: 'unconscious', conditions: [{ id: 'burning' }] }))).toBe('compiled');
  });

  it('refuses temporary hit points, vars, tallies, tags the rules read, options and a ruleset with other rules', () => {
    expect(why(pair({ tempHp: 3 }))).toBe('ana: temporary hit points');
    expect(why(pair({ tags: ['pc', 'no-initiative'] }))).toBe("ana: the tag 'no-initiative'");
    expect(why(pair({ tallies: { shoves: 1 } }))).toBe('ana: tallies');
    expect(why(pair({}, { damage: '1d6 fire + 2' }))).toBe('ana: damage of several types (1d6 fire + 2)');
    const { compiled: _c, ...custom } = simPoliciesFor('mini');
    expect(why(pair({}), custom)).toBe('the policies are not ones a ruleset can compile');
    const other = loadRuleset({ ...miniRulesetDef, hooks: [...miniRulesetDef.hooks] });
    const sc = scenarioFromSetup(pair({}), other, simPoliciesFor('mini'));
    expect(compileScenario(sc, shapeOf(sc.start))).toEqual({ unsupported: 'the Mini (kernel test ruleset) rules have no compiled fight' });
  });
});
