import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFromScenarioFile, startTestServer, useServerAndBrowser } from './harness';
import { answerAny, choose, counter, enterDice, prompts, until, waitText, gmAndPlayer } from './helpers';

// One browser and one server for the whole file (several tabs per test), to keep the suite quick.
const ctx = useServerAndBrowser();

describe('web table in Chromium', () => {
  it('A5E: a GM and two players run a fight with entered dice; a PC drops, saves against death from the phone, the GM undoes and every screen follows', async () => {
    const t = await ctx.srv.table(
      sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { diceMode: 'entered', only: ['brannoc', 'tamsin', 'vessa', 'cutter'], initiative: { vessa: 10, cutter: 5 } }),
    );
    const link = (seat: string) => t.seats.find((s) => s.seat === seat)!.link;
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    const brannoc = await ctx.browser.page('phone');
    await brannoc.goto(link('seat-brannoc'));
    const tamsin = await ctx.browser.page('phone');
    await tamsin.goto(link('seat-tamsin'));

    // Initiative: each player enters their own d20 on their phone; the GM picks the storm's world action.
    await gm.getByTestId('start-combat').click();
    await enterDice(brannoc, [18]);
    await enterDice(tamsin, [3]);
    await choose(gm, 'world.action', 'none');
    await waitText(brannoc.getByTestId('turn-banner'), 'Your turn: Brannoc Vale');
    await waitText(tamsin.getByTestId('turn-banner'), "Brannoc Vale's turn");

    // The GM sees the exact odds of Brannoc's attack before it is made; his player does not (a hit chance
    // would give Vessa's AC away). Then Brannoc attacks Vessa with his longsword and enters his dice.
    await gm.getByTestId('action-attack:longsword').click();
    await waitText(gm.getByTestId('odds-vessa'), 'hit 50%');
    await brannoc.getByTestId('action-attack:longsword').click();
    await brannoc.getByTestId('target-vessa').waitFor();
    expect(await brannoc.getByTestId('odds-vessa').count()).toBe(0);
    await brannoc.getByTestId('target-vessa').check();
    await brannoc.getByTestId('do-action').click();
    await enterDice(brannoc, [15]); // 15 + 5 = 20 against AC 15: a hit
    await answerAny(gm, 'decline'); // Vessa could parry with her reaction; the GM declines
    await enterDice(brannoc, [6]); // 1d8 + 3 = 9 slashing
    await waitText(gm.getByTestId('order-vessa'), '35/44');
    await waitText(tamsin.getByTestId('hp-vessa'), 'hurt');
    await waitText(gm.getByTestId('event-log'), 'entered at the table');
    // The log names the seat that entered them as the table knows it, not by its id.
    await waitText(gm.getByTestId('event-log'), "by Brannoc Vale's player");
    expect(await gm.getByTestId('event-log').textContent()).not.toContain('seat-brannoc');
    // The attack's breakdown: each modifier with its source, a creature's by its name.
    const roll = gm.getByTestId('event-log').locator('details.roll').filter({ hasText: 'natural 15' }).first();
    await roll.locator('summary').click();
    const rows = await roll.locator('table.breakdown').textContent();
    expect(rows).toContain('Longsword+5Brannoc Vale');
    expect(rows).not.toContain('brannoc');
    await brannoc.getByTestId('end-turn').click();
    await waitText(gm.getByTestId('whose-turn'), "Vessa Redcloak's turn");

    // The GM lowers Brannoc's hit points (an override), then Vessa's rapier drops him.
    await gm.getByTestId('order-brannoc').click();
    const overrides = gm.getByTestId('overrides-brannoc');
    await overrides.locator('summary').click();
    await overrides.getByTestId('override-hp').fill('5');
    await overrides.getByTestId('override-hp-set').click();
    await waitText(brannoc.getByTestId('hp-brannoc'), '5/28');
    await gm.getByTestId('action-panel').locator('[data-testid^="action-attack:"]').first().click();
    await gm.getByTestId('target-brannoc').check();
    await gm.getByTestId('do-action').click();
    await enterDice(gm, [15]);
    await enterDice(gm, [8]);
    await until('the GM’s questions about the drop to be answered', async () => {
      if ((await prompts(gm).count()) === 0) return true;
      await prompts(gm).first().locator('button.primary').first().click();
      return false;
    });
    await waitText(brannoc.getByTestId('status-brannoc'), /dying|unconscious/i);
    await waitText(tamsin.getByTestId('hp-brannoc'), 'down');

    // Round on: the GM ends Vessa's turn, Tamsin ends hers from her phone, the GM ends Cutter's.
    await gm.getByTestId('gm-end-turn').click();
    await waitText(tamsin.getByTestId('turn-banner'), 'Your turn: Tamsin Reed');
    await tamsin.getByTestId('end-turn').click();
    await waitText(gm.getByTestId('whose-turn'), "Cutter's turn");
    await gm.getByTestId('gm-end-turn').click();
    await choose(gm, 'world.action', 'none');

    // Brannoc's turn opens with a death save, asked of his player, entered on his phone.
    await enterDice(brannoc, [14]);
    await waitText(brannoc.getByTestId('deathsaves-brannoc'), '1 succeeded');
    await waitText(gm.getByTestId('event-log'), /death save/i);

    // The GM undoes one step: the save is gone from every screen.
    await gm.getByTestId('undo').click();
    await until('the save undone on the player’s phone', async () => !(await brannoc.getByTestId('deathsaves-brannoc').innerText()).includes('1 succeeded'));

    // The GM exports the table's log as JSON lines: a header, then every event, the undo among them.
    const [download] = await Promise.all([gm.waitForEvent('download'), gm.getByTestId('export-log').click()]);
    const lines = fs.readFileSync((await download.path())!, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]!['fray']).toBe('table-log');
    expect(lines.some((l) => (l['event'] as { type?: string } | undefined)?.type === 'CommandUndone')).toBe(true);
    await gm.screenshot({ path: '/tmp/fray-e2e-a5e-gm.png' });
    await brannoc.screenshot({ path: '/tmp/fray-e2e-a5e-p.png' });
    await gm.close();
    await brannoc.close();
    await tamsin.close();
  });

  it('hidden creatures and GM notes appear neither in a player’s DOM nor in their WebSocket frames', async () => {
    const note = 'GM-ONLY: Vessa flees at 10 hit points';
    const { gm, player, frames } = await gmAndPlayer(ctx, sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'tamsin', 'vessa', 'cutter', 'smoke'], hidden: ['smoke'], names: { smoke: 'Nightfang' }, notes: { vessa: note } }), 'seat-brannoc');
    await waitText(player.getByTestId('connection'), 'Live');

    // The fight starts and the storm's world action is chosen; the GM sees the hidden wolf and the note.
    await gm.getByTestId('start-combat').click();
    // Before anyone's turn the environment acts: the GM's action column says where the question is.
    await waitText(gm.getByTestId('between-turns'), 'answer the open questions');
    await choose(gm, 'world.action', 'none');
    await waitText(gm.getByTestId('whose-turn'), 'turn');
    expect(await gm.getByTestId('between-turns').count()).toBe(0);
    expect(await gm.getByTestId('order-smoke').innerText()).toContain('Nightfang');
    await gm.getByTestId('order-smoke').click();
    await waitText(gm.getByTestId('card-smoke'), 'hidden from players');
    await gm.getByTestId('order-vessa').click();
    await waitText(gm.getByTestId('card-vessa'), note);
    await waitText(player.getByTestId('turn-banner'), /turn|Round/);

    // The player's screen follows the fight, yet nothing of the wolf or the note ever reached it.
    const html = await player.content();
    for (const secret of ['Nightfang', 'smoke', note, 'flees at 10']) expect(html.includes(secret), `player DOM holds ${secret}`).toBe(false);
    const wire = frames.join('\n');
    expect(frames.length).toBeGreaterThan(1);
    for (const secret of ['Nightfang', '"smoke"', note, '"rngAfter"', '"hp":44', '"maxHp":44']) expect(wire.includes(secret), `player frames hold ${secret}`).toBe(false);
    // Other creatures' hit points are a band on a player's screen, never numbers.
    await waitText(player.getByTestId('hp-vessa'), 'unhurt');
    expect(await player.getByTestId('hp-vessa').innerText()).not.toMatch(/\d/);
    await gm.close();
    await player.close();
  });

  it('13th Age: damage to a mook mob spills from mook to mook; the escalation die rises with the rounds, the GM moves it, every screen follows', async () => {
    const t = await ctx.srv.table(sourceFromScenarioFile('scenarios/13th-age/demo-marsh.yaml', { only: ['tessel', 'wren', 'hag', 's1', 's2', 's3', 's4'] }));
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    const player = await ctx.browser.page('phone');
    await player.goto(t.seats.find((s) => s.seat === 'seat-tessel')!.link);
    await gm.getByTestId('start-combat').click();
    await waitText(gm.getByTestId('whose-turn'), 'turn');
    expect(await counter(gm, 'escalation')).toBe('0');
    // The reed scrappers are one mook mob: one initiative roll, one group in the order.
    await waitText(gm.getByTestId('order-s1'), '×4, one roll · 28 HP together');
    // The GM runs the turns until Tessel's; Tessel's player throws a javelin at Scrapper A, and what is
    // left of the damage after A drops spills to Scrapper B (seed 13: a hit).
    await until('Tessel’s turn', async () => {
      if ((await player.getByTestId('turn-banner').innerText()).includes('Your turn')) return true;
      if ((await prompts(gm).count()) > 0) await prompts(gm).first().locator('button.primary').first().click();
      else await gm.getByTestId('gm-end-turn').click();
      return false;
    }, 30_000);
    await player.getByTestId('action-attack:javelin').click();
    await player.getByTestId('target-s1').check();
    await player.getByTestId('do-action').click();
    await waitText(gm.getByTestId('order-s1'), '0/7');
    await waitText(gm.getByTestId('order-s2'), '2/7');
    await waitText(gm.getByTestId('order-s2'), '16 HP together');
    await waitText(player.getByTestId('order-s1'), 'dead');
    await waitText(gm.getByTestId('event-log'), 'spills from Scrapper A to the next mook of the mob, Scrapper B');
    // The GM runs round 1 to its end from the keyboard: N is Next turn (any question gets its default).
    await until('round 2', async () => {
      if ((await gm.getByTestId('turn-order').getAttribute('data-round')) === '2') return true;
      if ((await prompts(gm).count()) > 0) await prompts(gm).first().locator('button.primary').first().click();
      else {
        const before = await gm.getByTestId('whose-turn').innerText();
        await gm.keyboard.press('n');
        await until('the turn to pass', async () => (await gm.getByTestId('whose-turn').innerText()) !== before || (await prompts(gm).count()) > 0);
      }
      return false;
    }, 30_000).catch(async (e) => {
      await gm.screenshot({ path: '/tmp/fray-e2e-13a.png' });
      throw e;
    });
    await until('escalation 1 on both screens', async () => (await counter(gm, 'escalation')) === '1' && (await counter(player, 'escalation')) === '1');
    expect(await player.getByTestId('counter-escalation-up').count()).toBe(0);
    await gm.getByTestId('counter-escalation-up').click();
    await until('escalation 2 on both screens', async () => (await counter(gm, 'escalation')) === '2' && (await counter(player, 'escalation')) === '2');
    await gm.close();
    await player.close();
  });

  it('Five Torches Deep: the GM calls morale when the battle begins, and every screen reads the result', async () => {
    const t = await ctx.srv.table(sourceFromScenarioFile('scenarios/five-torches-deep/barrow-skirmish.yaml'));
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    const player = await ctx.browser.page('phone');
    await player.goto(t.seats.find((s) => s.seat === 'seat-sable')!.link);
    await gm.getByTestId('start-combat').click();
    await choose(gm, 'ftd.morale.call', 'side');
    await waitText(gm.getByTestId('event-log'), /morale/i);
    await player.locator('details.player-log > summary').click();
    await waitText(player.getByTestId('event-log'), /morale/i);
    await waitText(gm.getByTestId('whose-turn'), "Sable Quickfinger's turn");

    // The server restarts (same port, same SQLite file): both screens say so, come back by themselves,
    // and follow the next command.
    const port = Number(new URL(ctx.srv.url).port);
    await ctx.srv.close();
    await waitText(player.getByTestId('connection'), 'reconnecting');
    ctx.srv = await startTestServer({ dataDir: ctx.srv.dataDir, port });
    await waitText(gm.getByTestId('connection'), 'Live');
    await waitText(player.getByTestId('connection'), 'Live');
    await player.getByTestId('end-turn').click();
    await waitText(gm.getByTestId('whose-turn'), /Gloomgob|slinger/i);
    await waitText(player.getByTestId('turn-banner'), /Gloomgob|slinger/i);
    await gm.close();
    await player.close();
  });

  it('A5E on a grid: the player picks a square on the phone, sees the cost and who it provokes before moving, the move costs that and every map follows', async () => {
    const source = sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'vessa'], initiative: { vessa: 1 } });
    const square = (x: number, y: number) => ({ x, y, elevation: 0, size: 'medium', squeezing: false });
    source.fight = {
      ...source.fight!,
      options: { knockOutPrompt: 'always' },
      space: {
        kind: 'grid', squareFeet: 5, diagonals: 'alternating', bounds: { width: 8, height: 5 },
        sizes: { tiny: 1, small: 1, medium: 1, large: 2, huge: 3, gargantuan: 4 }, sharedSquareSizes: ['tiny'],
        terrain: { '3,1': { difficult: true, tags: [] }, '3,2': { difficult: true, tags: [] } },
        creatures: { brannoc: square(1, 2), vessa: square(5, 2) },
      },
    };
    source.campaign = { ...source.campaign, options: { knockOutPrompt: 'always' } };
    const t = await ctx.srv.table(source);
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    const player = await ctx.browser.page('phone');
    await player.goto(t.seats.find((s) => s.seat === 'seat-brannoc')!.link);
    await gm.getByTestId('start-combat').click();
    await waitText(player.getByTestId('turn-banner'), 'Your turn: Brannoc Vale');
    // Brannoc's player moves from the phone: a square by touch shows its cost, then one from the keyboard list.
    await player.getByTestId('map').waitFor();
    await player.getByTestId('sq-2-2').click();
    await waitText(player.getByTestId('move-preview'), 'Move Brannoc Vale to 2,2: 5 ft');
    await player.getByTestId('move-to').selectOption('4,2');
    await waitText(player.getByTestId('move-preview'), /to 4,2: \d+ ft/);
    const preview = await player.getByTestId('move-preview').innerText();
    await player.getByTestId('confirm-move').click();
    await waitText(gm.getByTestId('map'), 'Brannoc Vale at square 4,2');
    await waitText(player.getByTestId('map'), 'Brannoc Vale at square 4,2');
    // The cost shown before the move is what the rules took from his movement.
    const cost = Number(/: (\d+) ft/.exec(preview)![1]);
    expect(cost, preview).toBe(20); // 5 + 10 (difficult terrain at 3,2) + 5
    await waitText(player.getByTestId('card-brannoc'), `movement (ft): ${30 - cost}`);
    await gm.close();
    await player.close();
  });

  it('between fights: the GM ends a fight, rests the party, lets time pass and starts the next fight', async () => {
    const t = await ctx.srv.table(sourceFromScenarioFile('scenarios/a5e/demo-forest.yaml', { only: ['brannoc', 'tamsin', 'cutter'] }));
    const gm = await ctx.browser.page('laptop');
    await gm.goto(t.gm.link);
    const player = await ctx.browser.page('phone');
    await player.goto(t.seats.find((s) => s.seat === 'seat-tamsin')!.link);
    await gm.getByTestId('end-encounter').locator('xpath=..').locator('summary').click();
    await gm.getByTestId('end-encounter').click();
    await gm.getByTestId('finish-fight').click();
    await gm.getByTestId('setup-screen').waitFor();
    await waitText(player.getByTestId('turn-banner'), 'No fight under way');
    await gm.getByRole('button', { name: 'Short rest (1 hour)' }).click();
    await waitText(prompts(gm).first(), 'light activity');
    await prompts(gm).first().locator('button.primary').click();
    await gm.getByLabel('Let time pass (hours)').fill('2');
    await gm.getByRole('button', { name: 'Advance' }).click();
    await waitText(gm.getByTestId('setup-screen'), 'game time day 1, 03:00'); // 1 hour of rest, then 2
    await waitText(gm.getByTestId('event-log'), /short rest/i);
    // The next fight: the party alone this time (no foes), with physical dice.
    await gm.getByTestId('dice-entered').check();
    await gm.getByTestId('start-fight').click();
    await gm.getByTestId('gm-screen').waitFor();
    await waitText(player.getByTestId('turn-banner'), 'The fight is about to start');
    // Before initiative the order says why it is empty rather than showing an empty box.
    await waitText(gm.getByTestId('order-empty'), 'The order appears when the fight starts');
    await gm.close();
    await player.close();
  });

  it('A5E duel: each duelist picks a strategy in secret; the player sees only their own choice', async () => {
    const { gm, player, frames } = await gmAndPlayer(ctx, sourceFromScenarioFile('scenarios/a5e/duel-redcloak.yaml'), 'seat-brannoc');
    await gm.getByTestId('start-combat').click();
    // Two secret prompts: the GM's for Vessa and the player's for Brannoc.
    await until('both strategy prompts', async () => (await gm.getByTestId('prompt-a5e.duel.strategy').count()) === 2);
    const mine = player.getByTestId('prompt-a5e.duel.strategy');
    await mine.waitFor();
    expect(await mine.count()).toBe(1);
    await waitText(mine, 'secret choice');
    // The GM picks Vessa's first; the player must not learn it before choosing.
    const vessaPrompt = gm.getByTestId('prompt-a5e.duel.strategy').filter({ hasText: 'Vessa' });
    await vessaPrompt.getByTestId('answer-swift:dex').click();
    await until('the GM’s prompt to close', async () => (await gm.getByTestId('prompt-a5e.duel.strategy').count()) === 1);
    expect(frames.join('\n').includes('"answer":"swift:dex"'), 'the GM’s secret answer reached the player').toBe(false);
    await mine.getByTestId('answer-powerful:str').click();
    await waitText(player.getByTestId('turn-banner'), /turn/);
    await waitText(gm.getByTestId('event-log'), /strateg/i);
    await gm.close();
    await player.close();
  });
});
