// Screenshots of the setup screens' odds and import panels at laptop (1366×768) and phone (390×844)
// sizes, for docs/screenshots/ (`npm run screenshots -w @fray/web` runs this after screenshots.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { SIZES } from './harness';
import { launchBrowser, repoRoot, sourceFromScenarioFile, startTestServer } from './harness';
import { addLibraryFoes, endFightToSetup, until } from './helpers';

const out = path.join(repoRoot, 'docs', 'screenshots');
fs.mkdirSync(out, { recursive: true });
const srv = await startTestServer();
const browser = await launchBrowser();
const HOUND = fs.readFileSync(path.join(repoRoot, 'packages', 'import', 'test', 'samples', '5e-block.txt'), 'utf8');

/** A screenshot of the viewport with `at` scrolled to its top. */
async function shot(page: Page, at: Locator, name: string, size: keyof typeof SIZES): Promise<void> {
  await at.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, `${name}-${size}.png`) });
  console.log(`docs/screenshots/${name}-${size}.png`);
}

try {
  for (const size of ['laptop', 'phone'] as const) {
    const p = await browser.page(size);
    await p.goto(`${srv.url}/#new&host=${srv.adminToken}`);
    await until('the library', async () => (await p.locator('[data-testid^="lib-a5e/"]').count()) > 10);
    await p.getByTestId('nt-name').fill('The ford at dusk');
    for (const f of ['brannoc', 'tamsin', 'ashback', 'snapjaw']) {
      await p.getByTestId('nt-filter').fill(f);
      await until(`${f} in the library`, async () => (await p.locator('[data-testid="lib-add"]').count()) === 1);
      await p.locator('[data-testid="lib-add"]').first().click();
    }
    await p.getByTestId('nt-filter').fill('');
    await p.getByTestId('eo-ask').click();
    await p.getByTestId('eo-result').waitFor({ timeout: 60_000 });
    await shot(p, p.getByTestId('encounter-odds'), 'new-table-odds', size);

    // A pasted block, saved into the library: the report.
    await p.getByTestId('import-open').click();
    await p.getByTestId('imp-input').fill(HOUND);
    await p.getByTestId(size === 'laptop' ? 'imp-save' : 'imp-check').click();
    await p.getByTestId('imp-report').waitFor();
    await shot(p, p.getByTestId('imp-report'), 'import-report', size);
    if (size === 'laptop') {
      // A refusal names the creature and the field.
      await p.getByTestId('imp-input').fill(HOUND.replace(/^Hit Points.*$/m, ''));
      await p.getByTestId('imp-check').click();
      await p.getByTestId('imp-error').waitFor();
      await shot(p, p.getByTestId('import-panel'), 'import-refused', size);
    }
    await p.close();
  }

  // Between fights: an imported hound and a library foe, and the next fight's odds.
  const t = await srv.table(sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'tamsin', 'vessa'], name: 'A forest road' }));
  for (const size of ['laptop', 'phone'] as const) {
    const p = await browser.page(size);
    await p.goto(t.gm.link);
    if (size === 'laptop') {
      await p.getByTestId('gm-screen').waitFor();
      await endFightToSetup(p);
    }
    await p.getByTestId('setup-screen').waitFor();
    await addLibraryFoes(p, ['ashback']);
    await p.locator('[data-testid="library-foes"] details summary').click();
    await p.getByTestId('import-open').click();
    await p.getByTestId('imp-input').fill(HOUND);
    await p.getByTestId('imp-check').click();
    await p.getByTestId('imp-creature-rust-hound').getByTestId('imp-add').click();
    await p.locator('[data-testid="import-panel"] summary').click();
    await p.getByTestId('eo-ask').click();
    await p.getByTestId('eo-result').waitFor({ timeout: 60_000 });
    await shot(p, p.getByTestId('setup-screen').locator('#fight-h'), 'between-fights-odds', size);
    await p.close();
  }
} finally {
  await browser.close();
  await srv.close();
}
