import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTableFile, tableSourceOf } from '@fray/cli';
import { repoRoot, useServerAndBrowser } from './harness';
import { endFightToSetup, waitText } from './helpers';

// A table made from a campaign file keeps the file's fights: the GM starts each from the setup screen.
const ctx = useServerAndBrowser();

describe("a campaign file's planned fights in Chromium", () => {
  it('the GM sees the plan, starts the next planned fight with its foes and zones, finishes it, and the plan offers the one after', async () => {
    const source = tableSourceOf(loadTableFile(path.join(repoRoot, 'scenarios/campaigns/13a-two-battles.yaml')), 'Two battles');
    const t = await ctx.srv.table(source);
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    await gm.getByTestId('setup-screen').waitFor();

    await waitText(gm.getByTestId('plan-bridge'), 'still to come');
    expect(await gm.getByTestId('plan-bridge').innerText()).toBe('bridge: Hill Brute, in zones (still to come)');
    expect(await gm.getByTestId('plan-ford').innerText()).toBe('ford: Mire Grunt (still to come)');
    expect(await gm.getByTestId('start-planned').innerText()).toBe('Start the planned fight “bridge” (Hill Brute, in zones)');

    const player = await ctx.browser.page('phone');
    await player.goto(t.seats.find((s) => s.seat === 'seat-brann')!.link);

    await gm.getByTestId('start-planned').click();
    // The fight the plan holds: its foe and its zone map, on every screen.
    await gm.getByTestId('gm-screen').waitFor();
    await gm.getByTestId('zones').waitFor();
    await waitText(player.getByTestId('zones'), 'Hill Brute');

    await endFightToSetup(gm);
    await waitText(gm.getByTestId('plan-bridge'), 'fought');
    expect(await gm.getByTestId('plan-bridge').innerText()).toBe('bridge: Hill Brute, in zones (fought)');
    expect(await gm.getByTestId('start-planned').innerText()).toBe('Start the planned fight “ford” (Mire Grunt)');

    await gm.getByTestId('start-planned').click();
    await gm.getByTestId('gm-screen').waitFor();
    await waitText(gm.getByTestId('gm-screen'), 'Mire Grunt');
    await endFightToSetup(gm);
    await waitText(gm.getByTestId('planned-fights'), 'Every fight the file planned has been fought');
    expect(await gm.getByTestId('start-planned').count()).toBe(0);
    await gm.close();
    await player.close();
  });

  it('a table made without a campaign file shows no plan', async () => {
    const source = tableSourceOf(loadTableFile(path.join(repoRoot, 'scenarios/campaigns/13a-two-battles.yaml')), 'No plan');
    const t = await ctx.srv.table({ ruleset: source.ruleset, name: source.name, campaign: source.campaign });
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    await gm.getByTestId('setup-screen').waitFor();
    await gm.getByTestId('start-fight').waitFor();
    expect(await gm.getByTestId('planned-fights').count()).toBe(0);
    await gm.close();
  });
});
