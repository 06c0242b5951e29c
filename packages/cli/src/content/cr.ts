/** "1/4" → 0.25, "5" → 5; undefined for anything that is not a challenge rating. */
export function crValue(cr: string | undefined): number | undefined {
  if (cr === undefined) return undefined;
  const m = /^(\d+)(?:\/(\d+))?$/.exec(cr.trim());
  if (!m) return undefined;
  const v = m[2] ? Number(m[1]) / Number(m[2]) : Number(m[1]);
  return Number.isFinite(v) ? v : undefined;
}
