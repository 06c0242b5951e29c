import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { simulate } from '@fray/sim';
import { loadContentLibrary, type OddsReport } from '../src/index';
import { loadSimScenario } from '../src/odds-scenario';
import { firstFightOfLibrary, nextFightOf } from '../src/setup-odds';
import { ADMIN, Client, postJson, repoRoot, type Msg, useServer } from './helpers';

const rulesets = { a5e: a5eRuleset };
const library = () => loadContentLibrary(path.join(repoRoot, 'scenarios', 'content'), rulesets, (t) => parse(t));

const BRANNOC = 'a5e/characters/brannoc-vale.yaml';
const TAMSIN = 'a5e/characters/tamsin-reed.yaml';
const WOLF = 'a5e/monsters/ashback-wolf.yaml';
const RAT = 'a5e/monsters/gloam-rat.yaml';

/** Two PCs against a wolf and a hidden rat on a grid: the request the new-table page sends. */
const meadow = {
  ruleset: 'a5e',
  diceMode: 'entered' as const,
  map: { grid: { width: 10, height: 6 } },
  creatures: [
    { ref: BRANNOC, side: 'party', controller: 'seat-1', at: { x: 1, y: 1 } },
    { ref: TAMSIN, side: 'party', controller: 'seat-2', at: { x: 1, y: 2 } },
    { ref: WOLF, side: 'foes', at: { x: 8, y: 1 } },
    { ref: RAT, name: 'Lurking Rat', side: 'foes', hidden: true, at: { x: 8, y: 3 } },
  ],
};

/** The report's shares as the simulator gives them: the server adds no numbers of its own. */
function expectSimulatorAnswer(r: OddsReport, state: Parameters<typeof loadSimScenario>[0]['state'], n: number, seed: string | number) {
  const expected = simulate(loadSimScenario({ ruleset: 'a5e', state }), { n, seed });
  expect(r.fights).toBe(n);
  expect(r.sides).toEqual(expected.sides.map((s) => ({ side: s.side, count: s.count, p: s.p, ci: s.ci })));
  expect(r.creatures.map((c) => [c.id, c.drop.count, c.death.count, c.drop.ci, c.death.ci])).toEqual(expected.creatures.map((c) => [c.id, c.drop.count, c.death.count, c.drop.ci, c.death.ci]));
  expect(r.rounds.mean).toBe(expected.rounds.mean);
  expect(r.rounds.ci[0]).toBeLessThanOrEqual(r.rounds.mean);
  expect(r.rounds.ci[1]).toBeGreaterThanOrEqual(r.rounds.mean);
  return expected;
}

