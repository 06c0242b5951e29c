import { useEffect, useRef, useState } from 'preact/hooks';
import type { Json } from '@fray/engine';
import type { Table } from '../net/use-table';
import type { MovePreviewWire } from '../net/protocol';
import type { FightModel } from '../model/fight';
import type { ActionMenu } from '../model/actions';
import { ZoneMap, type ZoneSpace } from './ZoneMap';
import { GmPlacement } from './GmPlacement';

interface GridSpace {
  kind: 'grid';
  squareFeet: number;
  bounds: { width: number; height: number } | null;
  sizes: Record<string, number>;
  terrain: Record<string, { difficult: boolean; tags: string[] }>;
  creatures: Record<string, { x: number; y: number; elevation: number; size: string }>;
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
  if (space.kind === 'zones') return <ZoneMap table={table} fight={fight} space={space} menu={menu} />;
  if (space.kind !== 'grid') return null;
  return <Grid table={table} fight={fight} space={space} menu={menu} />;
}

type Square = { x: number; y: number };
const keyOf = (q: Square) => `${q.x},${q.y}`;
const STEP: Record<string, Square> = {
  ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 }, ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 },
  Home: { x: -1, y: -1 }, PageUp: { x: 1, y: -1 }, End: { x: -1, y: 1 }, PageDown: { x: 1, y: 1 },
};

/**
 * The rules' word on a destination, asked of the server (the engine's `previewMove`) each time the
 * destination changes: the path, its cost, the opportunity attacks it provokes, and whether the move is
 * allowed. Until the answer comes, the action menu's reachable squares give cost and provokes.
 */
function useMovePreview(table: Table, mover: string | null, dest: Square | null): { preview: MovePreviewWire | null; waiting: boolean } {
  const [answer, setAnswer] = useState<{ key: string; preview: MovePreviewWire | null } | null>(null);
  const asked = useRef('');
  const key = mover && dest ? `${mover}@${keyOf(dest)}` : '';
  useEffect(() => {
    asked.current = key;
    if (!mover || !dest) return;
    void table.conn.previewMove(mover, { x: dest.x, y: dest.y }).then((r) => {
      if (asked.current === key) setAnswer({ key, preview: r.ok ? r.preview ?? null : null });
    });
  }, [key]);
  return { preview: answer?.key === key ? answer.preview : null, waiting: !!key && answer?.key !== key };
}

