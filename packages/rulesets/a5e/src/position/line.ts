import type { Square } from '@fray/engine';

/**
 * Squares whose inside the straight line between the centres of `a` and `b` passes through,
 * endpoints excluded. Grazing a corner or running along an edge does not count, so a line
 * between two diagonal neighbours crosses nothing.
 */
export function squaresBetween(a: Square, b: Square): Square[] {
  // Doubled coordinates: centres and edges are both whole numbers, and each bound below is a
  // correctly rounded quotient of small integers, so equal fractions compare equal.
  const p = { x: 2 * a.x + 1, y: 2 * a.y + 1 };
  const d = { x: 2 * (b.x - a.x), y: 2 * (b.y - a.y) };
  const out: Square[] = [];
  for (let y = Math.min(a.y, b.y); y <= Math.max(a.y, b.y); y++) {
    for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); x++) {
      if ((x === a.x && y === a.y) || (x === b.x && y === b.y)) continue;
      const tx = openSpan(p.x, d.x, 2 * x);
      const ty = openSpan(p.y, d.y, 2 * y);
      if (!tx || !ty) continue;
      const lo = Math.max(0, tx[0], ty[0]);
      const hi = Math.min(1, tx[1], ty[1]);
      if (lo < hi) out.push({ x, y });
    }
  }
  return out;
}

/** The open range of t where start + t·delta lies strictly inside (low, low + 2); null if never. */
function openSpan(start: number, delta: number, low: number): [number, number] | null {
  if (delta === 0) return start > low && start < low + 2 ? [-Infinity, Infinity] : null;
  const t1 = (low - start) / delta;
  const t2 = (low + 2 - start) / delta;
  return [Math.min(t1, t2), Math.max(t1, t2)];
}
