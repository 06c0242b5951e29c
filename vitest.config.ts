import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Property tests play hundreds of random fights; CI machines are shared and slow, so allow them time.
    testTimeout: 120_000,
    setupFiles: ['test/fast-check-setup.ts'],
    // PostgreSQL tests start a throwaway cluster on first use (scripts/ensure-postgres.sh); this stops it.
    globalSetup: ['test/postgres-global-setup.ts'],
    // A beforeEach may be the first to ask for that cluster (initdb of its template: ~1.5 s, more on a busy machine).
    hookTimeout: 60_000,
    include: ['packages/**/src/**/*.test.ts', 'packages/**/test/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    coverage: { provider: 'v8', include: ['packages/**/src/**/*.ts'], exclude: ['**/*.test.ts'] },
  },
});
