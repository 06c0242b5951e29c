// The simulator's lean 13th Age turn policy (packages/sim/src/policy/lean-13a.ts) against the policy
// it stands in for, written on the rules' own legal commands: on states from fights played with
// random legal commands (engaging, disengaging, rallying, attacking anyone in reach), and on those
// states with a condition, a spent action, a failed disengage, a rally used, a hidden or far-away
// foe added, it issues the very command the reference issues (same target, same policy-stream
// draws), and that command is in `legalCommands`' list.
import { seeded } from '@fray/dice';
import { cloneJson, currentCreatureId, legalCommands, type Command, type CreatureState, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { engagedFoes } from '@fray/ruleset-13th-age';
import { describe, expect, it } from 'vitest';
import { LEAN_13A_POLICY as RULES_POLICY_NAME } from '../../rulesets/13th-age/src/sim/compile';
import { fightStart, isUp, recordedAuthority, simPoliciesFor, simRuntime, simulate, type PolicyRng, type SimPolicies, type SimScenario, type TargetStrategy } from '../src/index';
import { LEAN_13A_POLICY, lean13aTurnPolicy } from '../src/policy/lean-13a';
import { compiled13aCase, type Compiled13aCase } from './13a-compiled-fixtures';

type Action = Command & { type: 'takeAction'; actorId: string; action: string; targets?: string[] };
interface SheetAttack { id: string; kind: string; action: string; maxTargets: number; flexible?: unknown }
const attacksOf = (c: CreatureState): SheetAttack[] => (c.sheet as unknown as { attacks: SheetAttack[] }).attacks;
const hurt = (c: CreatureState) => c.hp / Math.max(1, c.maxHp);

/**
 * The lean policy's rules, read off `legalCommands`: a staggered PC with a recovery left takes the
 * rally it is offered; a creature whose signature attack (the first the rules ever list) is melee
 * attacks a hostile still up that it has a legal melee attack on (its first), else, engaged with no
 * hostile still up, takes an offered engage on a hostile still up, else an offered disengage; any
 * other creature takes its first legal attack on a hostile still up. Targets as `legalTurnPolicy`
 * picks them, over the candidates in encounter order.
 */
function referencePolicy(target: TargetStrategy): SimPolicies['chooseCommand'] {
  return (state: EncounterState, ruleset: LoadedRuleset, rng: PolicyRng): Command | null => {
    const current = currentCreatureId(state);
    if (!current) return null;
    const legal = legalCommands(state, { role: 'gm' }, ruleset);
    const endTurn = legal.find((c) => c.type === 'endTurn') ?? null;
    const me = state.creatures[current]!;
    if (!isUp(me)) return endTurn;
    const mine = legal.filter((c): c is Action => c.type === 'takeAction' && (c as Action).actorId === current);
    const rally = mine.find((c) => c.action === 'rally');
    if (rally && me.hp * 2 <= me.maxHp && (me.resources['recoveries'] ?? 0) > 0) return rally;
    const attacks = attacksOf(me);
    const kindOf = (action: string) => attacks.find((a) => a.id === action)?.kind;
    // the first listed command per hostile still up, in encounter order
    const firstPer = (fits: (c: Action) => boolean): Command | null => {
      const by = new Map<string, Action>();
      for (const c of mine) {
        const t = c.targets?.[0];
        const tc = t === undefined ? undefined : state.creatures[t];
        if (!tc || tc.side === me.side || !isUp(tc) || by.has(tc.id) || !fits(c)) continue;
        by.set(tc.id, c);
      }
      const ids = state.creatureIds.filter((id) => by.has(id));
      if (!ids.length) return null;
      if (target === 'random') return by.get(ids[rng.int(ids.length)]!)!;
      let best = ids[0]!;
      for (const id of ids) {
        const c = state.creatures[id]!;
        const b = state.creatures[best]!;
        if (hurt(c) < hurt(b) || (hurt(c) === hurt(b) && c.hp < b.hp)) best = id;
      }
      return by.get(best)!;
    };
    const signature = attacks.find((a) => !a.flexible && a.action === 'standard' && a.maxTargets >= 1);
    if (signature?.kind === 'melee') {
      const melee = firstPer((c) => kindOf(c.action) === 'melee');
      if (melee) return melee;
      if (engagedFoes(state, current).some((id) => state.creatures[id]!.side !== me.side && isUp(state.creatures[id]!))) return endTurn;
      return firstPer((c) => c.action === 'engage') ?? mine.find((c) => c.action === 'disengage') ?? endTurn;
    }
    return firstPer((c) => attacks.some((a) => a.id === c.action)) ?? endTurn;
  };
}

/** A policy stream that records its draws. */
function streamRng(seed: string): PolicyRng & { draws: number[] } {
  const s = seeded(seed);
  const draws: number[] = [];
  return { draws, int: (n) => { const x = s.next(n) - 1; draws.push(x); return x; } };
}

const CONDITIONS = ['grabbed', 'stunned', 'hampered', 'confused', 'stuck', 'helpless', 'dazed', 'unconscious'];

/** The state with one thing about the current creature or a foe changed, so the lean policy's every question is asked. */
function variant(state: EncounterState, pick: ReturnType<typeof seeded>): EncounterState {
  const s = cloneJson(state);
  const me = s.creatures[currentCreatureId(s)!]!;
  const foes = s.creatureIds.filter((id) => s.creatures[id]!.side !== me.side);
  const foe = s.creatures[foes[pick.next(foes.length) - 1]!]!;
  switch (pick.next(10)) {
    case 1: me.conditions.push({ instanceId: 'x#1', conditionId: CONDITIONS[pick.next(CONDITIONS.length) - 1]!, source: null, duration: { kind: 'untilRemoved' } }); break;
    case 2: me.resources[['standard', 'move'][pick.next(2) - 1]!] = 0; break;
    case 3: me.resources['standard'] = 0; me.resources['move'] = 0; break;
    case 4: me.vars['disengageFailed'] = true; break;
    case 5: me.tallies['rallies'] = 1; break;
    case 6: me.resources['recoveries'] = 0; me.hp = Math.max(1, Math.floor(me.maxHp / 2)); break;
    case 7: foe.hidden = true; break;
    case 8: {
      // 13A-POS-3: the foe far away (a GM-set band), so engaging it takes both actions
      const space = zonesIn(s);
      if (space.engagements[me.id]?.includes(foe.id)) break;
      const [low, high] = me.id < foe.id ? [me.id, foe.id] : [foe.id, me.id];
      (space.pairBands[low] ??= {})[high] = 'far away';
      break;
    }
    case 9: {
      // engaged only with foes who are down (13A-HP-5): engaged with the foe, and every foe it is engaged with unconscious
      const space = zonesIn(s);
      const living = foes.filter((id) => s.creatures[id]!.status !== 'dead');
      const other = living[pick.next(Math.max(1, living.length)) - 1];
      if (other !== undefined && !space.engagements[me.id]?.includes(other)) {
        space.engagements[me.id] = [...(space.engagements[me.id] ?? []), other].sort();
        space.engagements[other] = [...(space.engagements[other] ?? []), me.id].sort();
      }
      for (const id of space.engagements[me.id] ?? []) if (s.creatures[id]!.side !== me.side) Object.assign(s.creatures[id]!, { status: 'unconscious', hp: 0 });
      break;
    }
    default: me.hp = Math.max(1, Math.floor(me.maxHp / 2)); break;
  }
  return s;
}

/** The state's zone space, made (as the rules make it, every creature still alive placed) when there is none yet. */
function zonesIn(s: EncounterState): { pairBands: Record<string, Record<string, string>>; engagements: Record<string, string[]> } {
  const space = (s.space ?? { kind: 'zones', bands: ['engaged', 'nearby', 'far away'], defaultBand: 'nearby', creatures: {}, engagements: {}, pairBands: {} }) as unknown as {
    creatures: Record<string, { zone: null }>; pairBands: Record<string, Record<string, string>>; engagements: Record<string, string[]>;
  };
  for (const id of s.creatureIds) if (s.creatures[id]!.status !== 'dead') space.creatures[id] ??= { zone: null };
  s.space = space as never;
  return space;
}

const CASES: Compiled13aCase[] = ['marsh', 'scrappers', 'skirmish', 'mixed', 'brawl', 'three-sides'];

describe('the lean 13th Age turn policy', () => {
  for (const which of CASES) {
    it(`13A-ENGAGE-1 13A-ENGAGE-2 13A-ENGAGE-6 13A-HEAL-5 issues the reference's command, which legalCommands lists, on random states of ${which}`, () => {
      const sc = compiled13aCase(which);
      const rt = simRuntime(sc);
      const pick = seeded(`pick ${which}`);
      const kinds = new Set<string>();
      let checked = 0;
      for (let fight = 0; fight < 20 && checked < 1500; fight++) {
        const auth = recordedAuthority(rt, fightStart(sc.start, which, fight), () => {});
        for (let step = 0; step < 300 && auth.state.phase !== 'ended'; step++) {
          const state: EncounterState = auth.state;
          const legal = legalCommands(state, { role: 'gm' }, sc.ruleset);
          if (!state.pending && state.phase === 'combat') {
            for (const s of [state, variant(state, pick)]) {
              const legalHere = s === state ? legal : legalCommands(s, { role: 'gm' }, sc.ruleset);
              for (const target of ['weakest', 'random'] as const) {
                const a = streamRng(`rng ${fight} ${step}`);
                const b = streamRng(`rng ${fight} ${step}`);
                const lean = lean13aTurnPolicy(target)(s, sc.ruleset, a);
                const ref = referencePolicy(target)(s, sc.ruleset, b);
                expect(lean).toEqual(ref);
                expect(a.draws).toEqual(b.draws);
                if (lean) expect(legalHere).toContainEqual(lean);
                kinds.add(lean?.type === 'takeAction' ? (['rally', 'engage', 'disengage'].includes((lean as Action).action) ? (lean as Action).action : 'attack') : String(lean?.type));
                checked++;
              }
            }
          }
          if (legal.length === 0) break;
          // mostly the policy's own commands, sometimes anything the rules list
          const chosen = pick.next(3) === 1 ? null : lean13aTurnPolicy('random')(state, sc.ruleset, { int: (n) => pick.next(n) - 1 });
          const cmd: Command = chosen ?? legal[pick.next(legal.length) - 1]!;
          const r = auth.issue(`t${step}`, cmd);
          if (!r.ok && cmd.type !== 'endTurn') auth.issue(`t${step}e`, { type: 'endTurn' });
        }
      }
      expect(checked).toBeGreaterThan(600);
      expect([...kinds].sort()).toEqual(['attack', 'disengage', 'endTurn', 'engage', 'rally']);
    });
  }

  it('gives the same aggregates as the reference for the same seed (the marsh, random and weakest targets)', () => {
    for (const target of ['random', 'weakest'] as const) {
      const base = compiled13aCase('marsh', target);
      const ref: SimScenario = { ...base, policies: { chooseCommand: referencePolicy(target), prompts: base.policies.prompts } };
      const onEngine: SimScenario = { ...base, policies: { chooseCommand: base.policies.chooseCommand, prompts: base.policies.prompts } };
      expect(simulate(onEngine, { n: 60, seed: 'lean' })).toEqual(simulate(ref, { n: 60, seed: 'lean' }));
    }
  });

  it('is the simulator\'s 13th Age policy, described by a name the compiled fight checks for', () => {
    expect(LEAN_13A_POLICY).toBe(RULES_POLICY_NAME);
    expect(simPoliciesFor('13th-age', 'random').compiled).toEqual({ target: 'random', prompts: 'sim', policy: LEAN_13A_POLICY });
    expect(simPoliciesFor('a5e', 'random').compiled).toEqual({ target: 'random', prompts: 'sim' });
  });
});
