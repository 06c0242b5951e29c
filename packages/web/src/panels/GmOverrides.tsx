import { useState } from 'preact/hooks';
import type { Table } from '../net/use-table';
import type { CreatureModel } from '../model/fight';
import { humanize } from '../model/words';
import { RowForm } from './FormParts';

/**
 * The GM's corrections to a creature: hit points (and temporary and maximum), conditions, tracks, status.
 * Each is a GM command the server decides and logs like any other, so undo reaches it too.
 */
export function GmOverrides({ table, c, stream }: { table: Table; c: CreatureModel; stream: 'fight' | 'table' }) {
  const [hp, setHp] = useState('');
  const [temp, setTemp] = useState('');
  const [cond, setCond] = useState('');
  const [level, setLevel] = useState('');
  const [track, setTrack] = useState('');
  const [trackValue, setTrackValue] = useState('');
  const send = (cmd: { type: string; [k: string]: string | number | undefined }) => table.send(stream, cmd as never);
  const p = `ov-${c.id}`;
  return (
    <details class="overrides" data-testid={`overrides-${c.id}`}>
      <summary>GM overrides for {c.name}</summary>
      <RowForm
        onSubmit={() => {
          const cmd: { type: string; creatureId: string; hp?: number; tempHp?: number } = { type: 'gm.setHp', creatureId: c.id };
          if (hp.trim() !== '') cmd.hp = Number(hp);
          if (temp.trim() !== '') cmd.tempHp = Number(temp);
          if (cmd.hp === undefined && cmd.tempHp === undefined) return;
          void send(cmd).then((r) => r.ok && (setHp(''), setTemp('')));
        }}
      >
        <label for={`${p}-hp`}>HP</label>
        <input id={`${p}-hp`} inputMode="numeric" size={4} value={hp} placeholder={String(c.hp ?? '')} onInput={(e) => setHp((e.currentTarget as HTMLInputElement).value)} data-testid="override-hp" />
        <label for={`${p}-temp`}>temp</label>
        <input id={`${p}-temp`} inputMode="numeric" size={3} value={temp} placeholder={String(c.tempHp ?? 0)} onInput={(e) => setTemp((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" class="small" data-testid="override-hp-set">
          Set HP
        </button>
      </RowForm>
      <RowForm
        onSubmit={() => {
          if (!cond.trim()) return;
          const cmd: { type: string; creatureId: string; conditionId: string; level?: number } = { type: 'gm.addCondition', creatureId: c.id, conditionId: cond.trim() };
          if (level.trim()) cmd.level = Number(level);
          void send(cmd).then((r) => r.ok && (setCond(''), setLevel('')));
        }}
      >
        <label for={`${p}-cond`}>condition</label>
        <input id={`${p}-cond`} size={10} value={cond} placeholder="prone" onInput={(e) => setCond((e.currentTarget as HTMLInputElement).value)} />
        <label for={`${p}-lvl`}>level</label>
        <input id={`${p}-lvl`} inputMode="numeric" size={2} value={level} onInput={(e) => setLevel((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" class="small">
          Add
        </button>
      </RowForm>
      {c.conditions.filter((x) => !x.impliedBy).length > 0 && (
        <p class="row-form">
          Remove:{' '}
          {c.conditions
            .filter((x) => !x.impliedBy)
            .map((x) => (
              <button key={x.instanceId} type="button" class="small" onClick={() => send({ type: 'gm.removeCondition', creatureId: c.id, conditionId: x.conditionId })}>
                ✕ {humanize(x.conditionId)}
              </button>
            ))}
        </p>
      )}
      <RowForm
        onSubmit={() => {
          if (!track.trim() || trackValue.trim() === '') return;
          void send({ type: 'gm.setTrack', creatureId: c.id, track: track.trim(), value: Number(trackValue) });
        }}
      >
        <label for={`${p}-track`}>track</label>
        <input id={`${p}-track`} size={8} value={track} placeholder="fatigue" onInput={(e) => setTrack((e.currentTarget as HTMLInputElement).value)} />
        <label for={`${p}-tv`}>to</label>
        <input id={`${p}-tv`} inputMode="numeric" size={2} value={trackValue} onInput={(e) => setTrackValue((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" class="small">
          Set
        </button>
      </RowForm>
      <p class="row-form">
        Status:{' '}
        {['conscious', 'unconscious', 'stable', 'dead']
          .filter((s) => s !== c.status)
          .map((s) => (
            <button key={s} type="button" class="small" onClick={() => send({ type: 'gm.setStatus', creatureId: c.id, status: s })}>
              {s}
            </button>
          ))}
      </p>
    </details>
  );
}
