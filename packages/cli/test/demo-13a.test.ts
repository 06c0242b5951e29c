import { describe, expect, it } from 'vitest';
import { choose13aCommand, thirteenthAgeDemoPromptPolicy } from '@fray/sim';
import { DEMO_MAX_COMMANDS, demoCommand, playDemo, policiesFor } from '../src/commands/demo';

describe('fray demo --ruleset 13th-age (a marsh hag, her boar and a mob of reed scrappers)', () => {
  it('plays to the end with the default seed, the same every time, with the escalation die narrated', () => {
    const first = demoCommand({ ruleset: '13th-age' });
    expect(first.exitCode).toBe(0);
    expect(demoCommand({ ruleset: '13th-age' }).output).toBe(first.output);
    const lines = first.output.split('\n');
    expect(lines[0]).toBe('Fray demo: scenarios/13th-age/demo-marsh.yaml, seed 13 (replay with --seed 13)');
    expect(first.output).not.toContain('refused');
    expect(first.output).not.toContain('! stopped');
    // the escalation die shows each time it changes: 0 at the start, +1 a round, back to 0 at the end
    expect(lines.filter((l) => l.startsWith('The escalation die is now '))).toEqual([
      'The escalation die is now 0', 'The escalation die is now 1', 'The escalation die is now 2',
      'The escalation die is now 3', 'The escalation die is now 4', 'The escalation die is now 0',
    ]);
    expect(lines).toContain('  [13A-TGT-1] 5 damage spills from Scrapper A to the next mook of the mob, Scrapper B');
    expect(lines).toContain('  [13A-ENGAGE-10] Thornback Boar intercepts Tessel Varr, who stops there');
    expect(lines.some((l) => / attacks .*: d20 \d+ \+ \d+ \+ 3 level \+ \d escalation die = \d+ vs (AC|PD|MD) \d+, (hit|miss|crit)/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Winner: party \(/);
  });

  it('always ends within the round limit and never has a command refused, whatever the seed', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const run = playDemo({ ruleset: '13th-age', seed: String(seed) });
      const s = run.encounter.state;
      expect(s.phase, `seed ${seed}`).toBe('ended');
      expect(s.round).toBeLessThanOrEqual(10);
      expect(run.commands).toBeLessThan(DEMO_MAX_COMMANDS);
      expect(run.lines.filter((l) => l.startsWith('!')), `seed ${seed}`).toEqual([]);
      expect(s.counters['escalation'], `seed ${seed}`).toBe(0);
    }
  });

  it('picks the 13th Age policies for a 13th Age scenario; plain `fray demo` still plays the A5E fight', () => {
    expect(policiesFor('13th-age').chooseCommand).toBe(choose13aCommand);
    expect(policiesFor('13th-age').prompts).toBe(thirteenthAgeDemoPromptPolicy);
    expect(playDemo().lines[0]).toBe('Fray demo: scenarios/a5e/demo-forest.yaml, seed 10 (replay with --seed 10)');
  });
});
