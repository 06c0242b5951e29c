/** The dice a prompt asks for, one entry per physical die, in the order the rules read them. */
export function diceList(spec: { sides: number; count: number }[]): number[] {
  return spec.flatMap((d) => Array.from({ length: d.count }, () => d.sides));
}

export type FaceCheck = { ok: true; value: number } | { ok: false; reason: string };

/**
 * Reads what a person typed for one die. A d10 shows 0 for ten, so 0 is read as 10 there; anything
 * else outside 1..sides is refused with the reason, before it ever reaches the server.
 */
export function readFace(text: string, sides: number): FaceCheck {
  const t = text.trim();
  if (t === '') return { ok: false, reason: `enter the d${sides}` };
  if (!/^\d+$/.test(t)) return { ok: false, reason: `a d${sides} shows a whole number from 1 to ${sides}` };
  let v = Number(t);
  if (v === 0 && sides === 10) v = 10;
  if (v < 1 || v > sides) return { ok: false, reason: `a d${sides} has no face ${t}: enter 1 to ${sides}` };
  return { ok: true, value: v };
}

/** Every die's face, or the first problem. */
export function readFaces(texts: string[], sides: number[]): { ok: true; faces: number[] } | { ok: false; index: number; reason: string } {
  const faces: number[] = [];
  for (let i = 0; i < sides.length; i++) {
    const r = readFace(texts[i] ?? '', sides[i]!);
    if (!r.ok) return { ok: false, index: i, reason: r.reason };
    faces.push(r.value);
  }
  return { ok: true, faces };
}
