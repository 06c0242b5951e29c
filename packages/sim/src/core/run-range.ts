import type { FrayEventBody } from '@fray/engine';
import { addOutcome, compileScenario, flushSpent } from './compiled';
import { FightObserver } from './observer';
import { fightDice, fightStreams } from './seed';
import { fastAuthority, playFight, recordedAuthority, type AuthorityFactory, type FightRecord, type SimMode } from './fight';
import { shapeOf, simRuntime, type SimScenario } from './scenario';
import { emptyTally, type Tally } from './tally';

/**
 * Each scenario's compiled fight, made once: callers play a simulation in many short ranges (the
 * server's worker in chunks of a hundred fights, the benches in batches), and compiling works out
 * tables per creature and target. A compiled fight keeps only scratch state between fights.
 */
const compiledFights = new WeakMap<SimScenario, ReturnType<typeof compileScenario>>();

function compiledFor(scenario: SimScenario, shape: ReturnType<typeof shapeOf>): ReturnType<typeof compileScenario> {
  let c = compiledFights.get(scenario);
  if (!c) compiledFights.set(scenario, (c = compileScenario(scenario, shape)));
  return c;
}

/** The engine authority each mode plays fights with. */
export const authorities: Record<SimMode, AuthorityFactory> = { recorded: recordedAuthority, fast: fastAuthority };

export interface RangeOptions {
  seed: string | number;
  /** fights from..to-1 (fight indexes, so a range plays the same fights wherever it runs) */
  from: number;
  to: number;
  mode?: SimMode;
  /** play every fight on the engine, even where the ruleset has a compiled fight (to compare the two) */
  engine?: boolean;
  /** 'recorded' mode: each fight's record, as it ends */
  onRecord?: (record: FightRecord) => void;
  /** called now and then with the number of fights done in this range */
  onProgress?: (done: number) => void;
  /** how many fights between progress calls (default 256) */
  progressEvery?: number;
}

/**
 * Plays fights from..to-1 on this thread and returns their tally. Pure and synchronous, so a browser
 * can run it; the worker pool splits a simulation into such ranges. Where the ruleset compiles the
 * fight, the compiled fight plays it; a fight that leaves what was compiled replays on the engine from
 * the same seed, so the tally is the engine's either way (tested fight by fight).
 */
export function runRange(scenario: SimScenario, opts: RangeOptions): Tally {
  const shape = shapeOf(scenario.start);
  const tally = emptyTally(shape.sides.length, shape.creatures.length);
  const mode = opts.mode ?? 'fast';
  const make = authorities[mode];
  const observer = new FightObserver(shape, tally);
  const rt = simRuntime(scenario);
  const every = opts.progressEvery ?? 256;
  const compiled = opts.engine ? null : compiledFor(scenario, shape);
  let kernel = compiled && !('unsupported' in compiled) ? compiled : null;
  // A compiled fight that cannot record leaves recorded simulations to the engine.
  if (mode === 'recorded' && !kernel?.playRecorded) kernel = null;
  const out = kernel?.newOutcome();
  const spentSoFar = kernel ? new Float64Array(kernel.creatureIds.length * kernel.resourceKeys.length) : null;
  const streams = fightStreams(opts.seed);
  let events: FrayEventBody[] = [];
  const keep = (e: FrayEventBody) => {
    events.push(e);
  };
  for (let i = opts.from; i < opts.to; i++) {
    const engineLog = mode === 'recorded' ? (log: readonly FrayEventBody[]) => opts.onRecord?.({ fight: i, dice: fightDice(opts.seed, i).getState(), path: 'engine', events: [...log] }) : undefined;
    if (kernel && out) {
      const dice = streams.dice(i);
      const policy = streams.policy(i);
      let played: boolean;
      if (mode === 'recorded') {
        events = [];
        const start = dice.getState();
        played = kernel.playRecorded!(dice, policy, out, keep);
        if (played) opts.onRecord?.({ fight: i, dice: start, path: 'compiled', events });
      } else played = kernel.play(dice, policy, out);
      if (played) addOutcome(tally, kernel, out, spentSoFar ?? undefined);
      else {
        // Left what was compiled: the same fight, from the same seed, on the engine.
        tally.fallbacks++;
        playFight(scenario, shape, rt, make, observer, tally, opts.seed, i, engineLog);
      }
    } else playFight(scenario, shape, rt, make, observer, tally, opts.seed, i, engineLog);
    if (opts.onProgress && (i - opts.from + 1) % every === 0) opts.onProgress(i - opts.from + 1);
  }
  if (kernel && spentSoFar) flushSpent(tally, kernel, spentSoFar);
  opts.onProgress?.(opts.to - opts.from);
  return tally;
}
