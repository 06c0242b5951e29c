import type { ConstantTerm, DicePoolTerm } from './expression';

export type RolledFace = { value: number; kept: boolean };

/** `subtotal` is signed: the term's contribution to the total (kept faces only). */
export type DiceTermRecord = DicePoolTerm & { faces: RolledFace[]; subtotal: number };
export type ConstantTermRecord = ConstantTerm & { subtotal: number };
export type TermRecord = DiceTermRecord | ConstantTermRecord;

export type RollRecord = {
  /** Canonical notation of what was rolled. */
  expression: string;
  terms: TermRecord[];
  total: number;
  /** The kept d20 face when the only dice term is a positive d20 pool keeping one die (d20, 2d20kh1, 2d20kl1). */
  natural?: number;
  /** Signed subtotal per label, '' for unlabelled terms, in order of first appearance. */
  byLabel: Record<string, number>;
};
