import { useEffect, useMemo, useState } from 'preact/hooks';
import { filterLibrary, type LibraryEntry } from '../model/new-table';
import type { FoeDraft } from '../model/foes';

export type { FoeDraft };

/**
 * Between fights: foes for the next fight from the server's content library, filtered by text, each
 * hidden from the players or not. The party comes from the roster; these meet it in this fight only.
 */
export function LibraryFoes({ ruleset, foes, onChange }: { ruleset: string; foes: FoeDraft[]; onChange: (f: FoeDraft[]) => void }) {
  const [entries, setEntries] = useState<LibraryEntry[]>([]);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open || entries.length) return;
    void fetch(`/api/content/${encodeURIComponent(ruleset)}`)
      .then((r) => r.json() as Promise<{ entries?: LibraryEntry[] }>)
      .then((b) => setEntries((b.entries ?? []).filter((e) => e.kind !== 'character' && e.kind !== 'pc')))
      .catch(() => setEntries([]));
  }, [open, ruleset]);
  const shown = useMemo(() => filterLibrary(entries, filter).slice(0, 40), [entries, filter]);
  const nextKey = foes.reduce((m, f) => Math.max(m, f.key), 0) + 1;
  return (
    <div class="library-foes" data-testid="library-foes">
      {foes.length > 0 && (
        <ul class="foe-list">
          {foes.map((f) => (
            <li key={f.key}>
              {f.entry.name} <span class="muted">{f.entry.level ?? ''}{f.imported ? ' · imported' : ''}</span>{' '}
              <label>
                <input type="checkbox" checked={f.hidden} onChange={() => onChange(foes.map((x) => (x.key === f.key ? { ...x, hidden: !x.hidden } : x)))} data-testid="foe-hidden" /> hidden
              </label>{' '}
              <button type="button" class="small link" onClick={() => onChange(foes.filter((x) => x.key !== f.key))} aria-label={`Remove ${f.entry.name}`}>
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <details open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary data-testid="library-foes-open">Add foes from the library</summary>
        <label class="row-form">
          Filter <input type="search" value={filter} placeholder="name, level, mook…" onInput={(e) => setFilter((e.currentTarget as HTMLInputElement).value)} data-testid="foe-filter" />
        </label>
        <ul class="foe-choices">
          {shown.map((e) => (
            <li key={e.ref}>
              <button type="button" class="small" onClick={() => onChange([...foes, { key: nextKey, entry: e, hidden: false }])} data-testid="foe-add">
                + {e.name}
              </button>{' '}
              <span class="muted">{[e.level, e.role, e.size].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
