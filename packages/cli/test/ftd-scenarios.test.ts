import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import { scenario } from './helpers';

const dir = scenario('five-torches-deep');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
const run = (name: string) => runCommand(path.join(dir, name));

describe('bundled Five Torches Deep scenarios (scenarios/five-torches-deep)', () => {
  it('lists them', () => {
    expect(files).toEqual(['crypt-ambush.yaml', 'mire-retreat.yaml']);
  });

  it.each(files)('%s runs with exit 0 and every expectation met', (name) => {
    const r = run(name);
    expect(r.errorOutput).toBeUndefined();
    expect(r.exitCode).toBe(0);
    expect(r.output.split('\n').at(-1)).toMatch(/^OK: \d+ steps?, every expectation met$/);
  });

  it('crypt: the ambush order, a doubled natural 20, and the minute running out after the fight', () => {
    const lines = run('crypt-ambush.yaml').output.split('\n');
    expect(lines).toContain('  Initiative: Gloomgob 14, Tusk Brute 10, Wren the Warden 13, Ilka Lampbearer 11 (ambush: raiders acts first in round 1)');
    expect(lines).toContain('    [FTD-CRIT-1] critical hit: 5 doubled to 10');
    expect(lines).toContain('    [FTD-DEATH-2] Gloomgob has 48 s left to be stabilized');
  });
});
