import { useEffect, useState } from 'preact/hooks';
import type { Json } from '@fray/engine';
import type { Table } from '../net/use-table';
import type { FightModel } from '../model/fight';
import { choicesOf, defaultOptions, listedActions, optionFields, targetCount, type ActionMenu, type JsonSchema, type MenuAction } from '../model/actions';
import { humanize, percent, resourceLabel } from '../model/words';

/**
 * What the acting creature may do now, from the engine's action menu: each action with its cost, why it
 * is unavailable when it is (said beside it, not only greyed), its targets with the exact odds before
 * the attack is made, and its options. Sending fills the menu's command template; the rules decide.
 */
export function ActionPanel(props: { table: Table; fight: FightModel; menu: ActionMenu | undefined; creatureId: string; canEndTurn: boolean }) {
  const { table, fight, menu, creatureId } = props;
  const c = fight.byId[creatureId];
  const [chosen, setChosen] = useState<string | null>(null);
  const [targets, setTargets] = useState<string[]>([]);
  const [options, setOptions] = useState<Record<string, Json>>({});
  const [busy, setBusy] = useState(false);
  const action = menu?.actions.find((a) => a.id === chosen) ?? null;
  useEffect(() => {
    // A new turn or a new menu: start from a clean choice.
    setChosen(null);
    setTargets([]);
  }, [creatureId, fight.round]);
  const choose = (a: MenuAction) => {
    setChosen(a.id);
    const firstValid = a.targets?.find((t) => t.valid)?.creatureId;
    setTargets(firstValid ? [firstValid] : []);
    setOptions(defaultOptions(a.options, a.command['options']));
  };
  const send = async () => {
    if (!action) return;
    const cmd: { type: string; [k: string]: Json | undefined } = { ...action.command };
    if (action.targets && action.targets.length) cmd['targets'] = targets;
    if (Object.keys(options).length || cmd['options'] !== undefined) cmd['options'] = options;
    setBusy(true);
    const r = await table.send('fight', cmd);
    setBusy(false);
    if (r.ok) setChosen(null);
  };
  const endTurn = async () => {
    setBusy(true);
    await table.send('fight', { type: 'endTurn', creatureId });
    setBusy(false);
  };
  const count = action ? targetCount(action) : { min: 0, max: 0 };
  const ready = action && action.available && targets.length >= count.min && (count.min === 0 || action.targets!.some((t) => t.valid && targets.includes(t.creatureId)));
  return (
    <section class="actions" aria-labelledby="actions-h" data-testid="action-panel">
      <h2 id="actions-h">{c ? `${c.name} acts` : 'Act'}</h2>
      {menu && menu.resources.length > 0 && (
        <p class="resources" aria-label="Left this turn">
          {menu.resources.map((r) => (
            <span key={r.id} class={`chip${r.left <= 0 ? ' used' : ''}`}>
              {r.label || resourceLabel(r.id)}: {r.left <= 0 ? 'used' : r.left}
              {r.max !== undefined && r.left > 0 ? `/${r.max}` : ''}
            </span>
          ))}
        </p>
      )}
      {!menu && <p class="empty">{table.prompts.length > 0 || fight.phase !== 'combat' ? 'Answer the open prompts first; then the actions show here.' : 'No actions are offered for this creature right now.'}</p>}
      {menu && (
        <ul class="action-list">
          {listedActions(menu)
            .filter((a) => a.available)
            .map((a) => (
              <ActionItem key={a.id} a={a} chosen={chosen === a.id} onChoose={choose} />
            ))}
        </ul>
      )}
      {menu && listedActions(menu).some((a) => !a.available) && (
        <details class="unavailable-actions">
          <summary>
            {listedActions(menu).filter((a) => !a.available).length} not possible now (and why)
          </summary>
          <ul class="action-list">
            {listedActions(menu)
              .filter((a) => !a.available)
              .map((a) => (
                <ActionItem key={a.id} a={a} chosen={chosen === a.id} onChoose={choose} />
              ))}
          </ul>
        </details>
      )}
      {action && (
        <div class="action-detail" data-testid="action-detail">
          <h3>{action.label}</h3>
          {!action.available && <p class="why">✕ Not now: {action.reason ?? 'the rules do not allow it'}</p>}
          {action.targets && action.targets.length > 0 && (
            <fieldset class="targets">
              <legend>Target{count.max > 1 ? 's' : ''}</legend>
              {action.targets.map((t) => {
                const tc = fight.byId[t.creatureId];
                const checked = targets.includes(t.creatureId);
                const id = `tgt-${action.id}-${t.creatureId}`;
                return (
                  <div key={t.creatureId} class={`target${t.valid ? '' : ' invalid'}`}>
                    <input
                      type={count.max > 1 ? 'checkbox' : 'radio'}
                      name={`targets-${action.id}`}
                      id={id}
                      checked={checked}
                      disabled={!t.valid}
                      data-testid={`target-${t.creatureId}`}
                      onChange={() => setTargets(count.max > 1 ? (checked ? targets.filter((x) => x !== t.creatureId) : [...targets, t.creatureId].slice(0, count.max)) : [t.creatureId])}
                    />
                    <label for={id}>
                      {tc?.name ?? t.creatureId}
                      {t.odds && (
                        <span class="odds" data-testid={`odds-${t.creatureId}`}>
                          {' '}
                          — hit {percent(t.odds.hit)}, crit {percent(t.odds.crit)}, expected damage {t.odds.expectedDamage.toFixed(1)}
                        </span>
                      )}
                      {!t.valid && t.reason && <span class="why"> ✕ {t.reason}</span>}
                    </label>
                  </div>
                );
              })}
            </fieldset>
          )}
          {optionFields(action.options).map((f) => (
            <OptionField key={f.key} name={f.key} schema={f.schema} value={options[f.key]} onChange={(v) => setOptions({ ...options, [f.key]: v })} />
          ))}
          <button type="button" class="primary" disabled={!ready || busy} onClick={send} data-testid="do-action">
            {action.kind === 'attack' ? 'Attack' : 'Do it'}
            {targets.length > 0 && ` → ${targets.map((t) => fight.byId[t]?.name ?? t).join(', ')}`}
          </button>
        </div>
      )}
      {props.canEndTurn && (
        <p class="end-turn">
          <button type="button" class="primary" onClick={endTurn} disabled={busy} data-testid="end-turn">
            End {c ? `${c.name}'s` : 'the'} turn
          </button>
        </p>
      )}
    </section>
  );
}

