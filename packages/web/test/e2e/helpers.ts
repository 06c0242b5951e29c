import type { Locator, Page } from 'playwright-core';
import type { TableSource } from '@fray/server';
import { recordFrames, sourceFromScenarioFile, type Browser, type TestServer } from './harness';

/** Waits until a locator's text contains `text`; on timeout the error shows what it said instead. */
export async function waitText(loc: Locator, text: string | RegExp, timeout = 10_000): Promise<string> {
  const until = Date.now() + timeout;
  let last = '';
  for (;;) {
    try {
      last = await loc.innerText({ timeout: 1000 });
      if (typeof text === 'string' ? last.includes(text) : text.test(last)) return last;
    } catch {
      /* not there yet */
    }
    if (Date.now() > until) throw new Error(`expected ${String(text)} in ${String(loc)}; it says:\n${last}`);
    await new Promise((r) => setTimeout(r, 80));
  }
}

/** Waits until `fn` holds (polling), for conditions across several screens. */
export async function until(what: string, fn: () => Promise<boolean>, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    if (await fn().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 80));
  }
}

/** The open prompts on a screen, by their data-testid (prompt-<key>). */
export function prompts(page: Page): Locator {
  return page.getByTestId('prompt-queue').locator('li.prompt');
}

/** Enters physical dice into the first open dice prompt on a screen, through its dice pad. */
export async function enterDice(page: Page, faces: number[], about?: string): Promise<void> {
  const p = about ? prompts(page).filter({ hasText: about }).filter({ has: page.getByTestId('dice-submit') }).first() : prompts(page).filter({ has: page.getByTestId('dice-submit') }).first();
  await p.waitFor();
  for (let i = 0; i < faces.length; i++) await p.getByTestId(`die-input-${i}`).fill(String(faces[i]));
  const before = await p.getAttribute('data-prompt-id');
  await p.getByTestId('dice-submit').click();
  await until(`dice prompt ${before} to close`, async () => (await page.locator(`li.prompt[data-prompt-id="${before}"]`).count()) === 0);
}

/** Answers the first open choice prompt with a key, by clicking the option's button. */
export async function choose(page: Page, key: string, option: string): Promise<void> {
  const p = page.getByTestId(`prompt-${key}`).first();
  await p.waitFor();
  const id = await p.getAttribute('data-prompt-id');
  await p.getByTestId(`answer-${option}`).click();
  await until(`prompt ${id} to close`, async () => (await page.locator(`li.prompt[data-prompt-id="${id}"]`).count()) === 0);
}

/** The counter's shown value (escalation die, …). */
export async function counter(page: Page, key: string): Promise<string> {
  return (await page.getByTestId(`counter-${key}`).locator('.counter-value').innerText()).trim();
}

/** Answers a screen's first open prompt that offers `option` (a reaction declined, say). */
export async function answerAny(page: Page, option: string): Promise<void> {
  const p = prompts(page).filter({ has: page.getByTestId(`answer-${option}`) }).first();
  await p.waitFor();
  const id = await p.getAttribute('data-prompt-id');
  await p.getByTestId(`answer-${option}`).click();
  await until(`prompt ${id} to close`, async () => (await page.locator(`li.prompt[data-prompt-id="${id}"]`).count()) === 0);
}

/** Ends the fight under way from the GM's danger zone and goes back to the campaign's setup screen. */
export async function endFightToSetup(gm: Page): Promise<void> {
  await gm.locator('details.danger-zone summary').click();
  await gm.getByTestId('end-encounter').click();
  await gm.getByTestId('finish-fight').click();
  await gm.getByTestId('setup-screen').waitFor();
}

/** Between fights: opens the library's foe list and adds one foe per name, each found by the filter. */
export async function addLibraryFoes(gm: Page, names: string[]): Promise<void> {
  await gm.getByTestId('library-foes-open').click();
  for (const name of names) {
    await gm.getByTestId('foe-filter').fill(name);
    await until(`${name} in the list`, async () => (await gm.getByTestId('foe-add').count()) === 1);
    await gm.getByTestId('foe-add').click();
  }
}

/** On the new-table page: adds the first library entry the filter finds. */
export async function addFromLibrary(page: Page, filter: string): Promise<void> {
  await page.getByTestId('nt-filter').fill(filter);
  const rows = page.locator('[data-testid^="lib-"] [data-testid="lib-add"]');
  await until(`the library to show ${filter}`, async () => (await rows.count()) === 1);
  await rows.first().click();
}

/** A table made from `source`, open on the GM's laptop and on `seat`'s phone; each page's frames are recorded. */
export async function gmAndPlayer(ctx: { srv: TestServer; browser: Browser }, source: TableSource, seat: string) {
  const t = await ctx.srv.table(source);
  const gm = await ctx.browser.page('laptop');
  const gmFrames = recordFrames(gm);
  await gm.goto(t.gm.link);
  const player = await ctx.browser.page('phone');
  const frames = recordFrames(player);
  await player.goto(t.seats.find((s) => s.seat === seat)!.link);
  return { t, gm, gmFrames, player, frames };
}

/**
 * The A5E yard with Brannoc (his player's) and the wolf, its first fight ended from the GM's screen: the GM
 * (laptop) on the setup screen and the player (phone) following, each page's frames recorded.
 */
export async function yardBetweenFights(ctx: { srv: TestServer; browser: Browser }, name: string) {
  const { t, gm, gmFrames, player, frames } = await gmAndPlayer(ctx, sourceFromScenarioFile('scenarios/a5e/map-yard.yaml', { only: ['brannoc', 'wolf'], initiative: { wolf: 0 }, name }), 'seat-brannoc');
  await player.getByTestId('player-screen').waitFor();
  await endFightToSetup(gm);
  return { t, gm, gmFrames, player, frames };
}
