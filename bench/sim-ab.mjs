// `node bench/sim-ab.mjs <other tree> [rounds] [runs]`: an A/B of the standard 4v4's compiled fight
// between another checkout of the repository (A: a git worktree of the commit to compare with) and
// this one (B), in one process with the bare loop, interleaved in rotating order (200 ms batches,
// medians of per-round ratios). On the shared 2-core host the absolute rates and even
// `npm run bench -- sim.bench`'s ratio swing with the load; A and B measured in the same rounds do not
// drift apart. Each tree's packages are bundled from its own sources (its @fray/* aliased; other
// dependencies from this tree's node_modules, so the other tree needs no install); both must give the
// same tally of 3,000 fights first.
import console from 'node:console';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const treeB = resolve(here, '..');
const [other, roundsArg, runsArg] = process.argv.slice(2);
if (!other) throw new Error('usage: node bench/sim-ab.mjs <other tree> [rounds=21] [runs=3]');
const treeA = resolve(other);
const rounds = Number(roundsArg ?? 21);
const runs = Number(runsArg ?? 3);
const outdir = join(treeB, 'node_modules', '.cache', 'fray-sim-ab');
await mkdir(outdir, { recursive: true });

const PACKAGES = { engine: 'engine', dice: 'dice', sim: 'sim', 'ruleset-a5e': 'rulesets/a5e', 'ruleset-13th-age': 'rulesets/13th-age', 'ruleset-five-torches-deep': 'rulesets/five-torches-deep' };
async function bundle(tree, name) {
  const alias = Object.fromEntries(Object.entries(PACKAGES).map(([p, dir]) => [`@fray/${p}`, join(tree, 'packages', dir, 'src', 'index.ts')]));
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    entryPoints: [join(here, 'sim-ab-entry.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', keepNames: false, logLevel: 'warning',
    alias, nodePaths: [join(treeB, 'node_modules')], external: ['better-sqlite3', 'fastify', '@fastify/*', 'ws', 'kysely', 'pg', 'esbuild'],
    banner: { js: "import { createRequire as __frayCreateRequire } from 'node:module'; const require = __frayCreateRequire(import.meta.url);" },
  });
  return import(pathToFileURL(outfile).href);
}
const A = await bundle(treeA, 'a');
const B = await bundle(treeB, 'b');
if (A.tallyOf(treeA, 0, 3000) !== B.tallyOf(treeB, 0, 3000)) throw new Error('the two trees give different tallies for the same 3,000 fights');

const loadAverage = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return '?';
  }
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
function calibrate(run, ms = 200) {
  for (let k = 1; ; k *= 4) {
    const t0 = performance.now();
    run(k);
    const dt = performance.now() - t0;
    if (dt >= ms / 4 || k > 1e7) return Math.max(1, Math.round((k * ms) / Math.max(dt, 1e-3)));
  }
}
const contenders = [A.bareRunner(), A.compiledRunner(treeA), B.compiledRunner(treeB)];
const sizes = contenders.map((run) => calibrate(run));
contenders.forEach((run, i) => run(sizes[i]));
console.log(`A ${treeA}\nB ${treeB}`);
for (let run = 0; run < runs; run++) {
  const rates = contenders.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < contenders.length; j++) {
      const i = (j + r) % contenders.length;
      const t0 = performance.now();
      const units = contenders[i](sizes[i]);
      rates[i].push((units / (performance.now() - t0)) * 1000);
    }
  }
  const ratio = (i, of) => median(rates[i].map((x, r) => x / rates[of][r])).toFixed(3);
  const k = (x) => `${Math.round(median(x) / 1000)} k/s`;
  console.log(`bare ${k(rates[0])}, A ${k(rates[1])}, B ${k(rates[2])}: A ${ratio(1, 0)}× the bare loop, B ${ratio(2, 0)}×, B/A ${ratio(2, 1)}× (load ${loadAverage()})`);
}
