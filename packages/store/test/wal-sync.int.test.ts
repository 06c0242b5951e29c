import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrayEvent } from '@fray/engine';
import { EventStore, UnknownStream, VersionConflict, type StoreOptions, type StreamAppend } from '../src/index';

const ev = (seq: number, commandId: string): FrayEvent => ({ type: 'RoundStarted', round: seq, seq, commandId } as unknown as FrayEvent);
const create = { kind: 'encounter' as const, tableId: 't1', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 };
const append = (stream: string, at: number, id: string, n = 1): StreamAppend => ({ stream, expectedVersion: at, events: Array.from({ length: n }, (_, i) => ev(at + i, id)) });

describe("FULL's sync after the commit, on libuv's pool (WalSync)", () => {
  let dir: string;
  const stores: EventStore[] = [];
  const open = async (o: StoreOptions, fileName: string) => {
    const s = await EventStore.open({ dataDir: dir, fileName, ...o });
    stores.push(s);
    await s.createTable({ id: 't1', name: 'T', ruleset: create.ruleset });
    return s;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-walsync-'));
  });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("property: appends issued together get the answers and leave the logs of the same appends made one at a time with the sync in the commit, and none is answered 'ok' before a sync has counted it", async () => {
    let run = 0;
    const streams = ['p0', 'p1', 'p2'];
    const appendArb = fc.record({ stream: fc.constantFrom(...streams, 'nowhere'), at: fc.nat({ max: 6 }), n: fc.integer({ min: 1, max: 3 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(appendArb, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        run++;
        const pool = await open({}, `prop-${run}-pool.sqlite`);
        const inCommit = await open({ fullSync: 'commit' }, `prop-${run}-commit.sqlite`);
        for (const s of [pool, inCommit]) for (const st of streams) await s.append([{ ...append(st, 0, 'c0'), create }]);
        const base = pool.walSyncStats()!.commits;
        let answeredOk = 0;
        const outcome = async (p: Promise<void>, counted: boolean): Promise<string> => {
          try {
            await p;
            // Answered once the sync that covers it is done: the syncs have counted at least every append answered so far.
            if (counted) expect(pool.walSyncStats()!.commits - base).toBeGreaterThanOrEqual(++answeredOk);
            return 'ok';
          } catch (e) {
            if (e instanceof VersionConflict) return `version-conflict ${e.stream} ${e.expected} ${e.actual}`;
            if (e instanceof UnknownStream) return `unknown-stream ${e.stream}`;
            throw e;
          }
        };
        const together: string[] = [];
        const oneByOne: string[] = [];
        for (const [b, batch] of batches.entries()) {
          together.push(...(await Promise.all(batch.map((a, i) => outcome(pool.append([append(a.stream, a.at, `b${b}i${i}`, a.n)]), true)))));
          for (const [i, a] of batch.entries()) oneByOne.push(await outcome(inCommit.append([append(a.stream, a.at, `b${b}i${i}`, a.n)]), false));
        }
        expect(together).toEqual(oneByOne);
        expect(pool.walSyncStats()!.commits - base).toBe(together.filter((x) => x === 'ok').length);
        for (const st of streams) expect(await pool.read(st)).toEqual(await inCommit.read(st));
        for (const s of [pool, inCommit]) {
          await s.close();
          stores.splice(stores.indexOf(s), 1);
        }
      }),
      { numRuns: 25 },
    );
  });
});
