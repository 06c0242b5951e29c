import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, currentCreatureId, legalCommands, type Command, type EncounterState, type Json } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { ADMIN, Client, demoSource, postJson, type Msg, useServer } from './helpers';
import type { FrayServer, LiveTable } from '../src/index';

const LIMIT = 8 * 1024;
const BAD_FACES: Json[] = [[0], [21], [1.5], ['x'], 'x', [], [20, 20], null, [-1], [1e9]];

async function logHash(server: FrayServer): Promise<string> {
  const h = createHash('sha256');
  for (const t of await server.store.listTables()) {
    for (const s of await server.store.listStreams({ tableId: t.id })) h.update(`${s.id}\n${canonicalJson(await server.store.read(s.id))}\n`);
  }
  for (const [id, t] of server.tables) h.update(`${id}:${canonicalJson(t.campaign.state)}:${canonicalJson(t.fight?.state ?? null)}`);
  return h.digest('hex');
}

/** Answers what the GM may until `done` holds (entered dice: faces that vary, so roll-offs end; choices: the default). */
async function advance(gm: Client, live: LiveTable, done: (s: EncounterState) => boolean): Promise<void> {
  for (let i = 0; i < 300 && !done(live.fight!.state); i++) {
    const s = live.fight!.state;
    const p = s.pending?.open[0];
    const command: Record<string, Json> = p
      ? { type: 'answerPrompt', promptId: p.id, answer: p.input.kind === 'dice' ? p.input.dice.flatMap((d) => Array.from({ length: d.count }, (_, k) => 1 + ((i * 7 + k * 3) % d.sides))) : p.default }
      : s.phase === 'setup' ? { type: 'startCombat' } : { type: 'endTurn' };
    expect(await gm.command('fight', { id: `adv-${live.fight!.events.length}`, command })).toMatchObject({ type: 'ack' });
  }
  if (!done(live.fight!.state)) throw new Error(`not reached: round ${live.fight!.state.round}, current ${currentCreatureId(live.fight!.state)}, pending ${JSON.stringify(live.fight!.state.pending?.open.map((p) => [p.key, p.to]))}`);
}

