/** Why an import failed as a whole. Nothing is imported when one is thrown. */
export type ImportErrorCode =
  /** the file is not the JSON it claims to be (with the parser's message) */
  | 'bad-json'
  /** the format could not be recognised, or a format was named that the file is not */
  | 'unknown-format'
  /** a format and ruleset that do not go together (a 13th Age block into A5E) */
  | 'unsupported-ruleset'
  /** the file holds no creature at all */
  | 'no-creatures'
  /** a creature lacks what every stat block needs (abilities, AC, hit points) or has it in a shape we cannot read */
  | 'bad-creature'
  /** the mapped stat block was refused by the ruleset's own stat block validation */
  | 'invalid-stat-block'
  /** the input is larger than the importer accepts */
  | 'too-large';

/**
 * A typed import failure. `pointer` names the field: a JSON pointer into the file for JSON input
 * (`/results/3/ability_scores/strength`), `line N` for pasted text; `creature` names the creature.
 */
export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    readonly reason: string,
    readonly pointer = '',
    readonly creature?: string,
  ) {
    super(`${code}: ${creature !== undefined ? `${creature}: ` : ''}${pointer ? `${pointer}: ` : ''}${reason}`);
    this.name = 'ImportError';
  }
}

/** JSON pointer escaping (RFC 6901). */
export function pointer(...parts: (string | number)[]): string {
  return parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
