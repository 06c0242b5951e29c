import type { EventStore } from '@fray/store';
import { dismissSeatConnections } from '../seat-removal';
import type { TokenCache } from '../seat-tokens';
import type { LiveTable, Subscriber, TableMeta } from '../table';

/** A connection as the server keeps it: who it is, and the hash of the token it said hello with. */
export type TokenSubscriber = Subscriber & { tokenHash?: string; close?: () => void };

/**
 * A table's seats changed, on this process or another (PostgreSQL NOTIFY on the seats channel, from
 * the same transaction as the change): forget the table's cached tokens, take its seat list from the
 * store (every screen gets the patch), and dismiss the connections whose token no longer opens it
 * (told `seat-removed`, then closed), as the process where the GM removed the seat did.
 */
export function followSeatChange(table: LiveTable, store: Pick<EventStore, 'getTable' | 'seatByTokenHash'>, tokens: TokenCache): Promise<void> {
  tokens.forget((tableId) => tableId === table.id);
  return table.serial(async () => {
    const rec = await store.getTable(table.id);
    if (rec) table.meta = rec.meta as TableMeta;
    const leaving: Subscriber[] = [];
    for (const sub of [...table.subscribers] as TokenSubscriber[]) {
      if (sub.principal.role !== 'player' || !sub.tokenHash) continue;
      const live = await store.seatByTokenHash(sub.tokenHash);
      if (!live || live.tableId !== table.id) leaving.push(sub);
    }
    dismissSeatConnections(table, leaving);
  });
}

/**
 * After the listening connection was lost (notices sent meanwhile are gone): every cached token is
 * forgotten and every loaded table's seats are read again.
 */
export async function followAllSeats(tables: Iterable<LiveTable>, store: Pick<EventStore, 'getTable' | 'seatByTokenHash'>, tokens: TokenCache): Promise<void> {
  tokens.forget();
  for (const t of [...tables]) await followSeatChange(t, store, tokens).catch(() => undefined);
}
