import { fileURLToPath } from 'node:url';
import { shapeOf, simulateInBackground, summarize, type BudgetRun, type BudgetStop } from '@fray/sim';
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
}

/** Bounds of one "odds from here" run: fights and seconds asked for are clamped to these (a server option may change them). */
export const ODDS_LIMITS: OddsLimits = {
  defaultFights: 2000,
  maxFights: 10_000,
  defaultSeconds: 4,
  maxSeconds: 15,
  /** fights between progress messages */
  chunk: 100,
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

  constructor(limits: Partial<OddsLimits> = {}) {
    this.limits = { ...ODDS_LIMITS, ...limits };
  }

  /** Starts a run, or says why not. `send` goes to the asking connection only. */
  start(table: LiveTable, req: OddsRequest, send: (m: ServerMessage) => void): Promise<OddsReport> | { error: WireError } {
    const refused = this.refusal(table);
    if (refused) return { error: refused };
    const fight = table.fight!;
    const start = fight.state;
    const from = { fightId: start.id, version: fight.version, round: start.round };
    const n = Math.min(this.limits.maxFights, req.fights ?? this.limits.defaultFights);
    const seconds = Math.min(this.limits.maxSeconds, req.seconds ?? this.limits.defaultSeconds);
    const seed = req.seed ?? `${from.fightId}@${from.version}`;
    const args: OddsScenarioArgs = { ruleset: table.ruleset.id, state: start };
    const began = Date.now();
    const run = simulateInBackground(
      { ruleset: table.ruleset, start, policies: { chooseCommand: () => null, prompts: () => undefined }, source: { module: scenarioModule, args: args as never } },
      { n, seed, budgetMs: seconds * 1000, chunk: this.limits.chunk, onProgress: (done, total) => send({ type: 'oddsProgress', requestId: req.requestId, done, total }) },
    );
    this.running.set(table.id, { requestId: req.requestId, run });
    const shape = shapeOf(start);
    return run.result
      .then(({ tally, stopped }) => report(summarize(tally, shape, seed), { from, requested: n, stopped, seconds: (Date.now() - began) / 1000, now: table.versions().fight }))
      .finally(() => {
        if (this.running.get(table.id)?.run === run) this.running.delete(table.id);
      });
  }

  /** Why the table cannot have odds now: nobody asked the GM's way, no fight, one already running. */
  private refusal(table: LiveTable): WireError | null {
    if (this.running.has(table.id)) return { code: 'odds-running', message: `odds for this table are already being worked out (request ${this.running.get(table.id)!.requestId}); wait for them` };
    const fight = table.fight;
    if (!fight || fight.state.phase === 'ended') return { code: 'no-fight', message: 'there is no fight under way to work out odds for' };
    if (!oddsRuleset(table.ruleset.id)) return { code: 'odds-unavailable', message: `the simulator has no policies for the ruleset '${table.ruleset.id}'` };
    return null;
  }

  /** Stops every run (the server is closing). */
  stopAll(): void {
    for (const r of this.running.values()) r.run.terminate();
    this.running.clear();
  }
}

type Summary = ReturnType<typeof summarize>;

const pct = (o: { p: number; ci: [number, number]; count: number }) => ({ p: o.p, ci: o.ci, count: o.count });

function report(s: Summary, o: { from: OddsReport['from']; requested: number; stopped: BudgetStop; seconds: number; now: { id: string; version: number } | null }): OddsReport {
  const stale = !o.now || o.now.id !== o.from.fightId || o.now.version !== o.from.version;
  return {
    from: o.from,
    stale,
    fights: s.n,
    requested: o.requested,
    stopped: o.stopped,
    seconds: Math.round(o.seconds * 100) / 100,
    seed: s.seed,
    paths: s.paths,
    sides: s.sides.map((x) => ({ side: x.side, ...pct(x) })),
    draws: pct(s.draws),
    rounds: { mean: s.rounds.mean, median: s.rounds.median, p90: s.rounds.p90 },
    creatures: s.creatures.map((c) => ({ id: c.id, name: c.name, side: c.side, drop: pct(c.drop), death: pct(c.death) })),
  };
}
