import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root (the CLI runs from the source tree: `packages/cli/src` → `../../..`). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Bundled scenarios and the stat blocks they (and yours) can `ref`. */
export const scenariosDir = path.join(repoRoot, 'scenarios');
export const contentDir = path.join(scenariosDir, 'content');

/** A path for messages: relative to the working directory when it is below it, absolute otherwise. */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  const abs = path.resolve(cwd, file);
  const rel = path.relative(cwd, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}
