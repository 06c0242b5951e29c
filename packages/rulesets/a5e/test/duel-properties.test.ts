import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Encounter, createGridSpace, placeCreature, playerView, redactEvents, type Command, type Json } from '@fray/engine';
import { TestTable, arbSeed, arbStep, commandFor } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { kass, vey, watcher } from './duel-fixtures';

const ids = ['vey', 'kass'] as const;
const pbs: Record<string, number> = { vey: 3, kass: 2 };

/** One random duel command (some will be refused: that is part of the point). */
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ who: fc.constantFrom(...ids), count: fc.integer({ min: 1, max: 3 }) }).map(({ who, count }) => ({ type: 'a5e.duel.buyActions', creatureId: who, count })),
  fc.record({ who: fc.constantFrom(...ids), track: fc.constantFrom('fatigue', 'strife') }).map(({ who, track }) => ({ type: 'a5e.duel.exert', creatureId: who, track })),
  fc.record({ who: fc.constantFrom(...ids), amount: fc.integer({ min: 1, max: 8 }) }).map(({ who, amount }) => ({ type: 'a5e.duel.lendStrength', spectatorId: 'gob', creatureId: who, amount })),
  fc.constantFrom(...ids).map((who): Command => ({ type: 'takeAction', actorId: who, action: 'attack', targets: [who === 'vey' ? 'kass' : 'vey'] })),
  fc.record({ who: fc.constantFrom(...ids), time: fc.constantFrom('action', 'bonusAction', 'reaction') })
    .map(({ who, time }): Command => ({ type: 'takeAction', actorId: who, action: 'cast-spell', targets: [], options: { spell: 'spark', castingTime: time, level: 0 } })),
  fc.record({ who: fc.constantFrom(...ids), cost: fc.constantFrom('action', 'bonusAction', 'reaction'), exertion: fc.integer({ min: 0, max: 4 }) })
    .map(({ who, cost, exertion }): Command => ({ type: 'takeAction', actorId: who, action: 'maneuver', targets: [who === 'vey' ? 'kass' : 'vey'], options: { maneuver: 'feint', cost, exertion } })),
  fc.constantFrom(...ids).map((who): Command => ({ type: 'takeAction', actorId: who, action: 'maneuver', targets: [who === 'vey' ? 'kass' : 'vey'], options: { maneuver: 'shove' } })),
  fc.constant<Command>({ type: 'endTurn' }),
);

function table(seed: number): TestTable {
  return new TestTable(a5eRuleset, {
    seed,
    modules: ['duel'],
    creatures: [vey({ hp: 40, vars: { 'a5e.exertion': 4 } }), kass(), watcher()],
    options: { duel: { initiative: 'rps' } },
  }, { policy: (p) => (p.key === 'a5e.duel.afterEnd' ? 'normal-combat' : p.default) });
}

