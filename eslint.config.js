// Lint is also where the house rules are enforced: the pure layers (dice, engine, rulesets)
// must run in a browser and replay deterministically, so they may not reach for the clock,
// Math.random or any Node API.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const pureLayers = ['packages/dice/src/**/*.ts', 'packages/engine/src/**/*.ts', 'packages/rulesets/*/src/**/*.ts', 'packages/import/src/**/*.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: pureLayers,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Pure layers draw dice from a DiceSource, never Math.random.' },
        { object: 'Date', property: 'now', message: 'Pure layers take the clock from the caller, never Date.now.' },
        { object: 'performance', property: 'now', message: 'Pure layers take the clock from the caller.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'Pure layers are browser-safe: no process.' },
        { name: 'require', message: 'Pure layers are ES modules.' },
        { name: 'Buffer', message: 'Pure layers are browser-safe: no Buffer.' },
        { name: 'setTimeout', message: 'Pure layers do not schedule.' },
        { name: 'setInterval', message: 'Pure layers do not schedule.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'Pure layers take the clock from the caller, never new Date().' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'worker_threads', 'http', 'net'], message: 'Pure layers are browser-safe: no Node APIs.' },
          ],
        },
      ],
    },
  },
);
