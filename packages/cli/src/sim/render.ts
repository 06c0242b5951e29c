import type { SimResult } from '@fray/sim';

const pct = (p: number, digits = 1) => `${(100 * p).toFixed(digits)} %`;
const range = (ci: [number, number]) => `${(100 * ci[0]).toFixed(1)}–${(100 * ci[1]).toFixed(1)} %`;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));

function table(header: string[], rows: string[][], rightFrom = 1): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= rightFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

/** The outcome table: who wins, how often, with a 95 % interval. */
export function outcomeLines(r: SimResult): string[] {
  const rows = r.sides.map((s) => [s.side, String(s.count), pct(s.p), range(s.ci)]);
  rows.push(['draw', String(r.draws.count), pct(r.draws.p), range(r.draws.ci)]);
  return table(['side', 'wins', 'P(win)', '95 % interval'], rows);
}

/** Per creature: drop, death and down-at-the-end odds, damage, resources spent (means per fight). */
export function creatureLines(r: SimResult): string[] {
  const rows = r.creatures.map((c) => [
    c.name === c.id ? c.id : `${c.name} (${c.id})`, c.side, pct(c.drop.p), pct(c.death.p), pct(c.down.p), num(c.meanDealt), num(c.meanTaken),
    Object.entries(c.spent).map(([k, v]) => `${k} ${num(v)}`).join(', ') || '-',
  ]);
  return table(['creature', 'side', 'P(drop)', 'P(death)', 'P(down at end)', 'dealt', 'taken', 'spent per fight'], rows, 2);
}

/** A terminal bar chart of how many rounds fights last. */
export function roundsChart(r: SimResult, width = 40): string[] {
  const hist = r.rounds.histogram;
  const top = Math.max(1, ...hist.map((h) => h.count));
  const label = Math.max(...hist.map((h) => String(h.rounds).length), 2);
  const lines = [`rounds: mean ${r.rounds.mean.toFixed(2)}, median ${r.rounds.median}, 90 % within ${r.rounds.p90}, range ${r.rounds.min}–${r.rounds.max}`];
  for (const h of hist) {
    const eighths = Math.round((h.count / top) * width * 8);
    const bar = '█'.repeat(Math.floor(eighths / 8)) + (eighths % 8 ? '▏▎▍▌▋▊▉'[(eighths % 8) - 1]! : '');
    lines.push(`${String(h.rounds).padStart(label)} | ${bar} ${pct(h.count / r.n)}`);
  }
  return lines;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An SVG histogram of rounds per fight, one bar per round count. */
export function roundsSvg(r: SimResult, title: string): string {
  const hist = r.rounds.histogram;
  const W = 640;
  const H = 360;
  const m = { left: 56, right: 16, top: 40, bottom: 48 };
  const lo = r.rounds.min;
  const hi = Math.max(r.rounds.max, lo);
  const slots = hi - lo + 1;
  const top = Math.max(...hist.map((h) => h.count / r.n), 0.0001);
  const bw = (W - m.left - m.right) / slots;
  const y = (p: number) => H - m.bottom - (p / top) * (H - m.top - m.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="14">${esc(title)}</text>`,
  ];
  for (let k = 0; k <= 4; k++) {
    const p = (top * k) / 4;
    parts.push(`<line x1="${m.left}" x2="${W - m.right}" y1="${y(p).toFixed(1)}" y2="${y(p).toFixed(1)}" stroke="#ddd"/>`);
    parts.push(`<text x="${m.left - 6}" y="${(y(p) + 4).toFixed(1)}" text-anchor="end">${(100 * p).toFixed(1)}%</text>`);
  }
  for (const h of hist) {
    const p = h.count / r.n;
    const x = m.left + (h.rounds - lo) * bw;
    parts.push(`<rect x="${(x + 1).toFixed(1)}" y="${y(p).toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${(H - m.bottom - y(p)).toFixed(1)}" fill="#4a78b5"><title>${h.rounds} rounds: ${h.count} fights (${(100 * p).toFixed(2)} %)</title></rect>`);
  }
  const step = Math.max(1, Math.ceil(slots / 20));
  for (let rr = lo; rr <= hi; rr += step) {
    parts.push(`<text x="${(m.left + (rr - lo + 0.5) * bw).toFixed(1)}" y="${H - m.bottom + 16}" text-anchor="middle">${rr}</text>`);
  }
  parts.push(`<text x="${W / 2}" y="${H - 12}" text-anchor="middle">rounds (n = ${r.n}, mean ${r.rounds.mean.toFixed(2)})</text>`);
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
