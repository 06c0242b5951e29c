import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, currentCreatureId, type Command, type Json, type PromptPolicy } from '@fray/engine';
import { arbSeed, refusalWalk, type RefusalWalkStep } from '@fray/testkit';
import { ftdRuleset as R } from '../src/index';
import { brenna, gob, odo, tusk, zones } from './fixtures';

const policy: PromptPolicy = (p) => (p.input.kind === 'choice' ? p.options[0]?.id : p.default);
const ids = ['brenna', 'odo', 'g1', 'tusk'];
/** '$current' is whoever's turn it is when the step runs, '$previous' the one before it in the order (who just readied or delayed); '$ally' (below) one of the current creature's allies. */
const who = fc.constantFrom('$current', '$current', '$previous', ...ids);
const someone = fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constant('nobody') });

/** The actions answered by their own query (the attack's options: attack-properties). */
const actions = ['ready', 'draw', 'cast', 'other', 'stabilize', 'heal', 'treat', 'attack', 'hide', 'retreat'];
const arbOptions: fc.Arbitrary<Record<string, Json>> = fc.record({
  trigger: fc.constantFrom('a foe comes close', '', 3),
  attack: fc.constantFrom('longsword', 'mace', 'spear', 'axe', 'shortbow', 'sling'),
  quick: fc.boolean(), concentration: fc.boolean(), spell: fc.constant('light'),
  method: fc.constantFrom('check', 'spell', 'heal', 'prayer'),
  dice: fc.constantFrom('2d6', '1d4+1', 'lots'),
  ability: fc.constantFrom('wis', 'int', 'luck'),
  dc: fc.constantFrom(8, 14),
}, { requiredKeys: [] });

/** Every command the queries answer: the actions above and the player-facing commands, aimed anywhere, some at nobody. */
const arbProbe: fc.Arbitrary<Command> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ actorId: who, action: fc.constantFrom(...actions), targets: fc.uniqueArray(someone, { maxLength: 2 }), options: arbOptions })
    .map(({ actorId, ...rest }) => ({ type: 'takeAction', actorId, ...rest }) as Command) },
  { weight: 2, arbitrary: fc.record({ actorId: fc.constantFrom('$current', '$previous'), action: fc.constantFrom('stabilize', 'stabilize', 'heal', 'treat'), target: fc.constantFrom('$ally', '$ally', ...ids), options: arbOptions })
    .map(({ actorId, action, target, options }) => ({ type: 'takeAction', actorId, action, targets: [target], options }) as Command) },
  { weight: 2, arbitrary: fc.record({ actorId: fc.constantFrom('$current', '$previous'), target: someone, attack: fc.option(fc.constantFrom('longsword', 'mace', 'spear', 'axe'), { nil: undefined }) })
    .map(({ actorId, target, attack }) => ({ type: 'takeAction', actorId, action: 'ready', targets: [target], options: { trigger: 'a foe comes close', ...(attack ? { attack } : {}) } }) as Command) },
  { weight: 1, arbitrary: fc.record({ creatureId: who, after: someone }).map((c) => ({ type: 'ftd.delay', ...c }) as Command) },
  { weight: 2, arbitrary: who.map((creatureId) => ({ type: 'ftd.trigger', creatureId }) as Command) },
  { weight: 1, arbitrary: fc.record({ creatureId: who, from: fc.constantFrom('active', 'movement'), to: fc.constantFrom('movement', 'quick') }).map((c) => ({ type: 'ftd.tradeDown', ...c }) as Command) },
  { weight: 1, arbitrary: fc.record({ creatureId: who, source: fc.constantFrom('torch', 'lantern'), douse: fc.boolean() }, { requiredKeys: ['creatureId', 'source'] }).map((c) => ({ type: 'ftd.lightSource', ...c }) as Command) },
  { weight: 1, arbitrary: fc.record({ creatureId: who, load: fc.constantFrom(5, 30) }).map((c) => ({ type: 'ftd.setLoad', ...c }) as Command) },
);

