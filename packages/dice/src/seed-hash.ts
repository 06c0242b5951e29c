import { DiceError } from './errors';

// Seeds become a full 128-bit generator state: xoroshiro seeded naively from a small integer starts
// with low-entropy words, and neighbouring seeds (1, 2, 3…) would begin with visibly similar draws.

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

function fromWords(lo: number, hi: number, tag: number): number[] {
  const key = fmix32(hi ^ tag);
  const words: number[] = [];
  let s = lo | 0;
  for (let i = 0; i < 4; i++) {
    s = (s + 0x9e3779b9) | 0;
    words.push(fmix32(s ^ key));
  }
  return words;
}

// cyrb128-style: four independent 32-bit lanes over the UTF-16 code units, then cross-mixed.
function fromString(text: string): number[] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return fromWords(fmix32(h1 ^ h3), fmix32(h2 ^ h4), fmix32(h3 + h4));
}

const NUMBER_TAG = 0x4e554d42;

/** Deterministic 128-bit state (four int32 words, never all zero) for a seed. */
export function seedToState(seed: number | string): number[] {
  let words: number[];
  if (typeof seed === 'string') {
    words = fromString(seed);
  } else if (Number.isSafeInteger(seed)) {
    words = fromWords(seed % 2 ** 32, Math.floor(seed / 2 ** 32), NUMBER_TAG);
  } else {
    throw new DiceError('invalid', `a numeric seed must be a safe integer, got ${String(seed)}`);
  }
  // An all-zero state would make xoroshiro emit zeros forever.
  if (words.every((w): boolean => w === 0)) words[0] = 1;
  return words;
}
