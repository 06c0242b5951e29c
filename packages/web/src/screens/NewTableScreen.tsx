import { useEffect, useMemo, useState } from 'preact/hooks';
import { ShortcutsButton } from '../panels/ShortcutOverlay';
import { EncounterOdds } from '../panels/EncounterOdds';
import { askSetupOdds, importAsHost } from '../net/setup-api';
import { ImportPanel } from '../panels/ImportPanel';
import { DiceModeChoice, type DiceMode } from '../panels/FormParts';
import {
  defaultMap, filterLibrary, freeSquare, isCharacter, libraryRequest, type CreatedTable, type LibraryEntry, type MapChoice, type Pick, type SeatDraft,
} from '../model/new-table';

interface WireErrorBody {
  error?: { code?: string; message?: string; path?: (string | number)[] };
}

const RULESET_NAMES: Record<string, string> = { a5e: 'Level Up A5E', '13th-age': '13th Age', 'five-torches-deep': 'Five Torches Deep', mini: 'Mini (test rules)' };

/**
 * A new table in the browser: the GM picks a ruleset, takes creatures from the server's content library
 * (filtered by text), gives each a side, a controller (the GM or a player's seat), hidden or not and a
 * starting place, then makes the table. The server checks the whole setup before it stores anything;
 * what it refuses is shown next to the button, in its words. The answer carries the GM's and every
 * seat's link, shown here to be handed out.
 */
