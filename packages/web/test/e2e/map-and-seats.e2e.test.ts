import { describe, expect, it } from 'vitest';
import { recordFrames, sourceFromScenarioFile, useServerAndBrowser } from './harness';
import { until, waitText } from './helpers';

// Dragging on zone maps, the next fight's map for foes added between fights, and removing a seat.
// Through the UI only; one server and one browser for the file.
const ctx = useServerAndBrowser();

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
});
