import { DiceError, DiceLimitError, DiceSyntaxError } from './errors';
import { isValidLabel } from './expression';
import type { DiceExpression, DiceKeep, DiceTerm, KeepMode } from './expression';
import { formatTerms } from './format-dice';
import { LIMITS } from './limits';
import { checkConstant, checkCount, checkKeep, checkSides, checkTermCount, checkTotalDice } from './term-limits';

const MINUS = new Set(['-', '\u2212']);
const KEEP_WORD = /^(kh|kl|dh|dl)[0-9]*$/;

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isSpace = (c: string): boolean => c !== '' && /\s/.test(c);
const isLetter = (c: string): boolean => /^[A-Za-z]$/.test(c);
const isWordChar = (c: string): boolean => /^[A-Za-z0-9_-]$/.test(c);
const isDiceMarker = (c: string): boolean => c === 'd' || c === 'D';

/**
 * Reads dice notation, e.g. "1d20 + 5", "4d6dl1", "2d6 fire + 1d4 cold - 1", "d%".
 * Whitespace may appear between any two tokens. Ambiguities are settled for dice: "3 d6" is 3d6,
 * and kh/kl/dh/dl after a dice term is always a keep suffix, never a label.
 */
export function parseDice(text: string): DiceExpression {
  if (typeof text !== 'string') throw new DiceError('invalid', 'dice notation must be a string');
  if (text.length > LIMITS.maxInputLength) {
    throw new DiceLimitError(`dice notation is limited to ${LIMITS.maxInputLength} characters, got ${text.length}`);
  }
  const terms = new Parser(text).expression();
  return { terms, text: formatTerms(terms) };
}

class Parser {
  private pos = 0;

  constructor(private readonly text: string) {}

  expression(): DiceTerm[] {
    const terms: DiceTerm[] = [];
    let dice = 0;
    this.skipSpace();
    let sign: 1 | -1 = this.readSign() ?? 1;
    for (;;) {
      this.skipSpace();
      const start = this.pos;
      const term = this.term(sign);
      terms.push(term);
      checkTermCount(terms.length, start);
      if (term.kind === 'dice') {
        dice += term.count;
        checkTotalDice(dice, start);
      }
      this.skipSpace();
      if (this.atEnd()) return terms;
      const next = this.readSign();
      if (next === undefined) this.fail("'+', '-' or the end of the expression");
      sign = next;
    }
  }

  private term(sign: 1 | -1): DiceTerm {
    const c = this.peek();
    if (isDiceMarker(c)) return this.dice(sign, 1, this.pos);
    if (!isDigit(c)) this.fail('a dice term or a number');
    const start = this.pos;
    const number = this.readNumber();
    if (this.diceFollows()) return this.dice(sign, number, start);
    checkConstant(number, start);
    return this.withLabel({ kind: 'constant', sign, value: number });
  }

  // A 'd' glued to the number is always a die; after a space it is one only if sides follow,
  // so "3 dark" stays a labelled constant.
  private diceFollows(): boolean {
    if (isDiceMarker(this.peek())) return true;
    const save = this.pos;
    this.skipSpace();
    if (isDiceMarker(this.peek())) {
      this.pos++;
      this.skipSpace();
      const c = this.peek();
      const follows = isDigit(c) || c === '%';
      this.pos = save;
      if (follows) this.skipSpace();
      return follows;
    }
    this.pos = save;
    return false;
  }

  private dice(sign: 1 | -1, count: number, start: number): DiceTerm {
    checkCount(count, start);
    this.pos++; // the 'd'
    this.skipSpace();
    const sidesAt = this.pos;
    let sides: number;
    if (this.peek() === '%') {
      this.pos++;
      sides = 100;
    } else if (isDigit(this.peek())) {
      sides = this.readNumber();
    } else {
      return this.fail("a number of sides after 'd'");
    }
    checkSides(sides, sidesAt);
    const term: DiceTerm = { kind: 'dice', sign, count, sides };
    const keep = this.keep(count);
    if (keep) term.keep = keep;
    return this.withLabel(term);
  }

  // A word that is exactly kh/kl/dh/dl plus optional digits: "2d6kh1", "2d6 dl", "4d6 kh 3";
  // "2d6 khaos" is a label.
  private keep(count: number): DiceKeep | undefined {
    const save = this.pos;
    this.skipSpace();
    const at = this.pos;
    const word = this.peekWord().toLowerCase();
    const mode = word.slice(0, 2);
    if (!KEEP_WORD.test(word)) {
      this.pos = save;
      return undefined;
    }
    this.pos += 2;
    const afterMode = this.pos;
    this.skipSpace();
    let n = 1;
    if (isDigit(this.peek())) n = this.readNumber();
    else this.pos = afterMode;
    checkKeep(n, count, at);
    return { mode: mode as KeepMode, n };
  }

  private withLabel<T extends DiceTerm>(term: T): T {
    const save = this.pos;
    this.skipSpace();
    const word = this.peekWord();
    if (word === '') {
      this.pos = save;
      return term;
    }
    if (word !== word.toLowerCase()) this.fail('a lowercase label');
    if (!isValidLabel(word)) this.fail('a label that cannot be read as notation (not like kh1, dl or d6)');
    this.pos += word.length;
    term.label = word;
    return term;
  }

  /** A word at the cursor ([A-Za-z][A-Za-z0-9_-]*), without consuming it. */
  // A hyphen belongs to the word only before a letter, so "2d6 fire-3" subtracts 3.
  private peekWord(): string {
    if (!isLetter(this.peek())) return '';
    let end = this.pos + 1;
    const { text } = this;
    while (end < text.length && isWordChar(text.charAt(end)) && (text.charAt(end) !== '-' || isLetter(text.charAt(end + 1)))) end++;
    return text.slice(this.pos, end);
  }

  private readNumber(): number {
    const start = this.pos;
    while (isDigit(this.peek())) this.pos++;
    return Number(this.text.slice(start, this.pos));
  }

  private readSign(): 1 | -1 | undefined {
    const c = this.peek();
    if (c === '+') {
      this.pos++;
      return 1;
    }
    if (MINUS.has(c)) {
      this.pos++;
      return -1;
    }
    return undefined;
  }

  private skipSpace(): void {
    while (isSpace(this.peek())) this.pos++;
  }

  private peek(): string {
    return this.text.charAt(this.pos);
  }

  private atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  private fail(expected: string): never {
    const found = this.atEnd() ? 'the end of the expression' : `'${this.peek()}'`;
    throw new DiceSyntaxError(this.pos, expected, found);
  }
}
