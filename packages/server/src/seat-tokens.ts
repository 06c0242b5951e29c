import type { Principal } from '@fray/engine';
import type { EventStore } from '@fray/store';
import { hashToken } from './tokens';

/** What a token opens: one table, as the GM or one seat. */
export interface Access {
  tableId: string;
  principal: Principal;
  tokenHash: string;
}

/**
 * The server's cache of what each token opens (by its hash; live tokens only: a token not found is
 * asked of the store again next time). A seat change forgets the entries it touches: on this process
 * at once, on the others when they hear of it (cluster/seat-changes.ts). A lookup that was under way
 * while a change was heard reads again, so a revoked token cannot slip back into the cache.
 */
export class TokenCache {
  private readonly byHash = new Map<string, Access>();
  /** moves at every forget: a store read begun before it may be stale */
  private generation = 0;

  constructor(private readonly store: Pick<EventStore, 'seatByTokenHash'>) {}

  /** What `token` opens, if it opens `tableId` (null for a missing, unknown, revoked or other table's token). */
  async access(tableId: string, token: string | undefined): Promise<Access | null> {
    if (!token || token.length > 200) return null;
    const h = hashToken(token);
    let a = this.byHash.get(h);
    while (!a) {
      const before = this.generation;
      const seat = await this.store.seatByTokenHash(h);
      if (before !== this.generation) continue;
      if (!seat) return null;
      a = { tableId: seat.tableId, principal: seat.role === 'gm' ? { role: 'gm' } : { role: 'player', seat: seat.seat }, tokenHash: h };
      this.byHash.set(h, a);
    }
    return a.tableId === tableId ? a : null;
  }

  /** Forgets the tokens `match` picks (all of them when left out). */
  forget(match: (tableId: string, p: Principal) => boolean = () => true): void {
    this.generation++;
    for (const [h, a] of this.byHash) if (match(a.tableId, a.principal)) this.byHash.delete(h);
  }
}
