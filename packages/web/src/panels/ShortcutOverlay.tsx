import { useEffect, useRef, useState } from 'preact/hooks';
import { SHORTCUTS, isTyping } from '../model/shortcuts';

const OPEN_EVENT = 'fray-shortcuts';

/**
 * `?` opens the list of every keyboard shortcut as a modal dialog: labelled by its heading, focus moved
 * into it and kept there (Tab cycles inside), Escape or the Close button closes it and focus returns to
 * where it was. Also the keys that work on every screen: D (dice pad), M (map), E (end your turn).
 */
export function Shortcuts() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLElement | null>(null);
  // Set when this component closes the dialog: the close event comes later as a task, and Chromium runs
  // input before such tasks, so a quick `?` may reopen the dialog before that event arrives.
  const closing = useRef(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === '?' && !isTyping(e.target)) {
        e.preventDefault();
        setOpen((o) => !o);
        return;
      }
      if (isTyping(e.target) || ref.current?.open) return;
      const k = e.key.toLowerCase();
      const focus = (sel: string) => {
        const el = document.querySelector<HTMLElement>(sel);
        if (!el) return false;
        e.preventDefault();
        el.scrollIntoView?.({ block: 'center' });
        el.focus();
        return true;
      };
      if (k === 'd') focus('[data-testid="die-input-0"]');
      else if (k === 'm') focus('[data-testid="map-grid"]');
      else if (k === 'e') {
        const b = document.querySelector<HTMLButtonElement>('.player-screen [data-testid="end-turn"]');
        if (b && !b.disabled) {
          e.preventDefault();
          b.click();
        }
      }
    };
    const onOpen = () => setOpen(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_EVENT, onOpen);
    };
  }, []);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      back.current = document.activeElement as HTMLElement | null;
      d.showModal();
      d.querySelector<HTMLElement>('button')?.focus();
    } else if (!open && d.open) {
      closing.current = true;
      d.close();
    }
  }, [open]);
  const onDialogKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      return;
    }
    if (e.key !== 'Tab') return;
    // Keep Tab inside the dialog (the page behind is inert while it is open).
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])') ?? [])];
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <dialog
      ref={ref}
      class="shortcuts"
      aria-labelledby="shortcuts-h"
      aria-describedby="shortcuts-d"
      data-testid="shortcuts"
      onKeyDown={onDialogKey}
      onClose={() => {
        const ours = closing.current;
        closing.current = false;
        // Reopened before this event arrived: nothing to undo, and focus belongs in the dialog.
        if (ref.current?.open) return;
        if (!ours) setOpen(false);
        back.current?.focus?.();
      }}
    >
      <div class="shortcuts-head">
        <h2 id="shortcuts-h">Keyboard shortcuts</h2>
        <button type="button" class="small" onClick={() => setOpen(false)} data-testid="shortcuts-close">
          Close <kbd>Esc</kbd>
        </button>
      </div>
      <p id="shortcuts-d" class="muted">
        Single keys, not while typing in a field. On a Mac too: no Ctrl or Cmd needed.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Does</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys.join()}>
              <td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 ? ' ' : ''}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{s.what}</td>
              <td class="muted">{s.where}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </dialog>
  );
}

/** A button that opens the shortcut list (for the mouse; the list is also `?`). */
export function ShortcutsButton({ class: cls = 'small' }: { class?: string }) {
  return (
    <button type="button" class={`shortcuts-open ${cls}`} onClick={() => window.dispatchEvent(new Event(OPEN_EVENT))} aria-keyshortcuts="?" data-testid="shortcuts-open">
      Keys <kbd>?</kbd>
    </button>
  );
}
