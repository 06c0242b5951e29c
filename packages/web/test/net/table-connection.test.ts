import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TableConnection, type ConnectionState, type SocketLike } from '../../src/net/table-connection';
import { sourceFromScenarioFile, startTestServer, type TestServer } from '../e2e/harness';
import { until } from '../e2e/helpers';

// The browser's connection module against the real server over real sockets (Node's `ws` as the WebSocket).
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
}, 120_000);
afterAll(async () => {
  await srv?.close();
});

function connect(tableId: string, token: string): TableConnection {
  const url = `${srv.url.replace('http', 'ws')}/ws/tables/${tableId}`;
  const c = new TableConnection({ url, token, open: (u) => new WebSocket(u) as unknown as SocketLike, pingEveryMs: 60_000 });
  c.start();
  return c;
}

/**
 * A socket on which every `events` push reaches the page 30 ms late (a slow link), order kept: the ack
 * of a command then surely comes before its push, however the frames happen to be read.
 */
function laggingPushes(ws: WebSocket, frames: string[]): SocketLike {
  const socket: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    onopen: null, onclose: null, onerror: null, onmessage: null,
    send: (d) => ws.send(d),
    close: (code, reason) => ws.close(code, reason),
  };
  let delivered = Promise.resolve();
  ws.on('open', (ev: unknown) => socket.onopen?.(ev));
  ws.on('close', (ev: unknown) => void delivered.then(() => socket.onclose?.(ev)));
  ws.on('error', (ev: unknown) => socket.onerror?.(ev));
  ws.on('message', (d: Buffer) => {
    const text = d.toString('utf8');
    const lag = text.startsWith('{"type":"events"') ? 30 : 0;
    delivered = delivered.then(() => new Promise<void>((r) => setTimeout(r, lag))).then(() => {
      frames.push(text);
      socket.onmessage?.({ data: text });
    });
  });
  return socket;
}

const keys = (s: ConnectionState) => s.log.map((b) => b.key);
const eventsOf = (s: ConnectionState, type: string) => s.log.flatMap((b) => b.events as { type: string }[]).filter((e) => e.type === type);

describe('TableConnection', () => {
  it('starts with the whole history, and after a dropped link catches up without repeating a batch', async () => {
    const t = await srv.table(sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'vessa'], initiative: { vessa: 1 } }));
    const a = connect(t.tableId, t.gm.token);
    const b = connect(t.tableId, t.gm.token);
    try {
      await until('both open', async () => a.state.status === 'open' && b.state.status === 'open');
      // A first hello asks from version 0: the campaign's and the fight's setup are in the log.
      expect(a.state.log.map((x) => x.stream).sort()).toEqual(['fight', 'table']);
      expect((await a.command('fight', { type: 'startCombat' })).ok).toBe(true);
      await until('b sees the start', async () => b.state.versions?.fight?.version === a.state.versions?.fight?.version);

      // A drops; B acts while A is away; A comes back by itself and holds exactly B's history.
      a.dropForTest();
      await until('a reconnecting', async () => a.state.status === 'reconnecting');
      const r = await b.command('fight', { type: 'gm.setHp', creatureId: 'vessa', hp: 30 });
      expect(r.ok).toBe(true);
      await until('a back and caught up', async () => a.state.status === 'open' && a.state.versions?.fight?.version === b.state.versions?.fight?.version);
      expect(a.state.reconnects).toBe(1);
      expect(new Set(keys(a.state)).size).toBe(keys(a.state).length);
      expect(eventsOf(a.state, 'HitPointsSet')).toHaveLength(1);
      expect((a.state.view?.fight?.view as { creatures: Record<string, { hp: number }> }).creatures['vessa']!.hp).toBe(30);
    } finally {
      a.close();
      b.close();
    }
  });

  it('resends a command whose acknowledgement was lost, and the rules apply it once', async () => {
    const t = await srv.table(sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'vessa'], initiative: { vessa: 1 } }));
    const a = connect(t.tableId, t.gm.token);
    try {
      await until('open', async () => a.state.status === 'open');
      const sent = a.command('fight', { type: 'gm.addCondition', creatureId: 'vessa', conditionId: 'prone' });
      a.dropForTest(); // the command is on the wire; its ack dies with the socket
      const r = await sent;
      expect(r).toEqual({ ok: true });
      await until('the condition shows', async () => eventsOf(a.state, 'ConditionAdded').length > 0);
      expect(eventsOf(a.state, 'ConditionAdded')).toHaveLength(1);
      const vessa = (a.state.view?.fight?.view as { creatures: Record<string, { conditions: { conditionId: string }[] }> }).creatures['vessa']!;
      expect(vessa.conditions.map((c) => c.conditionId)).toEqual(['prone']);
    } finally {
      a.close();
    }
  });

  it('a command settles once the screen shows it: the server acks before it pushes, and a command built on the settled view is never stale', async () => {
    const t = await srv.table(sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'vessa'], initiative: { vessa: 1 } }));
    const frames: string[] = [];
    let n = 0;
    const url = `${srv.url.replace('http', 'ws')}/ws/tables/${t.tableId}`;
    const a = new TableConnection({
      url, token: t.gm.token, pingEveryMs: 60_000, newId: () => `cmd-${n++}`,
      open: (u) => laggingPushes(new WebSocket(u), frames),
    });
    a.start();
    try {
      await until('open', async () => a.state.status === 'open');
      // Each command carries the version its screen showed (checkVersion): had it settled on the ack, the
      // next one would go out with the version before the push and be refused as stale.
      for (let i = 0; i < 8; i++) {
        const id = `cmd-${n}`;
        const r = await a.command('fight', { type: 'gm.setHp', creatureId: 'vessa', hp: 20 + i });
        expect(r).toEqual({ ok: true });
        const msgs = frames.map((f) => JSON.parse(f) as { type: string; commandId?: string; version: unknown });
        const ackAt = msgs.findIndex((m) => m.type === 'ack' && m.commandId === id);
        const ack = msgs[ackAt]! as unknown as { version: { fight: { version: number } } };
        expect(a.state.versions).toEqual(ack.version);
        const pushedAt = msgs.findIndex((m) => m.type === 'events' && m.version === ack.version.fight.version);
        expect(pushedAt).toBeGreaterThan(ackAt);
        expect((a.state.view?.fight?.view as { creatures: Record<string, { hp: number }> }).creatures['vessa']!.hp).toBe(20 + i);
      }
      expect(a.state.inFlight).toBe(0);
    } finally {
      a.close();
    }
  });

  it('a wrong token is refused and the connection stops dialling', async () => {
    const t = await srv.table(sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'vessa'] }));
    const a = connect(t.tableId, 'not-a-token');
    try {
      await until('refused', async () => a.state.status === 'refused');
      expect(a.state.notice?.error.code).toBe('unauthorized');
      await new Promise((r) => setTimeout(r, 500));
      expect(a.state.status).toBe('refused');
    } finally {
      a.close();
    }
  });
});
