/**
 * Why a command was refused. The state is unchanged whenever one of these comes back.
 * `malformed`: the command's shape is wrong (path names the field); `forbidden`: the issuer may not do it;
 * `illegal` and the specific kebab codes: the rules say no (ruleId names the rule).
 */
export interface CommandRejected {
  code: string;
  message: string;
  path?: (string | number)[];
  ruleId?: string;
}

/** Thrown inside rules code to refuse a command; the engine turns it into a CommandRejected. */
export class RuleViolation extends Error {
  readonly rejection: CommandRejected;
  constructor(code: string, message: string, ruleId?: string) {
    super(message);
    this.name = 'RuleViolation';
    this.rejection = ruleId ? { code, message, ruleId } : { code, message };
  }

  /** The same violation, naming the field of the command at fault. */
  withPath(path: (string | number)[]): this {
    this.rejection.path = path;
    return this;
  }
}

export function reject(code: string, message: string, ruleId?: string): never {
  throw new RuleViolation(code, message, ruleId);
}

/** Content (stat blocks, conditions, actions) that failed validation at load: names the file, path and rule. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly path: (string | number)[],
    readonly reason: string,
    readonly ruleId?: string,
  ) {
    super(`${file}: ${path.length ? path.join('.') : '(root)'}: ${reason}${ruleId ? ` [${ruleId}]` : ''}`);
    this.name = 'ContentError';
  }
}
