import type { Json } from '@fray/engine';
import type { MapChoice } from '../model/new-table';

export interface NextFightMapValue {
  kind: MapChoice;
  width: string;
  height: string;
}

/** The `map` of a startFight request: the server builds it with everyone on it (the party west, foes east). */
export function nextFightMapRequest(v: NextFightMapValue): Record<string, Json> | null {
  if (v.kind === 'zones') return { zones: {} };
  if (v.kind !== 'grid') return null;
  const clamp = (s: string, d: number) => Math.max(1, Math.min(100, Number.isInteger(Number(s)) && s !== '' ? Number(s) : d));
  return { grid: { width: clamp(v.width, 12), height: clamp(v.height, 8) } };
}

/**
 * Where the next fight happens: a grid of squares, the ruleset's zones, or no map. Everyone taking part
 * (party and foes from the library alike) starts on it; the GM drags them into place before starting.
 */
export function NextFightMap({ value, onChange }: { value: NextFightMapValue; onChange: (v: NextFightMapValue) => void }) {
  return (
    <fieldset class="next-map" data-testid="next-map">
      <legend>Map</legend>
      {(['grid', 'zones', 'none'] as const).map((k) => (
        <label key={k}>
          <input type="radio" name="next-map" checked={value.kind === k} onChange={() => onChange({ ...value, kind: k })} data-testid={`next-map-${k}`} />{' '}
          {k === 'grid' ? 'Grid' : k === 'zones' ? 'Zones' : 'No map'}{' '}
        </label>
      ))}
      {value.kind === 'grid' && (
        <span class="map-size">
          <label for="next-map-w">squares across</label>{' '}
          <input id="next-map-w" size={2} inputMode="numeric" value={value.width} onInput={(e) => onChange({ ...value, width: (e.currentTarget as HTMLInputElement).value })} />{' '}
          <label for="next-map-h">down</label>{' '}
          <input id="next-map-h" size={2} inputMode="numeric" value={value.height} onInput={(e) => onChange({ ...value, height: (e.currentTarget as HTMLInputElement).value })} />
        </span>
      )}
      {value.kind !== 'none' && <p class="muted">Everyone starts on it (the party on the west side, foes on the east); drag them into place before you start.</p>}
    </fieldset>
  );
}