describe('A5E duel: properties', () => {
  it('DUEL-ACTION-2 DUEL-EXERT-3 DUEL-EXERT-7 whatever is tried: never more duel actions spent than held, never more than PB exertion a round on purchases, never more than 2 × PB exertion held', () => {
    const accepted: Record<string, number> = {};
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), fc.array(commandArb, { minLength: 1, maxLength: 40 }), (seed, commands) => {
      const t = table(seed);
      t.run({ type: 'startCombat' }, { dice: 'seeded' });
      let n = 0;
      for (const command of commands) {
        if (t.state.phase !== 'combat') break;
        const actor = (command as { creatureId?: string; actorId?: string; spectatorId?: string }).spectatorId ?? (command as { actorId?: string }).actorId ?? (command as { creatureId?: string }).creatureId;
        const seat = actor ? t.state.creatures[actor]?.controller : null;
        const r = t.encounter.dispatch({ id: `p${++n}`, issuedBy: seat ? { role: 'player', seat } : { role: 'gm' }, command });
        if (r.ok) accepted[command.type] = (accepted[command.type] ?? 0) + 1;
        for (const id of ids) {
          const c = t.creature(id);
          const r = (k: string) => c.resources[k] ?? 0;
          expect(r('duelActions')).toBeGreaterThanOrEqual(0);
          if ((t.state.vars['a5e.duel'] as { status?: string })['status'] === 'active') {
            expect(r('duelActions')).toBeLessThanOrEqual(pbs[id]! + r('duelActionsBought'));
          }
          expect(r('duelPurchaseExertion')).toBeLessThanOrEqual(pbs[id]!);
          expect(r('exertion') + r('tempExertion')).toBeLessThanOrEqual(2 * pbs[id]!);
          expect(r('exertion')).toBeGreaterThanOrEqual(0);
          expect(r('tempExertion')).toBeGreaterThanOrEqual(0);
        }
      }
    }), { numRuns: 120 });
    // the runs did buy, exert, lend and act, not only get refused
    expect(['a5e.duel.buyActions', 'a5e.duel.exert', 'a5e.duel.lendStrength', 'takeAction', 'endTurn'].every((k) => (accepted[k] ?? 0) > 10)).toBe(true);
  });

  it('DUEL-INIT-3 a duelist\'s secret strategy is absent from the opponent\'s view and log until both have chosen', () => {
    const choices = ['powerful:str', 'powerful:con', 'swift:dex', 'swift:int', 'distracting:wis', 'distracting:cha'];
    fc.assert(fc.property(fc.constantFrom(...choices), fc.constantFrom(...choices), fc.boolean(), fc.integer({ min: 1, max: 1000 }), (a, b, veyFirst, seed) => {
      const t = new TestTable(a5eRuleset, { seed, modules: ['duel'], creatures: [vey(), kass()], options: { duel: { initiative: 'rps' } } });
      t.run({ type: 'startCombat' });
      const [first, firstSeat, other, otherSeat, answer, second] = veyFirst ? ['vey', 'seat-vey', 'kass', 'seat-kass', a, b] : ['kass', 'seat-kass', 'vey', 'seat-vey', b, a];
      const promptFor = (id: string) => t.state.pending!.open.find((p) => p.about === id)!;
      t.run({ type: 'answerPrompt', promptId: promptFor(first).id, answer }, { as: { role: 'player', seat: firstSeat } });
      const leak = JSON.stringify([playerView(t.state, otherSeat, a5eRuleset), redactEvents(t.encounter.events, otherSeat, t.state, a5eRuleset)]);
      expect(leak).not.toContain(`"answer":"${answer}"`);
      expect(leak).not.toContain('strategies revealed');
      expect(JSON.stringify(redactEvents(t.encounter.events, firstSeat, t.state, a5eRuleset))).toContain(`"answer":"${answer}"`);
      t.run({ type: 'answerPrompt', promptId: promptFor(other).id, answer: second }, { as: { role: 'player', seat: otherSeat }, dice: 'seeded' });
      const after = JSON.stringify(redactEvents(t.encounter.events, otherSeat, t.state, a5eRuleset) as Json);
      expect(after).toContain('strategies revealed');
    }), { numRuns: 60 });
  });
});

describe('A5E duel: random legal play', () => {
  const space = (): Json => {
    let g = createGridSpace({ bounds: { width: 8, height: 8 } });
    for (const [id, x, y] of [['vey', 2, 2], ['kass', 3, 2], ['gob', 5, 5]] as const) g = placeCreature(g, id, { x, y, size: id === 'gob' ? 'small' : 'medium' });
    return g as unknown as Json;
  };
  it('DUEL-SCOPE-3 every command the legal-command list offers in a duel is accepted; the duel pools stay in bounds', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 20, maxLength: 60 }), fc.boolean(), fc.integer({ min: 1, max: 2 }), (seed, steps, onGrid, attacks) => {
      const enc = Encounter.create({
        id: 'duel-prop', seed, modules: ['duel'], ...(onGrid ? { space: space() } : {}),
        creatures: [vey({ vars: { 'a5e.exertion': 4 }, sheet: { ...(vey().sheet as object), attacksPerAction: attacks } }), kass(), watcher()],
        options: { duel: { initiative: 'rps' } },
      }, { ruleset: a5eRuleset, policy: (p) => (p.key === 'a5e.duel.strategy' ? undefined : p.input.kind === 'choice' ? p.options[0]?.id : p.default) });
      let n = 0;
      for (const step of steps) {
        if ('undo' in step) {
          enc.dispatch({ id: `u${n++}`, issuedBy: { role: 'gm' }, command: { type: 'undo' } });
          continue;
        }
        const command = commandFor(enc.state, a5eRuleset, step);
        if (!command) break;
        const r = enc.dispatch({ id: `c${n++}`, issuedBy: { role: 'gm' }, command });
        if (!r.ok) throw new Error(`legal command rejected: ${JSON.stringify(command)}: ${r.error.code}: ${r.error.message}`);
        for (const id of ids) expect(enc.state.creatures[id]!.resources['duelActions'] ?? 0).toBeGreaterThanOrEqual(0);
      }
    }), { numRuns: 60 });
  });
});
