import type { FrayEvent } from './events';

/**
 * The version of the event schema this engine writes, recorded in every log's first event
 * (`EncounterStarted.schemaVersion`). Raise it when an event's shape changes in a way an older fold
 * could misread, and list the versions this engine can still fold in `READABLE_SCHEMA_VERSIONS`.
 * Logs written before the field existed read as version 1.
 */
export const EVENT_SCHEMA_VERSION = 1;
export const READABLE_SCHEMA_VERSIONS: readonly number[] = [1];

/** A log or snapshot that cannot be loaded as given (a gap in the seqs, a tail that needs the earlier log). */
export class LogLoadError extends Error {
  constructor(
    readonly reason: 'gap' | 'needs-earlier' | 'not-a-log' | 'schema' | 'ruleset',
    message: string,
  ) {
    super(message);
    this.name = 'LogLoadError';
  }
}

/** A log (or snapshot) written in an event schema or by a ruleset version this engine cannot read. */
export class LogVersionError extends LogLoadError {
  constructor(reason: 'schema' | 'ruleset' | 'not-a-log', message: string) {
    super(reason, message);
    this.name = 'LogVersionError';
  }
}

/** The first number of a version string ('2.1.0' → 2); NaN when there is none. */
function major(version: string): number {
  const m = /^\s*v?(\d+)/.exec(version);
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * Refuses a stream that was written with an event schema this engine cannot fold, or by another
 * ruleset, or by a ruleset of another major version (a major version may change stat blocks,
 * creature vars or events the rules read back).
 */
export function checkLogVersions(schemaVersion: number | undefined, ruleset: { id: string; version: string }, loaded: { id: string; version: string }, what = 'the log'): void {
  const schema = schemaVersion ?? 1;
  if (!READABLE_SCHEMA_VERSIONS.includes(schema)) {
    throw new LogVersionError('schema', `${what} uses event schema version ${String(schemaVersion)}; this engine reads ${READABLE_SCHEMA_VERSIONS.join(', ')} (it writes ${EVENT_SCHEMA_VERSION}): upgrade the engine to load it`);
  }
  if (ruleset.id !== loaded.id) {
    throw new LogVersionError('ruleset', `${what} was written by the ruleset '${ruleset.id}', not '${loaded.id}'`);
  }
  if (major(ruleset.version) !== major(loaded.version)) {
    throw new LogVersionError('ruleset', `${what} was written by ${ruleset.id} ${ruleset.version}; the loaded ${loaded.id} is ${loaded.version}, another major version, which may read it differently`);
  }
}

/** Checks a whole log's first event (see `checkLogVersions`). */
export function checkLog(events: readonly FrayEvent[], loaded: { id: string; version: string }): void {
  const first = events[0];
  if (!first) return;
  if (first.type !== 'EncounterStarted' || first.seq !== 0) {
    throw new LogVersionError('not-a-log', `a log must begin with EncounterStarted at seq 0, not ${String((first as { type?: unknown }).type)} at seq ${String(first.seq)}`);
  }
  checkLogVersions(first.schemaVersion, first.encounter.ruleset, loaded);
}
