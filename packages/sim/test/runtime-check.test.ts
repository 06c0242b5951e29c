import { describe, expect, it } from 'vitest';
import type { CompiledFight, FightOutcome } from '@fray/engine';
import { RUNTIME_CHECK_FIGHTS, compiledPathOf, runRange, type SimScenario } from '../src/index';
import { compiledCase } from './a5e-compiled-fixtures';
import { ftdCompiledCase } from './ftd-compiled-fixtures';
import { comparable } from './compare-fights';

/** The scenario with its compiled fight changed by `tamper` after each fight it plays: a kernel that plays a rule differently from the engine. */
function tampered(base: SimScenario, tamper: (out: FightOutcome, fight: number) => void): SimScenario {
  const ruleset = Object.create(base.ruleset, {
    compileFight: {
      value: (...args: Parameters<NonNullable<typeof base.ruleset.compileFight>>) => {
        const fight = base.ruleset.compileFight!(...args);
        if ('unsupported' in fight) return fight;
        let played = 0;
        const play: CompiledFight['play'] = (dice, policy, out) => {
          if (!fight.play(dice, policy, out)) return false;
          tamper(out, played++);
          return true;
        };
        return Object.create(fight, { play: { value: play } }) as CompiledFight;
      },
    },
  }) as typeof base.ruleset;
  return { ...base, ruleset };
}

describe('the run-time check: a simulation compares its first compiled fights with the engine', () => {
  it('a compiled fight that agrees plays every fight after the check, the first few also played on the engine', () => {
    const scenario = compiledCase('party', 'weakest');
    const t = runRange(scenario, { seed: 'check', from: 0, to: 100 });
    expect([t.checked, t.mismatched, t.compiled + t.fallbacks]).toEqual([RUNTIME_CHECK_FIGHTS, 0, 100]);
    expect(compiledPathOf(scenario)).toBe('compiled');
    // later ranges of the same simulation are not checked again
    expect(runRange(scenario, { seed: 'check', from: 100, to: 120 }).checked).toBe(0);
    const engine = runRange(scenario, { seed: 'check', from: 0, to: 100, engine: true });
    expect(comparable(t)).toEqual(comparable(engine));
  });

  it('a deliberately wrong compiled fight (one more point of damage dealt) is caught on its first fight: every fight counts as the engine plays it', () => {
    for (const base of [compiledCase('standard', 'random'), ftdCompiledCase('standard', 'random')]) {
      const scenario = tampered(base, (out) => {
        out.dealt[0]!++;
      });
      const t = runRange(scenario, { seed: 'wrong', from: 0, to: 60 });
      expect([t.checked, t.mismatched, t.compiled]).toEqual([1, 1, 0]);
      const engine = runRange(scenario, { seed: 'wrong', from: 0, to: 60, engine: true });
      expect(comparable(t)).toEqual(comparable(engine));
      const path = compiledPathOf(scenario);
      expect(path).toEqual({ unsupported: 'the compiled fight differed from the engine (fight 0: dealt); played on the engine' });
      // the next range of the same simulation stays on the engine
      const next = runRange(scenario, { seed: 'wrong', from: 60, to: 80 });
      expect([next.compiled, next.checked]).toEqual([0, 0]);
    }
  });

  it('a compiled fight wrong only now and then: caught when a checked fight differs, the fights before it stay compiled', () => {
    // the winner flipped on the third fight the kernel plays
    const base = compiledCase('standard', 'weakest');
    const scenario = tampered(base, (out, k) => {
      if (k === 2) out.winner = out.winner === 0 ? 1 : 0;
    });
    const t = runRange(scenario, { seed: 'late', from: 0, to: 50 });
    expect([t.checked, t.mismatched, t.compiled]).toEqual([3, 1, 2]);
    expect(comparable(t)).toEqual(comparable(runRange(scenario, { seed: 'late', from: 0, to: 50, engine: true })));
    expect(compiledPathOf(scenario)).toEqual({ unsupported: 'the compiled fight differed from the engine (fight 2: wins); played on the engine' });
  });
});
