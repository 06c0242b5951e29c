import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'packages/**/test/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    coverage: { provider: 'v8', include: ['packages/**/src/**/*.ts'], exclude: ['**/*.test.ts'] },
  },
});
