import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoCommand, playDemo } from '../src/commands/demo';
import { runCommand } from '../src/commands/run';
import { scenario } from './helpers';

const duel = path.join(scenario('a5e'), 'duel-redcloak.yaml');

describe('the one-on-one duel scenario (scenarios/a5e/duel-redcloak.yaml)', () => {
  it('DUEL-INIT-3 DUEL-TARGET-5 DUEL-ARENA-5 fray run plays its scripted duel to the concession, every expectation met', () => {
    const r = runCommand(duel);
    expect([r.exitCode, r.errorOutput]).toEqual([0, undefined]);
    const lines = r.output.split('\n');
    expect(lines).toContain('    [DUEL-INIT-3] round 1 strategies revealed: Brannoc Vale Powerful (rock): STR, Vessa Redcloak Swift (scissors): DEX');
    expect(lines).toContain('    [DUEL-TARGET-5] neck: 3 × 2 = 6 more slashing damage');
    expect(lines).toContain('    [DUEL-ARENA-5] duel result: Brannoc Vale wins');
    expect(lines.at(-1)).toBe('OK: 12 steps, every expectation met');
  });

  it('DUEL-INIT-3 fray demo --scenario plays the duel with the policies: secret strategies each round, the spectator only watching, never a refusal', () => {
    const first = demoCommand({ scenario: duel });
    expect(first.exitCode).toBe(0);
    expect(demoCommand({ scenario: duel }).output).toBe(first.output);
    expect(first.output.split('\n').at(-1)).toMatch(/^Result: duel: (Brannoc Vale|Vessa Redcloak) wins \((Brannoc Vale|Vessa Redcloak) went down\)$/);
    for (let seed = 1; seed <= 12; seed++) {
      const run = playDemo({ scenario: duel, seed: String(seed) });
      const out = run.lines.join('\n');
      expect(run.encounter.state.phase, `seed ${seed}`).toBe('ended');
      expect(out, `seed ${seed}`).not.toContain('refused');
      expect(out).not.toContain('Jory the bandit attacks');
      const rounds = run.lines.filter((l) => /^=== Round \d+ ===$/.test(l)).length;
      expect(run.lines.filter((l) => l.includes('[DUEL-INIT-3] round ')).length, `seed ${seed}`).toBe(rounds);
      expect(out).toMatch(/The encounter is over: (duel: .* wins \(.* went down\)|10 rounds passed)/);
    }
  });
});