function Grid({ table, fight, space, menu }: { table: Table; fight: FightModel; space: GridSpace; menu: ActionMenu | undefined }) {
  const [dest, setDest] = useState<Square | null>(null);
  const [dragging, setDragging] = useState(false);
  const [refusal, setRefusal] = useState<{ what: 'move' | 'placement'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  /** the creature the GM is putting somewhere by hand (`gm.place`: no movement rules), while it is dragged */
  const [placing, setPlacing] = useState<string | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const mover = menu?.creatureId ?? null;
  // Before the fight starts the GM arranges everyone; at any time a creature not on the map yet can be put on it.
  const gm = table.role === 'gm';
  const arranging = gm && fight.phase === 'setup';
  const unplaced = gm ? fight.creatures.filter((c) => !Object.hasOwn(space.creatures, c.id)) : [];
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
  const from = mover ? space.creatures[mover] : undefined;
  const canMove = !!mover && !!from && reach.size > 0;
  const { preview, waiting } = useMovePreview(table, canMove ? mover : null, dest);
  const known = dest ? reach.get(keyOf(dest)) : undefined;
  const cost = preview ? preview.cost : known?.cost;
  const provokes = preview ? preview.provokes : known?.provokes ?? [];
  const legal = preview ? preview.legal : !!known;
  const nameOf = (id: string) => fight.byId[id]?.name ?? id;
  // A new turn or a move made elsewhere starts the map afresh.
  useEffect(() => {
    setDest(null);
    setDragging(false);
  }, [mover, from?.x, from?.y]);
  // Escape drops a drag wherever the focus is (a pointer drag does not move the focus to the map).
  useEffect(() => {
    if (!dragging && !placing) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setDragging(false);
      setPlacing(null);
      setDest(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dragging, placing]);
  const choose = (q: Square | null) => {
    setRefusal(null);
    setDest(q);
  };
  const move = async (to: Square | null = dest) => {
    if (!mover || !to) return;
    setSending(true);
    const r = await table.send('fight', { type: 'move', creatureId: mover, to: { x: to.x, y: to.y } as Json });
    setSending(false);
    if (r.ok) setDest(null);
    else setRefusal({ what: 'move', text: r.error?.message ?? 'not allowed' });
  };
  const place = async (id: string, to: Square) => {
    setSending(true);
    const r = await table.send('fight', { type: 'gm.place', creatureId: id, to: { x: to.x, y: to.y } });
    setSending(false);
    setDest(null);
    if (!r.ok) setRefusal({ what: 'placement', text: r.error?.message ?? 'not allowed' });
  };
  const onPlaceDown = (id: string) => (e: PointerEvent) => {
    if (sending) return;
    e.preventDefault();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setRefusal(null);
    setDest(null);
    setPlacing(id);
  };
  const squareAt = (e: PointerEvent): Square | null => {
    const svg = svgRef.current;
    if (!svg) return null;
    const box = svg.getBoundingClientRect();
    const x = Math.floor(((e.clientX - box.left) / box.width) * w);
    const y = Math.floor(((e.clientY - box.top) / box.height) * h);
    return x >= 0 && y >= 0 && x < w && y < h ? { x, y } : null;
  };
  // Dragging the acting creature's token: pointer events, so a finger on a phone drags as a mouse does.
  const onTokenDown = (e: PointerEvent) => {
    if (!canMove || sending) return;
    e.preventDefault();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setDragging(true);
    choose(null);
  };
  const onDragMove = (e: PointerEvent) => {
    if (placing) {
      const q = squareAt(e);
      if (!q) setDest(null);
      else if (!dest || dest.x !== q.x || dest.y !== q.y) setDest(q);
      return;
    }
    if (!dragging || !from) return;
    const q = squareAt(e);
    if (!q || (q.x === from.x && q.y === from.y)) return choose(null);
    if (!dest || dest.x !== q.x || dest.y !== q.y) choose(q);
  };
  const onDrop = () => {
    if (placing) {
      const id = placing;
      setPlacing(null);
      const at = space.creatures[id];
      if (dest && !(at && at.x === dest.x && at.y === dest.y)) void place(id, dest);
      else setDest(null);
      return;
    }
    if (!dragging) return;
    setDragging(false);
    // Dropped on the square the drag last previewed (a lifted finger's own position can jitter or be
    // missing): the move goes to the rules, which take it or say why not.
    if (!dest) return;
    void move(dest);
  };
  const onGridKey = (e: KeyboardEvent) => {
    if (!canMove || !from) return;
    const step = STEP[e.key];
    if (step) {
      e.preventDefault();
      const base = dest ?? { x: from.x, y: from.y };
      const q = { x: Math.max(0, Math.min(w - 1, base.x + step.x)), y: Math.max(0, Math.min(h - 1, base.y + step.y)) };
      choose(q.x === from.x && q.y === from.y ? null : q);
    } else if (e.key === 'Enter' && dest) {
      e.preventDefault();
      void move();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDragging(false);
      choose(null);
    }
  };
  const pathPoints = from && dest ? [{ x: from.x, y: from.y }, ...((preview?.path as Square[] | undefined)?.filter((p) => typeof p?.x === 'number') ?? []), dest] : [];
  const line = pathPoints.map((p) => `${(p.x + 0.5) * CELL},${(p.y + 0.5) * CELL}`).join(' ');
  const moverSide = from ? (space.sizes[from.size] ?? 1) : 1;
  return (
    <section class="map" aria-labelledby="map-h" data-testid="map">
      <h2 id="map-h">Map ({space.squareFeet}-ft squares)</h2>
      <p class="muted map-key">
        ≈ hatched: difficult terrain · dark: wall{canMove ? ' · blue: where the acting creature can move' : ''} · ↑n: feet up
        {canMove ? ` · drag ${nameOf(mover!)}'s token, tap a blue square, or focus the map (M) and use the arrow keys` : ''}
        {arranging ? ' · drag any token to where it starts' : ''}
      </p>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${w * CELL} ${h * CELL}`}
        width={Math.min(w * CELL, 560)}
        role={canMove ? 'application' : 'img'}
        aria-roledescription={canMove ? 'grid map' : undefined}
        aria-label={canMove ? `Grid map: move ${nameOf(mover!)} with the arrow keys, Enter to move, Escape to cancel` : `Grid map, ${placed.length} creatures`}
        tabIndex={canMove ? 0 : undefined}
        onKeyDown={onGridKey}
        onPointerMove={onDragMove}
        onPointerUp={onDrop}
        onPointerCancel={() => {
          setDragging(false);
          setPlacing(null);
          choose(null);
        }}
        class={dragging || placing ? 'dragging' : ''}
        data-testid="map-grid"
      >
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
              class={`sq${r ? ' reachable' : ''}${isDest ? ' dest' : ''}${isDest && !legal && !waiting ? ' refused' : ''}${t?.difficult ? ' difficult' : ''}${t?.tags.includes('wall') ? ' wall' : ''}`}
              onClick={() => r && !dragging && choose({ x, y })}
              data-testid={r ? `sq-${x}-${y}` : undefined}
            >
              <title>{`square ${x},${y}${t?.tags.includes('wall') ? ', wall' : ''}${t?.difficult ? ', difficult terrain' : ''}${r ? `, reachable for ${r.cost} ft` : ''}`}</title>
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
        {line && <polyline points={line} class={`path${legal ? '' : ' refused'}`} data-testid="move-path" />}
        {placed.map(([id, p]) => {
          const side = space.sizes[p.size] ?? 1;
          const c = fight.byId[id]!;
          const isMover = canMove && id === mover;
          const grabbable = isMover || arranging;
          return (
            <g
              key={id}
              class={`token side-${c.friendly ? 'friend' : 'foe'}${id === fight.currentCreatureId ? ' current' : ''}${grabbable ? ' draggable' : ''}${provokes.includes(id) ? ' provoked' : ''}${placing === id ? ' lifted' : ''}`}
              transform={`translate(${p.x * CELL},${p.y * CELL})`}
              onPointerDown={isMover ? onTokenDown : arranging ? onPlaceDown(id) : undefined}
              // touch-action is not honoured on SVG shapes: refusing the touch itself keeps the page from
              // panning (which would cancel the pointer) when a finger drags the token.
              onTouchStart={grabbable ? (e: TouchEvent) => e.preventDefault() : undefined}
              data-testid={`token-${id}`}
            >
              <rect x={2} y={2} width={side * CELL - 4} height={side * CELL - 4} rx={side * CELL * 0.4} />
              <text x={(side * CELL) / 2} y={(side * CELL) / 2 + 4} text-anchor="middle">
                {c.name.slice(0, 2)}
              </text>
              {provokes.includes(id) && (
                <text x={side * CELL - 2} y={10} text-anchor="end" class="oa-mark">
                  ⚔
                </text>
              )}
              {p.elevation !== 0 && (
                <text x={side * CELL - 3} y={11} text-anchor="end" class="elev">
                  ↑{p.elevation}
                </text>
              )}
              <title>{`${c.name} (${p.size}${p.elevation ? `, ${p.elevation} ft up` : ''})${isMover ? ': drag to move' : arranging ? ': drag to place it (before the fight starts)' : ''}`}</title>
            </g>
          );
        })}
        {placing && dest && (() => {
          const side = space.sizes[space.creatures[placing]?.size ?? ''] ?? 1;
          return (
            <g class="token ghost" transform={`translate(${dest.x * CELL},${dest.y * CELL})`} aria-hidden="true">
              <rect x={2} y={2} width={side * CELL - 4} height={side * CELL - 4} rx={side * CELL * 0.4} />
            </g>
          );
        })()}
        {dragging && dest && (
          <g class="token ghost" transform={`translate(${dest.x * CELL},${dest.y * CELL})`} aria-hidden="true">
            <rect x={2} y={2} width={moverSide * CELL - 4} height={moverSide * CELL - 4} rx={moverSide * CELL * 0.4} />
          </g>
        )}
        {dest && !placing && (() => {
          // The rules' answer beside the destination, where the eye (or the finger) is.
          const words = !legal && !waiting ? '✕ not allowed' : cost === undefined ? '…' : `${cost} ft${provokes.length ? ` · ⚔ ${provokes.length}` : ''}`;
          const wide = words.length * 7 + 12;
          const lx = Math.max(0, Math.min(w * CELL - wide, (dest.x + 0.5) * CELL - wide / 2));
          const ly = dest.y > 0 ? dest.y * CELL - 22 : (dest.y + 1) * CELL + 2;
          return (
            <g class={`drag-label${!legal && !waiting ? ' refused' : provokes.length ? ' provokes' : ''}`} transform={`translate(${lx},${ly})`} aria-hidden="true">
              <rect width={wide} height={20} rx={4} />
              <text x={wide / 2} y={14} text-anchor="middle">
                {words}
              </text>
            </g>
          );
        })()}
      </svg>
      {canMove && (
        <p class="row-form">
          <label for="move-to">Move {nameOf(mover!)} to</label>
          <select
            id="move-to"
            value={dest ? keyOf(dest) : ''}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value;
              const [x, y] = v.split(',').map(Number);
              choose(v ? { x: x!, y: y! } : null);
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
      {placing && (
        <p class="move-preview" data-testid="move-preview" aria-live="polite">
          {dest ? `Drop to place ${nameOf(placing)} at ${dest.x},${dest.y} (the GM's placement: no movement rules)` : `Placing ${nameOf(placing)}: over a square`}
        </p>
      )}
      {dest && !placing && (
        <p class={`move-preview${legal ? '' : ' illegal'}`} data-testid="move-preview" aria-live="polite">
          {dragging ? 'Drop to move' : 'Move'} {mover ? nameOf(mover) : ''} to {dest.x},{dest.y}:{' '}
          {legal || waiting ? (cost !== undefined ? `${cost} ft` : 'asking the rules…') : `✕ not allowed: ${preview?.reason ?? 'not reachable'}`}
          {provokes.length > 0 ? ` · ⚔ provokes opportunity attacks from ${provokes.map(nameOf).join(', ')}` : legal && cost !== undefined ? ' · provokes nothing' : ''}{' '}
          {!dragging && (
            <>
              <button type="button" class="primary small" disabled={sending || (!legal && !waiting)} onClick={() => void move()} data-testid="confirm-move">
                Move
              </button>{' '}
              <button type="button" class="small" onClick={() => choose(null)}>
                Cancel
              </button>
            </>
          )}
        </p>
      )}
      {refusal && (
        <p class="move-refusal" role="alert" data-testid="move-refusal">
          ✕ The rules refused the {refusal.what}: {refusal.text}
        </p>
      )}
      {gm && (arranging || unplaced.length > 0) && (
        <GmPlacement
          arranging={arranging}
          unplaced={unplaced.map((c) => c.id)}
          all={fight.creatures.map((c) => c.id)}
          nameOf={nameOf}
          width={w}
          height={h}
          busy={sending}
          onGrab={onPlaceDown}
          onMove={onDragMove}
          onDrop={onDrop}
          onPlace={(id, q) => {
            setRefusal(null);
            void place(id, q);
          }}
        />
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
