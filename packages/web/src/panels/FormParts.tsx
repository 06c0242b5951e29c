import type { ComponentChildren } from 'preact';

/** A one-line form (the `row-form` layout) that stays on the page: submitting runs `onSubmit` instead of navigating. */
export function RowForm({ onSubmit, children }: { onSubmit: () => void; children: ComponentChildren }) {
  return (
    <form
      class="row-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export type DiceMode = 'seeded' | 'entered';

/** Who rolls a fight's dice: Fray, or everyone at the table with physical dice (radio buttons named `name`). */
export function DiceModeChoice({ name, mode, onChange }: { name: string; mode: DiceMode; onChange: (mode: DiceMode) => void }) {
  return (
    <fieldset>
      <legend>Dice</legend>
      <label>
        <input type="radio" name={name} checked={mode === 'seeded'} onChange={() => onChange('seeded')} /> Fray rolls
      </label>{' '}
      <label>
        <input type="radio" name={name} checked={mode === 'entered'} onChange={() => onChange('entered')} data-testid={`${name}-entered`} /> Everyone enters physical dice
      </label>
    </fieldset>
  );
}

/** Counts by name as chips ("fatigue 2"), in a paragraph of class `class`; nothing when there are none. */
export function NamedCounts({ class: cls, counts, label }: { class: string; counts: [string, number][]; label: (key: string) => string }) {
  if (!counts.length) return null;
  return (
    <p class={cls}>
      {counts.map(([k, v]) => (
        <span key={k} class="chip">
          {label(k)} {v}
        </span>
      ))}
    </p>
  );
}
