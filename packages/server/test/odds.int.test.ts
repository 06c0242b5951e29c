import { describe, expect, it } from 'vitest';
import { simulate } from '@fray/sim';
import { loadSimScenario } from '../src/odds-scenario';
import { ADMIN, Client, demoSource, postJson, type Msg, useServer } from './helpers';
import type { OddsReport } from '../src/index';
import { OddsFailed, TableOdds } from '../src/odds';

const LURKER = { id: 'lurker-q7', name: 'Quillon Shadowmere', ref: 'a5e/monsters/road-bandit.yaml', hidden: true };

describe('odds from here (GM only, on a worker thread)', () => {
  // A shared, busy machine may take longer than the default budget: the tests count fights, not seconds.
  const ctx = useServer({ demo: () => demoSource({ extraFoes: [LURKER] }), odds: { maxSeconds: 600 } });

  async function table() {
    const t = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gm = await Client.open(ctx.server.url, t.tableId);
    await gm.hello(t.gm.token);
    const seatToken = t.seats.find((s: { seat: string }) => s.seat === 'seat-brannoc').token as string;
    const seat = await Client.open(ctx.server.url, t.tableId);
    await seat.hello(seatToken);
    return { t, gm, seat, seatToken, live: ctx.server.tables.get(t.tableId)! };
  }

  it('streams progress, then each side\'s win chance with its interval and each creature\'s drop and death chances: the simulator\'s own answer for the fight as it stands, hidden creatures included', async () => {
    const { gm, seat, live } = await table();
    const state = live.fight!.state;
    gm.send({ type: 'odds', requestId: 'o1', fights: 120, seconds: 600, seed: 7 });
    const first = await gm.next((m) => m.type === 'oddsProgress' || m.type === 'odds' || m.type === 'rejected', 60_000);
    expect(first).toMatchObject({ type: 'oddsProgress', requestId: 'o1', total: 120 });
    const done = (await gm.next((m) => m.type === 'odds', 120_000)) as Msg & { odds: OddsReport };
    const progress = gm.messages.filter((m) => m.type === 'oddsProgress').map((m) => m['done']);
    expect(progress).toEqual([100, 120]);
    const expected = simulate(loadSimScenario({ ruleset: 'a5e', state }), { n: 120, seed: 7 });
    const r = done.odds;
    expect(r).toMatchObject({ from: { fightId: 'road', version: live.fight!.version, round: state.round }, stale: false, fights: 120, requested: 120, stopped: 'done', seed: 7 });
    expect(r.sides).toEqual(expected.sides.map((s) => ({ side: s.side, count: s.count, p: s.p, ci: s.ci })));
    expect(r.creatures.map((c) => [c.id, c.drop.count, c.death.count])).toEqual(expected.creatures.map((c) => [c.id, c.drop.count, c.death.count]));
    expect(r.creatures.some((c) => c.id === 'lurker-q7')).toBe(true);
    // the hidden lurker is hidden from the players' screens, not from the fight: it can be struck down
    expect(r.creatures.find((c) => c.id === 'lurker-q7')!.drop.count).toBeGreaterThan(0);
    expect(r.paths).toEqual(expected.paths);
    expect(r.rounds.mean).toBe(expected.rounds.mean);
    // at a glance: any creature a seat plays dropping, dying (the simulator's count, per fight), the rounds after this one, the path in a word
    expect(expected.played!.ids).toEqual(state.creatureIds.filter((id) => state.creatures[id]!.controller));
    expect(r.playerCreatures).toEqual({ ids: expected.played!.ids, drop: expected.played!.drop, death: expected.played!.death });
    expect(r.playerCreatures!.drop.count).toBeGreaterThanOrEqual(Math.max(...r.creatures.filter((c) => c.played).map((c) => c.drop.count)));
    expect(r.roundsLeft.mean).toBeCloseTo(Math.max(0, expected.rounds.mean - state.round), 10);
    expect(r.path).toBe(expected.paths.compiled === 120 ? 'compiled' : expected.paths.compiled ? 'mixed' : 'engine');
    // the seat heard nothing of it
    expect(seat.frames.some((f) => f.includes('odds'))).toBe(false);
    gm.close();
    seat.close();
  });

  it('one run per table; a command meanwhile makes the answer stale; seats are refused on both routes; no fight, no odds', async () => {
    const { t, gm, seat, seatToken } = await table();
    gm.send({ type: 'odds', requestId: 'a', fights: 50, seconds: 600 });
    gm.send({ type: 'odds', requestId: 'b', fights: 50 });
    const busy = await gm.next((m) => m.type === 'rejected' && m['commandId'] === 'b', 30_000);
    expect(busy['error']).toMatchObject({ code: 'odds-running' });
    // the table goes on while the fights are played
    expect(await gm.command('fight', { id: 'hp', command: { type: 'gm.setHp', creatureId: 'vessa', hp: 3 } })).toMatchObject({ type: 'ack' });
    const done = (await gm.next((m) => m.type === 'odds', 120_000)) as Msg & { odds: OddsReport };
    expect(done.odds.stale).toBe(true);
    expect(done.odds.fights).toBe(50);

    seat.send({ type: 'odds', requestId: 's1' });
    expect((await seat.next((m) => m.type === 'rejected' && m['commandId'] === 's1'))['error']).toMatchObject({ code: 'forbidden' });
    const http = await postJson(`${ctx.server.url}/api/tables/${t.tableId}/odds`, { fights: 20 }, seatToken);
    expect(http.status).toBe(403);
    expect(seat.frames.some((f) => f.includes('"odds"') || f.includes('oddsProgress'))).toBe(false);

    const byHttp = await postJson(`${ctx.server.url}/api/tables/${t.tableId}/odds`, { fights: 20, seed: 'h' }, t.gm.token);
    expect(byHttp.status).toBe(200);
    expect(byHttp.body).toMatchObject({ type: 'odds', odds: { fights: 20, stale: false, from: { fightId: 'road' } } });
    const bad = await postJson(`${ctx.server.url}/api/tables/${t.tableId}/odds`, { fights: 0 }, t.gm.token);
    expect([bad.status, bad.body.error.path]).toEqual([400, ['fights']]);

    gm.send({ type: 'finishFight', requestId: 'fin' });
    expect(await gm.next((m) => (m.type === 'ack' || m.type === 'rejected') && m['commandId'] === 'fin')).toMatchObject({ type: 'ack' });
    gm.send({ type: 'odds', requestId: 'ended' });
    expect((await gm.next((m) => m.type === 'rejected' && m['commandId'] === 'ended'))['error']).toMatchObject({ code: 'no-fight' });
    gm.close();
    seat.close();
  });

  it('a run that does not finish (its worker ended under it) answers a typed odds-failed naming why', async () => {
    const { live } = await table();
    const odds = new TableOdds({ maxSeconds: 600 });
    try {
      const started = odds.start(live, { type: 'odds', requestId: 'x', fights: 10_000, seconds: 600 }, () => undefined);
      if ('error' in started) throw new Error(started.error.message);
      odds.stopAll();
      const err = await started.then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(OddsFailed);
      expect((err as OddsFailed).wire).toEqual({ code: 'odds-failed', message: 'the odds could not be worked out: the simulation workers are closed; ask again' });
    } finally {
      odds.stopAll();
    }
  });
});
