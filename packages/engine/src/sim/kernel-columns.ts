/**
 * A compiled fight's per-creature columns: one typed array per number or flag it reads in its loop,
 * indexed like its creatures (integer-indexed, ADR 0002), built from the creatures it compiled.
 */
export interface KernelColumns<C> {
  /** an Int32Array of `f` for each creature */
  ints(f: (c: C, k: number) => number): Int32Array;
  /** a Uint8Array of 1 where `f` holds for the creature, 0 elsewhere */
  flags(f: (c: C, k: number) => boolean): Uint8Array;
}

export function kernelColumns<C>(creatures: readonly C[]): KernelColumns<C> {
  return {
    ints: (f) => Int32Array.from(creatures, f),
    flags: (f) => Uint8Array.from(creatures, (c, k) => (f(c, k) ? 1 : 0)),
  };
}
