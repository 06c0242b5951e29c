import type { EventStore } from '@fray/store';
import type { Principal } from '@fray/engine';
import type { WireError } from './protocol';
import type { LiveTable, Subscriber, TableMeta } from './table';

/** What a removed seat's open screens are told before their connection closes. */
export const SEAT_REMOVED: WireError = {
  code: 'seat-removed',
  message: 'The GM removed this seat from the table: this link no longer works. Ask the GM for a new one if you should still be playing.',
};

export type SeatRemoval = { ok: true; seat: string; revoked: number } | { ok: false; error: WireError };

/**
 * GM: takes a seat off a table. Its tokens are revoked in the store and forgotten by the server's
 * token cache (a revoked link is refused at the next hello), the seat leaves the table's list (every
 * screen gets the patch), and its open connections are told why and closed. Its creatures keep their
 * controller id: the GM acts for them, as for any creature, and a new seat of the same id takes them
 * back. The GM's own key is not a seat and cannot be removed this way.
 *
 * With several processes on one PostgreSQL database the revocation and the new seat list reach the
 * others through the store's notice (cluster/seat-changes.ts), which does the same there.
 */
export function removeSeat(
  table: LiveTable,
  store: Pick<EventStore, 'revokeSeat' | 'changeTableMeta'>,
  forgetTokens: (match: (tableId: string, p: Principal) => boolean) => void,
  seat: string,
): Promise<SeatRemoval> {
  return table.serial(async (): Promise<SeatRemoval> => {
    if (!table.meta.seats.some((s) => s.seat === seat)) {
      const known = table.meta.seats.map((s) => s.seat).join(', ') || 'none';
      return { ok: false, error: { code: 'no-seat', message: `this table has no seat '${seat.slice(0, 60)}' (seats: ${known})`, path: ['seat'] } };
    }
    const revoked = await store.revokeSeat(table.id, seat);
    forgetTokens((tableId, p) => tableId === table.id && p.role === 'player' && p.seat === seat);
    // From the store's seat list, not this process's copy: another process may have changed it since.
    table.meta = await store.changeTableMeta<TableMeta>(table.id, (m) => ({ ...m, seats: m.seats.filter((s) => s.seat !== seat) }));
    dismissSeatConnections(table, [...table.subscribers].filter((s) => s.principal.role === 'player' && s.principal.seat === seat));
    return { ok: true, seat, revoked };
  });
}

/**
 * Takes connections whose seat is gone off the table, pushes the other screens their patch (the seat
 * list), then tells the leaving ones why and closes them. Call inside `table.serial`.
 */
export function dismissSeatConnections(table: LiveTable, leaving: readonly Subscriber[]): void {
  // Gone from the table first, so no patch is computed for an audience on its way out.
  for (const sub of leaving) table.unsubscribe(sub);
  table.refreshViews();
  for (const sub of leaving) {
    sub.send({ type: 'error', error: SEAT_REMOVED });
    (sub as Subscriber & { close?: () => void }).close?.();
  }
}
