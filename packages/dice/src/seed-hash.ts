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
  const s = lo | 0;
  const step = 0x9e3779b9 | 0;
  return [fmix32(((s + step) | 0) ^ key), fmix32(((s + 2 * step) | 0) ^ key), fmix32(((s + 3 * step) | 0) ^ key), fmix32(((s + 4 * step) | 0) ^ key)];
}

type Lanes = [number, number, number, number];
const LANES_START: Lanes = [1779033703, 3144134277, 1013904242, 2773480762];

/** cyrb128's lanes after `text`, continuing from `lanes` (so a shared prefix is hashed once). */
function absorb(lanes: Lanes, text: string): Lanes {
  let [h1, h2, h3, h4] = lanes;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  return [h1, h2, h3, h4];
}

// cyrb128-style: four independent 32-bit lanes over the UTF-16 code units, then cross-mixed.
function fromString(text: string): number[] {
  return finish(absorb(LANES_START, text));
}

function finish(lanes: Lanes): number[] {
  return finishWords(lanes[0], lanes[1], lanes[2], lanes[3]);
}

function finishWords(h1: number, h2: number, h3: number, h4: number): number[] {
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

/**
 * `seedToState(prefix + i + suffix)` for whole numbers i, hashing the prefix once: a simulation
 * seeds every fight from its index this way.
 */
export function indexedSeedStates(prefix: string, suffix = ''): (i: number) => number[] {
  const [a1, a2, a3, a4] = absorb(LANES_START, prefix);
  // absorb()'s loop on plain locals, over i's decimal digits worked out arithmetically (a safe integer
  // has at most 16) and then the suffix: this runs once per simulated fight, so no lane arrays and no
  // text to build and flatten.
  const codes = new Int32Array(16 + suffix.length);
  for (let c = 0; c < suffix.length; c++) codes[16 + c] = suffix.charCodeAt(c);
  return (i) => {
    if (!Number.isSafeInteger(i) || i < 0) return nonZero(finish(absorb([a1, a2, a3, a4], `${i}${suffix}`)));
    let from = 16;
    let rest = i;
    do {
      codes[--from] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
    let h1 = a1;
    let h2 = a2;
    let h3 = a3;
    let h4 = a4;
    for (let c = from; c < codes.length; c++) {
      const k = codes[c]!;
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    return nonZero(finishWords(h1, h2, h3, h4));
  };
}

// An all-zero state would make xoroshiro emit zeros forever.
function nonZero(words: number[]): number[] {
  if (words[0] === 0 && words[1] === 0 && words[2] === 0 && words[3] === 0) words[0] = 1;
  return words;
}

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
  return nonZero(words);
}
