import { useState } from 'preact/hooks';
import type { Table } from '../net/use-table';

/**
 * The table's seats for the GM: who plays what, and taking a seat away. Removing asks once more (it
 * cannot be undone: the link stops working for good), then the server revokes the seat's key, closes
 * its screens with the reason, and the seat leaves every screen. Its creatures stay; the GM acts for them.
 */
export function SeatList({ table, nameOf }: { table: Table; nameOf: (id: string) => string }) {
  const seats = table.state.view?.table.seats ?? [];
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = async (seat: string) => {
    setBusy(true);
    const r = await table.removeSeat(seat);
    setBusy(false);
    setAsking(null);
    setRefusal(r);
  };
  return (
    <section class="seats" aria-labelledby="seats-h" data-testid="seat-list">
      <h2 id="seats-h">Seats</h2>
      {seats.length === 0 && <p class="muted">No player seats: the GM plays everyone.</p>}
      <ul>
        {seats.map((s) => {
          const plays = s.creatures.map(nameOf);
          // A seat named after the one creature it plays reads as that creature's player.
          const self = plays.length === 1 && plays[0] === s.name;
          return (
          <li key={s.seat} data-testid={`seat-${s.seat}`}>
            <strong>{self ? `${s.name}'s player` : s.name}</strong>
            {!self && <span class="muted">plays {plays.join(', ') || 'nothing yet'}</span>}
            {asking !== s.seat && (
              <button type="button" class="small" onClick={() => setAsking(s.seat)} aria-label={`Remove the seat ${s.name}`} data-testid="seat-remove">
                Remove…
              </button>
            )}
            {asking === s.seat && (
              <span class="confirm" role="group" aria-label={`Remove ${s.name}?`}>
                Remove {self ? `${s.name}'s player` : s.name}? Their link stops working; their creatures stay with the GM.{' '}
                <button type="button" class="danger small" disabled={busy} onClick={() => void remove(s.seat)} data-testid="seat-remove-confirm">
                  Remove seat
                </button>{' '}
                <button type="button" class="small" disabled={busy} onClick={() => setAsking(null)}>
                  Keep
                </button>
              </span>
            )}
          </li>
          );
        })}
      </ul>
      {refusal && (
        <p role="alert" class="move-refusal">
          ✕ {refusal}
        </p>
      )}
    </section>
  );
}
