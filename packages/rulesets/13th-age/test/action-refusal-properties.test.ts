import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, currentCreatureId, type Command, type Json, type PromptPolicy } from '@fray/engine';
import { arbSeed, refusalWalk, type RefusalWalkStep } from '@fray/testkit';
import { thirteenthAgeRuleset as R } from '../src/index';
import { kira, ostin, brute, grunt } from './fixtures';

const policy: PromptPolicy = (p) => p.default;
const ids = ['kira', 'ostin', 'vex', 'brute', 'g1', 'g2'];
/** '$current' is whoever's turn it is when the step runs, '$previous' the one before it in the order (who just delayed or readied). */
const who = fc.constantFrom('$current', '$current', '$previous', ...ids);
const someone = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constant('nobody') });

/** The actions answered by their own query; the attacks by id are the attack query's (attack-properties). */
const actions = ['stabilize', 'potion', 'comeBack', 'teleport', 'popFree', 'release', 'check', 'engage', 'disengage', 'moveAway', 'rally'];
const arbOptions: fc.Arbitrary<Record<string, Json>> = fc.record({
  farAway: fc.boolean(), closeQuarters: fc.boolean(),
  ability: fc.constantFrom('str', 'dex', 'wis', 'luck', 7),
  purpose: fc.constantFrom('speed', 'stealth', 'dicey move'),
  background: fc.constantFrom('healer', 'soldier'),
}, { requiredKeys: [] });

/** Every command the queries answer: the actions above and the player-facing commands, aimed anywhere, some at nobody. */
const arbProbe: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ actorId: who, action: fc.constantFrom(...actions), targets: fc.uniqueArray(someone, { maxLength: 3 }), options: arbOptions })
    .map(({ actorId, ...rest }) => ({ type: 'takeAction', actorId, ...rest }) as Command) },
  { weight: 2, arbitrary: fc.record({ actorId: fc.constantFrom('$current', '$current', '$previous'), action: fc.constantFrom('stabilize', 'potion'), target: fc.constantFrom('kira', 'ostin', 'vex') })
    .map(({ actorId, action, target }) => ({ type: 'takeAction', actorId, action, targets: [target] }) as Command) },
  { weight: 1, arbitrary: who.map((creatureId) => ({ type: '13a.delay', creatureId }) as Command) },
  { weight: 1, arbitrary: who.map((creatureId) => ({ type: '13a.actNow', creatureId }) as Command) },
  { weight: 2, arbitrary: fc.record({ creatureId: who, attack: fc.constantFrom('longsword', 'staff', 'unarmed', 'spear', 'club', 'wand'), targets: fc.uniqueArray(someone, { minLength: 1, maxLength: 2 }) })
    .map((c) => ({ type: '13a.ready', ...c, trigger: 'a foe steps close' }) as Command) },
  { weight: 2, arbitrary: fc.record({ creatureId: who, before: someone }).map((c) => ({ type: '13a.takeReadied', ...c }) as Command) },
  { weight: 1, arbitrary: who.map((creatureId) => ({ type: '13a.fightInSpirit', creatureId, story: 'a shout from the floor' }) as Command) },
  { weight: 1, arbitrary: who.map((creatureId) => ({ type: '13a.proposeFlee', creatureId }) as Command) },
);

/** The GM shaping the fight: PCs down (unconscious, dying), stuck or grabbed creatures, spent recoveries, conditions that bar acting. */
const arbTweak: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ creatureId: fc.constantFrom('kira', 'ostin', 'vex', '$current'), hp: fc.constantFrom(-4, 0, 3) }).map((c) => ({ type: 'gm.setHp', ...c }) as Command),
  fc.record({ creatureId: fc.constantFrom('kira', 'ostin', 'vex'), status: fc.constantFrom('unconscious', 'unconscious', 'dead', 'conscious') }).map((c) => ({ type: 'gm.setStatus', ...c }) as Command),
  fc.constantFrom('kira', 'ostin', 'vex').map((creatureId) => ({ type: 'gm.setStatus', creatureId, status: 'unconscious' }) as Command),
  fc.record({ creatureId: who, conditionId: fc.constantFrom('stuck', 'stunned', 'helpless', 'stabilized', 'confused', 'hampered') }).map((c) => ({ type: 'gm.addCondition', ...c }) as Command),
  fc.record({ creatureId: who, grabber: who }).map(({ creatureId, grabber }) => ({ type: 'gm.addCondition', creatureId, conditionId: 'grabbed', data: { grabber } }) as Command),
);

type Step = RefusalWalkStep;
const arbSteps = fc.array(fc.oneof(
  { weight: 4, arbitrary: fc.nat({ max: 1000 }).map((pick): Step => ({ pick })) },
  { weight: 3, arbitrary: arbTweak.map((tweak): Step => ({ tweak })) },
  { weight: 6, arbitrary: arbProbe.map((probe): Step => ({ probe })) },
), { minLength: 20, maxLength: 80, size: 'max' });

function aimed(enc: Encounter, c: Command): Command {
  const current = currentCreatureId(enc.state) ?? 'kira';
  const order = enc.state.order.map((e) => e.creatureId);
  const previous = order[(order.indexOf(current) + order.length - 1) % Math.max(1, order.length)] ?? 'kira';
  return JSON.parse(JSON.stringify(c).replaceAll('"$current"', JSON.stringify(current)).replaceAll('"$previous"', JSON.stringify(previous))) as Command;
}

describe('13th Age refusal queries against dispatch', () => {
  it('13A-DYING-8 13A-HEAL-7 13A-POS-3 13A-TELE-1 13A-ENGAGE-11 13A-GRAB-1 13A-SPEC-5 13A-INIT-6 13A-INIT-9 13A-SPEC-1 13A-SPEC-4 in random fights (PCs down and stabilized, recoveries spent, readied and delaying creatures, far away, engaged, grabbed, stuck), commandRefusal13a answers every action and player-facing command with random targets and options exactly as dispatch does, in its words', () => {
    fc.assert(fc.property(arbSeed, arbSteps, (seed, steps) => {
      const enc = Encounter.create({ id: '13a-refusals', seed, creatures: [kira({ hp: 18 }), ostin({ hp: 12 }), kira({ id: 'vex', controller: 'seat-vex', hp: 30 }), brute(), grunt('g1'), grunt('g2')] }, { ruleset: R, policy });
      enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
      expect(refusalWalk(enc, R, steps, aimed)).toEqual([]);
    }), { numRuns: Number(process.env.MENU_RUNS ?? 100) });
  });
});
