// Screenshots of the GM's and a player's screens at laptop (1366×768) and phone (390×844) sizes, for
// docs/screenshots/: `npm run screenshots -w @fray/web`. The demo table plays a few real steps first.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, repoRoot, sourceFromScenarioFile, startTestServer, SIZES } from './harness';
import { answerAny, choose, endFightToSetup, enterDice, until } from './helpers';

const out = path.join(repoRoot, 'docs', 'screenshots');
fs.mkdirSync(out, { recursive: true });
const srv = await startTestServer();
const browser = await launchBrowser();

async function shot(page: Page, name: string, size: keyof typeof SIZES, full = false): Promise<void> {
  await page.setViewportSize(SIZES[size]);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, `${name}-${size}.png`), fullPage: full });
  console.log(`docs/screenshots/${name}-${size}.png`);
}

try {
  // The A5E demo road with physical dice: Brannoc's player is mid-attack, Vessa already hurt.
  const t = await srv.table(sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { diceMode: 'entered', only: ['brannoc', 'tamsin', 'vessa', 'cutter', 'moll'], initiative: { vessa: 10, cutter: 5, moll: 4 }, name: 'A forest road in a storm' }));
  const link = (seat: string) => t.seats.find((s) => s.seat === seat)!.link;
  const gm = await browser.page('laptop');
  await gm.goto(t.gm.link);
  const brannoc = await browser.page('phone');
  await brannoc.goto(link('seat-brannoc'));
  const tamsin = await browser.page('phone');
  await tamsin.goto(link('seat-tamsin'));
  await gm.getByTestId('start-combat').click();
  await enterDice(brannoc, [18]);
  await enterDice(tamsin, [12]);
  await choose(gm, 'world.action', 'none');
  await brannoc.getByTestId('action-attack:longsword').click();
  await brannoc.getByTestId('target-vessa').check();
  await brannoc.getByTestId('do-action').click();
  await enterDice(brannoc, [15]);
  await answerAny(gm, 'decline');
  await enterDice(brannoc, [6]);
  await brannoc.getByTestId('end-turn').click();
  await until('Tamsin’s turn', async () => (await tamsin.getByTestId('turn-banner').innerText()).includes('Your turn'));
  await tamsin.getByTestId('action-attack:rapier').click().catch(() => undefined);
  await tamsin.getByTestId('target-vessa').check().catch(() => undefined);
  await tamsin.getByTestId('do-action').click().catch(() => undefined);
  await gm.locator('details.roll').first().click().catch(() => undefined);
  await shot(gm, 'gm', 'laptop');
  await shot(tamsin, 'player', 'phone');
  await shot(tamsin, 'player-full', 'phone', true);
  await shot(gm, 'gm', 'phone');
  await shot(brannoc, 'player', 'laptop');

  // A5E on a grid: the GM previews a move through difficult terrain.
  const grid = sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'tamsin', 'vessa', 'cutter'], initiative: { vessa: 1, cutter: 2 }, name: 'The ford' });
  const at = (x: number, y: number) => ({ x, y, elevation: 0, size: 'medium', squeezing: false });
  const difficult = { difficult: true, tags: [] };
  grid.fight = {
    ...grid.fight!,
    options: {},
    space: {
      kind: 'grid', squareFeet: 5, diagonals: 'alternating', bounds: { width: 12, height: 8 },
      sizes: { tiny: 1, small: 1, medium: 1, large: 2, huge: 3, gargantuan: 4 }, sharedSquareSizes: ['tiny'],
      terrain: { '5,2': difficult, '5,3': difficult, '5,4': difficult, '6,3': difficult, '6,4': difficult },
      creatures: { brannoc: at(2, 3), tamsin: at(2, 5), vessa: at(8, 3), cutter: at(7, 5) },
    },
  };
  grid.campaign = { ...grid.campaign, options: {} };
  const tg = await srv.table(grid);
  const gmg = await browser.page('laptop');
  await gmg.goto(tg.gm.link);
  await gmg.getByTestId('start-combat').click();
  await gmg.getByTestId('map').waitFor();
  await until('a PC’s turn with a move', async () => (await gmg.locator('[data-testid^="sq-"]').count()) > 0);
  await gmg.locator('[data-testid="sq-6-3"], [data-testid="sq-4-3"]').first().click();
  await gmg.getByTestId('map').scrollIntoViewIfNeeded();
  await shot(gmg, 'gm-map', 'laptop');

  // 13th Age: the escalation die and a mob of reed scrappers.
  const t13 = await srv.table(sourceFromScenarioFile('scenarios/13th-age/demo-marsh.yaml', { name: 'The marsh hag' }));
  const gm13 = await browser.page('laptop');
  await gm13.goto(t13.gm.link);
  await gm13.getByTestId('start-combat').click();
  await until('round 2', async () => {
    if ((await gm13.getByTestId('turn-order').getAttribute('data-round')) === '2') return true;
    const p = gm13.getByTestId('prompt-queue').locator('li.prompt');
    if ((await p.count()) > 0) await p.first().locator('button.primary').first().click();
    else await gm13.getByTestId('gm-end-turn').click();
    return false;
  }, 60_000);
  await shot(gm13, 'gm-13th-age', 'laptop');

  // The landing page, and a new table being set up from the content library.
  for (const size of ['laptop', 'phone'] as const) {
    const p = await browser.page(size);
    await p.goto(`${srv.url}/#host=${srv.adminToken}`);
    await p.getByTestId('landing').waitFor();
    await shot(p, 'landing', size);
    await p.getByTestId('new-table-link').click();
    await until('the library', async () => (await p.locator('[data-testid^="lib-a5e/"]').count()) > 10);
    await p.getByTestId('nt-name').fill('The ford at dusk');
    for (const f of ['brannoc', 'tamsin', 'ashback', 'snapjaw', 'gloam rat']) {
      await p.getByTestId('nt-filter').fill(f);
      await until(`${f} in the library`, async () => (await p.locator('[data-testid="lib-add"]').count()) === 1);
      await p.locator('[data-testid="lib-add"]').first().click();
    }
    await p.getByTestId('nt-filter').fill('');
    await p.locator('li.pick').nth(4).getByTestId('pick-hidden').check();
    await p.getByTestId('seat-name-seat-1').fill('Ana');
    await p.getByTestId('seat-name-seat-2').fill('Bo');
    await p.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await shot(p, 'new-table', size);
    if (size === 'laptop') await shot(p, 'new-table-full', size, true);
    await p.getByTestId('nt-create').click();
    await p.getByTestId('nt-made').waitFor();
    await shot(p, 'new-table-links', size);
    if (size === 'laptop') {
      // That table's GM ends the fight at once: the screen between fights.
      await p.getByTestId('nt-open-gm').click();
      await p.getByTestId('gm-screen').waitFor();
      await endFightToSetup(p);
      await p.getByTestId('library-foes-open').click();
      await p.getByTestId('foe-filter').fill('rat');
      await until('rats in the list', async () => (await p.getByTestId('foe-add').count()) > 0);
      await p.getByTestId('foe-add').first().click();
      await shot(p, 'between-fights', 'laptop');
      await shot(p, 'between-fights', 'phone');
      // The next fight on a fresh grid: everyone placed, the GM's placement tray and form under the map.
      await p.setViewportSize(SIZES.laptop);
      await p.getByTestId('start-fight').click();
      await p.getByTestId('gm-screen').waitFor();
      await p.getByTestId('map').scrollIntoViewIfNeeded();
      await p.evaluate(() => document.querySelector('[data-testid="map"]')?.scrollIntoView({ block: 'center' }));
      await shot(p, 'next-fight-map', 'laptop');
    }
  }

  // A drag in progress: Brannoc's player drags his token away from the wolf (an opportunity attack).
  const yard = await srv.table(sourceFromScenarioFile('scenarios/a5e/map-yard.yaml', { only: ['brannoc', 'wolf'], initiative: { wolf: 0 }, name: 'The yard' }));
  const ygm = await browser.page('laptop');
  await ygm.goto(yard.gm.link);
  await ygm.getByTestId('start-combat').click();
  for (const size of ['laptop', 'phone'] as const) {
    const p = await browser.page(size);
    await p.goto(yard.seats.find((x) => x.seat === 'seat-brannoc')!.link);
    await until('reachable squares', async () => (await p.locator('[data-testid^="sq-"]').count()) > 0);
    await p.getByTestId('map-grid').scrollIntoViewIfNeeded();
    const box = (await p.getByTestId('map-grid').boundingBox())!;
    const at = (x: number, y: number) => ({ x: box.x + ((x + 0.5) * box.width) / 10, y: box.y + ((y + 0.5) * box.height) / 6 });
    await p.mouse.move(at(1, 0).x, at(1, 0).y);
    await p.mouse.down();
    await p.mouse.move(at(3, 1).x, at(3, 1).y, { steps: 6 });
    await until('the preview', async () => (await p.getByTestId('move-preview').innerText()).includes('provokes'));
    await p.evaluate(() => document.querySelector('[data-testid="map"]')?.scrollIntoView({ block: 'center' }));
    await p.waitForTimeout(200);
    await p.screenshot({ path: path.join(out, `drag-${size}.png`) });
    console.log(`docs/screenshots/drag-${size}.png`);
    await p.keyboard.press('Escape');
    await p.mouse.up();
    // The shortcut list over the player's screen.
    await p.keyboard.press('?');
    await p.getByTestId('shortcuts').waitFor({ state: 'visible' });
    await shot(p, 'shortcuts', size);
    await p.keyboard.press('Escape');
  }

  // Zones: the GM holds Wren over the hill brute (Brann is engaged with it; a grunt hides).
  const tz = await srv.table(sourceFromScenarioFile('scenarios/13th-age/intercept.yaml', { hidden: ['grunt'], name: 'The bog bridge' }));
  const zgm = await browser.page('laptop');
  await zgm.goto(tz.gm.link);
  const zplayer = await browser.page('phone');
  await zplayer.goto(tz.seats.find((x) => x.seat === 'seat-brann')!.link);
  await zgm.getByTestId('start-combat').click();
  for (const size of ['laptop', 'phone'] as const) {
    await zgm.setViewportSize(SIZES[size]);
    await until('Wren draggable', async () => (await zgm.locator('[data-testid="ztoken-wren"].draggable').count()) === 1);
    await zgm.evaluate(() => document.querySelector('[data-testid="zones"]')?.scrollIntoView({ block: 'center' }));
    await zgm.waitForTimeout(200);
    const a = (await zgm.getByTestId('ztoken-wren').boundingBox())!;
    const b = (await zgm.getByTestId('ztoken-brute').boundingBox())!;
    await zgm.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await zgm.mouse.down();
    await zgm.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
    await until('the zone preview', async () => (await zgm.getByTestId('move-preview').innerText()).includes('engage'));
    await zgm.screenshot({ path: path.join(out, `zones-drag-${size}.png`) });
    console.log(`docs/screenshots/zones-drag-${size}.png`);
    await zgm.keyboard.press('Escape');
    await zgm.mouse.up();
  }
  await zplayer.getByTestId('zones').waitFor();
  await zplayer.evaluate(() => document.querySelector('[data-testid="zones"]')?.scrollIntoView({ block: 'center' }));
  await shot(zplayer, 'zones-player', 'phone');

  // Seats: the GM is about to remove one; that player's phone once it is gone.
  await zgm.setViewportSize(SIZES.laptop);
  await zgm.locator('details.seats-panel summary').click();
  await zgm.getByTestId('seat-seat-brann').getByTestId('seat-remove').click();
  await zgm.evaluate(() => document.querySelector('[data-testid="seat-list"]')?.scrollIntoView({ block: 'center' }));
  await shot(zgm, 'seats', 'laptop');
  await zgm.getByTestId('seat-remove-confirm').click();
  await zplayer.getByTestId('link-refused').waitFor();
  await shot(zplayer, 'seat-removed', 'phone');
} finally {
  await browser.close();
  await srv.close();
}
