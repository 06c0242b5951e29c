import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { recordFrames, sourceFromScenarioFile, useServerAndBrowser } from './harness';
import { choose, until, waitText, endFightToSetup, gmAndPlayer } from './helpers';

// Dragging on zone maps, the next fight's map for foes added between fights, and removing a seat.
// Through the UI only; one server and one browser for the file.
const ctx = useServerAndBrowser();

/** Holds the mouse down on `from`, moves onto `to` in steps, and leaves it held there (the caller drops). */
async function holdOver(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
}

/** Who is engaged with whom on a zone map, as its boxes group them (names in alphabetical order). */
async function engagedGroups(page: Page): Promise<string[]> {
  const labels = await page.getByTestId('zones').locator('ul.cluster.engaged').evaluateAll((uls) => uls.map((u) => u.getAttribute('aria-label') ?? ''));
  return labels.map((l) => `engaged: ${l.replace(/^engaged: /, '').split(', ').sort().join(', ')}`);
}

describe('zone maps, the next fight\'s map and seats in Chromium', () => {
  it('the GM removes a seat: that player\'s screen closes with the reason and its link is refused after, the seat leaves every screen, the other player plays on', async () => {
    const t = await ctx.srv.table(sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'tamsin', 'cutter'], name: 'Seats' }));
    const link = (seat: string) => t.seats.find((s) => s.seat === seat)!.link;
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    const brannoc = await ctx.browser.page('phone');
    const frames = recordFrames(brannoc);
    await brannoc.goto(link('seat-brannoc'));
    const tamsin = await ctx.browser.page('phone');
    await tamsin.goto(link('seat-tamsin'));
    await brannoc.getByTestId('player-screen').waitFor();
    await tamsin.getByTestId('player-screen').waitFor();

    await gm.locator('details.seats-panel summary').click();
    await waitText(gm.getByTestId('seat-list'), 'Brannoc Vale');
    await gm.getByTestId('seat-seat-brannoc').getByTestId('seat-remove').click();
    // Asked once more, in words that say what happens.
    await waitText(gm.getByTestId('seat-seat-brannoc'), 'Their link stops working; their creatures stay with the GM.');
    await gm.getByTestId('seat-remove-confirm').click();

    // The removed player's screen: the table is gone, the reason stays, nothing redials.
    const gone = await waitText(brannoc.getByTestId('link-refused'), 'The GM removed this seat');
    expect(gone).toBe('The GM removed this seat from the table: this link no longer works. Ask the GM for a new one if you should still be playing.');
    await waitText(brannoc.getByTestId('connection'), 'Seat removed');
    expect(await brannoc.getByTestId('player-screen').count()).toBe(0);
    const framesAtRemoval = frames.length;

    // Every other screen: the seat is no longer listed; Brannoc is the GM's to play.
    await until('the seat gone from the GM\'s list', async () => (await gm.getByTestId('seat-seat-brannoc').count()) === 0);
    expect(await gm.getByTestId('seat-seat-tamsin').count()).toBe(1);
    await waitText(gm.getByTestId('gm-screen'), 'the GM (seat removed)');
    await waitText(tamsin.getByTestId('connection'), 'Live');
    await gm.getByTestId('start-combat').click();
    await waitText(tamsin.getByTestId('turn-banner'), 'Round 1');

    // The old link opens nothing now, not even after a reload.
    await brannoc.reload();
    await waitText(brannoc.getByTestId('link-refused'), 'This link was not accepted. Ask the GM for a new one.');
    expect(frames.slice(framesAtRemoval).some((f) => f.includes('"welcome"'))).toBe(false);
    await gm.close();
    await brannoc.close();
    await tamsin.close();
  });

  it('13th Age zones: the GM drags Wren onto the brute to engage it; Brann\'s token dragged onto an ally is refused in the rules\' words and nothing moves; dragged onto "away" it shows the cost and the brute\'s opportunity attack, then moves; a hidden grunt never reaches the player', async () => {
    // Brann opens engaged with the hill brute; Wren is free; a mire grunt lurks, hidden. Wren acts first.
    const { gm, player: brann, frames } = await gmAndPlayer(ctx, sourceFromScenarioFile('scenarios/13th-age/intercept.yaml', { hidden: ['grunt'], name: 'Zones' }), 'seat-brann');
    await gm.getByTestId('start-combat').click();
    await waitText(brann.getByTestId('turn-banner'), "Wren Halloway's turn");
    expect(await engagedGroups(gm)).toEqual(['engaged: Brann Ashgrove, Hill Brute']);

    // Wren's turn, played by the GM from the laptop: onto the brute. Before the drop: what it costs, what it provokes.
    await until('Wren draggable on the GM map', async () => (await gm.locator('[data-testid="ztoken-wren"].draggable').count()) === 1);
    await holdOver(gm, gm.getByTestId('ztoken-wren'), gm.getByTestId('ztoken-brute'));
    expect(await waitText(gm.getByTestId('move-preview'), 'Drop')).toBe('Drop to engage Hill Brute: 1 move action · provokes nothing');
    await gm.mouse.up();
    await until('Wren engaged with the brute on both maps', async () => JSON.stringify(await engagedGroups(brann)) === JSON.stringify(['engaged: Brann Ashgrove, Hill Brute, Wren Halloway']));
    expect(await engagedGroups(gm)).toEqual(['engaged: Brann Ashgrove, Hill Brute, Wren Halloway']);
    // Round on to Brann's turn.
    for (let i = 0; i < 4 && !(await brann.getByTestId('turn-banner').innerText()).includes('Your turn'); i++) {
      await gm.getByTestId('gm-end-turn').click();
      await until('the turn to pass', async () => !(await gm.getByTestId('gm-end-turn').isDisabled()));
    }
    await waitText(brann.getByTestId('turn-banner'), 'Your turn');
    await until('Brann draggable on his phone', async () => (await brann.locator('[data-testid="ztoken-brann"].draggable').count()) === 1);

    // Onto Wren, an ally: the preview says no before the drop, the drop shows the rules' reason, nothing moves.
    await holdOver(brann, brann.getByTestId('ztoken-brann'), brann.getByTestId('ztoken-wren'));
    expect(await waitText(brann.getByTestId('move-preview'), 'not allowed')).toBe('✕ not allowed: you engage a living enemy');
    await brann.mouse.up();
    expect(await waitText(brann.getByTestId('move-refusal'), 'refused')).toBe('✕ The rules refused the move: you engage a living enemy (13A-ENGAGE-1)');
    expect(await engagedGroups(brann)).toEqual(['engaged: Brann Ashgrove, Hill Brute, Wren Halloway']);
    expect(await gm.getByTestId('prompt-queue').locator('li.prompt').count()).toBe(0);

    // Onto "away": one move action, and the brute may strike as he leaves. Nothing is sent before the drop.
    await holdOver(brann, brann.getByTestId('ztoken-brann'), brann.getByTestId('zone-away'));
    expect(await waitText(brann.getByTestId('move-preview'), 'Drop')).toBe('Drop to move away from everyone: 1 move action · ⚔ provokes opportunity attacks from Hill Brute');
    expect(await gm.getByTestId('prompt-13a.opportunity').count()).toBe(0);
    await brann.mouse.up();
    await choose(gm, '13a.opportunity', 'decline');
    await until('Brann free of the brute on both maps', async () => JSON.stringify(await engagedGroups(brann)) === JSON.stringify(['engaged: Hill Brute, Wren Halloway']));
    expect(await engagedGroups(gm)).toEqual(['engaged: Hill Brute, Wren Halloway']);

    // The hidden grunt: on the GM's map, never in the player's page or frames.
    await waitText(gm.getByTestId('zones'), 'Mire Grunt');
    expect(await brann.content()).not.toContain('Mire Grunt');
    expect(frames.join('\n')).not.toContain('Mire Grunt');
    expect(frames.join('\n')).not.toContain('"grunt"');
    await gm.close();
    await brann.close();
  });

  it('between fights the GM adds a foe from the library on a new 10×6 grid: everyone starts on the map (the party west, the foe east), the GM drags the foe where it begins, a taken square is refused by name, the player\'s map follows', async () => {
    const t = await ctx.srv.table(sourceFromScenarioFile('scenarios/a5e/map-yard.yaml', { only: ['brannoc', 'wolf'], initiative: { wolf: 0 }, name: 'Next map' }));
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    const player = await ctx.browser.page('phone');
    await player.goto(t.seats.find((s) => s.seat === 'seat-brannoc')!.link);
    await endFightToSetup(gm);
    await gm.getByTestId('library-foes-open').click();
    await gm.getByTestId('foe-filter').fill('snapjaw');
    await until('snapjaw in the list', async () => (await gm.getByTestId('foe-add').count()) === 1);
    await gm.getByTestId('foe-add').click();
    // A5E fights on squares by default; this one on 10×6.
    expect(await gm.getByTestId('next-map-grid').isChecked()).toBe(true);
    await gm.getByLabel('squares across').fill('10');
    await gm.getByLabel('down').fill('6');
    await gm.getByTestId('start-fight').click();
    await gm.getByTestId('gm-screen').waitFor();

    const where = async (page: typeof gm) => (await page.getByTestId('map').locator('ul.sr-only').innerText()).split('\n').map((l) => l.trim()).filter(Boolean).sort();
    await until('both on the GM map', async () => (await where(gm)).length === 2);
    expect(await where(gm)).toEqual(['Brannoc Vale at square 0,0', 'Snapjaw Skirmisher at square 9,0']);
    await until('the player map', async () => JSON.stringify(await where(player)) === JSON.stringify(['Brannoc Vale at square 0,0', 'Snapjaw Skirmisher at square 9,0']));

    // The GM drags the snapjaw to (6,3) before the fight starts: the engine's gm.place, nothing else.
    const squareCentre = async (x: number, y: number) => {
      const box = (await gm.getByTestId('map-grid').boundingBox())!;
      return { x: box.x + ((x + 0.5) * box.width) / 10, y: box.y + ((y + 0.5) * box.height) / 6 };
    };
    await gm.getByTestId('map-grid').scrollIntoViewIfNeeded();
    const from = await squareCentre(9, 0);
    await gm.mouse.move(from.x, from.y);
    await gm.mouse.down();
    const to = await squareCentre(6, 3);
    await gm.mouse.move(to.x, to.y, { steps: 6 });
    expect(await waitText(gm.getByTestId('move-preview'), 'Drop')).toBe("Drop to place Snapjaw Skirmisher at 6,3 (the GM's placement: no movement rules)");
    await gm.mouse.up();
    await until('the snapjaw at 6,3 on both maps', async () => (await where(player)).includes('Snapjaw Skirmisher at square 6,3') && (await where(gm)).includes('Snapjaw Skirmisher at square 6,3'));
    await waitText(gm.getByTestId('event-log'), 'The GM places Snapjaw Skirmisher at (6, 3)');

    // Onto Brannoc's square: refused, by name, and nobody moves.
    const onto = await squareCentre(0, 0);
    const back = await squareCentre(6, 3);
    await gm.mouse.move(back.x, back.y);
    await gm.mouse.down();
    await gm.mouse.move(onto.x, onto.y, { steps: 6 });
    await gm.mouse.up();
    expect(await waitText(gm.getByTestId('move-refusal'), 'taken')).toBe('✕ The rules refused the placement: (0, 0) is taken: Brannoc Vale stands there; choose a free square');
    expect(await where(gm)).toEqual(['Brannoc Vale at square 0,0', 'Snapjaw Skirmisher at square 6,3']);
    await gm.getByTestId('start-combat').click();
    // The next fight's initiative is rolled afresh: whoever won it has the first turn.
    await waitText(player.getByTestId('turn-banner'), /Your turn: Brannoc Vale|Snapjaw Skirmisher's turn · round 1/);
    await gm.close();
    await player.close();
  });
});
