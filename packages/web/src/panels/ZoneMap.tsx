import { useEffect, useState } from 'preact/hooks';
import type { Table } from '../net/use-table';
import type { FightModel } from '../model/fight';
import type { ActionMenu, ReachablePlace } from '../model/actions';
import { commandOf, costWords, dropKeyOf, placesAt, placeWords, type DropKey } from '../model/zone-places';
import { RowForm } from './FormParts';

export interface ZoneSpace {
  kind: 'zones';
  bands: string[];
  creatures: Record<string, { zone: string | null }>;
  engagements: Record<string, string[]>;
}

/** Creatures engaged with each other, together (each engagement group once, in roster order). */
function clustersOf(ids: string[], engagements: Record<string, string[]>): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const id of ids) {
    if (seen.has(id)) continue;
    const group: string[] = [];
    const stack = [id];
    while (stack.length) {
      const x = stack.pop()!;
      if (seen.has(x) || !ids.includes(x)) continue;
      seen.add(x);
      group.push(x);
      stack.push(...(engagements[x] ?? []));
    }
    out.push(group.sort((a, b) => ids.indexOf(a) - ids.indexOf(b)));
  }
  return out;
}

const keyOfTarget = (el: Element | null): DropKey | null => (el?.closest('[data-drop]')?.getAttribute('data-drop') as DropKey | null) ?? null;

/**
 * The zones (theatre of the mind): who is where, who is engaged with whom. The acting creature's token
 * can be dragged (mouse or finger) onto a creature to engage it, onto a zone, or onto "away"; while it
 * is held each target says what the rules would make of it (the engine's menu: cost, opportunity attacks,
 * or why not). Dropping proposes the move the menu offers there; where it offers several (pull back to
 * which band?) the choice is asked; a refused drop shows the rules' reason and nothing moves.
 */
