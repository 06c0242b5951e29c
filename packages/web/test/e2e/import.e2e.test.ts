import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OddsReport } from '@fray/server';
import { repoRoot, useServerAndBrowser } from './harness';
import { until, waitText, yardBetweenFights, addFromLibrary } from './helpers';

// Bring your own monster, through the UI only: the GM pastes a stat block on the setup screens, reads
// the import report, and adds the creature to the fight (saved in the library on the new-table page).
const ctx = useServerAndBrowser();
const HOUND = fs.readFileSync(path.join(repoRoot, 'packages', 'import', 'test', 'samples', '5e-block.txt'), 'utf8');


describe('importing a stat block from the web table, in Chromium', () => {
  it('new-table page: a broken block is refused naming the creature and the field, nothing saved; the whole block is checked, saved into the library, added to the fight and fights on the GM\'s screen', async () => {
    const gm = await ctx.browser.page('laptop');
    await gm.goto(`${ctx.srv.url}/#new&host=${ctx.srv.adminToken}`);
    await until('the A5E library', async () => (await gm.locator('[data-testid^="lib-a5e/"]').count()) > 10);
    const before = await gm.locator('[data-testid^="lib-a5e/"]').count();
    await gm.getByTestId('import-open').click();

    await gm.getByTestId('imp-input').fill(HOUND.replace(/^Hit Points.*$/m, ''));
    await gm.getByTestId('imp-save').click();
    const refusal = await waitText(gm.getByTestId('imp-error'), 'bad-creature');
    expect(refusal).toMatch(/Rust Hound: .*hit points/i);
    expect(refusal).toContain('nothing was imported');
    expect(fs.existsSync(path.join(ctx.srv.dataDir, 'content', 'a5e', 'monsters', 'rust-hound.yaml'))).toBe(false);

    await gm.getByTestId('imp-input').fill(HOUND);
    await gm.getByTestId('imp-check').click();
    const report = gm.getByTestId('imp-creature-rust-hound');
    await waitText(gm.getByTestId('imp-report'), 'nothing saved yet');
    // What the rules run, what stays with the GM, each with the line it came from.
    const runs = await report.getByTestId('imp-runs').innerText();
    expect(runs).toMatch(/Bite: \+4/);
    expect(runs).toMatch(/Corroding Howl[^\n]*\n?[^\n]*line 17/);
    expect(await report.getByTestId('imp-text').innerText()).toMatch(/Keen Nose[\s\S]*line 14/);
    expect(await report.getByTestId('imp-add').count()).toBe(0);
    expect(await gm.locator('[data-testid^="lib-a5e/"]').count()).toBe(before);

    await gm.getByTestId('imp-save').click();
    await waitText(gm.getByTestId('imp-report'), 'saved in the library');
    await waitText(report, 'a5e/monsters/rust-hound.yaml');
    await until('the hound in the library list', async () => (await gm.locator('[data-testid^="lib-a5e/"]').count()) === before + 1);
    expect(fs.readFileSync(path.join(ctx.srv.dataDir, 'content', 'a5e', 'monsters', 'rust-hound.yaml'), 'utf8')).toContain('# fray-meta');
    await report.getByTestId('imp-add').click();
    await addFromLibrary(gm, 'brannoc');
    const picks = gm.locator('li.pick');
    expect(await picks.count()).toBe(2);
    expect(await picks.nth(0).locator('.pick-name').inputValue()).toBe('Rust Hound');
    // Saving the same name again is refused; the user's own copy may be replaced.
    await gm.getByTestId('imp-save').click();
    await waitText(gm.getByTestId('imp-error'), 'already-in-library');
    await gm.getByTestId('imp-replace').click();
    await waitText(gm.getByTestId('imp-report'), 'saved in the library');

    await gm.getByTestId('nt-create').click();
    await gm.getByTestId('nt-open-gm').click();
    await gm.getByTestId('gm-screen').waitFor();
    await waitText(gm.locator('.everyone'), 'Rust Hound');
    await gm.close();
  });

  it('between fights: the GM pastes a block, reads the report, adds it as a hidden foe, sees the next fight\'s odds with it, and starts the fight; the player never learns of it', async () => {
    const { gm, gmFrames, player, frames } = await yardBetweenFights(ctx, 'Import next');

    const library = () => {
      const dir = path.join(ctx.srv.dataDir, 'content');
      return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort().map((f) => [f, fs.statSync(path.join(dir, f)).mtimeMs]) : [];
    };
    const libraryBefore = library();
    await gm.getByTestId('import-open').click();
    await gm.getByTestId('imp-input').fill(HOUND);
    expect(await gm.getByTestId('imp-save').count()).toBe(0);
    await gm.getByTestId('imp-check').click();
    const report = gm.getByTestId('imp-creature-rust-hound');
    await waitText(report.getByTestId('imp-runs'), 'Bite');
    await report.getByTestId('imp-add').click();
    await waitText(gm.getByTestId('library-foes'), 'Rust Hound');
    await gm.getByTestId('foe-hidden').first().check();
    await waitText(gm.getByTestId('start-fight'), 'against 1 foe');

    await gm.getByTestId('eo-ask').click();
    await gm.getByTestId('eo-result').waitFor({ timeout: 60_000 });
    const odds = gmFrames.map((f) => JSON.parse(f) as { type: string; odds?: OddsReport }).find((m) => m.type === 'odds')!.odds!;
    expect(odds.creatures.map((c) => c.name)).toEqual(['Rust Hound', 'Brannoc Vale']);

    await gm.getByTestId('start-fight').click();
    await gm.getByTestId('gm-screen').waitFor();
    await waitText(gm.locator('.everyone'), 'Rust Hound');
    await waitText(player.getByTestId('player-screen'), 'Brannoc');
    expect(await player.content()).not.toContain('Rust Hound');
    for (const secret of ['Rust Hound', 'rust-hound']) expect(frames.join('\n')).not.toContain(secret);
    // Nothing went into the library: a GM's import is for this table's fights.
    expect(library()).toEqual(libraryBefore);
    await gm.close();
    await player.close();
  });
});
