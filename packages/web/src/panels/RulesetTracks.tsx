import type { Json } from '@fray/engine';
import type { Table } from '../net/use-table';
import type { FightModel } from '../model/fight';
import { capitalize, humanize } from '../model/words';

const COUNTER_LABELS: Record<string, string> = {
  escalation: 'Escalation die',
  rollingFeet: 'Rolling (ft)',
};
/** bookkeeping counters a table does not need to see */
const QUIET = new Set(['escalationHold', 'escalationUnbound']);

/**
 * The ruleset's counters and tracks in plain sight: 13th Age's escalation die large for everyone (the GM
 * gets − and +), Five Torches Deep's morale and light, A5E's environment, a duel's record — whatever the
 * server's views carry as counters and public state.
 */
export function RulesetTracks({ table, fight }: { table: Table; fight: FightModel }) {
  const gm = table.role === 'gm';
  const counters = Object.entries(fight.counters).filter(([k]) => !QUIET.has(k) && !k.startsWith('pool:'));
  const env = fight.options['environment'];
  const hasEscalation = fight.rulesetId === '13th-age';
  if (hasEscalation && !counters.some(([k]) => k === 'escalation')) counters.unshift(['escalation', 0]);
  // A public value that is a counter already shown (13th Age's escalationDie) is not shown twice.
  const labelOf = (k: string) => (COUNTER_LABELS[k] ?? capitalize(humanize(k))).toLowerCase();
  const shown = new Set(counters.map(([k]) => labelOf(k)));
  const pub = Object.entries(fight.publicState).filter(([k]) => !shown.has(labelOf(k)));
  if (counters.length === 0 && pub.length === 0 && !env) return null;
  const setCounter = (key: string, value: number) => table.send('fight', { type: 'gm.setCounter', key, value });
  return (
    <section class="tracks-panel" aria-label="Ruleset counters and tracks" data-testid="ruleset-tracks">
      {env !== undefined && (
        <p class="env">
          <strong>Environment:</strong> {Array.isArray(env) ? env.map(String).join(' and ') : String(env)}
        </p>
      )}
      {counters.map(([k, v]) => (
        <div key={k} class={`counter counter-${k}`} data-testid={`counter-${k}`}>
          <span class="counter-label">{COUNTER_LABELS[k] ?? capitalize(humanize(k))}</span>
          <span class="counter-value" aria-live="polite">
            {v}
          </span>
          {gm && (
            <span class="counter-edit">
              <button type="button" class="small" onClick={() => setCounter(k, v - 1)} aria-label={`Lower the ${COUNTER_LABELS[k] ?? humanize(k)}`} data-testid={`counter-${k}-down`}>
                −
              </button>
              <button type="button" class="small" onClick={() => setCounter(k, v + 1)} aria-label={`Raise the ${COUNTER_LABELS[k] ?? humanize(k)}`} data-testid={`counter-${k}-up`}>
                +
              </button>
            </span>
          )}
        </div>
      ))}
      {pub.map(([k, v]) => (
        <div key={k} class="public" data-testid={`public-${k}`}>
          <span class="counter-label">{capitalize(humanize(k))}</span> <PublicValue v={v} />
        </div>
      ))}
    </section>
  );
}

function PublicValue({ v }: { v: Json }) {
  if (v === null) return <span>—</span>;
  if (typeof v !== 'object') return <strong>{String(v)}</strong>;
  if (Array.isArray(v)) return <span>{v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')}</span>;
  return (
    <span class="public-obj">
      {Object.entries(v).map(([k, x]) => (
        <span key={k} class="chip">
          {humanize(k)}: {typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)}
        </span>
      ))}
    </span>
  );
}
