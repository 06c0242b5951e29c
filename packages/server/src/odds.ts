import { fileURLToPath } from 'node:url';
import { WarmSimWorkers, shapeOf, simulateInBackground, summarize, type BudgetRun, type BudgetStop } from '@fray/sim';
import type { EncounterState, LoadedRuleset } from '@fray/engine';
import type { LiveTable } from './table';
import type { OddsReport, OddsRequest, ServerMessage, WireError } from './protocol';
import { oddsRuleset, type OddsScenarioArgs } from './odds-scenario';

export interface OddsLimits {
  defaultFights: number;
  maxFights: number;
  defaultSeconds: number;
  maxSeconds: number;
  /** fights between progress messages */
  chunk: number;
  /**
   * the same before a fight starts: smaller, since the time budget is checked between chunks and the GM
   * waits at the setup screen for the whole first chunk (on the engine path a fight can take 50 ms)
   */
  setupChunk: number;
  /**
   * simulation workers kept loaded between runs: a worker's start (the TypeScript loader, the rulesets)
   * costs seconds, a run's fights often less; 0 starts a fresh worker for every run
   */
  warmWorkers: number;
  /** start the warm workers with the server rather than at the first run (`fray serve` does) */
  prewarm: boolean;
}

/** Bounds of one "odds from here" run: fights and seconds asked for are clamped to these (a server option may change them). */
export const ODDS_LIMITS: OddsLimits = {
  defaultFights: 2000,
  maxFights: 10_000,
  defaultSeconds: 4,
  maxSeconds: 15,
  /** fights between progress messages */
  chunk: 100,
  setupChunk: 25,
  warmWorkers: 1,
  prewarm: false,
};

const scenarioModule = fileURLToPath(new URL('./odds-scenario.ts', import.meta.url));

interface Running {
  requestId: string;
  run: BudgetRun;
}

/**
 * "Odds from here" for the GM: the simulator played on from the table's fight as it stands (every
 * creature, hidden ones included, with its exact hit points), on a worker thread so the table keeps
 * answering, with progress as it goes. One run per table at a time; each is bounded by a number of
 * fights and a time budget. The answer says which version of the fight it started from, and whether
 * the fight has moved on since (`stale`). Only the GM may ask; only the asking connection hears.
 */
export class TableOdds {
  private readonly running = new Map<string, Running>();
  private readonly limits: OddsLimits;
  private readonly workers: WarmSimWorkers | null;

  constructor(
    limits: Partial<OddsLimits> = {},
    /** builds the next fight of a table between fights (the server's: library foes, the engine's checks), or says why not */
    private readonly buildNext?: (table: LiveTable, next: NonNullable<OddsRequest['next']>) => { state: EncounterState } | { error: WireError },
  ) {
    this.limits = { ...ODDS_LIMITS, ...limits };
    this.workers = this.limits.warmWorkers > 0 ? new WarmSimWorkers({ keep: this.limits.warmWorkers, preload: [scenarioModule] }) : null;
    if (this.limits.prewarm) this.workers?.prewarm();
  }

  /** Starts a run, or says why not. `send` goes to the asking connection only. */
  start(table: LiveTable, req: OddsRequest, send: (m: ServerMessage) => void): Promise<OddsReport> | { error: WireError } {
    if (req.next) return this.startNext(table, req, send);
    const refused = this.refusal(table);
    if (refused) return { error: refused };
    const fight = table.fight!;
    const start = fight.state;
    const from = { fightId: start.id, version: fight.version, round: start.round };
    const moved = () => {
      const now = table.versions().fight;
      return !now || now.id !== from.fightId || now.version !== from.version;
    };
    return this.play(table.id, table.ruleset, start, req, send, { from, stale: moved });
  }

  /**
   * Between fights: the odds of the next fight (the members and foes `req.next` names) before it
   * starts. `build` is the server's: it turns the request into the fight's first state without
   * storing anything (foes from the library resolved, the engine's checks run).
   */
  private startNext(table: LiveTable, req: OddsRequest, send: (m: ServerMessage) => void): Promise<OddsReport> | { error: WireError } {
    if (this.running.has(table.id)) return { error: this.busy(table.id) };
    if (table.fight && table.fight.state.phase !== 'ended') return { error: { code: 'fight-under-way', message: `fight '${table.fight.state.id}' is under way: ask for the odds from here, or finish it first` } };
    if (!oddsRuleset(table.ruleset.id)) return { error: unavailable(table.ruleset.id) };
    if (!this.buildNext) return { error: { code: 'odds-unavailable', message: 'this server cannot build a next fight for odds' } };
    const built = this.buildNext(table, req.next!);
    if ('error' in built) return built;
    const tableVersion = table.versions().table;
    const from = { fightId: built.state.id, version: 0, round: 0, table: tableVersion };
    return this.play(table.id, table.ruleset, built.state, req, send, { from, stale: () => table.versions().table !== tableVersion, chunk: this.limits.setupChunk });
  }

  /**
   * A fight that does not exist yet (a new table's first fight, from the library): `key` is who asks
   * (one run at a time per key).
   */
  startSetup(key: string, ruleset: LoadedRuleset, start: EncounterState, req: Omit<OddsRequest, 'type'>, send: (m: ServerMessage) => void): Promise<OddsReport> | { error: WireError } {
    if (this.running.has(key)) return { error: this.busy(key) };
    if (!oddsRuleset(ruleset.id)) return { error: unavailable(ruleset.id) };
    return this.play(key, ruleset, start, { type: 'odds', ...req }, send, { from: { fightId: start.id, version: 0, round: 0 }, stale: () => false, chunk: this.limits.setupChunk });
  }

