import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFromScenarioFile, SIZES, tmpDir, useServerAndBrowser } from './harness';
import { choose, until, waitText, gmAndPlayer } from './helpers';

const ctx = useServerAndBrowser();

// `FRAY_SCREENSHOTS=1` writes the panel's screenshots to docs/screenshots (otherwise to a temp folder).
const shots = process.env['FRAY_SCREENSHOTS'] === '1' ? path.join(repoRoot, 'docs', 'screenshots') : tmpDir('fray-odds-shots-');

describe('odds from here in Chromium', () => {
  it('FTD in zones: the GM works out the odds from the fight as it stands (progress; at a glance each side\'s win chance with its interval in words and numbers, any player creature dropping or dying, rounds left; each creature\'s chances, a hidden creature included; fights and path in small print); stale once the fight moves on; the player never hears of it', async () => {
    const source = sourceFromScenarioFile('scenarios/five-torches-deep/crypt-ambush.yaml', { hidden: ['brute'], names: { brute: 'Tusk Brute in the Dark' } });
    const zone = { zone: null };
    source.fight = {
      ...source.fight!,
      space: { kind: 'zones', bands: ['close', 'ranged', 'far'], defaultBand: 'ranged', creatures: { wren: zone, ilka: zone, gob: zone, brute: zone }, engagements: {}, pairBands: {} },
    };
    const { gm, player, frames } = await gmAndPlayer(ctx, source, 'seat-ilka');
    await gm.getByTestId('start-combat').click();
    await choose(gm, 'ftd.morale.call', 'no');
    await waitText(gm.getByTestId('whose-turn'), 'turn');
    await waitText(player.getByTestId('turn-banner'), /turn/);

    // The GM asks from the keyboard: focus the button, press Enter; a progress bar, then the answer.
    const ask = gm.getByTestId('odds-ask');
    await ask.focus();
    await gm.keyboard.press('Enter');
    await gm.getByTestId('odds-progress').waitFor({ timeout: 30_000 });
    expect(await gm.getByTestId('odds-progress').getAttribute('aria-label')).toBe('Fights played');
    await gm.getByTestId('odds-result').waitFor({ timeout: 60_000 });
    for (const side of ['party', 'raiders']) {
      const line = await gm.getByTestId(`odds-side-${side}`).innerText();
      // a share, its words and its interval: never a colour alone
      expect(line).toMatch(new RegExp(`${side} wins: \\d+ % \\((almost certain|very likely|likely|a toss-up|unlikely|very unlikely|almost never)\\)`, 'i'));
      expect(line).toMatch(/95 % sure it is between \d+ % and \d+ %/);
    }
    for (const id of ['wren', 'ilka', 'gob', 'brute']) expect(await gm.getByTestId(`odds-creature-${id}`).innerText()).toMatch(/\d+ %\s+\d+ %/);
    expect(await gm.getByTestId('odds-creature-brute').innerText()).toContain('Tusk Brute in the Dark');
    // at a glance: any player creature drops, dies (in words and numbers, with intervals), the rounds after this one
    expect(await gm.getByTestId('odds-any-drop').innerText()).toMatch(/^Any PC drops\s+(\d+ %|< 1 %|> 99 %) \((almost certain|very likely|likely|a toss-up|unlikely|very unlikely|almost never)\) .+–.+%$/);
    expect(await gm.getByTestId('odds-any-death').innerText()).toMatch(/^Any PC dies\s+(\d+ %|< 1 %|> 99 %) \(.+\)/);
    expect(await gm.getByTestId('odds-rounds-left').innerText()).toMatch(/^Rounds left\s+≈ [\d.]+ (after this one \(nine fights in ten: [\d,]+ or fewer\)|it ends this round)$/);
    // the players' side comes first, marked
    expect(await gm.locator('.odds-sides li').first().getAttribute('data-testid')).toBe('odds-side-party');
    // small print: how many fights, and which path played them (this fight is compiled: Five Torches Deep in one zone)
    expect(await gm.getByTestId('odds-meta').innerText()).toMatch(/^[\d,]+ fights( \(of the 2,000 asked for: the time ran out\))? in [\d.]+ s, all by the compiled fight; 95 % intervals; seed /);
    expect(await gm.getByTestId('odds-meta').getAttribute('data-path')).toBe('compiled');
    expect(await gm.getByTestId('odds-result').getAttribute('data-stale')).toBe('false');
    expect(await gm.getByTestId('odds-stale').count()).toBe(0);

    await gm.setViewportSize(SIZES.laptop);
    await gm.getByTestId('odds-panel').scrollIntoViewIfNeeded();
    await gm.screenshot({ path: path.join(shots, 'odds-gm-laptop.png') });
    await gm.setViewportSize(SIZES.phone);
    await gm.getByTestId('odds-panel').scrollIntoViewIfNeeded();
    await gm.screenshot({ path: path.join(shots, 'odds-gm-phone.png') });
    await gm.getByTestId('odds-panel').screenshot({ path: path.join(shots, 'odds-panel-phone.png') });
    await gm.setViewportSize(SIZES.laptop);
    await gm.getByTestId('odds-panel').screenshot({ path: path.join(shots, 'odds-panel-laptop.png') });
    await gm.setViewportSize(SIZES.laptop);

    // The fight moves on (the GM ends the turn): the answer is marked out of date, in words.
    const before = await gm.getByTestId('whose-turn').innerText();
    await gm.getByTestId('gm-end-turn').click();
    await until('the turn to pass', async () => (await gm.getByTestId('whose-turn').innerText()) !== before);
    await waitText(gm.getByTestId('odds-stale'), 'Out of date');
    expect(await gm.getByTestId('odds-result').getAttribute('data-stale')).toBe('true');
    expect(await gm.getByTestId('odds-ask').innerText()).toBe('Work out the odds again');

    // Nothing of the odds reached the player's screen or its socket.
    expect(await player.getByTestId('odds-panel').count()).toBe(0);
    expect(frames.length).toBeGreaterThan(1);
    const wire = frames.join('\n');
    for (const secret of ['"odds"', 'oddsProgress', 'playerCreatures', 'roundsLeft', 'Tusk Brute in the Dark', '"brute"']) expect(wire.includes(secret), `player frames hold ${secret}`).toBe(false);
    // nor a monster's exact hit points (the player's view has bands for creatures it does not play)
    expect(wire.includes('"hp":6'), 'player frames hold the gloomgob\'s exact hit points').toBe(false);
    expect((await player.content()).includes('Odds from here')).toBe(false);
    await gm.close();
    await player.close();
    expect(fs.existsSync(path.join(shots, 'odds-gm-laptop.png'))).toBe(true);
  });
});
