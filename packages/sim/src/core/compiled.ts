import type { CompiledFight, FightOutcome } from '@fray/engine';
import { DEFAULT_MAX_ROUNDS } from './fight';
import type { SimScenario, SimShape } from './scenario';
import type { Tally } from './tally';

/** The scenario's compiled fight, or why it has none (then every fight plays on the engine). */
export function compileScenario(scenario: SimScenario, shape: SimShape): CompiledFight | { unsupported: string } {
  const spec = scenario.policies.compiled;
  if (!spec) return { unsupported: 'the policies are not ones a ruleset can compile' };
  if (!scenario.ruleset.compileFight) return { unsupported: `the ${scenario.ruleset.name} rules have no compiled fight` };
  const compiled = scenario.ruleset.compileFight(scenario.start, { ...spec, maxRounds: scenario.maxRounds ?? DEFAULT_MAX_ROUNDS });
  if ('unsupported' in compiled) return compiled;
  // Tallies are indexed by the shape; the compiled fight must count in the same order.
  const same = compiled.creatureIds.length === shape.creatures.length && compiled.creatureIds.every((id, k) => shape.creatures[k]!.id === id)
    && compiled.sides.length === shape.sides.length && compiled.sides.every((s, k) => shape.sides[k] === s);
  return same ? compiled : { unsupported: 'the compiled fight counts creatures in another order' };
}

/**
 * Adds one compiled fight's outcome to the tally, as the observer would have counted the same fight.
 * With `spentSoFar` (creature k's resource r at k * keys + r), spending is summed there instead and
 * added to the tally's per-key records once, by `flushSpent`: keyed writes per fight cost more than the fight's attacks.
 */
export function addOutcome(tally: Tally, compiled: CompiledFight, out: FightOutcome, spentSoFar?: Float64Array): void {
  tally.fights++;
  tally.compiled++;
  tally.commands += out.commands;
  tally.attacks += out.attacks;
  if (out.winner >= 0) tally.wins[out.winner]!++;
  else tally.draws++;
  tally.rounds[out.rounds] = (tally.rounds[out.rounds] ?? 0) + 1;
  const keys = compiled.resourceKeys;
  for (let k = 0; k < compiled.creatureIds.length; k++) {
    tally.dealt[k]! += out.dealt[k]!;
    tally.taken[k]! += out.taken[k]!;
    if (out.dropped[k]) tally.drops[k]!++;
    if (out.dead[k]) tally.deaths[k]!++;
    if (out.downAtEnd[k]) tally.downAtEnd[k]!++;
    if (spentSoFar) continue;
    for (let r = 0; r < keys.length; r++) {
      const v = out.spent[k * keys.length + r]!;
      if (v === 0) continue;
      const spent = tally.spent[k]!;
      spent[keys[r]!] = (spent[keys[r]!] ?? 0) + v;
    }
  }
  if (spentSoFar) for (let j = 0; j < spentSoFar.length; j++) spentSoFar[j]! += out.spent[j]!;
}

/** Adds what `addOutcome` summed in `spentSoFar` to the tally's per-key records, and clears it. */
export function flushSpent(tally: Tally, compiled: CompiledFight, spentSoFar: Float64Array): void {
  const keys = compiled.resourceKeys;
  for (let k = 0; k < compiled.creatureIds.length; k++) {
    for (let r = 0; r < keys.length; r++) {
      const v = spentSoFar[k * keys.length + r]!;
      if (v === 0) continue;
      const spent = tally.spent[k]!;
      spent[keys[r]!] = (spent[keys[r]!] ?? 0) + v;
      spentSoFar[k * keys.length + r] = 0;
    }
  }
}
