import type { DiceExpression, DiceTerm } from './expression';
import { keepRule } from './keep-rule';
import { poolTotal, rollPoolFaces } from './pool-roller';
import type { PoolTotal } from './pool-roller';
import type { RolledFace, RollRecord, TermRecord } from './roll-record';
import type { DiceSource } from './source';
import { toExpression } from './to-expression';
import { expressionOf } from './transforms';

export interface CompiledDice {
  /** A private, canonical copy: later changes to the input do not affect this compiled roller. */
  readonly expression: DiceExpression;
  roll(source: DiceSource): RollRecord;
  /** The total alone, without building a record: for simulations and AI look-ahead. */
  rollTotal(source: DiceSource): number;
  readonly min: number;
  readonly max: number;
}

function termRange(term: DiceTerm): [number, number] {
  if (term.kind === 'constant') return [term.sign * term.value, term.sign * term.value];
  const { kept } = keepRule(term);
  return term.sign > 0 ? [kept, kept * term.sides] : [-kept * term.sides, -kept];
}

function naturalTermIndex(terms: readonly DiceTerm[]): number {
  const dice = terms.filter((t) => t.kind === 'dice');
  const only = dice[0];
  if (dice.length !== 1 || only === undefined || only.sides !== 20 || only.sign !== 1) return -1;
  return keepRule(only).kept === 1 ? terms.indexOf(only) : -1;
}

function recordTerm(term: DiceTerm, source: DiceSource): TermRecord {
  if (term.kind === 'constant') return { ...term, subtotal: term.sign * term.value };
  const faces = rollPoolFaces(term, source);
  let sum = 0;
  for (const face of faces) if (face.kept) sum += face.value;
  const record = { ...term, faces, subtotal: term.sign * sum };
  if (term.keep) record.keep = { ...term.keep };
  return record;
}

type TermRecorder = (source: DiceSource) => TermRecord;

/**
 * A term's record builder, fixed when the expression is compiled. The common shapes (plain dice or a
 * constant, labelled or not) get a literal of one fixed shape with the term's own key order, so the
 * records are the same JSON as `recordTerm`'s and cheap to make; anything else uses `recordTerm`.
 */
function recorderFor(term: DiceTerm): TermRecorder {
  const keys = Object.keys(term).join(',');
  if (term.kind === 'constant') {
    const { sign, value } = term;
    const subtotal = sign * value;
    if (keys === 'kind,sign,value') return () => ({ kind: 'constant', sign, value, subtotal });
    if (keys === 'kind,sign,value,label' && term.label !== undefined) {
      const label = term.label;
      return () => ({ kind: 'constant', sign, value, label, subtotal });
    }
    return (source) => recordTerm(term, source);
  }
  const { sign, count, sides } = term;
  const plain = keys === 'kind,sign,count,sides';
  const labelled = keys === 'kind,sign,count,sides,label' && term.label !== undefined;
  if (!plain && !labelled) return (source) => recordTerm(term, source);
  const label = term.label ?? '';
  return (source) => {
    const faces: RolledFace[] = new Array<RolledFace>(count);
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const value = source.next(sides);
      sum += value;
      faces[i] = { value, kept: true };
    }
    const subtotal = sign * sum;
    return plain ? { kind: 'dice', sign, count, sides, faces, subtotal } : { kind: 'dice', sign, count, sides, label, faces, subtotal };
  };
}

class Compiled implements CompiledDice {
  readonly min: number;
  readonly max: number;
  private readonly offset: number;
  private readonly pools: PoolTotal[];
  private readonly signs: number[];
  private readonly natural: number;
  private readonly recorders: TermRecorder[];
  /** labels in order of first appearance ('' for none), and each term's index into them */
  private readonly labels: string[];
  private readonly labelOf: number[];

  constructor(readonly expression: DiceExpression) {
    const { terms } = expression;
    this.recorders = terms.map(recorderFor);
    this.labels = [];
    this.labelOf = terms.map((t) => {
      const key = t.label ?? '';
      const at = this.labels.indexOf(key);
      return at >= 0 ? at : this.labels.push(key) - 1;
    });
    this.min = 0;
    this.max = 0;
    this.offset = 0;
    this.pools = [];
    this.signs = [];
    for (const term of terms) {
      const [lo, hi] = termRange(term);
      this.min += lo;
      this.max += hi;
      if (term.kind === 'constant') {
        this.offset += term.sign * term.value;
      } else {
        this.pools.push(poolTotal(term));
        this.signs.push(term.sign);
      }
    }
    this.natural = naturalTermIndex(terms);
  }

  rollTotal(source: DiceSource): number {
    let total = this.offset;
    const { pools, signs } = this;
    for (let i = 0; i < pools.length; i++) total += (signs[i] ?? 1) * (pools[i] as PoolTotal)(source);
    return total;
  }

  roll(source: DiceSource): RollRecord {
    const { recorders, labels, labelOf } = this;
    const terms: TermRecord[] = new Array<TermRecord>(recorders.length);
    const sums = new Array<number>(labels.length).fill(0);
    let total = 0;
    for (let i = 0; i < recorders.length; i++) {
      const term = (recorders[i] as TermRecorder)(source);
      terms[i] = term;
      total += term.subtotal;
      sums[labelOf[i] as number]! += term.subtotal;
    }
    const byLabel: Record<string, number> = {};
    for (let k = 0; k < labels.length; k++) byLabel[labels[k] as string] = sums[k] as number;
    const record: RollRecord = { expression: this.expression.text, terms, total, byLabel };
    const natural = terms[this.natural];
    if (natural?.kind === 'dice') record.natural = natural.faces.find((f) => f.kept)?.value ?? 0;
    return record;
  }
}

/** Parse and check once, roll many times. */
export function compileDice(expr: DiceExpression | string): CompiledDice {
  return new Compiled(expressionOf(toExpression(expr).terms));
}

export function rollDice(expr: DiceExpression | string, source: DiceSource): RollRecord {
  return (typeof expr === 'string' ? compiledText(expr) : compileDice(expr)).roll(source);
}

// Rules roll the same few expressions again and again ('1d20', '1d8+3'): parse and compile each text
// once. A compiled roller is immutable, so sharing it is safe; the cache is bounded and simply starts
// over when full, so odd one-off expressions cannot grow it without limit.
const COMPILED_CACHE_LIMIT = 1024;
const compiledByText = new Map<string, CompiledDice>();

function compiledText(text: string): CompiledDice {
  let c = compiledByText.get(text);
  if (c === undefined) {
    c = compileDice(text);
    if (compiledByText.size >= COMPILED_CACHE_LIMIT) compiledByText.clear();
    compiledByText.set(text, c);
  }
  return c;
}
