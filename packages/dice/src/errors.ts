// Every failure carries a stable `code` so callers (the engine, the CLI, a UI) can branch on the
// kind of failure without matching message text.
export type DiceErrorCode = 'syntax' | 'limit' | 'invalid' | 'scripted' | 'entry_needed';

export class DiceError extends Error {
  readonly code: DiceErrorCode;

  constructor(code: DiceErrorCode, message: string) {
    super(message);
    this.name = 'DiceError';
    this.code = code;
  }
}

/** Notation that cannot be read. `position` is 0-based in the original text. */
export class DiceSyntaxError extends DiceError {
  readonly position: number;
  readonly expected: string;
  readonly found: string;

  constructor(position: number, expected: string, found: string) {
    super('syntax', `expected ${expected} at position ${position}, found ${found}`);
    this.name = 'DiceSyntaxError';
    this.position = position;
    this.expected = expected;
    this.found = found;
  }
}

/** A request that is well-formed but too big to serve safely (or a size that makes no sense, like d0). */
export class DiceLimitError extends DiceError {
  /** 0-based position in the notation when the limit was hit while parsing. */
  readonly position: number | undefined;

  constructor(message: string, position?: number) {
    super('limit', position === undefined ? message : `${message} (at position ${position})`);
    this.name = 'DiceLimitError';
    this.position = position;
  }
}

/** A scripted (or entered) face did not match what the roll asked for, or the script ran out. */
export class ScriptedDiceError extends DiceError {
  constructor(message: string) {
    super('scripted', message);
    this.name = 'ScriptedDiceError';
  }
}

/**
 * Thrown by an entered source when the table has not yet rolled the die the rules need.
 * Not a failure as such: the engine turns it into a prompt, pushes the face and retries.
 */
export class DiceEntryNeeded extends DiceError {
  readonly sides: number;

  constructor(sides: number) {
    super('entry_needed', `roll a d${sides} at the table and enter the face (1–${sides})`);
    this.name = 'DiceEntryNeeded';
    this.sides = sides;
  }
}
