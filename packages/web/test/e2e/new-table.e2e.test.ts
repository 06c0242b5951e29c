import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { recordFrames, sourceFromScenarioFile, useServerAndBrowser } from './harness';
import { until, waitText, endFightToSetup, addLibraryFoes, addFromLibrary, gmAndPlayer } from './helpers';

// A GM sets up a table in the browser from the content library; a token is dragged on the map; the `?`
// overlay. Through the UI only; one server and one browser for the file.
const ctx = useServerAndBrowser();


/** The centre of a square of the grid map, in page pixels. */
async function squareCentre(page: Page, x: number, y: number, width: number, height: number): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('map-grid').boundingBox())!;
  return { x: box.x + ((x + 0.5) * box.width) / width, y: box.y + ((y + 0.5) * box.height) / height };
}

describe('setting up, dragging and shortcuts in Chromium', () => {
  it('a GM builds a table from the library with a hidden monster and a player seat, starts the fight; the player\'s page and frames never hold the hidden monster', async () => {
    const gm = await ctx.browser.page('laptop');
    // The host's page, as `fray serve` prints it: the admin token rides in the fragment.
    await gm.goto(`${ctx.srv.url}/#host=${ctx.srv.adminToken}`);
    await gm.getByTestId('new-table-link').click();
    await gm.getByTestId('new-table').waitFor();
    await until('the A5E library', async () => (await gm.locator('[data-testid^="lib-a5e/"]').count()) > 10);
    expect(await gm.getByTestId('nt-ruleset').inputValue()).toBe('a5e');
    // The filter narrows the list by name, and by what a stat block is.
    await gm.getByTestId('nt-filter').fill('character');
    await until('four characters', async () => (await gm.locator('[data-testid^="lib-a5e/"]').count()) === 4);

    await gm.getByTestId('nt-name').fill('The ford');
    await addFromLibrary(gm, 'brannoc');
    await addFromLibrary(gm, 'ashback');
    await addFromLibrary(gm, 'gloam rat');
    const picks = gm.locator('li.pick');
    expect(await picks.count()).toBe(3);
    // A character gets a seat of its own; the GM names the player.
    expect(await picks.nth(0).getByTestId('pick-controller').inputValue()).toBe('seat-1');
    expect(await picks.nth(1).getByTestId('pick-controller').inputValue()).toBe('');
    await gm.getByTestId('seat-name-seat-1').fill('Ana');
    // The rat lurks: hidden, renamed, placed beside the ford.
    await picks.nth(2).locator('.pick-name').fill('Lurking Rat');
    await picks.nth(2).getByTestId('pick-hidden').check();
    await picks.nth(2).getByTestId('pick-x').fill('6');
    await picks.nth(2).getByTestId('pick-y').fill('4');
    // A square off the map is refused by the server, in words naming the creature; nothing is made.
    await picks.nth(1).getByTestId('pick-x').fill('40');
    const tablesBefore = ctx.srv.server.tables.size;
    await gm.getByTestId('nt-create').click();
    await waitText(gm.getByTestId('nt-error'), 'Ashback Wolf: square (40, 0) is off the 12×8 map');
    expect(ctx.srv.server.tables.size).toBe(tablesBefore);
    await picks.nth(1).getByTestId('pick-x').fill('9');
    await gm.getByTestId('nt-create').click();

    await gm.getByTestId('nt-made').waitFor();
    const seatLink = await gm.getByTestId('nt-link-seat-1').inputValue();
    expect(seatLink).toMatch(/\/t\/[^#]+#seat=/);
    expect(await gm.getByTestId('nt-made').innerText()).toContain('Ana');
    await gm.getByTestId('nt-open-gm').click();
    await gm.getByTestId('gm-screen').waitFor();
    await waitText(gm.locator('.topbar'), 'The ford');

    const player = await ctx.browser.page('phone');
    const frames = recordFrames(player);
    await player.goto(seatLink);
    await player.getByTestId('player-screen').waitFor();
    await waitText(player.getByTestId('player-screen'), 'Ashback Wolf');

    await gm.getByTestId('start-combat').click();
    await until('round 1 on both screens', async () => (await gm.getByTestId('turn-order').getAttribute('data-round')) === '1' && (await player.getByTestId('turn-order').getAttribute('data-round')) === '1');
    await waitText(gm.getByTestId('turn-order'), 'Lurking Rat');
    // The GM's screen has the rat on the map and in the order; the player's has it nowhere.
    expect(await gm.getByTestId('token-lurking-rat').count()).toBe(1);
    const dom = await player.content();
    for (const secret of ['Lurking', 'lurking-rat', 'Gloam', 'gloam-rat']) {
      expect(dom).not.toContain(secret);
      expect(frames.join('\n')).not.toContain(secret);
    }
    expect(frames.length).toBeGreaterThan(1);
    await gm.close();
    await player.close();
  });

  it('dragging a token shows the path, its cost and the opportunity attack before the move; dropping sends it, and the prompt opens; an illegal drop shows the refusal', async () => {
    // The yard (10×6): Brannoc (his player's) beside the wolf; he goes first.
    const t = await ctx.srv.table(sourceFromScenarioFile('scenarios/a5e/map-yard.yaml', { only: ['brannoc', 'wolf'], initiative: { wolf: 0 }, name: 'The yard' }));
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    const player = await ctx.browser.page('phone');
    await player.goto(t.seats.find((s) => s.seat === 'seat-brannoc')!.link);
    await gm.getByTestId('start-combat').click();
    await waitText(player.getByTestId('turn-banner'), 'Your turn');
    await player.getByTestId('token-brannoc').waitFor();
    await until('reachable squares', async () => (await player.locator('[data-testid^="sq-"]').count()) > 0);

    await player.getByTestId('map-grid').scrollIntoViewIfNeeded();
    // An illegal drop: onto the wolf's own square. The preview says no; the rules refuse the drop, in words.
    const start = await squareCentre(player, 1, 0, 10, 6);
    await player.mouse.move(start.x, start.y);
    await player.mouse.down();
    const wolfSq = await squareCentre(player, 0, 0, 10, 6);
    await player.mouse.move(wolfSq.x, wolfSq.y, { steps: 4 });
    await waitText(player.getByTestId('move-preview'), 'not allowed');
    await player.mouse.up();
    await waitText(player.getByTestId('move-refusal'), 'The rules refused the move');

    // Now along the top row to (3,0): leaving the wolf's reach. Before the drop: the path, 10 ft, the wolf's attack.
    await player.mouse.move(start.x, start.y);
    await player.mouse.down();
    const to = await squareCentre(player, 3, 0, 10, 6);
    await player.mouse.move(to.x, to.y, { steps: 6 });
    const preview = await waitText(player.getByTestId('move-preview'), 'provokes opportunity attacks from Ashback Wolf');
    expect(preview).toContain('Drop to move');
    expect(preview).toContain('10 ft');
    expect(await player.getByTestId('move-path').count()).toBe(1);
    expect(await player.locator('.token.provoked[data-testid="token-wolf"]').count()).toBe(1);
    // Nothing was sent yet: the GM's screen has no prompt and Brannoc has not moved.
    expect(await gm.getByTestId('prompt-a5e.opportunityAttack').count()).toBe(0);
    await player.mouse.up();

    // The drop goes through the rules: the wolf's opportunity attack is offered to its controller, the GM.
    await gm.getByTestId('prompt-a5e.opportunityAttack').waitFor();
    await waitText(gm.getByTestId('prompt-a5e.opportunityAttack'), 'Ashback Wolf');
    await gm.close();
    await player.close();
  });

  it('a finger drags the token on a touch phone: touch events become pointer events, the page does not scroll away, the move goes through', async () => {
    const t = await ctx.srv.table(sourceFromScenarioFile('scenarios/a5e/map-yard.yaml', { only: ['brannoc', 'wolf'], initiative: { wolf: 0 }, name: 'Touch' }));
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    await gm.getByTestId('start-combat').click();
    const context = await ctx.browser.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const phone = await context.newPage();
      await phone.goto(t.seats.find((s) => s.seat === 'seat-brannoc')!.link);
      await waitText(phone.getByTestId('turn-banner'), 'Your turn');
      await until('reachable squares', async () => (await phone.locator('[data-testid^="sq-"]').count()) > 0);
      await phone.getByTestId('map-grid').scrollIntoViewIfNeeded();
      const cdp = await context.newCDPSession(phone);
      const from = await squareCentre(phone, 1, 0, 10, 6);
      // (1,1): still beside the wolf, so nothing is provoked and the move is made at once.
      const to = await squareCentre(phone, 1, 1, 10, 6);
      await phone.evaluate(() => {
        (window as unknown as { __ev: string[] }).__ev = [];
        for (const t of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'touchstart']) document.addEventListener(t, (e) => (window as unknown as { __ev: string[] }).__ev.push(`${t}:${(e as PointerEvent).pointerType ?? ''}:${(e.target as Element).tagName}`), true);
      });
      const scrollBefore = await phone.evaluate(() => window.scrollY);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
      for (let i = 1; i <= 5; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + ((to.x - from.x) * i) / 5, y: from.y + ((to.y - from.y) * i) / 5 }] });
      }
      const events = await phone.evaluate(() => (window as unknown as { __ev: string[] }).__ev);
      expect(events[0]).toMatch(/^pointerdown:touch:/);
      expect(events.filter((x) => x.startsWith('pointercancel'))).toEqual([]);
      await waitText(phone.getByTestId('move-preview'), 'Drop to move Brannoc Vale to 1,1: 5 ft · provokes nothing');
      expect(await phone.evaluate(() => window.scrollY)).toBe(scrollBefore);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await until('Brannoc on 1,1 on the GM\'s map', async () => (await gm.getByTestId('map').innerText()).includes('Brannoc Vale at square 1,1'));
    } finally {
      await context.close();
      await gm.close();
    }
  });

  it('between fights the GM adds foes from the library, one hidden, and starts the next fight; the player sees only the visible one', async () => {
    const { gm, player, frames } = await gmAndPlayer(ctx, sourceFromScenarioFile('scenarios/a5e/map-yard.yaml', { only: ['brannoc', 'wolf'], initiative: { wolf: 0 }, name: 'Next' }), 'seat-brannoc');
    await endFightToSetup(gm);
    await addLibraryFoes(gm, ['snapjaw', 'thicket boar']);
    await gm.getByTestId('foe-hidden').nth(1).check();
    await waitText(gm.getByTestId('start-fight'), 'against 2 foes');
    await gm.getByTestId('start-fight').click();
    await gm.getByTestId('gm-screen').waitFor();
    await waitText(gm.locator('.everyone'), 'Thicket Boar');
    await waitText(player.getByTestId('player-screen'), 'Snapjaw Skirmisher');
    expect(await player.content()).not.toContain('Thicket');
    expect(frames.join('\n')).not.toContain('Thicket');
    await gm.close();
    await player.close();
  });

  it('? opens the shortcut list as a labelled dialog that keeps focus, Escape closes it and focus returns; a shortcut does nothing while it is open', async () => {
    const t = await ctx.srv.table(sourceFromScenarioFile('scenarios/a5e/map-yard.yaml', { only: ['brannoc', 'wolf'], initiative: { wolf: 0 }, name: 'Keys' }));
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    await gm.getByTestId('start-combat').click();
    await waitText(gm.getByTestId('whose-turn'), 'Brannoc');
    const dialog = gm.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(await dialog.isVisible()).toBe(false);
    await gm.getByTestId('undo').focus();
    await gm.keyboard.press('?');
    await dialog.waitFor({ state: 'visible' });
    const text = await dialog.innerText();
    for (const line of ['Next turn', 'Undo', 'dice pad', 'Move the destination one square', 'End your turn']) expect(text).toContain(line);
    const inside = () => gm.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 4; i++) {
      await gm.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    await gm.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
    // N (next turn) is ignored while the dialog is open.
    await gm.keyboard.press('n');
    await gm.waitForTimeout(300);
    await waitText(gm.getByTestId('whose-turn'), 'Brannoc');
    await gm.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await gm.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('undo');
    // The Keys button in the top bar opens it too (for the mouse); ? toggles it; its Close button closes it.
    await gm.getByTestId('shortcuts-open').click();
    await dialog.waitFor({ state: 'visible' });
    await gm.keyboard.press('?');
    await dialog.waitFor({ state: 'hidden' });
    // Closing hands focus back asynchronously; start the next press from a known place so it cannot race that.
    await gm.getByTestId('undo').focus();
    await gm.keyboard.press('?');
    await dialog.waitFor({ state: 'visible' });
    await gm.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await gm.close();
  });
});
