import { useState } from 'preact/hooks';
import type { Json, PromptSpec } from '@fray/engine';
import type { Table } from '../net/use-table';
import { diceList } from '../model/dice-pad';
import { seatName, type FightModel } from '../model/fight';
import { DicePad } from './DicePad';

/**
 * Every open prompt this screen may answer, in a queue (never a modal): whom it waits on, what it is
 * about, its options with the default first in focus. The GM may answer any of them for anyone.
 */
export function PromptQueue(props: { table: Table; fight: FightModel | null; othersWaiting?: number; title?: string }) {
  const { table } = props;
  const prompts = table.prompts;
  return (
    <section class={`prompts${prompts.length === 0 ? ' none-waiting' : ''}`} aria-labelledby="prompts-h" data-testid="prompt-queue">
      <h2 id="prompts-h">
        {props.title ?? 'Waiting for an answer'} {prompts.length > 0 && <span class="count">({prompts.length})</span>}
      </h2>
      {prompts.length === 0 && <p class="empty">{props.othersWaiting ? `Waiting on someone else (${props.othersWaiting}).` : 'Nothing is waiting.'}</p>}
      <ol>
        {prompts.map((p, i) => (
          <PromptItem key={p.id} p={p} table={table} fight={props.fight} first={i === 0} />
        ))}
      </ol>
      {prompts.length > 0 && props.othersWaiting ? <p class="empty">Also waiting on someone else: {props.othersWaiting}.</p> : null}
    </section>
  );
}

function PromptItem({ p, table, fight, first }: { p: PromptSpec; table: Table; fight: FightModel | null; first: boolean }) {
  const [busy, setBusy] = useState(false);
  const addressee = p.to.role === 'gm' ? (table.role === 'gm' ? 'you (GM)' : 'the GM') : table.seat === p.to.seat ? 'you' : seatName(table.state.view, p.to.seat);
  const about = p.about ? (fight?.byId[p.about]?.name ?? p.about) : null;
  const answer = async (value: Json) => {
    setBusy(true);
    await table.send(table.streamOfPrompt(p.id), { type: 'answerPrompt', promptId: p.id, answer: value }, {});
    setBusy(false);
  };
  const forOther = table.role === 'gm' && p.to.role === 'player';
  const ctx = (p.context ?? null) as { expression?: string } | null;
  return (
    <li class={`prompt${p.secret ? ' secret' : ''}`} data-testid={`prompt-${p.key}`} data-prompt-id={p.id}>
      <p class="prompt-head">
        <span class="badge">for {addressee}</span>
        {about && <span class="about"> about {about}</span>}
        {p.secret && <span class="badge secret-badge">secret choice</span>}
        {p.ruleId && <span class="rule"> {p.ruleId}</span>}
      </p>
      <p class="prompt-text">{p.text}</p>
      {forOther && <p class="hint">You are the GM: you may answer for them.</p>}
      {p.input.kind === 'choice' && (
        <div class="choices" role="group" aria-label={p.text}>
          {p.options.map((o) => (
            <button
              key={o.id}
              type="button"
              class={o.id === p.default ? 'primary' : ''}
              disabled={busy}
              autoFocus={first && o.id === p.default}
              onClick={() => answer(o.id)}
              data-testid={`answer-${o.id}`}
            >
              {o.label}
              {o.id === p.default && <span class="sr-only"> (default)</span>}
            </button>
          ))}
        </div>
      )}
      {p.input.kind === 'number' && <NumberAnswer p={p} busy={busy} onAnswer={answer} />}
      {p.input.kind === 'dice' && (
        <DicePad idPrefix={`p-${p.id.replace(/[^a-zA-Z0-9-]/g, '_')}`} sides={diceList(p.input.dice)} label={`Dice for: ${ctx?.expression ?? p.text}`} busy={busy} autoFocus={first} onEnter={(faces) => answer(faces)} />
      )}
    </li>
  );
}

function NumberAnswer({ p, busy, onAnswer }: { p: PromptSpec; busy: boolean; onAnswer: (v: Json) => void }) {
  const range = p.input.kind === 'number' ? p.input : { min: 0, max: 0 };
  const [text, setText] = useState(typeof p.default === 'number' ? String(p.default) : '');
  const [problem, setProblem] = useState('');
  const id = `num-${p.id.replace(/[^a-zA-Z0-9-]/g, '_')}`;
  return (
    <form
      class="number-answer"
      onSubmit={(e) => {
        e.preventDefault();
        const v = Number(text);
        if (!/^-?\d+$/.test(text.trim()) || v < range.min || v > range.max) return setProblem(`enter a whole number from ${range.min} to ${range.max}`);
        onAnswer(v);
      }}
    >
      <label for={id}>
        Number ({range.min}–{range.max})
      </label>
      <input id={id} inputMode="numeric" value={text} onInput={(e) => (setText((e.currentTarget as HTMLInputElement).value), setProblem(''))} />
      <button type="submit" class="primary" disabled={busy}>
        Answer
      </button>
      {problem && <p class="problem" role="alert">✕ {problem}</p>}
    </form>
  );
}
