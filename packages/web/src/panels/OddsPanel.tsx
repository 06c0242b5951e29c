import { useState } from 'preact/hooks';
import type { OddsReport } from '../net/protocol';
import type { Table } from '../net/use-table';
import type { FightModel } from '../model/fight';
import { CreatureOddsTable } from './CreatureOddsTable';
import { chanceWords, oddsAtAGlance } from '../model/odds-from-here';
import { interval, percent } from '../model/encounter-odds';

/** How many fights the panel asks for, and for how long at most (the server caps both). */
const FIGHTS = 2000;
const SECONDS = 4;

type Run = { kind: 'idle' } | { kind: 'running'; done: number; total: number } | { kind: 'failed'; message: string };

/**
 * "Odds from here", on the GM's screen: the server plays the fight on from where it stands, many times,
 * with the simulator's policies (every creature, hidden ones too, at its exact hit points), and this
 * panel shows at a glance who wins (each side's chance with its 95 % interval, in words and numbers, the
 * players' side first), the chance that any creature a player plays drops and that any dies, and the
 * rounds left; then each creature's chance to drop and to die, and in small print how many fights were
 * played and by which path (the ruleset's compiled fight or the rules engine). The answer belongs to one
 * moment of the fight: once the fight has moved on it is marked stale until the GM asks again.
 */
export function OddsPanel({ table, fight }: { table: Table; fight: FightModel }) {
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const [odds, setOdds] = useState<OddsReport | null>(null);
  const now = table.state.versions?.fight ?? null;
  const stale = odds !== null && (odds.stale || !now || now.id !== odds.from.fightId || now.version !== odds.from.version);
  const nameOf = (id: string) => fight.byId[id]?.name ?? odds?.creatures.find((c) => c.id === id)?.name ?? id;
  const ask = async () => {
    setRun({ kind: 'running', done: 0, total: FIGHTS });
    const r = await table.conn.odds({ fights: FIGHTS, seconds: SECONDS }, (done, total) => setRun({ kind: 'running', done, total }));
    if (r.ok && r.odds) {
      setOdds(r.odds);
      setRun({ kind: 'idle' });
    } else setRun({ kind: 'failed', message: r.error?.message ?? 'the odds could not be worked out' });
  };
  const running = run.kind === 'running';
  const glance = odds ? oddsAtAGlance(odds) : null;
  return (
    <section class="odds" aria-labelledby="odds-title" data-testid="odds-panel">
      <h2 id="odds-title">Odds from here</h2>
      <p class="muted">Plays the rest of this fight {FIGHTS.toLocaleString('en')} times (at most {SECONDS} s) from where it stands. For the GM only.</p>
      <button type="button" class={odds ? '' : 'primary'} disabled={running || fight.phase === 'ended'} onClick={() => void ask()} data-testid="odds-ask">
        {odds ? 'Work out the odds again' : 'Work out the odds'}
      </button>
      {run.kind === 'running' && (
        <p class="odds-progress" role="status">
          <progress max={run.total} value={run.done} aria-label="Fights played" data-testid="odds-progress" />{' '}
          {run.done.toLocaleString('en')} of {run.total.toLocaleString('en')} fights played
        </p>
      )}
      {run.kind === 'failed' && (
        <p class="odds-error" role="alert" data-testid="odds-error">
          ⚠ {run.message}
        </p>
      )}
      {odds && glance && (
        <div class={`odds-result${stale ? ' stale' : ''}`} aria-live="polite" data-testid="odds-result" data-stale={stale ? 'true' : 'false'}>
          {stale && (
            <p class="odds-stale" data-testid="odds-stale">
              <strong>⏸ Out of date:</strong> the fight has moved on since these odds (round {odds.from.round}). Work them out again.
            </p>
          )}
          <div class="odds-glance" data-testid="odds-glance">
            <ul class="odds-sides">
              {glance.sides.map((s) => (
                <li key={s.side} data-testid={`odds-side-${s.side}`} class={s.players ? 'odds-players-side' : ''}>
                  <span class="odds-side-name">{s.side}</span> wins: <strong>{percent(s.p)}</strong> <em>({chanceWords(s.p)})</em>
                  {s.players && <span class="muted odds-players-mark"> · the PCs' side</span>}
                  <span class="odds-bar" aria-hidden="true">
                    <span class="odds-ci" style={{ left: `${s.ci[0] * 100}%`, width: `${Math.max(0.5, (s.ci[1] - s.ci[0]) * 100)}%` }} />
                    <span class="odds-mark" style={{ left: `${s.p * 100}%` }} />
                  </span>
                  <span class="odds-ci-text">95 % sure it is between {percent(s.ci[0])} and {percent(s.ci[1])}</span>
                </li>
              ))}
              {odds.draws.count > 0 && (
                <li data-testid="odds-draws">
                  Nobody wins (everyone down, or 50 rounds): <strong>{percent(odds.draws.p)}</strong>
                </li>
              )}
            </ul>
            <dl class="odds-facts">
              {glance.anyDrop && glance.anyDeath ? (
                <>
                  <div class="odds-fact" data-testid="odds-any-drop">
                    <dt title={`any of the ${glance.players} creatures the players' seats play`}>Any PC drops</dt>
                    <dd>
                      <strong>{percent(glance.anyDrop.p)}</strong> <em>({chanceWords(glance.anyDrop.p)})</em> <span class="odds-ci-text">{interval(glance.anyDrop.ci)}</span>
                    </dd>
                  </div>
                  <div class="odds-fact" data-testid="odds-any-death">
                    <dt>Any PC dies</dt>
                    <dd>
                      <strong>{percent(glance.anyDeath.p)}</strong> <em>({chanceWords(glance.anyDeath.p)})</em> <span class="odds-ci-text">{interval(glance.anyDeath.ci)}</span>
                    </dd>
                  </div>
                </>
              ) : (
                <div class="odds-fact" data-testid="odds-no-players">
                  <dt>PCs</dt>
                  <dd>no seat plays a creature in this fight</dd>
                </div>
              )}
              <div class="odds-fact" data-testid="odds-rounds-left">
                <dt>Rounds left</dt>
                <dd>
                  <strong>{glance.roundsLeft.mean}</strong> <span class="odds-note">{glance.roundsLeft.words}</span>
                </dd>
              </div>
            </dl>
          </div>
          <CreatureOddsTable creatures={odds.creatures} caption="Each creature's chance to drop, and to die" rowTestId="odds-creature-" sides nameOf={nameOf} />
          <p class="muted odds-meta" data-testid="odds-meta" data-path={odds.path}>
            {glance.smallPrint}
          </p>
        </div>
      )}
    </section>
  );
}
