/** The append was decided against an older version of the stream: someone else wrote first. */
export class VersionConflict extends Error {
  readonly code = 'version-conflict';
  constructor(
    readonly stream: string,
    readonly expected: number,
    readonly actual: number | null,
  ) {
    super(`stream '${stream}' is at version ${actual ?? 'unknown'}, not ${expected}: another command was written first`);
    this.name = 'VersionConflict';
  }
}

/** The store already holds as many tables as the caller allows (`createTable`'s `atMost`). */
export class TooManyTables extends Error {
  readonly code = 'too-many-tables';
  constructor(readonly atMost: number) {
    super(`the store holds ${atMost} tables, its most`);
    this.name = 'TooManyTables';
  }
}

/** A table the store does not hold. */
export class UnknownTable extends Error {
  readonly code = 'unknown-table';
  constructor(readonly table: string) {
    super(`no table '${table}'`);
    this.name = 'UnknownTable';
  }
}

/** A stream the store does not hold (append to it without `create`, or read it). */
export class UnknownStream extends Error {
  readonly code = 'unknown-stream';
  constructor(readonly stream: string) {
    super(`no stream '${stream}'`);
    this.name = 'UnknownStream';
  }
}

/**
 * The SQLite writer thread stopped while this append was in its hands, and the store cannot tell
 * whether it was written (an append that creates a stream and writes no events). The store writes on
 * its own thread from then on; the caller may send the command again (read the stream first).
 */
export class WriterThreadFailed extends Error {
  readonly code = 'writer-thread-failed';
  constructor(readonly reason: string) {
    super(`the store's writer thread stopped (${reason}); whether this append was written is unknown`);
    this.name = 'WriterThreadFailed';
  }
}
