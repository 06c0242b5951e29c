import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, currentCreatureId, type Command, type Json, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, commandFor, refusalDisagreements, refusalDisagreementsOn } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, goblin, ogre, rogue, wolf } from './flow-fixtures';
import { horse } from './movement-fixtures';
import { grid } from './world-fixtures';

const policy: PromptPolicy = (p) => (p.input.kind === 'choice' ? p.options[0]?.id : p.default);
const ids = ['ana', 'rue', 'fang', 'fang2', 'ogre', 'g1', 'g2', 'horse'];

/**
 * Ana with her horse and two wolves beside her, Rue and a goblin close by, the ogre and the other goblin
 * farther; tables at two squares (one beside Ana), loose rocks under Ana and Rue, mud under the goblins:
 * each world action finds its feature somewhere.
 */
const battlefield = () => grid(8, 8,
  { ana: [1, 2], rue: [3, 3, 'small'], fang: [0, 1], fang2: [0, 2], ogre: [2, 0, 'large'], g1: [2, 2, 'small'], g2: [6, 6, 'small'], horse: [0, 3, 'large'] },
  { tables: [{ x: 0, y: 0 }, { x: 2, y: 3 }], 'loose-rocks': [{ x: 1, y: 2 }, { x: 3, y: 3 }], 'tenacious-mud': [{ x: 2, y: 2 }, { x: 6, y: 6 }] });

/** A battlefield with every feature a world action uses: the manor's chandelier and tables, a boulder and loose rocks, stalactites, tenacious mud. */
const features: Record<string, Json> = { environment: 'manor', environmentInclude: ['boulder', 'loose-rocks', 'stalactites', 'tenacious-mud'], worldActionsPerRound: 0 };

/** What the GM may have set up before the fight: grapples, the mud's hold, ongoing damage, a creature down, conditions that bar acting. */
const arbSetup = fc.array(fc.oneof(
  fc.record({ kind: fc.constant('grapple' as const), creatureId: fc.constantFrom('$current', ...ids), source: fc.constantFrom(...ids) }),
  fc.record({ kind: fc.constant('mud' as const), creatureId: fc.constantFrom('$current', ...ids) }),
  fc.record({ kind: fc.constant('ongoing' as const), creatureId: fc.constantFrom('$current', ...ids), endsWithAction: fc.boolean() }),
  fc.record({ kind: fc.constant('down' as const), creatureId: fc.constantFrom('ana', 'rue') }),
  fc.record({ kind: fc.constant('condition' as const), creatureId: fc.constantFrom('$current', '$current', ...ids), conditionId: fc.constantFrom('prone', 'slowed', 'incapacitated', 'charmed', 'placid', 'restrained', 'stunned'), source: fc.constantFrom(...ids) }),
), { maxLength: 4 });

type Setup = typeof arbSetup extends fc.Arbitrary<(infer S)[]> ? S : never;

/** The GM's command for a setup step; `current` is whose turn it is, `hp` what a creature has left. */
function setupCommand(s: Setup, current: string, hp: (id: string) => number): Command {
  const who = (id: string) => (id === '$current' ? current : id);
  switch (s.kind) {
    case 'grapple': return { type: 'gm.addCondition', creatureId: who(s.creatureId), conditionId: 'grappled', source: s.source };
    case 'mud': return { type: 'gm.addCondition', creatureId: who(s.creatureId), conditionId: 'restrained', source: 'world:tenacious-mud' };
    case 'ongoing': return { type: 'a5e.ongoingDamage', creatureId: who(s.creatureId), damage: '1d4', damageType: 'fire', name: 'burning', endsWithAction: s.endsWithAction };
    // exactly its hit points: down and dying, not killed outright
    case 'down': return { type: 'a5e.damage', targets: [s.creatureId], damage: String(Math.max(1, hp(s.creatureId))), damageType: 'bludgeoning' };
    case 'condition': return { type: 'gm.addCondition', creatureId: who(s.creatureId), conditionId: s.conditionId, source: s.source };
  }
}

