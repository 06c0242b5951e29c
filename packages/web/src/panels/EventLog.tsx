import type { BreakdownRow, DamageRow, RollBreakdown } from '@fray/engine';
import type { LogBatch } from '../net/table-connection';
import { humanize, signed } from '../model/words';

type Ev = Record<string, unknown> & { type: string; seq?: number };

/**
 * What happened, newest first: each command's narration, its rolls expandable into every modifier and
 * its source (ignored ones struck through), its damage into each step, and whether dice were entered at
 * the table or rolled by Fray.
 */
export function EventLog(props: { log: LogBatch[]; nameOf: (id: string) => string; onExport?: () => void; limit?: number }) {
  const batches = props.log.slice(-(props.limit ?? 200)).reverse();
  return (
    <section class="log" aria-labelledby="log-h" data-testid="event-log">
      <h2 id="log-h">
        Log
        {props.onExport && (
          <button type="button" class="small" onClick={props.onExport} data-testid="export-log">
            Export JSON lines
          </button>
        )}
      </h2>
      {batches.length === 0 && <p class="empty">Nothing yet.</p>}
      <ol class="batches">
        {batches.map((b) => (
          <li key={b.key} class={`batch stream-${b.stream}`}>
            {b.narration.length > 0 ? (
              b.narration.map((line, i) => (
                <p key={i} class="line">
                  {line}
                </p>
              ))
            ) : (
              fallbackLines(b.events as Ev[], props.nameOf).map((line, i) => (
                <p key={i} class="line">
                  {line}
                </p>
              ))
            )}
            <Details events={b.events as Ev[]} nameOf={props.nameOf} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Words for events the server sent without narration, so no batch reads as a bare count. */
export function fallbackLines(events: Ev[], nameOf: (id: string) => string): string[] {
  const lines: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'PromptAnswered':
        lines.push(`${String(e['text'] ?? 'A question')} → ${String(e['label'] ?? JSON.stringify(e['answer']))}`);
        break;
      case 'RuleApplied':
        lines.push(String(e['text'] ?? ''));
        break;
      case 'CounterSet':
        lines.push(`${humanize(String(e['key']))} is now ${String(e['value'])}`);
        break;
      case 'RoundStarted':
        lines.push(`Round ${String(e['round'])}`);
        break;
      case 'TurnStarted':
        lines.push(`${nameOf(String(e['creatureId']))}'s turn`);
        break;
      case 'ConditionAdded':
        lines.push(`${nameOf(String(e['creatureId']))} is ${humanize(String((e['condition'] as { conditionId?: string } | undefined)?.conditionId ?? 'affected'))}`);
        break;
      case 'StatusSet':
        lines.push(`${nameOf(String(e['creatureId']))} is ${humanize(String(e['status']))}`);
        break;
      case 'CommandUndone':
        lines.push('A step was undone.');
        break;
      default:
        break;
    }
  }
  return lines.length ? lines.filter(Boolean) : [`${events.length} change${events.length === 1 ? '' : 's'} (details below)`];
}

function Details({ events, nameOf }: { events: Ev[]; nameOf: (id: string) => string }) {
  const parts = events.flatMap((e, i) => {
    if (e.type === 'TestResolved') return [<TestDetails key={i} e={e} nameOf={nameOf} />];
    if (e.type === 'DamageApplied') return [<DamageDetails key={i} e={e} nameOf={nameOf} />];
    if (e.type === 'DiceRolled') return [<DiceDetails key={i} e={e} />];
    return [];
  });
  return parts.length ? <div class="details">{parts}</div> : null;
}

function DiceDetails({ e }: { e: Ev }) {
  const record = e['record'] as { expression: string; total: number; terms: { kind: string; faces?: { value: number; kept: boolean }[]; sides?: number }[] } | undefined;
  if (!record) return null;
  const faces = record.terms.flatMap((t) => (t.faces ?? []).map((f) => `${f.value}${f.kept ? '' : ' (dropped)'}`));
  return (
    <p class="dice-line">
      <span class={`badge ${e['entered'] ? 'entered' : 'rolled'}`}>{e['entered'] ? '✎ entered at the table' : '⚄ rolled by Fray'}</span> {humanize(String(e['purpose'] ?? 'roll'))}: {record.expression} → [{faces.join(', ')}] = <strong>{record.total}</strong>
    </p>
  );
}

function TestDetails({ e, nameOf }: { e: Ev; nameOf: (id: string) => string }) {
  const b = e['breakdown'] as RollBreakdown | undefined;
  const against = e['against'] as { label: string; value: number } | null;
  const actor = typeof e['actor'] === 'string' ? nameOf(e['actor']) : '';
  const outcome = String(e['outcome'] ?? '');
  const bad = /miss|fail/.test(outcome);
  const good = !bad && /hit|success|crit|pass/.test(outcome);
  return (
    <details class="roll">
      <summary>
        {actor && `${actor}: `}
        {humanize(String(e['kind'] ?? 'test'))}
        {b?.natural !== null && b?.natural !== undefined && (
          <span class="natural">
            {' '}
            natural <strong>{b.natural}</strong>
          </span>
        )}
        {b && ` total ${b.total}`}
        {against && ` vs ${against.label} ${against.value}`} →{' '}
        <span class={`outcome ${good ? 'good' : bad ? 'bad' : ''}`}>
          <span aria-hidden="true">{good ? '✓ ' : bad ? '✕ ' : ''}</span>
          {humanize(outcome)}
        </span>
      </summary>
      {b && (
        <table class="breakdown">
          <caption class="sr-only">Modifiers</caption>
          <thead>
            <tr>
              <th scope="col">modifier</th>
              <th scope="col">value</th>
              <th scope="col">source</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>dice {b.dice}</td>
              <td>{b.natural ?? ''}</td>
              <td>{b.rollMode.verdict !== 'none' ? `${b.rollMode.verdict}: ${b.rollMode.sources.filter((s) => s.applied).map((s) => s.label).join(', ')}` : ''}</td>
            </tr>
            {b.rows.map((r: BreakdownRow) => (
              <tr key={r.id} class={r.applied ? '' : 'ignored'}>
                <td>{r.applied ? r.label : <s>{r.label}</s>}</td>
                <td>{signed(r.value)}</td>
                <td>
                  {/* a creature's modifier reads with its name; other sources (a spell, an item) as they are */}
                  {nameOf(r.source)}
                  {!r.applied && r.reason ? ` (not applied: ${humanize(r.reason)})` : ''}
                  {r.ruleId ? ` · ${r.ruleId}` : ''}
                </td>
              </tr>
            ))}
            <tr class="total">
              <td>total</td>
              <td>{b.total}</td>
              <td>{e['ruleId'] ? String(e['ruleId']) : ''}</td>
            </tr>
          </tbody>
        </table>
      )}
      {typeof e['autoFail'] === 'string' && <p>Failed without a roll: {e['autoFail']}</p>}
    </details>
  );
}

function DamageDetails({ e, nameOf }: { e: Ev; nameOf: (id: string) => string }) {
  const rows = (e['rows'] as DamageRow[] | undefined) ?? [];
  const target = nameOf(String(e['target']));
  return (
    <details class="damage">
      <summary>
        Damage to {target}: {String(e['total'])}
        {Number(e['absorbed'] ?? 0) > 0 && ` (${String(e['absorbed'])} taken by temporary HP)`}
        {typeof e['hpBefore'] === 'number' && ` · HP ${String(e['hpBefore'])} → ${String(e['hpAfter'])}`}
      </summary>
      <table class="breakdown">
        <caption class="sr-only">Damage steps</caption>
        <thead>
          <tr>
            <th scope="col">step</th>
            <th scope="col">type</th>
            <th scope="col">before → after</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>
                {humanize(r.step)}
                {r.note ? ` — ${r.note}` : ''}
                {r.ruleId ? ` · ${r.ruleId}` : ''}
              </td>
              <td>{r.type}</td>
              <td>
                {r.before} → {r.after}
              </td>
            </tr>
          ))}
          {Number(e['absorbed'] ?? 0) > 0 && (
            <tr>
              <td>temporary hit points</td>
              <td>total</td>
              <td>−{String(e['absorbed'])}</td>
            </tr>
          )}
          <tr class="total">
            <td>to hit points</td>
            <td />
            <td>{String(e['toHp'] ?? '')}</td>
          </tr>
        </tbody>
      </table>
    </details>
  );
}

/** The log as JSON lines, one event per line, for a file the GM keeps. */
export function logAsJsonLines(log: LogBatch[]): string {
  return log.flatMap((b) => b.events.map((e) => JSON.stringify({ stream: b.stream, fightId: b.fightId, ...(e as object) }))).join('\n') + '\n';
}

export function download(name: string, text: string, type = 'application/x-ndjson'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
