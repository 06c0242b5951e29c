import { ShortcutsButton } from './ShortcutOverlay';
import { useEffect, useState } from 'preact/hooks';
import { seatName } from '../model/fight';
import type { Table } from '../net/use-table';

const STATUS_WORDS = {
  connecting: { word: 'Connecting…', symbol: '…' },
  open: { word: 'Live', symbol: '●' },
  reconnecting: { word: 'Connection lost — reconnecting…', symbol: '↻' },
  refused: { word: 'Link refused', symbol: '✕' },
} as const;

/** Connection state, the last refusal in the server's words, and a live region reading what just happened. */
export function ConnectionBanner({ table }: { table: Table }) {
  const { state } = table;
  const s = state.status === 'refused' && state.notice?.error.code === 'seat-removed' ? { word: 'Seat removed', symbol: '✕' } : STATUS_WORDS[state.status];
  const last = state.log[state.log.length - 1];
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    if (last) setAnnounce(last.narration.slice(-3).join(' '));
  }, [last?.key]);
  const name = state.view?.table.name ?? 'Fray';
  const who = state.status === 'refused' ? '' : table.role === 'gm' ? 'GM' : table.seat ? seatName(state.view, table.seat) : '';
  return (
    <header class="topbar">
      <span class="brand">Fray</span>
      <span class="table-name">{name}</span>
      {who && <span class="who" data-testid="who">{who}</span>}
      <span class={`conn conn-${state.status}`} role="status" data-testid="connection">
        <span aria-hidden="true">{s.symbol} </span>
        {s.word}
        {state.inFlight > 0 && <span class="sending"> · sending…</span>}
      </span>
      <ShortcutsButton />
      {state.notice && state.status !== 'refused' && (
        <div class="notice" role="alert" data-testid="notice">
          <strong>{state.notice.kind === 'rejected' ? 'Not done: ' : 'Problem: '}</strong>
          {state.notice.error.message}
          {state.notice.error.ruleId && <span class="rule"> ({state.notice.error.ruleId})</span>}
          <button type="button" class="link" onClick={() => table.conn.dismissNotice()} aria-label="Dismiss the message">
            ✕
          </button>
        </div>
      )}
      <div class="sr-only" aria-live="polite" data-testid="announce">
        {announce}
      </div>
    </header>
  );
}