  /** Plays the fights on a worker thread from `start` and reports them (shared by every kind of odds). */
  private play(key: string, ruleset: LoadedRuleset, start: EncounterState, req: OddsRequest, send: (m: ServerMessage) => void, o: { from: OddsReport['from']; stale: () => boolean; chunk?: number }): Promise<OddsReport> {
    const n = Math.min(this.limits.maxFights, req.fights ?? this.limits.defaultFights);
    const seconds = Math.min(this.limits.maxSeconds, req.seconds ?? this.limits.defaultSeconds);
    const seed = req.seed ?? `${o.from.fightId}@${o.from.version}`;
    const args: OddsScenarioArgs = { ruleset: ruleset.id, state: start };
    const began = Date.now();
    const scenario = { ruleset, start, policies: { chooseCommand: () => null, prompts: () => undefined }, source: { module: scenarioModule, args: args as never } };
    const budget = { n, seed, budgetMs: seconds * 1000, chunk: o.chunk ?? this.limits.chunk, onProgress: (done: number, total: number) => send({ type: 'oddsProgress', requestId: req.requestId, done, total }) };
    const run = this.workers ? this.workers.run(scenario, budget) : simulateInBackground(scenario, budget);
    this.running.set(key, { requestId: req.requestId, run });
    const shape = shapeOf(start);
    return run.result
      .then(
        ({ tally, stopped }) => report(summarize(tally, shape, seed), start, { from: o.from, requested: n, stopped, seconds: (Date.now() - began) / 1000, stale: o.stale() }),
        (err: unknown) => {
          throw new OddsFailed(err);
        },
      )
      .finally(() => {
        if (this.running.get(key)?.run === run) this.running.delete(key);
      });
  }

  private busy(key: string): WireError {
    return { code: 'odds-running', message: `odds for this table are already being worked out (request ${this.running.get(key)!.requestId}); wait for them` };
  }

  /** Why the table cannot have odds now: nobody asked the GM's way, no fight, one already running. */
  private refusal(table: LiveTable): WireError | null {
    if (this.running.has(table.id)) return this.busy(table.id);
    const fight = table.fight;
    if (!fight || fight.state.phase === 'ended') return { code: 'no-fight', message: 'there is no fight under way to work out odds for' };
    if (!oddsRuleset(table.ruleset.id)) return unavailable(table.ruleset.id);
    return null;
  }

  /** Stops every run (the server is closing). */
  stopAll(): void {
    this.workers?.close();
    for (const r of this.running.values()) r.run.terminate();
    this.running.clear();
  }
}

/**
 * A run that did not finish: its worker failed to load, died or the fight threw. The GM hears why, as a
 * typed error beside the request (the simulator's words name no token; only the GM asks for odds).
 */
export class OddsFailed extends Error {
  readonly wire: WireError;
  constructor(cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(why);
    this.wire = { code: 'odds-failed', message: `the odds could not be worked out: ${why}; ask again` };
  }
}

/** The typed error for a run that failed, whatever it threw. */
export function oddsFailure(err: unknown): WireError {
  return (err instanceof OddsFailed ? err : new OddsFailed(err)).wire;
}

const unavailable = (id: string): WireError => ({ code: 'odds-unavailable', message: `the simulator has no policies for the ruleset '${id}'` });

type Summary = ReturnType<typeof summarize>;

/** A 95 % interval for the mean number of rounds (normal approximation over the fights played). */
function roundsInterval(s: Summary): [number, number] {
  const n = s.n;
  if (n < 2) return [s.rounds.mean, s.rounds.mean];
  const m = s.rounds.mean;
  const ss = s.rounds.histogram.reduce((a, h) => a + h.count * (h.rounds - m) ** 2, 0);
  const half = 1.96 * Math.sqrt(ss / (n - 1) / n);
  return [Math.max(0, m - half), m + half];
}

const pct = (o: { p: number; ci: [number, number]; count: number }) => ({ p: o.p, ci: o.ci, count: o.count });

function report(s: Summary, start: EncounterState, o: { from: OddsReport['from']; requested: number; stopped: BudgetStop; seconds: number; stale: boolean }): OddsReport {
  const rounds = { mean: s.rounds.mean, ci: roundsInterval(s), median: s.rounds.median, p90: s.rounds.p90 };
  // The round under way is not "left": a fight that ends in it has no rounds left (before the fight starts there is none under way).
  const now = start.phase === 'combat' ? start.round : 0;
  const left = (r: number) => Math.max(0, r - now);
  return {
    from: o.from,
    stale: o.stale,
    fights: s.n,
    requested: o.requested,
    stopped: o.stopped,
    seconds: Math.round(o.seconds * 100) / 100,
    seed: s.seed,
    paths: s.paths,
    path: s.paths.compiled === s.n ? 'compiled' : s.paths.compiled === 0 ? 'engine' : 'mixed',
    sides: s.sides.map((x) => ({ side: x.side, ...pct(x) })),
    draws: pct(s.draws),
    rounds,
    roundsLeft: { mean: left(rounds.mean), ci: [left(rounds.ci[0]), left(rounds.ci[1])], p90: left(rounds.p90) },
    playerCreatures: s.played ? { ids: s.played.ids, drop: pct(s.played.drop), death: pct(s.played.death) } : null,
    creatures: s.creatures.map((c) => ({ id: c.id, name: c.name, side: c.side, played: Boolean(start.creatures[c.id]?.controller), drop: pct(c.drop), death: pct(c.death) })),
  };
}
