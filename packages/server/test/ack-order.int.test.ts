import fs from 'node:fs';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, postJson, startServer, tmpDir } from './helpers';
import { fightStreamId, type FrayServer } from '../src/index';

// The order the issue asks for, on the wire: a command is acknowledged once its events are committed,
// and its pushes follow the ack, carrying the version that was acknowledged.

let server: FrayServer;
let dir: string;

afterEach(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Frame = { type: string; commandId?: string; stream?: string; version?: unknown; events?: { seq: number; commandId: string }[] };

/** A raw `ws` connection that has said hello, keeping every frame; `onFrame` runs as each arrives. */
async function connect(tableId: string, token: string, onFrame: (f: Frame) => void = () => undefined): Promise<{ ws: WebSocket; frames: Frame[] }> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws/tables/${tableId}`);
  const frames: Frame[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const welcome = new Promise<void>((resolve) => {
    ws.on('message', (d: Buffer) => {
      const f = JSON.parse(d.toString('utf8')) as Frame;
      frames.push(f);
      onFrame(f);
      if (f.type === 'welcome') resolve();
    });
  });
  ws.send(JSON.stringify({ type: 'hello', token }));
  await welcome;
  return { ws, frames };
}

describe('ack, then push', () => {
  it('each command is acked after its events are in the store and before its pushes, which carry the acked version, to the commander and to a seat', async () => {
    dir = tmpDir();
    server = await startServer(dir);
    const t = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body as { tableId: string; gm: { token: string }; seats: { token: string }[] };
    const live = server.tables.get(t.tableId)!;
    const stream = fightStreamId(t.tableId, live.fight!.state.id);
    // A slow disk: every append (to the real SQLite file) takes 15 ms longer, and says when it is done.
    // An ack sent before its commit would reach the client before the commit is logged.
    const order: string[] = [];
    const append = server.store.append.bind(server.store);
    server.store.append = async (parts) => {
      await new Promise((r) => setTimeout(r, 15));
      await append(parts);
      for (const p of parts) if (p.stream === stream) order.push(`commit ${p.events[0]!.commandId}`);
    };
    const seat = await connect(t.tableId, t.seats[0]!.token);
    const gm = await connect(t.tableId, t.gm.token, (f) => {
      if (f.type === 'ack' && f.commandId) order.push(`ack ${f.commandId}`);
    });
    const before = live.fight!.version;
    // Sent all at once: the server takes them one at a time, and each one's ack and push must not cross.
    const ids = Array.from({ length: 12 }, (_, i) => `order-${i}`);
    for (const [i, id] of ids.entries()) gm.ws.send(JSON.stringify({ type: 'command', stream: 'fight', envelope: { id, command: { type: 'gm.setCounter', key: 'order', value: i } } }));
    const lastVersion = before + ids.length;
    const pushedUpTo = (frames: Frame[]) => frames.some((f) => f.type === 'events' && f.stream === 'fight' && f.version === lastVersion);
    for (let i = 0; i < 500 && !(pushedUpTo(gm.frames) && pushedUpTo(seat.frames)); i++) await new Promise((r) => setTimeout(r, 20));

    const acksAndPushes = gm.frames.filter((f) => f.type === 'ack' || (f.type === 'events' && f.stream === 'fight'));
    const expected: unknown[] = [];
    for (const [i, id] of ids.entries()) {
      const version = before + i + 1;
      expected.push({ type: 'ack', commandId: id, version: { table: live.campaign.version, fight: { id: live.fight!.state.id, version } } });
      expected.push({ type: 'events', version, commandIds: [id] });
    }
    expect(acksAndPushes.map((f) => (f.type === 'ack' ? { type: f.type, commandId: f.commandId, version: f.version } : { type: f.type, version: f.version, commandIds: [...new Set(f.events!.map((e) => e.commandId))] }))).toEqual(expected);
    // Each ack arrived after its events were committed (and before the next command was decided).
    expect(order).toEqual(ids.flatMap((id) => [`commit ${id}`, `ack ${id}`]));
    expect((await server.store.read(stream, before)).map((e) => e.commandId)).toEqual(ids);
    // The seat is pushed the same versions, in order, one push per command.
    expect(seat.frames.filter((f) => f.type === 'events' && f.stream === 'fight' && (f.version as number) > before).map((f) => f.version)).toEqual(ids.map((_, i) => before + i + 1));
    gm.ws.close();
    seat.ws.close();
  });
});
