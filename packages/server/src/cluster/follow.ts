import { activeEncounter, type Encounter, type LoadedRuleset } from '@fray/engine';
import type { AppendListener, EventStore } from '@fray/store';
import { campaignStreamId, fightStreamId, type LiveTable } from '../table';

/** Loads a stream from the store (the server's own loader: newest snapshot plus the tail). */
export type StreamLoader = (stream: string, rt: { ruleset: LoadedRuleset }, campaign: boolean) => Promise<Encounter>;

/**
 * Several server processes on one database: any of them serves any table, the store's log is the
 * only truth, and each process keeps its tables in step with it.
 *
 * - Before a table decides anything (every `serial` step: a command, a fight started or finished, a
 *   client's hello), it reads what the log gained since its own versions and takes it in (`follow`),
 *   pushing those events to its own connections in log order. A writer that still decided on an
 *   old version hits the store's unique key; the table then follows and decides again.
 * - Appends notify (PostgreSQL LISTEN/NOTIFY, stream and version only); a process that holds
 *   connections to that table runs the same catch-up, so its clients see other processes' events.
 *   The events always come from the store, read from the table's own version: no gap, no duplicate.
 */
export class TableFollower {
  constructor(
    private readonly store: EventStore,
    private readonly loadStream: StreamLoader,
  ) {}

  /** Reads and takes in what the table's streams gained in the store, and pushes it to the table's connections. */
  async catchUp(table: LiveTable): Promise<void> {
    const rt = { ruleset: table.ruleset };
    // The fight first: a finished fight's last events come before the campaign's record of it.
    if (table.fight) {
      const tail = await this.store.read(fightStreamId(table.id, table.fight.state.id), table.fight.version);
      if (tail.length) {
        table.fight.follow(tail);
        table.broadcast('fight', tail);
      }
    }
    const tail = await this.store.read(campaignStreamId(table.id), table.campaign.version);
    if (!tail.length) return;
    table.campaign.follow(tail);
    const active = activeEncounter(table.campaign.state);
    let started: Encounter | null = null;
    if (!active) table.fight = null;
    else if (table.fight?.state.id !== active.id) {
      started = await this.loadStream(fightStreamId(table.id, active.id), rt, false);
      table.fight = started;
    }
    table.broadcast('table', tail);
    if (started) table.broadcast('fight', started.events);
  }

  /** Makes `table` catch up before each of its steps (a failed read only skips it: the store's key still guards the write). */
  attach(table: LiveTable): void {
    table.beforeStep = () => this.catchUp(table).catch(() => undefined);
  }

  /**
   * Follows append notices for the tables in `tables` that have connections here, and seat changes
   * (`seats`: cluster/seat-changes.ts). Null on SQLite (one process owns the file).
   */
  listen(tables: ReadonlyMap<string, LiveTable>, seats?: { change(tableId: string): void; resync(): void }): AppendListener | null {
    const wake = (t: LiveTable) => {
      if (t.subscribers.size) void t.serial(async () => undefined);
    };
    return this.store.listenAppends((n) => {
      const t = tables.get(n.stream.slice(0, n.stream.indexOf('/')));
      if (!t) return;
      const ours = n.stream === campaignStreamId(t.id) ? t.campaign.version : t.fight && n.stream === fightStreamId(t.id, t.fight.state.id) ? t.fight.version : -1;
      // Our own appends (and ones already read) need nothing; a fight we do not hold yet comes with the campaign.
      if (n.version > ours) wake(t);
    }, () => {
      for (const t of tables.values()) wake(t);
      seats?.resync();
    }, seats ? (n) => seats.change(n.table) : undefined);
  }
}