export function NewTableScreen({ hostToken }: { hostToken: string | null }) {
  const [rulesets, setRulesets] = useState<{ id: string; entries: number }[] | null>(null);
  const [ruleset, setRuleset] = useState('');
  const [entries, setEntries] = useState<LibraryEntry[]>([]);
  const [filter, setFilter] = useState('');
  const [name, setName] = useState('');
  const [picks, setPicks] = useState<Pick[]>([]);
  const [seats, setSeats] = useState<SeatDraft[]>([]);
  const [map, setMap] = useState<MapChoice>('grid');
  const [size, setSize] = useState({ width: 12, height: 8 });
  const [diceMode, setDiceMode] = useState<DiceMode>('seeded');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<CreatedTable | null>(null);
  const [nextKey, setNextKey] = useState(1);

  useEffect(() => {
    void fetch('/api/content')
      .then((r) => r.json() as Promise<{ rulesets: { id: string; entries: number }[] }>)
      .then((b) => {
        const list = b.rulesets.filter((r) => r.id !== 'mini');
        setRulesets(list);
        const first = list.find((r) => r.id === 'a5e') ?? list[0];
        if (first) chooseRuleset(first.id);
      })
      .catch(() => setError('The server did not list its content library.'));
  }, []);

  function chooseRuleset(id: string) {
    setRuleset(id);
    setPicks([]);
    setMap(defaultMap(id));
    setEntries([]);
    loadEntries(id);
  }

  function loadEntries(id: string) {
    void fetch(`/api/content/${encodeURIComponent(id)}`)
      .then((r) => r.json() as Promise<{ entries: LibraryEntry[] }>)
      .then((b) => setEntries(b.entries ?? []))
      .catch(() => setError(`The server did not list the ${id} library.`));
  }

  const shown = useMemo(() => filterLibrary(entries, filter), [entries, filter]);

  function add(entry: LibraryEntry) {
    const pc = isCharacter(entry);
    let seatList = seats;
    let controller = '';
    if (pc) {
      // Each player character gets a seat of its own (a player's link); the GM can merge or rename them.
      const seat = `seat-${seats.length + 1}`;
      seatList = [...seats, { seat, name: `${entry.name}'s player` }];
      controller = seat;
      setSeats(seatList);
    }
    const sq = freeSquare(picks, pc ? 'west' : 'east', size.width, size.height);
    const twin = picks.filter((p) => p.entry.ref === entry.ref).length;
    setPicks([...picks, { key: nextKey, entry, name: twin ? `${entry.name} ${twin + 1}` : entry.name, side: pc ? 'party' : 'foes', controller, hidden: false, x: String(sq.x), y: String(sq.y), zone: '' }]);
    setNextKey(nextKey + 1);
    setError(null);
  }
  const patch = (key: number, p: Partial<Pick>) => setPicks(picks.map((x) => (x.key === key ? { ...x, ...p } : x)));
  const addSeat = () => setSeats([...seats, { seat: `seat-${seats.length + 1}`, name: `Player ${seats.length + 1}` }]);

  async function create() {
    setBusy(true);
    setError(null);
    try {
      const body = {
        ...(name.trim() ? { name: name.trim() } : {}),
        from: { library: libraryRequest(ruleset, map, size, picks, diceMode) },
        ...(seats.length ? { seats: seats.map((s) => ({ seat: s.seat, name: s.name.trim() || s.seat })) } : {}),
      };
      const res = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(hostToken ? { authorization: `Bearer ${hostToken}` } : {}) },
        body: JSON.stringify(body),
      });
      const out = (await res.json()) as CreatedTable & WireErrorBody;
      if (res.status === 401) {
        setError('The server wants its admin token to make a table: open the "New table" link that npm start (fray serve) printed; it carries the token after #host=.');
        return;
      }
      if (res.status !== 201) {
        setError(describe(out, picks));
        return;
      }
      setMade(out);
    } catch {
      setError('The server could not be reached.');
    } finally {
      setBusy(false);
    }
  }

  const request = libraryRequest(ruleset, map, size, picks, diceMode);
  const sides = new Set(picks.map((p) => p.side.trim() || 'foes'));
  if (made) return <Made made={made} />;
  const rulesetName = (id: string) => RULESET_NAMES[id] ?? id;
  return (
    <main class="new-table" data-testid="new-table">
      <header class="new-head">
        <h1>
          A new table <ShortcutsButton />
        </h1>
        <p class="muted">Pick the creatures from the library, say who plays each one, then start the fight. Players get a link each.</p>
        {!hostToken && (
          <p class="notice" data-testid="nt-no-host">
            This page has no admin token: making the table will be refused. Open the "New table" link that <code>npm start</code> printed (it ends in <code>#new&amp;host=…</code>).
          </p>
        )}
      </header>
      <section class="nt-library" aria-labelledby="lib-h">
        <h2 id="lib-h">Content library</h2>
        <div class="row-form">
          <label for="nt-ruleset">Ruleset</label>
          <select id="nt-ruleset" value={ruleset} onChange={(e) => chooseRuleset((e.currentTarget as HTMLSelectElement).value)} data-testid="nt-ruleset">
            {(rulesets ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {rulesetName(r.id)} ({r.entries})
              </option>
            ))}
          </select>
        </div>
        <div class="row-form">
          <label for="nt-filter">Filter</label>
          <input id="nt-filter" type="search" placeholder="name, level, mook, character…" value={filter} onInput={(e) => setFilter((e.currentTarget as HTMLInputElement).value)} data-testid="nt-filter" />
        </div>
        {ruleset && (
          <ImportPanel
            ruleset={ruleset}
            canSave
            doImport={async (body) => {
              const r = await importAsHost(hostToken, body);
              // Saved creatures are library entries now: the list shows them, and they can be picked.
              if (r.ok && r.report?.saved) loadEntries(ruleset);
              return r;
            }}
            addLabel="Add to the fight"
            onAdd={(c) => c.entry && add(c.entry)}
          />
        )}
        <table class="lib-table">
          <caption class="sr-only">Stat blocks in the {rulesetName(ruleset)} library</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Level</th>
              <th scope="col">Role</th>
              <th scope="col"><span class="sr-only">Add</span></th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.ref} data-testid={`lib-${e.ref}`}>
                <td>{e.name}</td>
                <td>{e.level ?? '—'}</td>
                <td>{[e.kind, e.role, e.size].filter(Boolean).join(', ')}</td>
                <td>
                  <button type="button" class="small" onClick={() => add(e)} aria-label={`Add ${e.name}`} data-testid="lib-add">
                    + Add
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p class="empty">{entries.length ? 'Nothing matches the filter.' : 'Loading the library…'}</p>}
      </section>

      <section class="nt-roster" aria-labelledby="roster-h">
        <h2 id="roster-h">The fight ({picks.length} creature{picks.length === 1 ? '' : 's'})</h2>
        {picks.length === 0 ? (
          <p class="empty">No creatures yet: add them from the library.</p>
        ) : (
          <ul class="picks">
            {picks.map((p) => (
              <li key={p.key} class={`pick${p.hidden ? ' is-hidden' : ''}`} data-testid={`pick-${p.key}`}>
                <div class="pick-head">
                  <label class="sr-only" for={`nt-n-${p.key}`}>Name</label>
                  <input id={`nt-n-${p.key}`} class="pick-name" value={p.name} onInput={(e) => patch(p.key, { name: (e.currentTarget as HTMLInputElement).value })} />
                  <span class="muted">{p.entry.level ?? ''}</span>
                  <button type="button" class="small link" onClick={() => setPicks(picks.filter((x) => x.key !== p.key))} aria-label={`Remove ${p.name}`}>
                    ✕ Remove
                  </button>
                </div>
                <div class="pick-fields">
                  <label>
                    Side{' '}
                    <input size={7} value={p.side} onInput={(e) => patch(p.key, { side: (e.currentTarget as HTMLInputElement).value })} list="nt-sides" data-testid="pick-side" />
                  </label>
                  <label>
                    Played by{' '}
                    <select value={p.controller} onChange={(e) => patch(p.key, { controller: (e.currentTarget as HTMLSelectElement).value })} data-testid="pick-controller">
                      <option value="">GM</option>
                      {seats.map((s) => (
                        <option key={s.seat} value={s.seat}>
                          {s.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    <input type="checkbox" checked={p.hidden} onChange={() => patch(p.key, { hidden: !p.hidden })} data-testid="pick-hidden" /> Hidden from players
                  </label>
                  {map === 'grid' && (
                    <span>
                      Square{' '}
                      <input aria-label={`${p.name}: column`} type="number" min={0} max={size.width - 1} class="coord" value={p.x} onInput={(e) => patch(p.key, { x: (e.currentTarget as HTMLInputElement).value })} data-testid="pick-x" />
                      ,
                      <input aria-label={`${p.name}: row`} type="number" min={0} max={size.height - 1} class="coord" value={p.y} onInput={(e) => patch(p.key, { y: (e.currentTarget as HTMLInputElement).value })} data-testid="pick-y" />
                    </span>
                  )}
                  {map === 'zones' && (
                    <label>
                      Zone <input size={10} placeholder="(anywhere)" value={p.zone} onInput={(e) => patch(p.key, { zone: (e.currentTarget as HTMLInputElement).value })} data-testid="pick-zone" />
                    </label>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {picks.length > 0 && (
          <EncounterOdds
            ask={() => askSetupOdds(hostToken, request)}
            setupKey={JSON.stringify(request)}
            disabled={!hostToken || sides.size < 2}
            why={!hostToken ? 'It takes the admin token, like making the table.' : sides.size < 2 ? 'Give the creatures at least two sides.' : undefined}
          />
        )}
        <datalist id="nt-sides">
          {[...new Set(['party', 'foes', ...picks.map((p) => p.side)])].map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </section>

      <section class="nt-seats" aria-labelledby="table-h">
        <h2 id="table-h">The table</h2>
        <div class="row-form">
          <label for="nt-name">Table name</label>
          <input id="nt-name" value={name} placeholder="e.g. The ford at dusk" onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} data-testid="nt-name" />
        </div>
        <fieldset class="nt-map">
          <legend>Battlefield</legend>
          {(['grid', 'zones', 'none'] as const).map((m) => (
            <label key={m}>
              <input type="radio" name="nt-map" checked={map === m} onChange={() => setMap(m)} data-testid={`nt-map-${m}`} />{' '}
              {m === 'grid' ? 'Grid of 5-ft squares' : m === 'zones' ? 'Zones (range bands)' : 'No map'}
            </label>
          ))}
          {map === 'grid' && (
            <span class="grid-size">
              <label>
                width <input type="number" min={2} max={60} value={size.width} onInput={(e) => setSize({ ...size, width: Number((e.currentTarget as HTMLInputElement).value) || 1 })} />
              </label>
              <label>
                height <input type="number" min={2} max={60} value={size.height} onInput={(e) => setSize({ ...size, height: Number((e.currentTarget as HTMLInputElement).value) || 1 })} />
              </label>
            </span>
          )}
        </fieldset>
        {map === 'grid' && picks.length > 0 && <PlacementPreview picks={picks} size={size} onPlace={(key, x, y) => patch(key, { x: String(x), y: String(y) })} />}
        <h3 id="seats-h">Players' seats</h3>
        <p class="muted">Each seat gets its own link. A player sees their own creatures in full and nothing hidden.</p>
        <ul class="seat-list">
          {seats.map((s, i) => (
            <li key={s.seat}>
              <label for={`nt-seat-${i}`} class="sr-only">Name of {s.seat}</label>
              <input id={`nt-seat-${i}`} value={s.name} onInput={(e) => setSeats(seats.map((x) => (x.seat === s.seat ? { ...x, name: (e.currentTarget as HTMLInputElement).value } : x)))} data-testid={`seat-name-${s.seat}`} />{' '}
              <span class="muted">plays {picks.filter((p) => p.controller === s.seat).map((p) => p.name).join(', ') || 'nothing yet'}</span>
            </li>
          ))}
        </ul>
        <button type="button" class="small" onClick={addSeat} data-testid="add-seat">
          + Add a seat
        </button>
        <DiceModeChoice name="nt-dice" mode={diceMode} onChange={setDiceMode} />
        <div class="nt-go">
          {error && (
            <p class="notice" role="alert" data-testid="nt-error">
              {error}
            </p>
          )}
          <button type="button" class="primary big" disabled={busy || picks.length === 0 || !ruleset} onClick={create} data-testid="nt-create">
            Make the table ({picks.length} creature{picks.length === 1 ? '' : 's'}, {seats.length} seat{seats.length === 1 ? '' : 's'})
          </button>
        </div>
      </section>
    </main>
  );
}

/** The server's refusal in words, naming the creature a path points at. */
function describe(out: WireErrorBody, picks: Pick[]): string {
  const e = out.error;
  if (!e) return 'The server refused the table.';
  const p = e.path ?? [];
  const i = p.indexOf('creatures');
  const who = i >= 0 && typeof p[i + 1] === 'number' ? picks[p[i + 1] as number]?.name : undefined;
  const msg = (e.message ?? '').replace(/^[\w.]+: /, '');
  return who ? `${who}: ${msg}` : msg || e.code || 'refused';
}

/** Where everyone starts, on the grid; clicking a square moves the selected creature there. */
function PlacementPreview({ picks, size, onPlace }: { picks: Pick[]; size: { width: number; height: number }; onPlace: (key: number, x: number, y: number) => void }) {
  const [sel, setSel] = useState<number | null>(null);
  const cell = 26;
  const w = Math.max(1, Math.min(60, size.width));
  const h = Math.max(1, Math.min(60, size.height));
  return (
    <div class="placement">
      <p class="muted">Starting squares: pick a token, then a square.</p>
      <svg viewBox={`0 0 ${w * cell} ${h * cell}`} width={Math.min(w * cell, 520)} role="group" aria-label="Starting squares">
        {Array.from({ length: w * h }, (_, i) => {
          const x = i % w;
          const y = Math.floor(i / w);
          return <rect key={i} x={x * cell} y={y * cell} width={cell} height={cell} class="sq" onClick={() => sel !== null && onPlace(sel, x, y)} />;
        })}
        {picks
          .filter((p) => p.x !== '' && p.y !== '')
          .map((p) => (
            <g
              key={p.key}
              class={`token side-${p.side === 'party' ? 'friend' : 'foe'}${sel === p.key ? ' current' : ''}`}
              transform={`translate(${Number(p.x) * cell},${Number(p.y) * cell})`}
              onClick={() => setSel(sel === p.key ? null : p.key)}
              role="button"
              tabIndex={0}
              aria-pressed={sel === p.key}
              aria-label={`${p.name} at ${p.x},${p.y}`}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setSel(sel === p.key ? null : p.key)}
            >
              <rect x={2} y={2} width={cell - 4} height={cell - 4} rx={cell * 0.4} stroke-dasharray={p.hidden ? '3 2' : undefined} />
              <text x={cell / 2} y={cell / 2 + 4} text-anchor="middle">
                {p.name.slice(0, 2)}
              </text>
            </g>
          ))}
      </svg>
    </div>
  );
}

/** The table is made: the links to hand out, and the way in for the GM. */
function Made({ made }: { made: CreatedTable }) {
  const copy = (text: string) => void navigator.clipboard?.writeText(text).catch(() => undefined);
  return (
    <main class="new-table made" data-testid="nt-made">
      <h1>The table is ready</h1>
      <p>Send each player their link (it is their key: anyone with it plays that seat). Keep the GM link for yourself.</p>
      <ul class="links">
        {made.seats.map((s) => (
          <li key={s.seat}>
            <strong>{s.name}</strong>{' '}
            <input readOnly value={s.link} aria-label={`Link for ${s.name}`} data-testid={`nt-link-${s.seat}`} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />{' '}
            <button type="button" class="small" onClick={() => copy(s.link)}>
              Copy
            </button>
          </li>
        ))}
        <li>
          <strong>GM</strong> <input readOnly value={made.gm.link} aria-label="GM link" data-testid="nt-link-gm" onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />{' '}
          <button type="button" class="small" onClick={() => copy(made.gm.link)}>
            Copy
          </button>
        </li>
      </ul>
      <p>
        <a class="button primary" href={made.gm.link} data-testid="nt-open-gm">
          Open the GM screen ▶
        </a>
      </p>
    </main>
  );
}
