import { useEffect, useState } from 'preact/hooks';
import type { Table } from '../net/use-table';
import type { PlanEntry, PlanReport, TableAddress, WireError } from '../net/protocol';
import { fetchPlan } from '../net/setup-api';

const STATUS_WORDS: Record<PlanEntry['status'], string> = { done: 'fought', 'under way': 'under way', planned: 'still to come' };
const MAP_WORDS: Record<'grid' | 'zones', string> = { grid: 'on a grid', zones: 'in zones' };

/** A planned fight in a line: its foes by name and where it is fought. */
function describe(f: PlanEntry): string {
  const foes = f.foes.length ? f.foes.map((x) => x.name).join(', ') : 'no foes';
  return `${foes}${f.map ? `, ${MAP_WORDS[f.map]}` : ''}`;
}

/**
 * The fights a campaign file planned for this table: which are fought and which come next, and starting
 * the next one with its own foes and map (the server builds it from the plan it kept). Shown only when
 * the table was made from a campaign file with fights.
 */
export function PlannedFights(props: { table: Table; address: TableAddress; diceMode: 'seeded' | 'entered'; busy: boolean; run: (fn: () => Promise<unknown>) => Promise<void> }) {
  const { table, address } = props;
  const [plan, setPlan] = useState<PlanReport | null>(null);
  const [error, setError] = useState<WireError | null>(null);
  // Read again whenever the campaign moves on (a fight ends, a rest): a fought fight changes status.
  const at = table.state.versions?.table ?? null;
  useEffect(() => {
    let live = true;
    void fetchPlan(address).then((r) => {
      if (!live) return;
      if (r.ok) setPlan(r.plan);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [address.tableId, address.token, at]);
  if (!plan || plan.fights.length === 0) return null;
  const next = plan.fights.find((f) => f.id === plan.next) ?? null;
  return (
    <section class="planned-fights" aria-labelledby="plan-h" data-testid="planned-fights">
      <h3 id="plan-h">The campaign file's fights</h3>
      <ol>
        {plan.fights.map((f) => (
          <li key={f.id} class={`plan-${f.status.replace(' ', '-')}`} data-testid={`plan-${f.id}`}>
            <strong>{f.id}</strong>: {describe(f)} <span class="muted">({STATUS_WORDS[f.status]})</span>
          </li>
        ))}
      </ol>
      {next ? (
        <button
          type="button"
          class="primary"
          disabled={props.busy}
          data-testid="start-planned"
          onClick={() =>
            props.run(async () => {
              setError(null);
              const r = await table.conn.startFight({ planned: next.id, diceMode: props.diceMode });
              if (!r.ok && r.error) setError(r.error);
            })
          }
        >
          Start the planned fight “{next.id}” ({describe(next)})
        </button>
      ) : (
        <p class="muted">Every fight the file planned has been fought; build the next one below.</p>
      )}
      {error && (
        <p class="problem" role="alert" data-testid="plan-error">
          {error.message}
        </p>
      )}
      <p class="muted">Or build a different fight below from the roster and the library.</p>
    </section>
  );
}
