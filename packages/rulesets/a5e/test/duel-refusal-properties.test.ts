import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Encounter, currentCreatureId, type Command, type Json } from '@fray/engine';
import { arbSeed, arbStep, commandFor, refusalDisagreements, refusalDisagreementsOn } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { kass, vey, watcher } from './duel-fixtures';

const opponent = (who: string) => (who === 'vey' ? 'kass' : 'vey');

/** What a duelist or the spectator might try now: each with its own price (DUEL-ACTION-2..10, DUEL-MAGIC-1, DUEL-SCOPE-2). */
function tries(actor: string): Command[] {
  const take = (action: string, targets: string[] = [], options: Record<string, Json> = {}): Command => ({ type: 'takeAction', actorId: actor, action, targets, options });
  const foe = actor === 'gob' ? 'vey' : opponent(actor);
  return [
    take('attack', [foe]), take('attack', [foe], { target: 'neck' }),
    ...['action', 'bonusAction', 'reaction'].flatMap((castingTime) => [
      take('cast-spell', [], { spell: 'spark', castingTime, level: 0 }),
      take('cast-spell', [], { spell: 'charm', castingTime, level: 1, school: 'enchantment' }),
    ]),
    take('dash'), take('disengage'), take('dodge'), take('sprint'), take('hide'), take('search'), take('drop-prone'),
    take('use-object', [], { object: 'a rope' }), take('use-object', [], { object: 'a rope', complex: true }),
    take('help', [foe], { mode: 'attack', ally: actor === 'gob' ? 'kass' : actor }),
    // a basic maneuver in place of an attack (1 duel action), a combat maneuver with its exertion, the other named actions
    take('maneuver', [foe], { maneuver: 'shove' }), take('maneuver', [foe], { maneuver: 'feint', cost: 'bonusAction', exertion: 2 }),
    take('ready', [foe], { trigger: 'the foe moves', readied: 'attack', readiedOptions: {} }), take('tumble', [foe]), take('tumble', [foe], { cost: 'bonusAction' }),
    take('improvise', [], { description: 'kick sand' }), take('escape-grapple'), take('endOngoingDamage'),
  ];
}

describe('A5E duel: one answer for the price of an option', () => {
  it('DUEL-ACTION-2 DUEL-ACTION-6 DUEL-ACTION-10 DUEL-MAGIC-1 in random duels, a5eCommandRefusal refuses exactly what dispatch refuses, in its words: the duel\'s price, its spells a round and its magic, on the menu\'s, the legal and other commands', () => {
    // Play mixes legal commands with the tries (a spell, a Help, a second use of an object), so the pools, spells and exertion move.
    const arbPlay = fc.array(fc.oneof(arbStep, fc.nat({ max: 999 })), { minLength: 5, maxLength: 40 });
    fc.assert(fc.property(arbSeed, arbPlay, fc.constantFrom('allowed', 'forbidden', 'breach', 'no-enchantment'), (seed, steps, magic) => {
      const duel: Record<string, Json> = {
        initiative: 'standard',
        ...(magic === 'forbidden' ? { magic: { allowed: false } } : magic === 'breach' ? { magic: { allowed: false, onBanned: 'breach' } } : magic === 'no-enchantment' ? { magic: { bannedSchools: ['enchantment'] } } : {}),
      };
      const enc = Encounter.create({
        id: 'duel-refusals', seed, modules: ['duel'],
        creatures: [vey({ vars: { 'a5e.exertion': 4 } }), kass(), watcher()],
        options: { duel },
      }, { ruleset: a5eRuleset, policy: (p) => (p.input.kind === 'choice' ? p.options[0]?.id : p.default) });
      enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
      let n = 0;
      for (const step of steps) {
        const current = currentCreatureId(enc.state);
        for (const id of enc.state.creatureIds) {
          expect(refusalDisagreements(enc, a5eRuleset, id)).toEqual([]);
          // each is one the query answers (none left to dispatch alone), and answers as dispatch does
          expect(tries(id).filter((c) => a5eRuleset.commandRefusal!(enc.state, c) === undefined)).toEqual([]);
          expect(refusalDisagreementsOn(enc, a5eRuleset, tries(id))).toEqual([]);
          // Press the Attack paid out of the pool: its query answers up to the price, the rest is dispatch's (undefined)
          expect(refusalDisagreementsOn(enc, a5eRuleset, [{ type: 'takeAction', actorId: id, action: 'press-the-attack', targets: [id === 'gob' ? 'vey' : opponent(id)] }])).toEqual([]);
        }
        if (!current || (typeof step !== 'number' && 'undo' in step)) continue;
        const options = tries(current);
        const command = typeof step === 'number' ? options[step % options.length]! : commandFor(enc.state, a5eRuleset, step);
        if (!command) break;
        enc.dispatch({ id: `c${n++}`, issuedBy: { role: 'gm' }, command });
      }
    }), { numRuns: Number(process.env.MENU_RUNS ?? 25) });
  });
});
