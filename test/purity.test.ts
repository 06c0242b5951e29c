import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The pure layers must stay deterministic and browser-safe; this proves the lint rules bite.
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('purity of dice, engine and rulesets', () => {
  for (const file of ['packages/dice/src/x.ts', 'packages/engine/src/x.ts', 'packages/rulesets/a5e/src/x.ts', 'packages/import/src/x.ts']) {
    it(`refuses Math.random, Date.now and Node APIs in ${file}`, async () => {
      expect((await problems('export const r = Math.random();\n', file)).join()).toMatch(/Math.random/);
      expect((await problems('export const t = Date.now();\n', file)).join()).toMatch(/clock/);
      expect((await problems("import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n", file)).join()).toMatch(/Node APIs/);
      expect((await problems('export const d = new Date();\n', file)).join()).toMatch(/clock/);
    });
  }

  it('allows the clock in the CLI', async () => {
    expect(await problems('export const t = Date.now();\n', 'packages/cli/src/x.ts')).toEqual([]);
  });
});
