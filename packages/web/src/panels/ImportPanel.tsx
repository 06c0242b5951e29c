import { useState } from 'preact/hooks';
import type { ImportReport, ImportRequest } from '../net/protocol';
import type { ImportResult } from '../net/setup-api';

export type ImportedCreature = ImportReport['creatures'][number];

const FORMATS: [NonNullable<ImportRequest['format']>, string][] = [
  ['auto', 'Tell by itself'],
  ['text', 'Pasted stat block text'],
  ['open5e-v2', 'Open5e v2 JSON'],
  ['open5e-v1', 'Open5e v1 JSON'],
  ['5etools', '5etools bestiary JSON'],
];

/** A report's lines, each with the field it came from (a JSON pointer or a line of the text). */
function Lines({ title, lines, kind }: { title: string; lines: ImportedCreature['runs']; kind: string }) {
  if (!lines.length) return null;
  return (
    <div class={`imp-lines imp-${kind}`} data-testid={`imp-${kind}`}>
      <h5>
        {title} ({lines.length})
      </h5>
      <ul>
        {lines.map((l, i) => (
          <li key={i}>
            {l.text} <code class="imp-field">{l.field}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Bring your own monster to the table: the GM pastes a stat block (a 5e, 13th Age or Five Torches Deep
 * block, or Open5e / 5etools JSON) and the server reads it with the importers `fray import` uses. The
 * report shows, per creature, what the rules will run, what stays text for the GM and what was refused,
 * each naming its field; a refusal names the field too, and nothing is kept. `save` (the host, on the
 * new-table page) puts the creatures in the server's library; at a table, they join the next fight only.
 */
export function ImportPanel({ ruleset, doImport, canSave, onAdd, addLabel }: {
  ruleset: string;
  doImport: (body: ImportRequest) => Promise<ImportResult>;
  /** the host may save into the library (else the creatures are only read, for this table) */
  canSave: boolean;
  onAdd: (c: ImportedCreature) => void;
  addLabel: string;
}) {
  const [text, setText] = useState('');
  const [format, setFormat] = useState<NonNullable<ImportRequest['format']>>('auto');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  const go = async (save: boolean, replace = false) => {
    setBusy(true);
    const known = ['a5e', '13th-age', 'five-torches-deep'].includes(ruleset);
    const r = await doImport({ text, ...(format !== 'auto' ? { format } : {}), ...(known ? { ruleset: ruleset as ImportRequest['ruleset'] } : {}), ...(save ? { save: true } : {}), ...(replace ? { replace: true } : {}) });
    setResult(r);
    setAdded([]);
    setBusy(false);
  };
  const report = result?.ok ? result.report! : null;
  const error = result && !result.ok ? result.error : null;
  // The user's own copy may be replaced; the repository's never (the server says which in its words).
  const mayReplace = canSave && error?.code === 'already-in-library' && !/repository/.test(error.message);
  return (
    <details class="import-panel" data-testid="import-panel">
      <summary data-testid="import-open">Import a stat block (paste it)</summary>
      <p class="muted">
        A 5e-style, 13th Age or Five Torches Deep block as text, or an Open5e or 5etools JSON file's contents. The server reads it as <code>fray import</code> does and says what the rules will run.
      </p>
      <label class="sr-only" for="imp-text">
        Stat block
      </label>
      <textarea id="imp-text" rows={8} value={text} placeholder={'Rust Hound\nMedium monstrosity, unaligned\nArmor Class 13\nHit Points 33 (6d8 + 6)\n…'} onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)} data-testid="imp-input" />
      <div class="row-form imp-actions">
        <label>
          Format{' '}
          <select value={format} onChange={(e) => setFormat((e.currentTarget as HTMLSelectElement).value as typeof format)} data-testid="imp-format">
            {FORMATS.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="small" disabled={busy || !text.trim()} onClick={() => void go(false)} data-testid="imp-check">
          {canSave ? 'Check it' : 'Read it'}
        </button>
        {canSave && (
          <button type="button" class="small primary" disabled={busy || !text.trim()} onClick={() => void go(true)} data-testid="imp-save">
            Save to the library
          </button>
        )}
      </div>
      {error && (
        <div class="notice" role="alert" data-testid="imp-error">
          <p>
            ⚠ Not imported ({error.code}): {error.message}
          </p>
          {mayReplace && (
            <button type="button" class="small" onClick={() => void go(true, true)} data-testid="imp-replace">
              Replace my library's copy
            </button>
          )}
        </div>
      )}
      {report && (
        <div class="imp-report" aria-live="polite" data-testid="imp-report">
          <p>
            Read {report.creatures.length} creature{report.creatures.length === 1 ? '' : 's'} ({report.format} → {report.ruleset})
            {report.saved ? ', saved in the library.' : canSave ? '; nothing saved yet.' : '.'}
          </p>
          {report.creatures.map((c) => {
            const meta = c.meta as { cr?: string; level?: number; type?: string };
            const canAdd = !canSave || report.saved;
            return (
              <article key={c.slug} class="imp-creature" data-testid={`imp-creature-${c.slug}`}>
                <h4>
                  {c.name}{' '}
                  <span class="muted">
                    {[meta.cr !== undefined ? `CR ${meta.cr}` : meta.level !== undefined ? `level ${meta.level}` : null, meta.type].filter(Boolean).join(', ')}
                    {c.entry ? ` · ${c.entry.ref}` : ''}
                  </span>
                </h4>
                <Lines title="The rules run" lines={c.runs} kind="runs" />
                <Lines title="Stays text for the GM" lines={c.text} kind="text" />
                <Lines title="Refused or changed" lines={c.refused} kind="refused" />
                {canAdd && (
                  <button
                    type="button"
                    class="small"
                    onClick={() => {
                      onAdd(c);
                      setAdded([...added, c.slug]);
                    }}
                    data-testid="imp-add"
                  >
                    + {addLabel}
                    {added.includes(c.slug) ? ' (again)' : ''}
                  </button>
                )}
              </article>
            );
          })}
        </div>
      )}
    </details>
  );
}