describe('fuzz: malformed and illegal messages change nothing', () => {
  const ctx = useServer({ limits: { maxMessageBytes: LIMIT, maxMessagesPerSecond: 1e6 }, demo: () => demoSource({ diceMode: 'entered' }) });

  it('10,000+ messages: each gets a typed error, the server stays up, every table\'s log hashes the same before and after', async () => {
    // Table A: an entered-dice fight waiting on Brannoc's own initiative die (open prompt to his seat).
    const a = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const aGm = await Client.open(ctx.server.url, a.tableId);
    await aGm.hello(a.gm.token);
    const aLive = ctx.server.tables.get(a.tableId)!;
    expect(await aGm.command('fight', { id: 'go', command: { type: 'startCombat' } })).toMatchObject({ type: 'ack' });
    await advance(aGm, aLive, (s) => s.pending?.open[0]?.about === 'brannoc');
    // Table B: the same fight further on: Brannoc's turn, nothing pending (his attack would ask for his dice).
    const b = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const bGm = await Client.open(ctx.server.url, b.tableId);
    await bGm.hello(b.gm.token);
    const bLive = ctx.server.tables.get(b.tableId)!;
    await advance(bGm, bLive, (s) => s.phase === 'combat' && !s.pending && currentCreatureId(s) === 'brannoc');
    const token = (t: typeof a, seat: string) => t.seats.find((s: { seat: string }) => s.seat === seat).token as string;
    const conns: Record<string, Client> = { aGm, bGm };
    for (const [name, t, seat] of [['aBrannoc', a, 'seat-brannoc'], ['aTamsin', a, 'seat-tamsin'], ['bBrannoc', b, 'seat-brannoc'], ['bTamsin', b, 'seat-tamsin']] as const) {
      conns[name] = await Client.open(ctx.server.url, t.tableId);
      expect((await conns[name]!.hello(token(t, seat))).type).toBe('welcome');
    }
    const openDice = aLive.fight!.state.pending!.open[0]!;
    const closed = aLive.fight!.events.filter((e) => e.type === 'PromptAnswered').map((e) => (e as { promptId: string }).promptId);
    expect(closed.length).toBeGreaterThan(0);
    const attack = legalCommands(bLive.fight!.state, { role: 'player', seat: 'seat-brannoc' }, a5eRuleset).find((c) => c.type === 'takeAction') as Command;
    expect(attack).toBeDefined();
    const hashBefore = await logHash(ctx.server);
    const versionsBefore = [aLive.versions(), bLive.versions()];

    // The messages, by kind: [connection, raw text, expected error code (or null: any typed error)].
    type Case = [string, string, string | null];
    const n = { v: 0 };
    const cmd = (stream: string, command: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ type: 'command', stream, envelope: { id: `f-${n.v++}`, command, ...extra } });
    const anyConn = fc.constantFrom(...Object.keys(conns));
    const seatConn = fc.constantFrom('aBrannoc', 'aTamsin', 'bBrannoc', 'bTamsin');
    const kinds: fc.Arbitrary<Case>[] = [
      // random JSON that is not a message (objects get a type the protocol does not know)
      fc.tuple(anyConn, fc.json().map((j) => (/^\{/.test(j) ? JSON.stringify({ ...JSON.parse(j), type: 'zz' }) : j)), fc.constant('malformed')),
      // text that is not JSON
      fc.tuple(anyConn, fc.string({ maxLength: 200 }).filter((s) => { try { JSON.parse(s); return false; } catch { return true; } }), fc.constant('malformed')),
      // wrong types in known messages
      fc.tuple(anyConn, fc.oneof(
        fc.record({ type: fc.constant('command'), stream: fc.oneof(fc.integer(), fc.constant('campaign'), fc.constant(null)), envelope: fc.constant({ id: 'x', command: { type: 'endTurn' } }) }),
        fc.record({ type: fc.constant('command'), stream: fc.constant('fight'), envelope: fc.oneof(fc.string(), fc.integer(), fc.record({ id: fc.integer(), command: fc.constant({ type: 'endTurn' }) }), fc.record({ id: fc.constant('q'), command: fc.oneof(fc.string(), fc.record({ type: fc.integer() })) })) }),
        fc.record({ type: fc.constant('startFight'), requestId: fc.oneof(fc.integer(), fc.constant('')), fight: fc.anything() }),
        fc.record({ type: fc.constant('ping'), id: fc.oneof(fc.integer(), fc.boolean(), fc.string({ minLength: 201, maxLength: 210 })) }),
        fc.record({ type: fc.constant('finishFight'), requestId: fc.constant('f'), reason: fc.oneof(fc.integer(), fc.string({ minLength: 501, maxLength: 520 })) }),
        fc.record({ type: fc.constant('odds'), requestId: fc.constant('o'), fights: fc.oneof(fc.constant(0), fc.constant(1.5), fc.string(), fc.integer({ min: 100_001 })) }),
        fc.record({ type: fc.constant('odds'), requestId: fc.constant('o'), seconds: fc.oneof(fc.constant(0), fc.constant(601), fc.boolean()) }),
      ).map((m) => JSON.stringify(m)), fc.constant('malformed')),
      // over the size limit
      fc.tuple(anyConn, fc.integer({ min: LIMIT + 1, max: LIMIT * 3 }).map((size) => cmd('fight', { type: 'endTurn', pad: 'x'.repeat(size) })), fc.constant('too-large')),
      // commands no ruleset knows
      fc.tuple(anyConn, fc.stringMatching(/^[a-z]{1,12}$/).map((t) => cmd('fight', { type: `zz.${t}` })), fc.constant('malformed')),
      // other seats' creatures (and GM-only commands from a seat)
      fc.tuple(seatConn, fc.constantFrom<Command[]>(
        { type: 'takeAction', actorId: 'tamsin', action: 'attack', targets: ['cutter'] },
        { type: 'takeAction', actorId: 'vessa', action: 'attack', targets: ['brannoc'] },
        { type: 'gm.setHp', creatureId: 'brannoc', hp: 99 },
        { type: 'undo' },
        { type: 'gm.endEncounter' },
      ).chain((c) => fc.constant(c)).map((c) => cmd('fight', c)), fc.constant(null)),
      // answers to closed prompts
      fc.tuple(anyConn, fc.tuple(fc.constantFrom(...closed), fc.json()).map(([promptId, answer]) => cmd('fight', { type: 'answerPrompt', promptId, answer: JSON.parse(answer) })), fc.constant(null)),
      // impossible dice in answers (Brannoc's open d20) and in pre-answers (his attack's dice)
      fc.tuple(fc.constant('aBrannoc'), fc.constantFrom(...BAD_FACES).map((answer) => cmd('fight', { type: 'answerPrompt', promptId: openDice.id, answer })), fc.constant('bad-answer')),
      fc.tuple(fc.constant('bBrannoc'), fc.constantFrom(...BAD_FACES.filter((f) => f !== null)).map((face) => cmd('fight', attack, { preAnswers: { 'dice.enter': face } })), fc.constant('bad-answer')),
      // someone else's prompt
      fc.tuple(fc.constantFrom('aTamsin', 'bTamsin'), fc.constant(cmd('fight', { type: 'answerPrompt', promptId: openDice.id, answer: [10] })), fc.constant(null)),
      // stale versions, server-only and GM-only table messages
      fc.tuple(anyConn, fc.integer({ min: 0, max: 5 }).map((v) => cmd('fight', { type: 'gm.setCounter', key: 'k', value: 1 }, { expectedVersion: v })), fc.constant(null)),
      fc.tuple(anyConn, fc.constant(cmd('table', { type: 'campaign.beginEncounter', encounterId: 'x', members: [] })), fc.constant('forbidden')),
      fc.tuple(seatConn, fc.constantFrom(JSON.stringify({ type: 'startFight', requestId: 's', fight: {} }), JSON.stringify({ type: 'finishFight', requestId: 'f' }), JSON.stringify({ type: 'odds', requestId: 'o', fights: 5 })), fc.constant('forbidden')),
      fc.tuple(fc.constantFrom('aGm', 'bGm'), fc.constant(JSON.stringify({ type: 'startFight', requestId: 's', fight: {} })), fc.constant('fight-under-way')),
      fc.tuple(anyConn, fc.constant(JSON.stringify({ type: 'hello', token: 'again' })), fc.constant('malformed')),
      // a planned fight on a table made without a campaign file, and a plan named by anything but an id
      fc.tuple(fc.constantFrom('aGm', 'bGm'), fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/).map((planned) => JSON.stringify({ type: 'startFight', requestId: 'p', fight: { planned } })), fc.constant('no-plan')),
      fc.tuple(fc.constantFrom('aGm', 'bGm'), fc.oneof(fc.integer(), fc.constant(''), fc.array(fc.string()), fc.constant(null)).map((planned) => JSON.stringify({ type: 'startFight', requestId: 'p', fight: { planned } })), fc.constant('malformed')),
      // a seat's command with someone else's issuedBy
      fc.tuple(seatConn, fc.constant(cmd('fight', { type: 'endTurn' }, { issuedBy: { role: 'gm' } })), fc.constant('forbidden')),
    ];
    const cases = fc.sample(fc.oneof(...kinds), { numRuns: 10_400, seed: 4780 });
    // Pipelined per connection, 64 in flight at a time: each message must get exactly one answer.
    const byConn = new Map<string, Case[]>();
    for (const c of cases) byConn.set(c[0], [...(byConn.get(c[0]) ?? []), c]);
    const codes = new Map<string, number>();
    await Promise.all([...byConn.entries()].map(async ([name, list]) => {
      const c = conns[name]!;
      const start = c.messages.length;
      for (let i = 0; i < list.length; i += 64) {
        const batch = list.slice(i, i + 64);
        for (const [, text] of batch) c.send(text);
        const want = start + Math.min(i + 64, list.length);
        while (c.messages.length < want) await new Promise((r) => setTimeout(r, 2));
      }
      await new Promise((r) => setTimeout(r, 20));
      const answers = c.messages.slice(start);
      expect(answers.length).toBe(list.length);
      for (const m of answers) {
        expect(['error', 'rejected']).toContain(m.type);
        const e = m['error'] as { code: string; message: string };
        expect(e.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(e.message.length).toBeGreaterThan(5);
        codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
      }
      // Kinds with one expected code got it (answers come back in order except for parse errors, so count).
      const expected = new Map<string, number>();
      for (const [, , code] of list) if (code) expected.set(code, (expected.get(code) ?? 0) + 1);
      for (const [code, count] of expected) expect(answers.filter((m) => (m['error'] as { code: string }).code === code).length).toBeGreaterThanOrEqual(count);
    }));
    expect(cases.length).toBeGreaterThanOrEqual(10_000);
    for (const code of ['malformed', 'too-large', 'forbidden', 'bad-answer', 'version-conflict', 'no-such-prompt', 'fight-under-way']) expect(codes.get(code) ?? 0).toBeGreaterThan(0);

    // Wrong tokens: the same answer for a real table and a made-up one.
    const answersTo = async (tableId: string, tok: string) => {
      const c = await Client.open(ctx.server.url, tableId);
      const m = await c.hello(tok);
      await c.next(() => c.closed, 2000).catch(() => undefined);
      return JSON.stringify(m);
    };
    const wrong = [await answersTo(a.tableId, 'not-a-token'), await answersTo('t-nope', 'not-a-token'), await answersTo('t-nope', a.gm.token), await answersTo(b.tableId, a.gm.token)];
    expect(new Set(wrong).size).toBe(1);
    expect(wrong[0]).toContain('unauthorized');
    expect(wrong.join('')).not.toContain(a.gm.token);
    // Before hello: not authenticated.
    const early = await Client.open(ctx.server.url, a.tableId);
    early.send({ type: 'command', stream: 'fight', envelope: { id: 'e', command: { type: 'endTurn' } } });
    expect(await early.next()).toMatchObject({ type: 'error', error: { code: 'not-authenticated' } });
    early.close();

    expect(await logHash(ctx.server)).toBe(hashBefore);
    expect([aLive.versions(), bLive.versions()]).toEqual(versionsBefore);
    // Still serving: a legal command goes through.
    expect(await conns['aBrannoc']!.command('fight', { id: 'real', command: { type: 'answerPrompt', promptId: openDice.id, answer: [11] } })).toMatchObject({ type: 'ack' });
    for (const c of Object.values(conns)) c.close();
  });
});

export type { Msg };