/**
 * Every way to try each action that had no refusal query before: no target, each creature (objects
 * included) alone, two at once; good options and bad ones.
 */
function tries(state: Encounter['state'], actor: string): Command[] {
  const take = (action: string, targets: string[] = [], options: Record<string, Json> = {}): Command => ({ type: 'takeAction', actorId: actor, action, targets, options });
  const each = (action: string, options: Record<string, Json> = {}) => [take(action, [], options), take(action, ['g1', 'g2'], options), ...state.creatureIds.map((t) => take(action, [t], options))];
  const other = actor === 'g1' ? 'g2' : 'g1';
  return [
    take('escape-grapple'), take('escape-grapple', [], { skill: 'acrobatics' }), take('escape-grapple', [], { skill: 'juggling' }),
    ...each('firstAid'),
    take('endOngoingDamage'), ...each('endOngoingDamage', { effect: 'burning' }), take('endOngoingDamage', [], { effect: 'frost' }),
    ...each('bash'),
    ...each('object-check', { ability: 'dex', dc: 12, task: 'open it' }), take('object-check', ['crate'], { ability: 'luck' }),
    take('tip-table'), take('tip-table', [], { x: 0, y: 0 }), take('tip-table', [], { x: 7, y: 7 }), take('tip-table', [], { x: 3, y: 3 }),
    take('roll-boulder'), take('roll-boulder', [other]), take('roll-boulder', [actor, other]),
    ...each('hurl-rock'),
    take('knock-stalactite', [other], { attack: 'shortbow' }), take('knock-stalactite', [], { attack: 'scimitar' }), take('knock-stalactite', [], { attack: 'nothing' }), take('knock-stalactite'),
    take('swing-chandelier'), take('swing-chandelier', [], { feet: 15 }), take('swing-chandelier', [], { feet: 100 }),
    take('pull-free'),
    ...each('press-the-attack'),
    ...state.creatureIds.map((t) => take('ready', [t], { trigger: 'the foe moves', readied: 'attack', readiedOptions: {} })),
    take('ready'), take('ready', [], { trigger: 'a door opens', readied: 'ready' }), take('ready', [], { trigger: 'a door opens', readied: 'move' }),
    take('ready', [], { trigger: 'a door opens', readied: 'move', to: { x: 3, y: 3 } }), take('ready', [], { trigger: 'a door opens', readied: 'cast-spell' }),
    take('ready', [], { trigger: 'a door opens', readied: 'cast-spell', spell: { name: 'spark', castingTime: 'bonusAction' } }),
    take('ready', [], { trigger: 'a door opens', readied: 'cast-spell', spell: { name: 'spark', castingTime: 'action' } }),
    ...each('tumble'), ...each('tumble', { cost: 'bonusAction' }),
    take('improvise'), take('improvise', [], { cost: 'bonusAction', description: 'kick sand' }), take('improvise', [], { check: { ability: 'str', dc: 10 } }), take('improvise', [], { check: { ability: 'luck' } }),
    ...each('maneuver', { maneuver: 'shove' }), ...each('maneuver', { maneuver: 'trip', cost: 'bonusAction' }), take('maneuver', [other]),
    ...each('command'),
    ...each('group-attack'), take('group-attack', ['ana'], { attack: 'nothing' }),
    take('group-attack', ['ana'], { save: { ability: 'dex', dc: 12, damage: '1d6', damageType: 'fire' } }), take('group-attack', ['ana'], { save: { ability: 'luck' } }),
    ...each('mount'),
    take('dismount'), take('dismount', [], { to: { x: 3, y: 1 } }), take('dismount', [], { to: { x: 4, y: 1 } }),
    ...each('back-to-back'),
  ];
}