function ActionItem({ a, chosen, onChoose }: { a: MenuAction; chosen: boolean; onChoose: (a: MenuAction) => void }) {
  return (
    <li class={`action kind-${a.kind}${a.available ? '' : ' unavailable'}${chosen ? ' chosen' : ''}`}>
      <button type="button" onClick={() => onChoose(a)} aria-pressed={chosen} aria-describedby={a.reason ? `why-${a.id}` : undefined} data-testid={`action-${a.id}`}>
        {a.label}
        {a.cost.length > 0 && <span class="cost"> · {a.cost.map((x) => `${x.amount > 1 ? x.amount + ' ' : ''}${resourceLabel(x.resource)}`).join(', ')}</span>}
      </button>
      {!a.available && a.reason && (
        <span class="why" id={`why-${a.id}`}>
          ✕ {a.reason}
          {a.ruleId && <span class="rule"> {a.ruleId}</span>}
        </span>
      )}
    </li>
  );
}

function OptionField(props: { name: string; schema: JsonSchema; value: Json | undefined; onChange: (v: Json) => void }) {
  const { name, schema, value } = props;
  const id = `opt-${name}`;
  const label = schema.title ?? schema.description ?? humanize(name);
  const choices = choicesOf(schema);
  // A field with one allowed value is already decided: nothing to ask.
  if (choices && choices.length === 1) return null;
  if (choices) {
    return (
      <p class="option">
        <label for={id}>{label}</label>{' '}
        <select id={id} value={JSON.stringify(value ?? null)} onChange={(e) => props.onChange(JSON.parse((e.currentTarget as HTMLSelectElement).value) as Json)} data-testid={`option-${name}`}>
          {choices.map((c) => (
            <option key={JSON.stringify(c.value)} value={JSON.stringify(c.value)}>
              {c.label}
            </option>
          ))}
        </select>
      </p>
    );
  }
  if (schema.type === 'boolean') {
    return (
      <p class="option">
        <input type="checkbox" id={id} checked={value === true} onChange={(e) => props.onChange((e.currentTarget as HTMLInputElement).checked)} />
        <label for={id}> {label}</label>
      </p>
    );
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    return (
      <p class="option">
        <label for={id}>{label}</label>{' '}
        <input id={id} type="number" min={schema.minimum} max={schema.maximum} value={typeof value === 'number' ? value : ''} onInput={(e) => props.onChange(Number((e.currentTarget as HTMLInputElement).value))} />
      </p>
    );
  }
  return (
    <p class="option">
      <label for={id}>{label}</label> <input id={id} value={typeof value === 'string' ? value : ''} onInput={(e) => props.onChange((e.currentTarget as HTMLInputElement).value)} />
    </p>
  );
}
