import { useState } from 'preact/hooks';
import { seatLabel, seatPlaysItself } from '@fray/server/seat-label';
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
          const self = seatPlaysItself(s, nameOf);
          return (
          <li key={s.seat} data-testid={`seat-${s.seat}`}>
            <strong>{seatLabel(s, nameOf)}</strong>
            {!self && <span class="muted">plays {plays.join(', ') || 'nothing yet'}</span>}
            {asking !== s.seat && (
              <button type="button" class="small" onClick={() => setAsking(s.seat)} aria-label={`Remove the seat ${s.name}`} data-testid="seat-remove">
                Remove…
              </button>
            )}
            {asking === s.seat && (
              <span class="confirm" role="group" aria-label={`Remove ${s.name}?`}>
                Remove {seatLabel(s, nameOf)}? Their link stops working; their creatures stay with the GM.{' '}
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
