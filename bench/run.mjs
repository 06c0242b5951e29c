// `npm run bench [-- filter…]`: bundles the selected bench/*.bench.ts files with esbuild (plain
// JavaScript, no keepNames, no TypeScript loader at run time), then runs them in name order. Running
// the sources through tsx instead would measure tsx's `__name` helper (a closure named on every call)
// along with the rules. `npm run bench:tsx` runs the sources through tsx, for comparison.
// The bundles go to node_modules/.cache/fray-bench, inside the repo so that packages still resolve.
import console from 'node:console';
import { readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '..', 'node_modules', '.cache', 'fray-bench');
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
await build({
  entryPoints: files.map((f) => join(here, f)),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  keepNames: false,
  logLevel: 'warning',
  // Native and server packages stay outside the bundle (better-sqlite3 loads a .node file by path).
  external: ['better-sqlite3', 'fastify', '@fastify/*', 'ws', 'kysely', 'pg', 'esbuild'],
  // CommonJS dependencies bundled into an ES module may call require (node builtins).
  banner: { js: "import { createRequire as __frayCreateRequire } from 'node:module'; const require = __frayCreateRequire(import.meta.url);" },
});

for (const file of files) {
  console.log(`\n=== ${file} (esbuild bundle) ===`);
  const mod = await import(pathToFileURL(join(outdir, file.replace(/\.ts$/, '.mjs'))).href);
  if (typeof mod.default !== 'function') throw new Error(`${file} must default-export a function that runs the benchmark`);
  await mod.default();
}
