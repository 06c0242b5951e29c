import { defineConfig } from 'vitest/config';

// The pure layers' tests (dice, engine, rulesets, testkit, import: no Node state, no servers, no mocks)
// share one module graph per worker instead of loading the engine and rulesets again for every file:
// loading was most of their time (140 files: 209 s isolated, 74 s shared, on a loaded 2-core machine).
const pure = ['packages/dice', 'packages/engine', 'packages/rulesets', 'packages/testkit', 'packages/import'];
const testsUnder = (dirs: string[]) => dirs.flatMap((d) => [`${d}/**/src/**/*.test.ts`, `${d}/**/test/**/*.test.ts`]);

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two-core machines, which then
    // ran every file in turn while the disk syncs, browsers and child servers of many files left a
    // core idle (12 min 45 s against 9 min 4 s with three, session 12). FRAY_TEST_WORKERS overrides.
    maxWorkers: Number(process.env['FRAY_TEST_WORKERS']) || 3,
    // Property tests play hundreds of random fights; CI machines are shared and slow, so allow them time.
    testTimeout: 120_000,
    setupFiles: ['test/fast-check-setup.ts', 'test/stale-state-setup.ts', 'test/gathering-check-setup.ts'],
    // A beforeEach may be the first to ask for that cluster (initdb of its template: ~1.5 s, more on a busy machine).
    hookTimeout: 60_000,
    exclude: ['**/node_modules/**', '**/dist/**'],
    coverage: { provider: 'v8', include: ['packages/**/src/**/*.ts'], exclude: ['**/*.test.ts'] },
    projects: [
      { extends: true, test: { name: 'pure', include: testsUnder(pure), isolate: false } },
      {
        extends: true,
        test: {
          name: 'rest',
          // PostgreSQL tests start a throwaway cluster on first use (scripts/ensure-postgres.sh); this stops it.
          globalSetup: ['test/postgres-global-setup.ts'],
          include: ['packages/**/src/**/*.test.ts', 'packages/**/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', ...testsUnder(pure)],
        },
      },
    ],
  },
});
