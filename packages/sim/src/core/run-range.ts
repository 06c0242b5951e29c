import type { FrayEventBody } from '@fray/engine';
import type { CompiledFight } from '@fray/engine';
import { addOutcome, compileScenario, flushSpent } from './compiled';
import { compareWithEngine, RUNTIME_CHECK_FIGHTS } from './engine-check';
import { FightObserver } from './observer';
import { fightDice, fightStreams } from './seed';
import { fastAuthority, playFight, recordedAuthority, type AuthorityFactory, type FightRecord, type SimMode } from './fight';
import { shapeOf, simRuntime, type SimScenario } from './scenario';
import { emptyTally, type Tally } from './tally';

/**
 * A scenario's compiled fight and how far its run-time check has got: `checksLeft` compiled fights
 * still to compare with the engine; `mismatch` once one differed (then no fight plays compiled).
 */
interface CompiledPath {
  fight: ReturnType<typeof compileScenario>;
  checksLeft: number;
  mismatch: string | null;
}

/**
 * Each scenario's compiled fight, made and checked once: callers play a simulation in many short
 * ranges (the server's worker in chunks of a hundred fights, the benches in batches), and compiling
 * works out tables per creature and target. A compiled fight keeps only scratch state between fights.
 */
const compiledFights = new WeakMap<SimScenario, CompiledPath>();

function compiledFor(scenario: SimScenario, shape: ReturnType<typeof shapeOf>): CompiledPath {
  let c = compiledFights.get(scenario);
  if (!c) compiledFights.set(scenario, (c = { fight: compileScenario(scenario, shape), checksLeft: RUNTIME_CHECK_FIGHTS, mismatch: null }));
  return c;
}

/**
 * How this thread plays the scenario's fights: 'compiled', or why not (the ruleset's reason, or the
 * run-time check's difference from the engine once one was found).
 */
export function compiledPathOf(scenario: SimScenario): 'compiled' | { unsupported: string } {
  const c = compiledFor(scenario, shapeOf(scenario.start));
  if (c.mismatch !== null) return { unsupported: `the compiled fight differed from the engine (${c.mismatch}); played on the engine` };
  return 'unsupported' in c.fight ? c.fight : 'compiled';
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
  const path = opts.engine ? null : compiledFor(scenario, shape);
  let kernel: CompiledFight | null = path && path.mismatch === null && !('unsupported' in path.fight) ? path.fight : null;
  // A compiled fight that cannot record leaves recorded simulations to the engine.
  if (mode === 'recorded' && !kernel?.playRecorded) kernel = null;
  const out = kernel?.newOutcome();
  const spentSoFar = kernel ? new Float64Array(kernel.creatureIds.length * kernel.resourceKeys.length) : null;
  const streams = fightStreams(opts.seed);
  let events: FrayEventBody[] = [];
  const keep = (e: FrayEventBody) => {
    events.push(e);
  };
  const played = shape.played ?? [];
  for (let i = opts.from; i < opts.to; i++) {
    // Whichever path plays it, a fight adds at most one to each creature's drops and deaths: any rise among the players' creatures is this fight's.
    const dropsBefore = played.length ? sumAt(tally.drops, played) : 0;
    const deathsBefore = played.length ? sumAt(tally.deaths, played) : 0;
    const engineLog = mode === 'recorded' ? (log: readonly FrayEventBody[]) => opts.onRecord?.({ fight: i, dice: fightDice(opts.seed, i).getState(), path: 'engine', events: [...log] }) : undefined;
    if (kernel && out) {
      const dice = streams.dice(i);
      const policy = streams.policy(i);
      let played: boolean;
      let start: ReturnType<typeof dice.getState> | null = null;
      if (mode === 'recorded') {
        events = [];
        start = dice.getState();
        played = kernel.playRecorded!(dice, policy, out, keep);
      } else played = kernel.play(dice, policy, out);
      if (played && path!.checksLeft > 0) {
        // The run-time check: this fight on the engine too. On a difference the engine's fight counts, and the rest play there.
        path!.checksLeft--;
        tally.checked++;
        const engine = emptyTally(shape.sides.length, shape.creatures.length);
        const differs = compareWithEngine(scenario, shape, rt, kernel, out, opts.seed, i, engine);
        if (differs !== null) {
          path!.mismatch = differs;
          path!.checksLeft = 0;
          tally.mismatched++;
          played = false;
        }
      }
      if (played) {
        addOutcome(tally, kernel, out, spentSoFar ?? undefined);
        if (start) opts.onRecord?.({ fight: i, dice: start, path: 'compiled', events });
      } else {
        // Left what was compiled (or played it differently): the same fight, from the same seed, on the engine.
        if (path!.mismatch === null) tally.fallbacks++;
        playFight(scenario, shape, rt, make, observer, tally, opts.seed, i, engineLog);
      }
      if (path!.mismatch !== null) {
        if (spentSoFar) flushSpent(tally, kernel, spentSoFar);
        kernel = null;
      }
    } else playFight(scenario, shape, rt, make, observer, tally, opts.seed, i, engineLog);
    if (played.length) {
      if (sumAt(tally.drops, played) > dropsBefore) tally.playedDrops++;
      if (sumAt(tally.deaths, played) > deathsBefore) tally.playedDeaths++;
    }
    if (opts.onProgress && (i - opts.from + 1) % every === 0) opts.onProgress(i - opts.from + 1);
  }
  if (kernel && spentSoFar) flushSpent(tally, kernel, spentSoFar);
  opts.onProgress?.(opts.to - opts.from);
  return tally;
}

/** The sum of `counts` at the indexes `at`. */
function sumAt(counts: readonly number[], at: readonly number[]): number {
  let sum = 0;
  for (const k of at) sum += counts[k]!;
  return sum;
}