describe("a fight's odds before it starts (GM only)", () => {
  const ctx = useServer({ rulesets, content: library(), odds: { maxSeconds: 600 } });

  it('POST /api/odds plays a new table\'s first fight from the library request, hidden rat included, and stores nothing', async () => {
    const before = await ctx.server.store.listTables();
    const res = await postJson(`${ctx.server.url}/api/odds`, { library: meadow, fights: 60, seconds: 600, seed: 11 }, ADMIN);
    expect(res.status).toBe(200);
    const r = res.body.odds as OddsReport;
    expect(r).toMatchObject({ from: { fightId: 'fight-1', version: 0, round: 0 }, stale: false, requested: 60, stopped: 'done', seed: 11 });
    const built = firstFightOfLibrary(library(), rulesets, meadow);
    if ('error' in built) throw new Error(built.error.message);
    const expected = expectSimulatorAnswer(r, built.state, 60, 11);
    // the fight's order: its foes, then the campaign's party carried into it
    expect(r.creatures.map((c) => [c.id, c.name, c.side, c.played])).toEqual([
      ['ashback-wolf', 'Ashback Wolf', 'foes', false],
      ['lurking-rat', 'Lurking Rat', 'foes', false],
      ['brannoc-vale', 'Brannoc Vale', 'party', true],
      ['tamsin-reed', 'Tamsin Reed', 'party', true],
    ]);
    // the hidden rat fights (and can be struck down) in the simulated fights
    expect(expected.creatures.find((c) => c.id === 'lurking-rat')!.drop.count).toBeGreaterThan(0);
    expect(await ctx.server.store.listTables()).toEqual(before);
  });

  it('POST /api/odds takes the admin token, names the field it refuses, and runs one at a time', async () => {
    const noToken = await postJson(`${ctx.server.url}/api/odds`, { library: meadow });
    expect([noToken.status, noToken.body.error.code]).toEqual([401, 'unauthorized']);
    const wrong = await postJson(`${ctx.server.url}/api/odds`, { library: meadow }, 'not-the-admin-token-at-all');
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'unauthorized']);
    const badRef = await postJson(`${ctx.server.url}/api/odds`, { library: { ...meadow, creatures: [{ ref: 'a5e/monsters/nope.yaml', side: 'foes' }] } }, ADMIN);
    expect([badRef.status, badRef.body.error.code, badRef.body.error.path]).toEqual([400, 'invalid-setup', ['library', 'creatures', 0, 'ref']]);
    const offMap = await postJson(`${ctx.server.url}/api/odds`, { library: { ...meadow, creatures: [{ ref: WOLF, side: 'foes', at: { x: 40, y: 1 } }] } }, ADMIN);
    expect([offMap.status, offMap.body.error.code, offMap.body.error.path.slice(0, 3)]).toEqual([400, 'invalid-setup', ['library', 'creatures', 0]]);
    const zero = await postJson(`${ctx.server.url}/api/odds`, { library: meadow, fights: 0 }, ADMIN);
    expect([zero.status, zero.body.error.code, zero.body.error.path]).toEqual([400, 'malformed', ['fights']]);
    const extra = await postJson(`${ctx.server.url}/api/odds`, { library: meadow, tableId: 'x' }, ADMIN);
    expect([extra.status, extra.body.error.path]).toEqual([400, ['tableId']]);
    const both = await Promise.all([
      postJson(`${ctx.server.url}/api/odds`, { library: meadow, fights: 40, seconds: 600 }, ADMIN),
      postJson(`${ctx.server.url}/api/odds`, { library: meadow, fights: 40, seconds: 600 }, ADMIN),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    expect(both.find((b) => b.status === 409)!.body.error.code).toBe('odds-running');
  });

  it('between fights, over the WebSocket: the next fight\'s odds (members as they stand, foes from the library) with progress; seats refused; not while a fight is under way', async () => {
    const made = (await postJson(`${ctx.server.url}/api/tables`, { from: { library: { ...meadow, diceMode: undefined } } }, ADMIN)).body;
    const gm = await Client.open(ctx.server.url, made.tableId);
    await gm.hello(made.gm.token);
    const seat = await Client.open(ctx.server.url, made.tableId);
    await seat.hello(made.seats[0].token);

    gm.send({ type: 'odds', requestId: 'n0', next: { foes: [{ ref: WOLF }] } });
    expect((await gm.next((m) => m.type === 'rejected' && m['commandId'] === 'n0'))['error']).toMatchObject({ code: 'fight-under-way' });

    gm.send({ type: 'finishFight', requestId: 'fin' });
    expect(await gm.next((m) => (m.type === 'ack' || m.type === 'rejected') && m['commandId'] === 'fin')).toMatchObject({ type: 'ack' });
    // Brannoc comes out of the first fight hurt: the next fight's odds start from his wounds.
    expect(await gm.command('table', { id: 'hurt', command: { type: 'gm.setHp', creatureId: 'brannoc-vale', hp: 4 } })).toMatchObject({ type: 'ack' });
    const live = ctx.server.tables.get(made.tableId)!;
    const tableBefore = canonicalJson(live.campaign.state);

    const next = { members: ['brannoc-vale', 'tamsin-reed'], foes: [{ ref: WOLF }, { ref: WOLF, hidden: true }] };
    gm.send({ type: 'odds', requestId: 'n1', fights: 120, seconds: 600, seed: 5, next });
    const done = (await gm.next((m) => m.type === 'odds' && m['requestId'] === 'n1', 120_000)) as Msg & { odds: OddsReport };
    expect(gm.messages.filter((m) => m.type === 'oddsProgress' && m['requestId'] === 'n1').map((m) => m['done'])).toEqual([25, 50, 75, 100, 120]);
    const built = nextFightOf(live, library(), next);
    if ('error' in built) throw new Error(built.error.message);
    expect(built.state.creatures['brannoc-vale']!.hp).toBe(4);
    expectSimulatorAnswer(done.odds, built.state, 120, 5);
    expect(done.odds).toMatchObject({ from: { fightId: 'fight-2', version: 0, round: 0, table: live.versions().table }, stale: false });
    expect(done.odds.creatures.map((c) => c.id)).toEqual(['ashback-wolf', 'ashback-wolf-2', 'brannoc-vale', 'tamsin-reed']);
    // nothing stored, nothing started, nothing sent to the seat
    expect(canonicalJson(live.campaign.state)).toBe(tableBefore);
    expect(live.fight ?? null).toBeNull();
    expect(seat.frames.some((f) => f.includes('odds'))).toBe(false);

    // On the map the GM chose for the next fight: everyone placed as startFight would place them.
    const onGrid = { foes: [{ ref: WOLF }], map: { grid: { width: 10, height: 6 } } };
    const placed = nextFightOf(live, library(), onGrid);
    if ('error' in placed) throw new Error(placed.error.message);
    const grid = placed.state.space as { kind: string; creatures: Record<string, { x: number; y: number }> };
    expect([grid.kind, Object.keys(grid.creatures).sort()]).toEqual(['grid', ['ashback-wolf', 'brannoc-vale', 'tamsin-reed']]);
    gm.send({ type: 'odds', requestId: 'g1', fights: 30, seconds: 600, seed: 5, next: onGrid });
    const gridOdds = (await gm.next((m) => m.type === 'odds' && m['requestId'] === 'g1', 120_000)) as Msg & { odds: OddsReport };
    expectSimulatorAnswer(gridOdds.odds, placed.state, 30, 5);
    gm.send({ type: 'odds', requestId: 'g2', next: { foes: [{ ref: WOLF }], map: { grid: { width: 1, height: 1 } } } });
    expect((await gm.next((m) => m.type === 'rejected' && m['commandId'] === 'g2'))['error']).toMatchObject({ path: ['next', 'map', 'grid'] });

    gm.send({ type: 'odds', requestId: 'n2', next: { foes: [{ ref: 'a5e/monsters/nope.yaml' }] } });
    expect((await gm.next((m) => m.type === 'rejected' && m['commandId'] === 'n2'))['error']).toMatchObject({ code: 'invalid-setup', path: ['next', 'foes', 0, 'ref'] });
    gm.send({ type: 'odds', requestId: 'n3', next: { members: ['nobody'] } });
    expect((await gm.next((m) => m.type === 'rejected' && m['commandId'] === 'n3'))['error']).toMatchObject({ code: 'invalid-setup', path: ['next', 'members', 0] });
    gm.send({ type: 'odds', requestId: 'n4', next: { foes: [{ side: 'foes' }] } });
    expect((await gm.next((m) => m.type === 'rejected' && m['commandId'] === 'n4'))['error']).toMatchObject({ code: 'malformed', path: ['next', 'foes', 0, 'id'] });
    gm.send({ type: 'odds', requestId: 'n5', next: { foes: [], extra: 1 } });
    expect((await gm.next((m) => m.type === 'error'))['error']).toMatchObject({ code: 'malformed', path: ['next', 'extra'] });
    seat.send({ type: 'odds', requestId: 's1', next: {} });
    expect((await seat.next((m) => m.type === 'rejected' && m['commandId'] === 's1'))['error']).toMatchObject({ code: 'forbidden' });
    // over HTTP with the GM's token too; a seat's token is refused
    const byHttp = await postJson(`${ctx.server.url}/api/tables/${made.tableId}/odds`, { fights: 20, seed: 'h', next: { foes: [{ ref: RAT }] } }, made.gm.token);
    expect([byHttp.status, byHttp.body.odds.fights, byHttp.body.odds.creatures.length]).toEqual([200, 20, 3]);
    const seatHttp = await postJson(`${ctx.server.url}/api/tables/${made.tableId}/odds`, { next: {} }, made.seats[0].token);
    expect(seatHttp.status).toBe(403);
    expect(canonicalJson(live.campaign.state)).toBe(tableBefore);
    gm.close();
    seat.close();
  });

  it('fuzz: random and mutated odds requests over HTTP and the WebSocket get a report or a typed error, never a 500; nothing is stored', async () => {
    const made = (await postJson(`${ctx.server.url}/api/tables`, { from: { library: { ...meadow, diceMode: undefined } } }, ADMIN)).body;
    const gm = await Client.open(ctx.server.url, made.tableId);
    await gm.hello(made.gm.token);
    gm.send({ type: 'finishFight', requestId: 'fin' });
    await gm.next((m) => (m.type === 'ack' || m.type === 'rejected') && m['commandId'] === 'fin');
    const live = ctx.server.tables.get(made.tableId)!;
    const before = { tables: canonicalJson(await ctx.server.store.listTables()), campaign: canonicalJson(live.campaign.state) };
    const ref = fc.constantFrom(BRANNOC, TAMSIN, WOLF, RAT, 'a5e/monsters/nope.yaml', '', '../../etc/passwd', '__proto__');
    const creature = fc.record({ ref, side: fc.constantFrom('party', 'foes', '', 'x'.repeat(70)), controller: fc.option(fc.constantFrom('seat-1', 'seat-9'), { nil: undefined }), at: fc.option(fc.record({ x: fc.integer({ min: -2, max: 70 }), y: fc.integer({ min: -2, max: 70 }) }), { nil: undefined }) }, { requiredKeys: ['ref', 'side'] });
    const library = fc.record({ ruleset: fc.constantFrom('a5e', '13th-age', 'nope'), map: fc.option(fc.constantFrom({ grid: { width: 10, height: 6 } }, { zones: {} }, { grid: { width: 0, height: 6 } }), { nil: undefined }), creatures: fc.array(creature, { maxLength: 4 }) }, { requiredKeys: ['ruleset', 'creatures'] });
    const body = fc.oneof(
      { weight: 5, arbitrary: fc.record({ library, fights: fc.constantFrom(1, 2, 0, -1, 1.5, 'x', 1e9), seconds: fc.option(fc.constantFrom(0.1, 0, 601, 'x'), { nil: undefined }) }, { requiredKeys: ['library', 'fights'] }) },
      { weight: 1, arbitrary: fc.jsonValue() },
      { weight: 1, arbitrary: fc.constant({ library: meadow, fights: 2 }) },
    );
    const codes = new Set<number>();
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const r = await postJson(`${ctx.server.url}/api/odds`, JSON.parse(JSON.stringify(b ?? null)), ADMIN);
        codes.add(r.status);
        expect([200, 400, 409]).toContain(r.status);
        if (r.status !== 200) expect(typeof r.body.error.code).toBe('string');
      }),
      { numRuns: 50 * Math.max(1, Number(process.env['FRAY_FUZZ_RUNS'] ?? 1)), seed: Number(process.env['FRAY_FUZZ_SEED'] ?? 19_2026) },
    );
    expect(codes.has(200) && codes.has(400)).toBe(true);
    const next = fc.record({ members: fc.option(fc.array(fc.constantFrom('brannoc-vale', 'tamsin-reed', 'nobody', ''), { maxLength: 3 }), { nil: undefined }), foes: fc.option(fc.array(fc.oneof(fc.record({ ref }), fc.jsonValue()), { maxLength: 3 }), { nil: undefined }) });
    let i = 0;
    await fc.assert(
      fc.asyncProperty(next, async (n) => {
        const requestId = `fz-${i++}`;
        gm.send({ type: 'odds', requestId, fights: 1, next: JSON.parse(JSON.stringify(n)) });
        const m = await gm.next((x) => (x.type === 'odds' && x['requestId'] === requestId) || (x.type === 'rejected' && x['commandId'] === requestId) || x.type === 'error', 30_000);
        if (m.type !== 'odds') expect(typeof (m['error'] as { code: unknown }).code).toBe('string');
      }),
      { numRuns: 20 * Math.max(1, Number(process.env['FRAY_FUZZ_RUNS'] ?? 1)), seed: Number(process.env['FRAY_FUZZ_SEED'] ?? 19_2026) },
    );
    expect((await postJson(`${ctx.server.url}/api/odds`, { library: meadow, fights: 1 }, ADMIN)).status).toBe(200);
    expect({ tables: canonicalJson(await ctx.server.store.listTables()), campaign: canonicalJson(live.campaign.state) }).toEqual(before);
    gm.close();
  }, 600_000);
});
