/** Game time as a table says it: "day 2, 14:30" from seconds since the campaign began. */
export function formatSeconds(total: number): string {
  const day = Math.floor(total / 86_400) + 1;
  const rest = total % 86_400;
  const h = Math.floor(rest / 3600);
  const m = Math.floor((rest % 3600) / 60);
  return `day ${day}, ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
