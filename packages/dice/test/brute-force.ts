import type { DiceExpression, DiceTerm } from '../src/index';

/** Every outcome enumerated: only for tiny pools, to check the real algorithms against. */
function keptSum(faces: number[], term: Extract<DiceTerm, { kind: 'dice' }>): number {
  const sorted = [...faces].sort((a, b) => a - b);
  const n = term.keep?.n ?? 0;
  switch (term.keep?.mode) {
    case undefined:
      return faces.reduce((a, b) => a + b, 0);
    case 'kh':
      return sorted.slice(sorted.length - n).reduce((a, b) => a + b, 0);
    case 'kl':
      return sorted.slice(0, n).reduce((a, b) => a + b, 0);
    case 'dh':
      return sorted.slice(0, sorted.length - n).reduce((a, b) => a + b, 0);
    case 'dl':
      return sorted.slice(n).reduce((a, b) => a + b, 0);
  }
}

function termCounts(term: DiceTerm): Map<number, bigint> {
  const counts = new Map<number, bigint>();
  if (term.kind === 'constant') return new Map([[term.sign * term.value, 1n]]);
  const faces = new Array<number>(term.count).fill(1);
  for (;;) {
    const total = term.sign * keptSum(faces, term);
    counts.set(total, (counts.get(total) ?? 0n) + 1n);
    let i = 0;
    while (i < faces.length && faces[i] === term.sides) faces[i++] = 1;
    if (i === faces.length) return counts;
    faces[i]! += 1;
  }
}

export function bruteForce(expr: DiceExpression): Map<number, bigint> {
  let acc = new Map<number, bigint>([[0, 1n]]);
  for (const term of expr.terms) {
    const next = new Map<number, bigint>();
    for (const [a, wa] of acc) for (const [b, wb] of termCounts(term)) next.set(a + b, (next.get(a + b) ?? 0n) + wa * wb);
    acc = next;
  }
  return acc;
}
