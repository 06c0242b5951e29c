import { useState } from 'preact/hooks';
import { RowForm } from './FormParts';

/**
 * The GM's hand on a grid map: creatures not on it yet (foes added between fights or mid-fight) as chips
 * to drag onto a square, and a form to put anyone anywhere by keyboard. Each placement is the engine's
 * `gm.place` (no movement rules: nothing is spent or provoked); the rules still refuse a taken square.
 */
export function GmPlacement(props: {
  arranging: boolean;
  unplaced: string[];
  all: string[];
  nameOf: (id: string) => string;
  width: number;
  height: number;
  busy: boolean;
  onGrab: (id: string) => (e: PointerEvent) => void;
  onMove: (e: PointerEvent) => void;
  onDrop: () => void;
  onPlace: (id: string, to: { x: number; y: number }) => void;
}) {
  const choices = props.arranging ? props.all : props.unplaced;
  const [who, setWho] = useState('');
  const [x, setX] = useState('');
  const [y, setY] = useState('');
  const id = choices.includes(who) ? who : (choices[0] ?? '');
  const xs = Number(x);
  const ys = Number(y);
  const ok = id !== '' && x !== '' && y !== '' && Number.isInteger(xs) && Number.isInteger(ys) && xs >= 0 && ys >= 0 && xs < props.width && ys < props.height;
  return (
    <div class="gm-placement" data-testid="gm-placement">
      {props.arranging && <p class="muted">Before the fight starts, drag any token to put it where it begins.</p>}
      {props.unplaced.length > 0 && (
        <p class="unplaced" data-testid="unplaced">
          Not on the map yet:{' '}
          {props.unplaced.map((c) => (
            <span
              key={c}
              class="chip draggable"
              onPointerDown={props.onGrab(c)}
              onPointerMove={props.onMove}
              onPointerUp={props.onDrop}
              data-testid={`unplaced-${c}`}
              title={`Drag ${props.nameOf(c)} onto a square`}
            >
              {props.nameOf(c)}
            </span>
          ))}
        </p>
      )}
      <RowForm
        onSubmit={() => {
          if (ok) props.onPlace(id, { x: xs, y: ys });
        }}
      >
        <label for="place-who">Place</label>
        <select id="place-who" value={id} onChange={(e) => setWho((e.currentTarget as HTMLSelectElement).value)} data-testid="place-who">
          {choices.map((c) => (
            <option key={c} value={c}>
              {props.nameOf(c)}
            </option>
          ))}
        </select>
        <label for="place-x">at square x</label>
        <input id="place-x" size={2} inputMode="numeric" value={x} onInput={(e) => setX((e.currentTarget as HTMLInputElement).value)} data-testid="place-x" />
        <label for="place-y">y</label>
        <input id="place-y" size={2} inputMode="numeric" value={y} onInput={(e) => setY((e.currentTarget as HTMLInputElement).value)} data-testid="place-y" />
        <button type="submit" class="small" disabled={!ok || props.busy} data-testid="place-submit">
          Place
        </button>
      </RowForm>
    </div>
  );
}
