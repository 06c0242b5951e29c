export type SpaceErrorCode =
  | 'invalid-option'
  | 'invalid-id'
  | 'invalid-position'
  | 'invalid-path'
  | 'unknown-creature'
  | 'creature-already-placed'
  | 'unknown-size'
  | 'out-of-bounds'
  | 'square-occupied'
  | 'unknown-band'
  | 'engaged-band'
  | 'self-pair'
  | 'not-in-same-zone';

/** Thrown for illegal placements and queries; `code` is stable for callers to branch on. */
export class SpaceError extends Error {
  readonly code: SpaceErrorCode;

  constructor(code: SpaceErrorCode, message: string) {
    super(message);
    this.name = 'SpaceError';
    this.code = code;
  }
}
