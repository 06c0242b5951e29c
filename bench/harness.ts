// Shared by the *.bench.ts files. Machines are noisy, so every figure is the median of several
// trials taken after a warm-up, and every goal is a ratio against a baseline measured in the same
// run rather than an absolute number.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root (the nearest folder above this module whose package.json is the workspace's):
 * the same from the sources and from a bundle under node_modules/.cache (bench/run.mjs).
 */
export function repoRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
    if (path.dirname(dir) === dir) throw new Error('bench: no workspace package.json above this file');
  }
}

/** Keeps results observable so the JIT cannot discard the measured work. */
export let sink = 0;
export function consume(x: number): void {
  sink = (sink + x) | 0;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** Median milliseconds of `trials` calls to `run`, after `warmup` unmeasured calls. */
export function timeMs(run: () => void, trials = 7, warmup = 3): number {
  for (let i = 0; i < warmup; i++) run();
  const times: number[] = [];
  for (let i = 0; i < trials; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * Times two contenders in alternating trials so both see the same machine conditions, and
 * returns the median milliseconds of each.
 */
export function timePair(a: () => void, b: () => void, trials = 9, warmup = 3): [number, number] {
  for (let i = 0; i < warmup; i++) {
    a();
    b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < trials; i++) {
    let t0 = performance.now();
    a();
    ta.push(performance.now() - t0);
    t0 = performance.now();
    b();
    tb.push(performance.now() - t0);
  }
  return [median(ta), median(tb)];
}

export type Row = { name: string; measured: string; baseline: string; ratio: number; goal: number; higherIsBetter?: boolean };

export function printTable(rows: Row[]): void {
  const cells = rows.map((r) => [r.name, r.measured, r.baseline, `${r.ratio.toFixed(r.ratio >= 100 ? 0 : 2)}×`, `≥ ${r.goal}×`, r.ratio >= r.goal ? 'yes' : 'NO']);
  const header = ['benchmark', 'measured', 'baseline', 'ratio', 'goal', 'met'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]): string => c.map((x, i) => x.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}

export function perSecond(count: number, ms: number): string {
  const rate = (count / ms) * 1000;
  if (rate >= 1e6) return `${(rate / 1e6).toFixed(1)} M/s`;
  if (rate >= 1e3) return `${(rate / 1e3).toFixed(1)} k/s`;
  return `${rate.toFixed(1)} /s`;
}

export function duration(ms: number): string {
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  if (ms >= 1e-3) return `${(ms * 1e3).toFixed(2)} µs`;
  return `${(ms * 1e6).toFixed(0)} ns`;
}
