import fs from 'node:fs';

/**
 * FULL's promise (a commit is on disk before its append is answered) kept with the sync off the
 * caller's thread: the append commits with SQLite's NORMAL (the WAL frames are written, not synced),
 * then `synced()` waits for an `fdatasync` of the WAL file run on libuv's thread pool. Linux syncs a
 * file's data by inode, whichever descriptor asks, so this sync covers every frame SQLite wrote before
 * it started: exactly what FULL's sync inside COMMIT would have covered. Commits that arrive while a
 * sync runs share the next one (group commit without holding anything back).
 *
 * While the sync runs, the server's thread decides, pushes and refuses for every other table; under
 * FULL in the commit it waited for every sync (ADR 0011, amended in session 11).
 */
export class WalSync {
  private fd: number | null = null;
  private ino = -1;
  private running = false;
  /** answered by the sync after the one running (their commits may have missed its start) */
  private next: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  /** the first sync that failed: after it nothing written is known to be on disk, so nothing more is answered */
  failed: DiskSyncFailed | null = null;
  /** syncs run, and commits answered by them (the bench reports commits per sync) */
  syncs = 0;
  commits = 0;

  constructor(private readonly walFile: string) {}

  /** Resolves once a sync started after this call has finished: every commit before the call is on disk. */
  synced(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.next.push({ resolve, reject });
      if (!this.running) this.start();
    });
  }

  /** Whether a sync is running or waiting (close waits for none). */
  get idle(): boolean {
    return !this.running && !this.next.length;
  }

  private idleWaiters: (() => void)[] = [];

  /** Resolves once no sync is running or waiting (every append handed over has been answered). */
  whenIdle(): Promise<void> {
    return this.idle ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settle(): void {
    if (this.idle) for (const w of this.idleWaiters.splice(0)) w();
  }

  private start(): void {
    const batch = this.next.splice(0);
    let fd: number;
    try {
      fd = this.descriptor();
    } catch (e) {
      return this.fail(batch, e);
    }
    this.running = true;
    fs.fdatasync(fd, (err) => {
      this.running = false;
      if (err) return this.fail(batch, err);
      this.syncs++;
      this.commits += batch.length;
      for (const w of batch) w.resolve();
      if (this.next.length) this.start();
      else this.settle();
    });
  }

  /** The WAL file's descriptor, opened again should SQLite have made a new file at that path. */
  private descriptor(): number {
    const ino = fs.statSync(this.walFile).ino;
    if (this.fd === null || ino !== this.ino) {
      if (this.fd !== null) fs.closeSync(this.fd);
      this.fd = fs.openSync(this.walFile, 'r');
      this.ino = fs.fstatSync(this.fd).ino;
    }
    return this.fd;
  }

  private fail(batch: { reject: (e: unknown) => void }[], e: unknown): void {
    this.failed ??= new DiskSyncFailed(e instanceof Error ? e.message : String(e));
    for (const w of [...batch, ...this.next.splice(0)]) w.reject(this.failed);
    this.settle();
  }

  /** Closes the descriptor (call once no sync is waited for). */
  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}

/**
 * The disk refused to sync the store's log. What was written since the last good sync may or may not
 * survive a power cut, so the store answers no more appends: restart the server (it rebuilds every
 * table from what the file holds).
 */
export class DiskSyncFailed extends Error {
  readonly code = 'disk-sync-failed';
  constructor(readonly reason: string) {
    super(`the disk could not sync the store's log (${reason}); no more commands are written until the server restarts`);
    this.name = 'DiskSyncFailed';
  }
}
