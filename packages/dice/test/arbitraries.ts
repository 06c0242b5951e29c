import fc from 'fast-check';
import { expressionOf, isValidLabel } from '../src/index';
import type { DiceExpression, DiceTerm } from '../src/index';

export const label = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}(-[a-z][a-z0-9_]{0,3})?$/).filter(isValidLabel);
const sign = fc.constantFrom<1 | -1>(1, -1);

/** Small pools so that every property can also afford an exact distribution. */
export const diceTerm: fc.Arbitrary<DiceTerm> = fc
  .record({
    sign,
    count: fc.integer({ min: 1, max: 6 }),
    sides: fc.oneof(fc.constantFrom(1, 2, 4, 6, 8, 10, 12, 20, 100), fc.integer({ min: 1, max: 30 })),
    keep: fc.option(fc.record({ mode: fc.constantFrom('kh' as const, 'kl' as const, 'dh' as const, 'dl' as const), n: fc.nat(6) }), { nil: undefined }),
    label: fc.option(label, { nil: undefined }),
  })
  .map(({ keep, label: l, ...rest }) => {
    const term: DiceTerm = { kind: 'dice', ...rest };
    if (keep) term.keep = { mode: keep.mode, n: Math.min(keep.n, rest.count) };
    if (l !== undefined) term.label = l;
    return term;
  });

export const constantTerm: fc.Arbitrary<DiceTerm> = fc
  .record({ sign, value: fc.integer({ min: 0, max: 1_000_000_000 }), label: fc.option(label, { nil: undefined }) })
  .map(({ label: l, ...rest }) => {
    const term: DiceTerm = { kind: 'constant', ...rest };
    if (l !== undefined) term.label = l;
    return term;
  });

export const expression: fc.Arbitrary<DiceExpression> = fc.array(fc.oneof({ weight: 3, arbitrary: diceTerm }, { weight: 1, arbitrary: constantTerm }), { minLength: 1, maxLength: 4 }).map(expressionOf);