export function ZoneMap({ table, fight, space, menu }: { table: Table; fight: FightModel; space: ZoneSpace; menu: ActionMenu | undefined }) {
  const movement = menu?.movement?.mode === 'zones' ? menu.movement : undefined;
  const mover = movement ? menu!.creatureId : null;
  const [drag, setDrag] = useState<{ x: number; y: number; over: DropKey | null } | null>(null);
  const [choice, setChoice] = useState<{ key: DropKey; places: ReachablePlace[] } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [picked, setPicked] = useState('');
  const nameOf = (id: string) => fight.byId[id]?.name ?? id;
  const here = mover ? space.creatures[mover]?.zone ?? null : null;
  useEffect(() => {
    setDrag(null);
    setChoice(null);
    setPicked('');
  }, [mover, fight.version]);
  useEffect(() => {
    if (!drag) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrag(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [!!drag]);

  const byZone = new Map<string, string[]>();
  for (const id of fight.creatures.map((c) => c.id)) {
    const z = space.creatures[id];
    if (!z) continue;
    const k = z.zone ?? '';
    byZone.set(k, [...(byZone.get(k) ?? []), id]);
  }
  // A zone the rules offer to go to shows even when nobody stands in it yet.
  for (const p of [...(movement?.reachable ?? []), ...(movement?.refused ?? [])]) {
    const k = dropKeyOf(p.to);
    if (k?.startsWith('zone:') && !byZone.has(k.slice(5))) byZone.set(k.slice(5), []);
  }
  const hasAway = [...(movement?.reachable ?? []), ...(movement?.refused ?? [])].some((p) => dropKeyOf(p.to) === 'away');

  /** Ignored drops: back where it stands (itself, its own zone, someone it is already beside counts as a real question). */
  const isHome = (key: DropKey) => key === `creature:${mover}` || key === `zone:${here ?? ''}`;
  const send = async (place: ReachablePlace) => {
    setChoice(null);
    setSending(true);
    const r = await table.send('fight', commandOf(place, mover!));
    setSending(false);
    if (!r.ok) setRefusal(r.error?.message ?? 'the rules refused the move');
  };
  const dropOn = (key: DropKey | null) => {
    setRefusal(null);
    if (!key || !mover || isHome(key)) return;
    const a = placesAt(movement, key);
    if (a.places.length === 1) void send(a.places[0]!);
    else if (a.places.length > 1) setChoice({ key, places: a.places });
    else setRefusal(a.refusal ? `${a.refusal.reason}${a.refusal.ruleId ? ` (${a.refusal.ruleId})` : ''}` : `the rules offer ${nameOf(mover)} no move ${key === 'away' ? 'away' : key.startsWith('creature:') ? `beside ${nameOf(key.slice(9))}` : `to ${key.slice(5) || 'the battlefield'}`} now`);
  };
  const onDown = (e: PointerEvent) => {
    if (!mover || sending) return;
    e.preventDefault();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setRefusal(null);
    setChoice(null);
    setDrag({ x: e.clientX, y: e.clientY, over: null });
  };
  const onMove = (e: PointerEvent) => {
    if (!drag) return;
    const over = keyOfTarget(document.elementFromPoint(e.clientX, e.clientY));
    setDrag({ x: e.clientX, y: e.clientY, over });
  };
  const onUp = (e: PointerEvent) => {
    if (!drag) return;
    // Where the pointer is let go, else the last target it was over (a lifted finger may report no position).
    const at = keyOfTarget(document.elementFromPoint(e.clientX, e.clientY)) ?? drag.over;
    setDrag(null);
    dropOn(at);
  };

  const verdict = (key: DropKey): { cls: string; words: string } | null => {
    if (!mover || isHome(key)) return null;
    const a = placesAt(movement, key);
    if (a.places.length === 1) {
      const p = a.places[0]!;
      return { cls: p.provokes.length ? 'drop-ok provokes' : 'drop-ok', words: `${placeWords(p.to, nameOf)}: ${costWords(p.cost, movement?.costUnit)}${p.provokes.length ? ` · ⚔ provokes opportunity attacks from ${p.provokes.map(nameOf).join(', ')}` : ' · provokes nothing'}` };
    }
    if (a.places.length > 1) return { cls: 'drop-ok', words: `${a.places.length} ways to move there: choose one after the drop` };
    if (a.refusal) return { cls: 'drop-no', words: `✕ not allowed: ${a.refusal.reason}` };
    return null;
  };
  const over = drag?.over ? verdict(drag.over) : null;
  const dropClass = (key: DropKey) => {
    if (!drag) return '';
    const v = verdict(key);
    return `${v ? ` ${v.cls}` : ''}${drag.over === key ? ' drop-hover' : ''}`;
  };
  const token = (id: string) => {
    const c = fight.byId[id]!;
    const isMover = id === mover;
    return (
      <li
        key={id}
        class={`ztoken side-${c.friendly ? 'friend' : 'foe'}${id === fight.currentCreatureId ? ' current' : ''}${isMover ? ' draggable' : ''}${dropClass(`creature:${id}`)}${isMover && drag ? ' lifted' : ''}`}
        data-drop={`creature:${id}`}
        data-testid={`ztoken-${id}`}
        onPointerDown={isMover ? onDown : undefined}
        onPointerMove={isMover ? onMove : undefined}
        onPointerUp={isMover ? onUp : undefined}
        onPointerCancel={isMover ? () => setDrag(null) : undefined}
        title={isMover ? `${c.name}: drag onto a creature, a zone or "away" to move` : c.name}
      >
        <span class="zname">{c.name}</span>
        {c.hidden && <span class="muted">(hidden)</span>}
      </li>
    );
  };
  const choices = movement?.reachable ?? [];
  return (
    <section class="map zones" aria-labelledby="zones-h" data-testid="zones">
      <h2 id="zones-h">Where everyone is</h2>
      <p class="muted map-key">
        Range bands: {space.bands.join(' → ')} · a box: creatures engaged with each other
        {mover ? ` · drag ${nameOf(mover)} onto a creature to engage it${hasAway ? ', onto “away” to pull back' : ''}, or choose below` : ''}
        {mover ? ' · while dragging, a solid blue outline: the rules allow it; dashed red: they refuse it' : ''}
      </p>
      <div class={`zone-board${drag ? ' dragging' : ''}`}>
        {[...byZone.entries()].map(([zone, ids]) => (
          <div key={zone} class={`zone${dropClass(`zone:${zone}`)}`} data-drop={`zone:${zone}`} data-testid={`zone-${zone || 'battlefield'}`}>
            <h3>{zone || 'The battlefield'}</h3>
            {clustersOf(ids, space.engagements).map((group) => (
              <ul key={group.join('+')} class={`cluster${group.length > 1 ? ' engaged' : ''}`} aria-label={group.length > 1 ? `engaged: ${group.map(nameOf).join(', ')}` : nameOf(group[0]!)}>
                {group.map(token)}
              </ul>
            ))}
          </div>
        ))}
        {mover && hasAway && (
          <div class={`zone away${dropClass('away')}`} data-drop="away" data-testid="zone-away">
            <h3>Away</h3>
            <p class="muted">step back, pull back from someone</p>
          </div>
        )}
      </div>
      {drag && (
        <div class="zghost" style={{ left: `${drag.x}px`, top: `${drag.y}px` }} aria-hidden="true">
          {nameOf(mover!)}
        </div>
      )}
      {drag && (
        <p class={`move-preview${over?.cls === 'drop-no' ? ' illegal' : ''}`} data-testid="move-preview" aria-live="polite">
          {over ? (over.cls === 'drop-no' ? over.words : `Drop to ${over.words}`) : `Moving ${nameOf(mover!)}: over a creature, a zone or “away”`}
        </p>
      )}
      {choice && (
        <div class="zone-choice" role="group" aria-label={`Where exactly should ${nameOf(mover!)} go?`} data-testid="zone-choice">
          <p>Where exactly?</p>
          {choice.places.map((p) => (
            <button key={JSON.stringify(p.to)} type="button" class="small" disabled={sending} onClick={() => void send(p)}>
              {placeWords(p.to, nameOf)} ({costWords(p.cost, movement?.costUnit)}{p.provokes.length ? ` · ⚔ ${p.provokes.map(nameOf).join(', ')}` : ''})
            </button>
          ))}{' '}
          <button type="button" class="small" onClick={() => setChoice(null)}>
            Cancel
          </button>
        </div>
      )}
      {mover && choices.length > 0 && (
        <RowForm
          onSubmit={() => {
            const p = choices[Number(picked)];
            if (p) void send(p);
          }}
        >
          <label for="zone-move-to">Move {nameOf(mover)}:</label>
          <select id="zone-move-to" value={picked} onChange={(e) => setPicked((e.currentTarget as HTMLSelectElement).value)} data-testid="zone-move-to">
            <option value="">choose where…</option>
            {choices.map((p, i) => (
              <option key={i} value={String(i)}>
                {placeWords(p.to, nameOf)}: {costWords(p.cost, movement?.costUnit)}
                {p.provokes.length ? `, provokes ${p.provokes.map(nameOf).join(', ')}` : ''}
              </option>
            ))}
          </select>{' '}
          <button type="submit" class="primary small" disabled={sending || picked === ''} data-testid="zone-move">
            Move
          </button>
        </RowForm>
      )}
      {refusal && (
        <p class="move-refusal" role="alert" data-testid="move-refusal">
          ✕ The rules refused the move: {refusal}
        </p>
      )}
    </section>
  );
}
