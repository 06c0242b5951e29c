import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, currentCreatureId, type Command, type CreatureSetup, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, commandFor, refusalDisagreements, refusalDisagreementsOn } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, closeQuarters, goblin, ogre, rogue, wolf } from './flow-fixtures';

const policy: PromptPolicy = (p) => (p.input.kind === 'choice' ? p.options[0]?.id : p.default);
const ids = ['ana', 'rue', 'fang', 'ogre', 'g1', 'g2'];

/** Our own stat-block actions: a recharging cone, a limited ranged spell attack, a healing touch on herself or a friend. */
const withActions = (c: CreatureSetup, actions: unknown[]): CreatureSetup => ({ ...c, sheet: { ...(c.sheet as object), actions } });
const breath = { id: 'breath', name: 'Stone Breath', recharge: { min: 5 }, targets: { area: '15-foot cone', rangeFeet: 15 }, effects: [{ kind: 'save', ability: 'dex', dc: 12, fail: [{ kind: 'damage', dice: '2d6', type: 'bludgeoning' }] }] };
const lance = { id: 'lance', name: 'Frost Lance', usesPerDay: 2, targets: { count: 1, rangeFeet: 20 }, effects: [{ kind: 'attack', bonus: 5, options: ['attack:ranged'], hit: [{ kind: 'damage', dice: '1d8', type: 'cold' }] }] };
const mend = { id: 'mend', name: 'Mending Touch', usesPerDay: 1, cost: 'bonusAction', targets: { count: 1, rangeFeet: 5 }, effects: [{ kind: 'heal', dice: '1d4' }] };

/** Conditions that bar harmful trees at some targets or any action (charmed, placid, incapacitated, stunned), some given by a creature. */
const arbCondition = fc.record({
  creatureId: fc.constantFrom('$current', '$current', ...ids),
  conditionId: fc.constantFrom('placid', 'charmed', 'incapacitated', 'stunned', 'slowed'),
  source: fc.constantFrom(...ids),
});

/** Every way to aim each of its actions: no target, each creature alone, two at once, the same twice. */
function uses(state: Encounter['state'], actor: string): Command[] {
  const out: Command[] = [];
  for (const id of ['breath', 'lance', 'mend', 'none']) {
    const take = (targets: string[]): Command => ({ type: 'takeAction', actorId: actor, action: 'use-action', targets, options: { id } });
    out.push(take([]), take(['g1', 'g2']), take(['ana', 'ana']), ...state.creatureIds.map((t) => take([t])));
  }
  return out;
}

describe('A5E stat-block actions: one answer for use-action', () => {
  it('A5E-ROUND-4 A5E-ATK-13 A5E-COND-7 A5E-COND-22 in random legal states, useActionRefusal (a5eCommandRefusal) refuses exactly what dispatch refuses, in its words: the entry, its targets, range, charm and placid, recharge and uses, the cost', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbCondition, { maxLength: 3 }), fc.array(fc.oneof(arbStep, fc.nat({ max: 999 })), { minLength: 3, maxLength: 40 }), fc.boolean(), (seed, conditions, steps, onGrid) => {
      const enc = Encounter.create({
        id: 'a5e-uses', seed, ...(onGrid ? { space: closeQuarters() } : {}),
        creatures: [withActions(ana(), [lance, mend]), rogue(), withActions(ogre(), [breath]), goblin('g1'), goblin('g2'), wolf('fang')],
      }, { ruleset: a5eRuleset, policy });
      let n = 0;
      for (const step of steps) {
        const current = currentCreatureId(enc.state);
        if (typeof step === 'number') {
          // now and then a use of one of its actions, so recharges and uses run out
          const tries = current ? uses(enc.state, current) : [];
          if (tries.length) enc.dispatch({ id: `u${n++}`, issuedBy: { role: 'gm' }, command: tries[step % tries.length]! });
          continue;
        }
        if ('undo' in step) continue;
        const command = commandFor(enc.state, a5eRuleset, step);
        if (!command) break;
        enc.dispatch({ id: `c${n++}`, issuedBy: { role: 'gm' }, command });
      }
      const current = currentCreatureId(enc.state) ?? 'ana';
      conditions.forEach((c, i) => enc.dispatch({ id: `cond-${i}`, issuedBy: { role: 'gm' }, command: { type: 'gm.addCondition', ...c, creatureId: c.creatureId === '$current' ? current : c.creatureId } }));
      for (const id of enc.state.creatureIds) {
        expect(refusalDisagreements(enc, a5eRuleset, id)).toEqual([]);
        expect(uses(enc.state, id).filter((c) => a5eRuleset.commandRefusal!(enc.state, c) === undefined)).toEqual([]);
        expect(refusalDisagreementsOn(enc, a5eRuleset, uses(enc.state, id))).toEqual([]);
      }
    }), { numRuns: Number(process.env.MENU_RUNS ?? 30) });
  });
});
