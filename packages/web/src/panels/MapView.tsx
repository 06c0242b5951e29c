import { useState } from 'preact/hooks';
import type { Json } from '@fray/engine';
import type { Table } from '../net/use-table';
import type { FightModel } from '../model/fight';
import type { ActionMenu } from '../model/actions';

interface GridSpace {
  kind: 'grid';
  squareFeet: number;
  bounds: { width: number; height: number } | null;
  sizes: Record<string, number>;
  terrain: Record<string, { difficult: boolean; tags: string[] }>;
  creatures: Record<string, { x: number; y: number; elevation: number; size: string }>;
}
interface ZoneSpace {
  kind: 'zones';
  bands: string[];
  creatures: Record<string, { zone: string | null }>;
  engagements: Record<string, string[]>;
}

const CELL = 34;

/**
 * The map: a grid of 5-ft squares with tokens sized by creature size, difficult terrain and elevation
 * marked in words and symbols; or the zones with who is engaged with whom. Moving the acting creature
 * shows the cost and the opportunity attacks it would provoke (from the server's action menu) before
 * anything is sent; the rules then decide the move.
 */
export function MapView({ table, fight, menu }: { table: Table; fight: FightModel; menu: ActionMenu | undefined }) {
  const space = fight.space as unknown as GridSpace | ZoneSpace | null;
  if (!space || typeof space !== 'object') return null;
  if (space.kind === 'zones') return <ZoneList fight={fight} space={space} />;
  if (space.kind !== 'grid') return null;
  return <Grid table={table} fight={fight} space={space} menu={menu} />;
}

