// Bounds that keep every public entry point fast and crash-free on hostile or mistyped input.
export const LIMITS = {
  maxInputLength: 1000,
  maxTerms: 100,
  maxDicePerTerm: 1000,
  maxDicePerExpression: 10_000,
  maxSides: 10_000,
  maxConstant: 1_000_000_000,
  /** Exact distributions: largest number of distinct totals. */
  maxDistributionRange: 1_000_000,
  /** Exact distributions: rough budget of multiply-adds before we refuse rather than hang. */
  maxDistributionWork: 20_000_000,
} as const;
