import { describe, expect, it } from 'vitest';
import { capture, scenario } from './helpers';

describe('fray odds', () => {
  it('A5E: +5 vs AC 13 hits on 8-19 (60 %), crits on 20 (5 %), damage 1d8 + 3 doubled on a crit', () => {
    const r = capture(['odds', scenario('a5e/sim-4v4.yaml'), '--attacker', 'guard-1', '--target', 'raider-1']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('Guard 1: Spear (+5 to hit, 1d8 + 3 piercing) against Raider 1 (AC 13, 15 HP)');
    expect(lines).toContain('miss             35.00 %    12.25 %       57.75 %');
    expect(lines).toContain('critical hit      5.00 %     9.75 %        0.25 %');
    expect(lines).toContain('mean damage        5.250      7.313         3.188');
    // a crit doubles the total (A5E-DMG-4): 2 × (1d8 + 3) is even, 8 to 22
    expect(lines).toContain('22                0.63 %     1.22 %        0.03 %');
    expect(lines.some((l) => l.startsWith('13 '))).toBe(false);
  });

  it('--json gives the three roll modes with their damage distributions', () => {
    const doc = JSON.parse(capture(['odds', scenario('a5e/sim-4v4.yaml'), '--attacker', 'raider-2', '--attack', 'greataxe', '--target', 'guard-3', '--json']).out);
    expect(doc.modes.map((m: { mode: string }) => m.mode)).toEqual(['normal', 'advantage', 'disadvantage']);
    expect(doc.profile).toMatchObject({ bonus: 5, ac: 16, damage: '1d12 + 3 slashing', crit: 'doubleTotal' });
    const total = doc.modes[0].damage.reduce((a: number, d: { p: number }) => a + d.p, 0);
    expect(total).toBeCloseTo(1, 12);
  });

  it('an unknown attack or creature is invalid input (exit 2) naming the choices', () => {
    const bad = capture(['odds', scenario('a5e/sim-4v4.yaml'), '--attacker', 'guard-1', '--attack', 'bow', '--target', 'raider-1']);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("fray odds: guard-1 has no attack 'bow'; attacks: spear");
    expect(capture(['odds', scenario('a5e/sim-4v4.yaml'), '--attacker', 'nobody', '--target', 'raider-1']).err).toMatch(/^fray odds: no attacker 'nobody'; creatures: guard-1, /);
  });
});