function Grid({ table, fight, space, menu }: { table: Table; fight: FightModel; space: GridSpace; menu: ActionMenu | undefined }) {
  const [dest, setDest] = useState<{ x: number; y: number } | null>(null);
  const mover = menu?.creatureId ?? null;
  const placed = Object.entries(space.creatures).filter(([id]) => fight.byId[id]);
  const xs = placed.map(([, p]) => p.x);
  const ys = placed.map(([, p]) => p.y);
  const w = space.bounds?.width ?? Math.max(8, ...xs.map((x) => x + 3));
  const h = space.bounds?.height ?? Math.max(6, ...ys.map((y) => y + 3));
  const reach = new Map<string, { cost: number; provokes: string[] }>();
  for (const r of menu?.movement?.reachable ?? []) {
    const to = r.to as { x?: number; y?: number };
    if (typeof to.x === 'number' && typeof to.y === 'number') reach.set(`${to.x},${to.y}`, { cost: r.cost, provokes: r.provokes });
  }
  const preview = dest ? reach.get(`${dest.x},${dest.y}`) : undefined;
  const from = mover ? space.creatures[mover] : undefined;
  const nameOf = (id: string) => fight.byId[id]?.name ?? id;
  const move = async () => {
    if (!mover || !dest) return;
    const r = await table.send('fight', { type: 'move', creatureId: mover, to: { x: dest.x, y: dest.y } as Json });
    if (r.ok) setDest(null);
  };
  return (
    <section class="map" aria-labelledby="map-h" data-testid="map">
      <h2 id="map-h">Map ({space.squareFeet}-ft squares)</h2>
      <p class="muted map-key">≈ hatched: difficult terrain · blue: where the acting creature can move · ↑n: feet up</p>
      <svg viewBox={`0 0 ${w * CELL} ${h * CELL}`} width={Math.min(w * CELL, 560)} role="img" aria-label={`Grid map, ${placed.length} creatures`}>
        <defs>
          <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#efe6d2" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#b39f73" stroke-width="2" />
          </pattern>
          <pattern id="hatch-reach" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#dcebf7" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#9fb7cc" stroke-width="2" />
          </pattern>
        </defs>
        {Array.from({ length: w * h }, (_, i) => {
          const x = i % w;
          const y = Math.floor(i / w);
          const t = space.terrain[`${x},${y}`];
          const r = reach.get(`${x},${y}`);
          const isDest = dest?.x === x && dest?.y === y;
          return (
            <rect
              key={i}
              x={x * CELL}
              y={y * CELL}
              width={CELL}
              height={CELL}
              class={`sq${r ? ' reachable' : ''}${isDest ? ' dest' : ''}${t?.difficult ? ' difficult' : ''}`}
              onClick={() => r && setDest({ x, y })}
              data-testid={r ? `sq-${x}-${y}` : undefined}
            >
              <title>{`square ${x},${y}${t?.difficult ? ', difficult terrain' : ''}${r ? `, reachable for ${r.cost} ft` : ''}`}</title>
            </rect>
          );
        })}
        {Object.entries(space.terrain)
          .filter(([, t]) => t.difficult)
          .map(([k]) => {
            const [x, y] = k.split(',').map(Number);
            return (
              <text key={`d${k}`} x={(x! + 0.5) * CELL} y={(y! + 0.5) * CELL + 5} text-anchor="middle" class="difficult-mark" aria-hidden="true">
                ≈
              </text>
            );
          })}
        {from && dest && <line x1={(from.x + 0.5) * CELL} y1={(from.y + 0.5) * CELL} x2={(dest.x + 0.5) * CELL} y2={(dest.y + 0.5) * CELL} class="path" />}
        {placed.map(([id, p]) => {
          const side = space.sizes[p.size] ?? 1;
          const c = fight.byId[id]!;
          return (
            <g key={id} class={`token side-${c.friendly ? 'friend' : 'foe'}${id === fight.currentCreatureId ? ' current' : ''}`} transform={`translate(${p.x * CELL},${p.y * CELL})`}>
              <rect x={2} y={2} width={side * CELL - 4} height={side * CELL - 4} rx={side * CELL * 0.4} />
              <text x={(side * CELL) / 2} y={(side * CELL) / 2 + 4} text-anchor="middle">
                {c.name.slice(0, 2)}
              </text>
              {p.elevation !== 0 && (
                <text x={side * CELL - 3} y={11} text-anchor="end" class="elev">
                  ↑{p.elevation}
                </text>
              )}
              <title>{`${c.name} (${p.size}${p.elevation ? `, ${p.elevation} ft up` : ''})`}</title>
            </g>
          );
        })}
      </svg>
      {mover && reach.size > 0 && (
        <p class="row-form">
          <label for="move-to">Move {nameOf(mover)} to</label>
          <select
            id="move-to"
            value={dest ? `${dest.x},${dest.y}` : ''}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value;
              const [x, y] = v.split(',').map(Number);
              setDest(v ? { x: x!, y: y! } : null);
            }}
            data-testid="move-to"
          >
            <option value="">a highlighted square…</option>
            {[...reach.entries()].map(([k, r]) => (
              <option key={k} value={k}>
                square {k}: {r.cost} ft{r.provokes.length ? `, provokes ${r.provokes.map(nameOf).join(', ')}` : ''}
              </option>
            ))}
          </select>
        </p>
      )}
      {dest && (
        <p class="move-preview" data-testid="move-preview">
          Move {mover ? nameOf(mover) : ''} to {dest.x},{dest.y}: {preview ? `${preview.cost} ft` : 'not reachable'}
          {preview && preview.provokes.length > 0 ? ` · ⚠ provokes opportunity attacks from ${preview.provokes.map(nameOf).join(', ')}` : ' · provokes nothing'}{' '}
          <button type="button" class="primary small" disabled={!preview} onClick={move} data-testid="confirm-move">
            Move
          </button>{' '}
          <button type="button" class="small" onClick={() => setDest(null)}>
            Cancel
          </button>
        </p>
      )}
      <ul class="sr-only">
        {placed.map(([id, p]) => (
          <li key={id}>
            {nameOf(id)} at square {p.x},{p.y}
            {p.elevation ? `, ${p.elevation} ft up` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ZoneList({ fight, space }: { fight: FightModel; space: ZoneSpace }) {
  const byZone = new Map<string, string[]>();
  for (const [id, z] of Object.entries(space.creatures)) {
    if (!fight.byId[id]) continue;
    const k = z.zone ?? 'the battlefield';
    byZone.set(k, [...(byZone.get(k) ?? []), id]);
  }
  const nameOf = (id: string) => fight.byId[id]?.name ?? id;
  return (
    <section class="map zones" aria-labelledby="zones-h" data-testid="zones">
      <h2 id="zones-h">Where everyone is</h2>
      <p class="muted">Range bands: {space.bands.join(' → ')}</p>
      {[...byZone.entries()].map(([zone, ids]) => (
        <div key={zone} class="zone">
          <h3>{zone}</h3>
          <ul>
            {ids.map((id) => (
              <li key={id}>
                {nameOf(id)}
                {space.engagements[id]?.length ? <span> — engaged with {space.engagements[id]!.filter((x) => fight.byId[x]).map(nameOf).join(', ')}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
