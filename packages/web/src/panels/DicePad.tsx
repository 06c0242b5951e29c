import { useEffect, useRef, useState } from 'preact/hooks';
import { readFace, readFaces } from '../model/dice-pad';

/**
 * Physical dice, one field per die: it knows each die's size, moves on by itself once a face is
 * complete, and refuses a face the die does not have before anything is sent.
 */
export function DicePad(props: { sides: number[]; label: string; onEnter: (faces: number[]) => void; busy?: boolean; autoFocus?: boolean; idPrefix: string }) {
  const { sides } = props;
  const [texts, setTexts] = useState<string[]>(() => sides.map(() => ''));
  const [problem, setProblem] = useState<{ index: number; reason: string } | null>(null);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => {
    if (props.autoFocus) refs.current[0]?.focus();
  }, []);
  const set = (i: number, v: string) => {
    const next = texts.slice();
    next[i] = v;
    setTexts(next);
    setProblem(null);
    // Auto-advance once the typed number cannot grow into another valid face (a "2" on a d20 may become 20).
    const r = readFace(v, sides[i]!);
    if (r.ok && r.value * 10 > sides[i]! && i + 1 < sides.length) refs.current[i + 1]?.focus();
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const r = readFaces(texts, sides);
    if (!r.ok) {
      setProblem({ index: r.index, reason: r.reason });
      refs.current[r.index]?.focus();
      return;
    }
    props.onEnter(r.faces);
  };
  return (
    <form class="dice-pad" onSubmit={submit} aria-label={props.label}>
      <div class="dice-fields">
        {sides.map((s, i) => {
          const id = `${props.idPrefix}-die-${i}`;
          const bad = problem?.index === i;
          return (
            <label key={i} for={id} class={`die${bad ? ' bad' : ''}`}>
              <span class="die-name">
                d{s}
                {sides.length > 1 && <span class="sr-only"> (die {i + 1} of {sides.length})</span>}
              </span>
              <input
                id={id}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                inputMode="numeric"
                autoComplete="off"
                maxLength={3}
                value={texts[i]}
                aria-invalid={bad}
                aria-describedby={bad ? `${props.idPrefix}-problem` : undefined}
                data-testid={`die-input-${i}`}
                onInput={(e) => set(i, (e.currentTarget as HTMLInputElement).value)}
              />
            </label>
          );
        })}
        <button type="submit" class="primary" disabled={props.busy} data-testid="dice-submit">
          Enter {sides.length > 1 ? 'dice' : 'die'}
        </button>
      </div>
      {problem && (
        <p class="problem" id={`${props.idPrefix}-problem`} role="alert">
          ✕ {problem.reason}
        </p>
      )}
    </form>
  );
}
