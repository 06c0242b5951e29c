/** 13A-STAT-1 / 13A-GEN-3: floor((score - 10) / 2), toward negative infinity. */
export const abilityMod = (score: number): number => Math.floor((score - 10) / 2);

/** 13A-STAT-2: x1 at levels 1-4, x2 at 5-7, x3 from 8 on. */
export const levelMultiplier = (level: number): number => (level >= 8 ? 3 : level >= 5 ? 2 : 1);

/** 13A-DEF-5: sort three values and take the second. */
export const middleOf = (a: number, b: number, c: number): number => [a, b, c].sort((x, y) => x - y)[1]!;

/** 13A-WPN-3: floor(level / 2) d6, plus a d3 at odd levels. */
export function unarmedDice(level: number): string {
  const d6 = Math.floor(level / 2);
  const parts = [];
  if (d6 > 0) parts.push(`${d6}d6`);
  if (level % 2 === 1) parts.push('1d3');
  return parts.join('+');
}

/** A constant appended to a dice expression with its sign. */
export const withConstant = (dice: string, n: number): string => (n === 0 ? dice : n > 0 ? `${dice}+${n}` : `${dice}-${-n}`);

/** 13A-SAVE-2: the number each difficulty needs. */
export const saveTarget = { easy: 6, normal: 11, hard: 16 } as const;
