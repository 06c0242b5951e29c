// Runs every bench/*.bench.ts in name order. A new benchmark is a new file: nothing to register.
// Each file default-exports a function (sync or async) that measures and prints its own table.
// Optional arguments filter by file name: `npm run bench -- dice`.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type BenchModule = { default?: () => unknown };

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
  if (typeof mod.default !== 'function') throw new Error(`${file} must default-export a function that runs the benchmark`);
  await mod.default();
}