/** The GM shaping the fight: creatures at 0 HP and dying, conditions that bar acting or targeting, heavy loads, the light, the fight declared over. */
const arbTweak: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ creatureId: fc.constantFrom('brenna', 'odo', 'g1', '$current'), hp: fc.constantFrom(0, 0, 2) }).map((c) => ({ type: 'gm.setHp', ...c }) as Command) },
  { weight: 2, arbitrary: fc.record({ creatureId: fc.constantFrom('brenna', 'odo', 'g1'), status: fc.constantFrom('dying', 'dying', 'dead', 'escaped') }).map((c) => ({ type: 'gm.setStatus', ...c }) as Command) },
  { weight: 3, arbitrary: fc.record({ creatureId: who, conditionId: fc.constantFrom('exhausted', 'incapacitated', 'stealthed', 'concentrating', 'surrendered') }).map((c) => ({ type: 'gm.addCondition', ...c }) as Command) },
  { weight: 1, arbitrary: fc.record({ creatureId: who, load: fc.constantFrom(5, 30) }).map((c) => ({ type: 'ftd.setLoad', ...c }) as Command) },
  { weight: 1, arbitrary: fc.constantFrom('darkness', 'dim', 'brilliant').map((level) => ({ type: 'ftd.setLight', level }) as Command) },
  { weight: 1, arbitrary: fc.record({ creatureId: who, source: fc.constantFrom('torch', 'lantern') }).map((c) => ({ type: 'ftd.lightSource', ...c }) as Command) },
  { weight: 1, arbitrary: fc.constant({ type: 'ftd.endFight' } as Command) },
);

type Step = RefusalWalkStep;
const arbSteps = fc.array(fc.oneof(
  { weight: 4, arbitrary: fc.nat({ max: 1000 }).map((pick): Step => ({ pick })) },
  { weight: 2, arbitrary: arbTweak.map((tweak): Step => ({ tweak })) },
  { weight: 6, arbitrary: arbProbe.map((probe): Step => ({ probe })) },
), { minLength: 20, maxLength: 80, size: 'max' });

function aimed(enc: Encounter, c: Command): Command {
  const current = currentCreatureId(enc.state) ?? 'brenna';
  const order = enc.state.order.map((e) => e.creatureId);
  const previous = order[(order.indexOf(current) + order.length - 1) % Math.max(1, order.length)] ?? 'brenna';
  // '$ally': an ally of the current creature, a dying one first.
  const side = enc.state.creatures[current]?.side;
  const allies = enc.state.creatureIds.filter((x) => x !== current && enc.state.creatures[x]!.side === side);
  const ally = allies.find((x) => enc.state.creatures[x]!.status === 'dying') ?? allies[0] ?? current;
  const text = JSON.stringify(c).replaceAll('"$current"', JSON.stringify(current)).replaceAll('"$previous"', JSON.stringify(previous)).replaceAll('"$ally"', JSON.stringify(ally));
  return JSON.parse(text) as Command;
}

describe('Five Torches Deep refusal queries against dispatch', () => {
  it('FTD-ACT-1 FTD-ACT-2 FTD-ACT-3 FTD-ACT-4 FTD-ACT-7 FTD-ACT-8 FTD-DEATH-3 FTD-HEAL-3 FTD-HEAL-6 FTD-INIT-3 FTD-LIGHT-2 in random fights (dying creatures, readied and delaying ones, zones, stealth, exhaustion, loads, light, the fight over), ftdCommandRefusal answers every action and player-facing command with random targets and options exactly as dispatch does, in its words', () => {
    fc.assert(fc.property(arbSeed, arbSteps, fc.boolean(), (seed, steps, onZones) => {
      const enc = Encounter.create({
        id: 'ftd-refusals', seed, options: { moraleTriggers: true },
        ...(onZones ? { space: zones(ids, [['brenna', 'g1'], ['odo', 'g1']], [['odo', 'tusk']]) } : {}),
        creatures: [brenna(), odo(), gob('g1'), tusk('tusk')],
      }, { ruleset: R, policy });
      enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
      expect(refusalWalk(enc, R, steps, aimed)).toEqual([]);
    }), { numRuns: Number(process.env.MENU_RUNS ?? 100) });
  });
});
