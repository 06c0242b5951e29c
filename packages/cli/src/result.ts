/**
 * What a command returns instead of printing: `main` writes `output` to stdout and `errorOutput`
 * (if any) to stderr, and sets `process.exitCode`. Commands stay testable without spawning.
 */
export interface CommandResult {
  output: string;
  exitCode: number;
  errorOutput?: string;
}

/** `fray run` exit codes. */
export const EXIT = {
  ok: 0,
  /** an expectation failed (an `expect`, `expectRejected`, a missing prompt or strict scripted dice) */
  expectationFailed: 1,
  /** the input is invalid: unreadable file, YAML syntax, schema, unknown ruleset, stat block rejected */
  invalidInput: 2,
  /** a command was rejected where the step did not expect it */
  commandRejected: 3,
  /** a bug in Fray itself (an unexpected exception) */
  internal: 70,
} as const;
