// `npm run bench -- import`: creatures imported per second from a generated large file of each
// format, against JSON.parse of the same file (the least any JSON import must do) in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { importCreatures } from '@fray/import';
import { consume, perSecond, printTable, repoRoot, timePair, type Row } from './harness';

const N = 5_000;
const samples = path.join(repoRoot(), 'packages', 'import', 'test', 'samples');
const read = (name: string) => fs.readFileSync(path.join(samples, name), 'utf8');

/** N creatures made from the sample's, each with its own name and numbers (so nothing is shared or cached). */
function manyJson(file: string, list: (doc: Record<string, unknown>) => Record<string, unknown>[], wrap: (items: unknown[]) => unknown): string {
  const base = list(JSON.parse(read(file)) as Record<string, unknown>);
  const items: unknown[] = [];
  for (let i = 0; i < N; i++) {
    const c = structuredClone(base[i % base.length]!);
    c['name'] = `${String(c['name'])} ${i}`;
    if (typeof c['hit_points'] === 'number') c['hit_points'] = 10 + (i % 200);
    items.push(c);
  }
  return JSON.stringify(wrap(items));
}

function manyText(file: string): string {
  const block = read(file).trim();
  const blocks: string[] = [];
  for (let i = 0; i < N; i++) blocks.push(block.replace(/^([^\n]+)/, `$1 ${i}`));
  return blocks.join('\n---\n');
}

function row(name: string, text: string, json: boolean): Row {
  const creatures = importCreatures(text).creatures.length;
  const imp = (): void => consume(importCreatures(text).creatures.length);
  const base = json ? (): void => consume((JSON.parse(text) as unknown[]).length ?? 1) : (): void => consume(text.split('\n').length);
  const [ms, baseMs] = timePair(imp, base, 3, 1);
  return {
    name: `${name}: ${creatures} creatures (${(text.length / 1e6).toFixed(1)} MB) vs ${json ? 'JSON.parse' : 'splitting into lines'}`,
    measured: perSecond(creatures, ms),
    baseline: perSecond(creatures, baseMs),
    ratio: baseMs / ms,
    // An import reads every field, maps it and runs the ruleset's validation on every stat block:
    // it may cost up to 100 times a bare JSON parse, or 1000 times splitting pasted text into lines.
    goal: json ? 0.01 : 0.001,
  };
}

export default function run(): void {
  const results = (d: Record<string, unknown>) => d['results'] as Record<string, unknown>[];
  printTable([
    row('Open5e v2 (A5E) page', manyJson('open5e-v2-a5e-page.json', results, (items) => ({ count: items.length, results: items })), true),
    row('Open5e v1 page', manyJson('open5e-v1-page.json', results, (items) => ({ count: items.length, results: items })), true),
    row('5etools bestiary', manyJson('5etools-bestiary.json', (d) => d['monster'] as Record<string, unknown>[], (items) => ({ monster: items })), true),
    row('pasted 5e blocks', manyText('5e-block.txt'), false),
    row('pasted 13th Age blocks', manyText('13a-block.txt'), false),
  ]);
}
