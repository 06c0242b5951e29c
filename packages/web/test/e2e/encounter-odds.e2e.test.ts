import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { findRuleset } from '@fray/cli';
import { simulate } from '@fray/sim';
import { firstFightOfLibrary, loadContentLibrary, loadSimScenario, type OddsReport } from '@fray/server';
import { interval, percent } from '../../src/model/encounter-odds';
import { repoRoot, useServerAndBrowser } from './harness';
import { until, waitText, addLibraryFoes, yardBetweenFights, addFromLibrary } from './helpers';

// A fight's odds before it starts, on the two setup screens, through the UI only: what the panel shows
// is the server's answer for the creatures chosen, and that answer is the simulator's own.
const ctx = useServerAndBrowser();


/** The panel shows the report's numbers: the party's chance and interval, rounds, each PC's drop and death. */
async function expectPanelShows(page: Page, odds: OddsReport, partySide: string): Promise<void> {
  const party = odds.sides.find((s) => s.side === partySide)!;
  await waitText(page.getByTestId('eo-party-p'), percent(party.p));
  expect(await page.getByTestId('eo-party-ci').innerText()).toContain(interval(party.ci));
  expect(await page.getByTestId('eo-rounds').innerText()).toContain(`about ${(Math.round(odds.rounds.mean * 10) / 10).toLocaleString('en')} rounds`);
  // any of the PCs, per fight: the server's count, not a sum of the rows below
  const any = odds.playerCreatures!;
  expect(any.ids).toEqual(odds.creatures.filter((x) => x.played).map((x) => x.id));
  expect(await page.getByTestId('eo-any-pc').innerText()).toBe(`Any PC drops: ${percent(any.drop.p)} (${interval(any.drop.ci)}); any PC dies: ${percent(any.death.p)} (${interval(any.death.ci)})`);
  for (const c of odds.creatures.filter((x) => x.played)) {
    const row = await page.getByTestId(`eo-pc-${c.id}`).innerText();
    expect(row).toContain(c.name);
    expect(row).toContain(`${percent(c.drop.p)} ${interval(c.drop.ci)}`);
    expect(row).toContain(`${percent(c.death.p)} ${interval(c.death.ci)}`);
  }
  expect(await page.getByTestId('eo-meta').innerText()).toContain(`${odds.fights.toLocaleString('en')} fights`);
}

describe("an encounter's odds before it starts, in Chromium", () => {
  it('the new-table page: the GM picks two PCs and a wolf, asks, and sees the server\'s odds for exactly those creatures; adding a second wolf makes them out of date, asking again counts it', async () => {
    const gm = await ctx.browser.page('laptop');
    await gm.goto(`${ctx.srv.url}/#new&host=${ctx.srv.adminToken}`);
    await gm.getByTestId('new-table').waitFor();
    await until('the A5E library', async () => (await gm.locator('[data-testid^="lib-a5e/"]').count()) > 10);
    await addFromLibrary(gm, 'brannoc');
    await addFromLibrary(gm, 'tamsin');
    await addFromLibrary(gm, 'ashback');

    const answered = gm.waitForResponse((r) => r.url().endsWith('/api/odds'), { timeout: 60_000 });
    await gm.getByTestId('eo-ask').click();
    const res = await answered;
    expect(res.status()).toBe(200);
    const sent = res.request().postDataJSON() as { library: Parameters<typeof firstFightOfLibrary>[2] };
    const odds = ((await res.json()) as { odds: OddsReport }).odds;
    await gm.getByTestId('eo-result').waitFor({ timeout: 30_000 });
    // The server played the creatures picked, the PCs as the seats' creatures.
    expect(odds.creatures.map((c) => [c.name, c.side, c.played])).toEqual([['Ashback Wolf', 'foes', false], ['Brannoc Vale', 'party', true], ['Tamsin Reed', 'party', true]]);
    await expectPanelShows(gm, odds, 'party');
    // ... and its numbers are the simulator's own for that request: the first `fights` fights of its seed.
    const rulesets = { a5e: findRuleset('a5e')! };
    const built = firstFightOfLibrary(loadContentLibrary(path.join(repoRoot, 'scenarios', 'content'), rulesets, (text) => parse(text)), rulesets, sent.library);
    if ('error' in built) throw new Error(built.error.message);
    const expected = simulate(loadSimScenario({ ruleset: 'a5e', state: built.state }), { n: odds.fights, seed: odds.seed });
    expect(odds.sides.map((s) => s.count)).toEqual(expected.sides.map((s) => s.count));
    expect(odds.creatures.map((c) => [c.drop.count, c.death.count])).toEqual(expected.creatures.map((c) => [c.drop.count, c.death.count]));

    await addFromLibrary(gm, 'ashback');
    await gm.getByTestId('eo-stale').waitFor();
    expect(await gm.getByTestId('eo-result').getAttribute('data-stale')).toBe('true');
    const again = gm.waitForResponse((r) => r.url().endsWith('/api/odds'), { timeout: 60_000 });
    await gm.getByTestId('eo-ask').click();
    const odds2 = ((await (await again).json()) as { odds: OddsReport }).odds;
    expect(odds2.creatures.filter((c) => c.name.startsWith('Ashback Wolf'))).toHaveLength(2);
    await until('fresh odds', async () => (await gm.getByTestId('eo-result').getAttribute('data-stale')) === 'false');
    await expectPanelShows(gm, odds2, 'party');
    await gm.close();
  });

  it('without the admin token the page offers no odds (the server would refuse them)', async () => {
    const page = await ctx.browser.page('laptop');
    await page.goto(`${ctx.srv.url}/#new`);
    await until('the A5E library', async () => (await page.locator('[data-testid^="lib-a5e/"]').count()) > 10);
    await addFromLibrary(page, 'brannoc');
    await addFromLibrary(page, 'ashback');
    expect(await page.getByTestId('eo-ask').isDisabled()).toBe(true);
    await waitText(page.getByTestId('encounter-odds'), 'admin token');
    await page.close();
  });

  it('between fights: the GM adds foes from the library and sees the next fight\'s odds with progress, from the server over the WebSocket; the player\'s screen hears nothing of them', async () => {
    const { gm, gmFrames, player, frames } = await yardBetweenFights(ctx, 'Odds next');
    await addLibraryFoes(gm, ['snapjaw', 'thicket boar']);
    await gm.getByTestId('foe-hidden').nth(1).check();
    await gm.getByTestId('eo-ask').click();
    await gm.getByTestId('eo-result').waitFor({ timeout: 60_000 });
    const msg = gmFrames.map((f) => JSON.parse(f) as { type: string; odds?: OddsReport }).find((m) => m.type === 'odds')!;
    const odds = msg.odds!;
    expect(gmFrames.some((f) => f.includes('"oddsProgress"'))).toBe(true);
    expect(odds.from).toMatchObject({ version: 0, round: 0 });
    expect(odds.creatures.map((c) => [c.name, c.played])).toEqual([['Snapjaw Skirmisher', false], ['Thicket Boar', false], ['Brannoc Vale', true]]);
    await expectPanelShows(gm, odds, odds.creatures.find((c) => c.played)!.side);
    // A rest changes the party: the odds are marked out of date.
    await gm.getByRole('button', { name: /Short rest/ }).click();
    await gm.getByTestId('eo-stale').waitFor();
    for (const secret of ['oddsProgress', '"odds"', 'Thicket']) expect(frames.join('\n')).not.toContain(secret);
    await gm.close();
    await player.close();
  });
});
