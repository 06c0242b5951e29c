import { useState } from 'preact/hooks';
import type { OddsReport, WireError } from '../net/protocol';
import { interval, percent, summarizeEncounterOdds } from '../model/encounter-odds';
import { SETUP_FIGHTS, SETUP_SECONDS } from '../net/setup-api';
import { chanceWords } from '../model/odds-from-here';
import { CreatureOddsTable } from './CreatureOddsTable';


export type AskOdds = (progress: (done: number, total: number) => void) => Promise<{ ok: boolean; odds?: OddsReport; error?: WireError }>;

type Run = { kind: 'idle' } | { kind: 'running'; done: number; total: number } | { kind: 'failed'; message: string };

const round1 = (x: number) => (Math.round(x * 10) / 10).toLocaleString('en');

/**
 * A fight's odds before it starts, on the setup screens (GM only): the server builds the fight the
 * setup describes, exactly as starting it would, plays it many times with the simulator's policies
 * and the ruleset's rules, and this shows the party's chance to win with its 95 % interval (in words
 * and numbers), each player creature's chance to drop and to die, and how many rounds it may last.
 * `setupKey` names the setup asked about: once the GM changes it, the answer is marked out of date.
 */
export function EncounterOdds({ ask, setupKey, disabled, why }: { ask: AskOdds; setupKey: string; disabled?: boolean; why?: string }) {
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const [answer, setAnswer] = useState<{ odds: OddsReport; key: string } | null>(null);
  const go = async () => {
    const key = setupKey;
    setRun({ kind: 'running', done: 0, total: SETUP_FIGHTS });
    const r = await ask((done, total) => setRun({ kind: 'running', done, total }));
    if (r.ok && r.odds) {
      setAnswer({ odds: r.odds, key });
      setRun({ kind: 'idle' });
    } else setRun({ kind: 'failed', message: r.error?.message ?? 'the odds could not be worked out' });
  };
  const stale = answer !== null && (answer.key !== setupKey || answer.odds.stale);
  const s = answer ? summarizeEncounterOdds(answer.odds) : null;
  const running = run.kind === 'running';
  return (
    <section class="odds encounter-odds" aria-labelledby="eo-title" data-testid="encounter-odds">
      <h3 id="eo-title">How this fight may go</h3>
      <p class="muted">
        Plays this fight up to {SETUP_FIGHTS.toLocaleString('en')} times (for about {SETUP_SECONDS} s) with the rules, before it starts. For the GM only.
      </p>
      <button type="button" class={answer ? 'small' : 'small primary'} disabled={running || disabled} onClick={() => void go()} data-testid="eo-ask">
        {answer ? 'Work out the odds again' : 'Work out the odds'}
      </button>
      {disabled && why && <span class="muted"> {why}</span>}
      {run.kind === 'running' && (
        <p class="odds-progress" role="status">
          <progress max={run.total} value={run.done || undefined} aria-label="Fights played" data-testid="eo-progress" />{' '}
          {run.done ? `${run.done.toLocaleString('en')} of ${run.total.toLocaleString('en')} fights played` : 'playing the fights…'}
        </p>
      )}
      {run.kind === 'failed' && (
        <p class="odds-error" role="alert" data-testid="eo-error">
          ⚠ {run.message}
        </p>
      )}
      {answer && s && (
        <div class={`odds-result${stale ? ' stale' : ''}`} aria-live="polite" data-testid="eo-result" data-stale={stale ? 'true' : 'false'}>
          {stale && (
            <p class="odds-stale" data-testid="eo-stale">
              <strong>⏸ Out of date:</strong> the setup has changed since these odds. Work them out again.
            </p>
          )}
          <ul class="odds-sides">
            {s.party && (
              <li data-testid="eo-party">
                <span class="odds-side-name">{s.party.side}</span> wins: <strong data-testid="eo-party-p">{percent(s.party.p)}</strong> <em>({chanceWords(s.party.p)})</em>
                <span class="odds-bar" aria-hidden="true">
                  <span class="odds-ci" style={{ left: `${s.party.ci[0] * 100}%`, width: `${Math.max(0.5, (s.party.ci[1] - s.party.ci[0]) * 100)}%` }} />
                  <span class="odds-mark" style={{ left: `${s.party.p * 100}%` }} />
                </span>
                <span class="odds-ci-text" data-testid="eo-party-ci">95 % sure it is {interval(s.party.ci)}</span>
              </li>
            )}
            {s.others.map((o) => (
              <li key={o.side} class="eo-other" data-testid={`eo-side-${o.side}`}>
                <span class="odds-side-name">{o.side}</span> wins: {percent(o.p)} <span class="odds-ci-text">({interval(o.ci)})</span>
              </li>
            ))}
            {answer.odds.draws.count > 0 && <li class="eo-other">Nobody wins (everyone down, or 50 rounds): {percent(answer.odds.draws.p)}</li>}
          </ul>
          <p data-testid="eo-rounds">
            It lasts about <strong>{round1(s.rounds.mean)} rounds</strong> <span class="odds-ci-text">(95 %: {round1(s.rounds.ci[0])}–{round1(s.rounds.ci[1])}; 9 fights in 10 are over by round {s.rounds.p90})</span>
          </p>
          {answer.odds.playerCreatures && (
            <p data-testid="eo-any-pc">
              Any PC drops: <strong>{percent(answer.odds.playerCreatures.drop.p)}</strong> <span class="odds-ci-text">({interval(answer.odds.playerCreatures.drop.ci)})</span>; any PC dies:{' '}
              <strong>{percent(answer.odds.playerCreatures.death.p)}</strong> <span class="odds-ci-text">({interval(answer.odds.playerCreatures.death.ci)})</span>
            </p>
          )}
          {s.pcs.length > 0 && (
            <CreatureOddsTable creatures={s.pcs} caption="Each player creature's chance to drop, and to die (95 % interval)" rowTestId="eo-pc-" tableTestId="eo-pcs" intervals />
          )}
          {s.foes.length > 0 && (
            <details class="eo-foes">
              <summary>The other creatures</summary>
              <CreatureOddsTable creatures={s.foes} rowTestId="eo-foe-" sides />
            </details>
          )}
          <p class="muted odds-meta" data-testid="eo-meta">
            {answer.odds.fights.toLocaleString('en')} fights{answer.odds.stopped === 'budget' ? ` (the ${answer.odds.requested.toLocaleString('en')} asked for did not fit in the time)` : ''} in {answer.odds.seconds} s, by the simulator's tactics (weakest targets first).
          </p>
        </div>
      )}
    </section>
  );
}