/** Actions whose query may leave a case to dispatch (a hurled rock's one attack a turn behind a prompt, Press the Attack in a duel). */
const mayLeaveToDispatch = new Set(['hurl-rock', 'press-the-attack']);

describe('A5E actions: one answer for why an action is refused', () => {
  it('A5E-ROUND-4 A5E-COND-16 A5E-DYING-11 A5E-DMG-9 A5E-OBJ-12 A5E-WORLD-27 A5E-ACT-13 A5E-ACT-15 A5E-SUMMON-4 A5E-POS-1 A5E-POS-11 in random states (grapples, mounts, objects, world features, spent actions, conditions), each action\'s refusal query refuses exactly what dispatch refuses, in its words', () => {
    fc.assert(fc.property(arbSeed, arbSetup, fc.array(fc.oneof(arbStep, fc.nat({ max: 9999 })), { minLength: 3, maxLength: 30 }), fc.boolean(), fc.boolean(), fc.boolean(), (seed, setup, steps, onGrid, withFeatures, ride) => {
      const enc = Encounter.create({
        id: 'a5e-action-refusals', seed, ...(onGrid ? { space: battlefield() as unknown as Json } : {}), ...(withFeatures ? { options: features } : {}),
        creatures: [ana({ initiative: 20 }), rogue({ initiative: 18 }), wolf('fang'), wolf('fang2'), ogre({ initiative: 10 }), goblin('g1', { initiative: 5 }), goblin('g2', { initiative: 4 }), horse('horse')],
      }, { ruleset: a5eRuleset, policy });
      let n = 0;
      const gm = (command: Command) => enc.dispatch({ id: `gm-${n++}`, issuedBy: { role: 'gm' }, command });
      gm({ type: 'a5e.object.add', id: 'crate', name: 'Crate', material: 'wood', size: 'medium' });
      gm({ type: 'a5e.object.add', id: 'ward', name: 'Ward', material: 'forcefield', size: 'medium' });
      // Ana's summoned wolves act as one group; the goblins form another, of creatures acting on their own turns.
      for (const id of ['fang', 'fang2']) gm({ type: 'a5e.setController', creatureId: id, controllerId: 'ana' });
      gm({ type: 'a5e.formGroup', groupId: 'wolves', creatureIds: ['fang', 'fang2'] });
      gm({ type: 'a5e.formGroup', groupId: 'goblins', creatureIds: ['g1', 'g2'] });
      gm({ type: 'a5e.setController', creatureId: 'horse', controllerId: 'ana', mount: true });
      gm({ type: 'startCombat' });
      // Ana's turn first: she may mount her horse before anything else happens.
      if (ride) gm({ type: 'takeAction', actorId: 'ana', action: 'mount', targets: ['horse'] });
      const current = currentCreatureId(enc.state) ?? 'ana';
      for (const s of setup) gm(setupCommand(s, current, (id) => enc.state.creatures[id]!.hp));
      for (const step of steps) {
        const now = currentCreatureId(enc.state);
        if (typeof step === 'number') {
          // now and then one of the tries, so features are used up, mounts ridden and actions spent
          const options = now ? tries(enc.state, now) : [];
          if (options.length) gm(options[step % options.length]!);
          continue;
        }
        if ('undo' in step) continue;
        const command = commandFor(enc.state, a5eRuleset, step);
        if (!command) break;
        gm(command);
      }
      for (const id of enc.state.creatureIds) {
        expect(refusalDisagreements(enc, a5eRuleset, id)).toEqual([]);
        const all = tries(enc.state, id);
        // every try is one a query answers, but for the cases documented as left to dispatch
        expect(all.filter((c) => a5eRuleset.commandRefusal!(enc.state, c) === undefined && !mayLeaveToDispatch.has((c as { action: string }).action))).toEqual([]);
        expect(refusalDisagreementsOn(enc, a5eRuleset, all)).toEqual([]);
      }
    }), { numRuns: Number(process.env.MENU_RUNS ?? 25) });
  });
});
