import { useEffect, useRef, useState } from 'preact/hooks';
import type { Table } from '../net/use-table';
import { readMenus } from '../model/actions';
import { seatName, type FightModel } from '../model/fight';
import { ActionPanel } from '../panels/ActionPanel';
import { CreatureCard } from '../panels/CreatureCard';
import { EventLog, download, logAsJsonLines } from '../panels/EventLog';
import { GmOverrides } from '../panels/GmOverrides';
import { MapView } from '../panels/MapView';
import { OddsPanel } from '../panels/OddsPanel';
import { PromptQueue } from '../panels/PromptQueue';
import { RulesetTracks } from '../panels/RulesetTracks';
import { SeatList } from '../panels/SeatList';
import { TurnOrder } from '../panels/TurnOrder';
import { SetupScreen } from './SetupScreen';

/**
 * The GM's screen: the acting creature and what it may do on the left, the order, the ruleset's tracks
 * and the prompt queue in the centre, the selected creature with the GM's overrides and the log on the
 * right. Everything here is a command the server decides; this screen only shows and asks.
 */
export function GmScreen({ table }: { table: Table }) {
  const fight = table.fight;
  if (!fight) return <SetupScreen table={table} />;
  return <GmFight table={table} fight={fight} />;
}

function GmFight({ table, fight }: { table: Table; fight: FightModel }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [undoSteps, setUndoSteps] = useState(1);
  const [busy, setBusy] = useState(false);
  const view = table.state.view!;
  const menus = readMenus(view.actions);
  const nameOf = (id: string) => fight.byId[id]?.name ?? id;
  const current = fight.currentCreatureId ? fight.byId[fight.currentCreatureId] : null;
  // The right column shows the creature the GM picked in the order; otherwise everyone else, briefly.
  const shown = selected && selected !== current?.id ? (fight.byId[selected] ?? null) : null;
  const controllerName = (seat: string | null) => (seat ? seatName(view, seat) : 'GM');
  const pending = table.prompts.length > 0;
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    await fn();
    setBusy(false);
  };
  const undo = () =>
    run(async () => {
      for (let i = 0; i < undoSteps; i++) {
        const r = await table.send('fight', { type: 'undo' });
        if (!r.ok) break;
      }
    });
  const nextTurn = () => current && run(() => table.send('fight', { type: 'endTurn', creatureId: current.id }));
  // One key per frequent command, shown on its button: N next turn, U undo (not while typing).
  const keys = useRef({ nextTurn, undo, canNext: false, canUndo: false });
  keys.current = { nextTurn, undo, canNext: !!current && fight.phase === 'combat' && !busy && !pending, canUndo: !busy && fight.undoable.length > 0 };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
      if (document.querySelector('dialog[open]')) return;
      const k = keys.current;
      if ((e.key === 'n' || e.key === 'N') && k.canNext) {
        e.preventDefault();
        void k.nextTurn();
      } else if ((e.key === 'u' || e.key === 'U') && k.canUndo) {
        e.preventDefault();
        void k.undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <main class="gm-screen" data-testid="gm-screen">
      <div class="col col-left">
        {fight.phase === 'setup' && (
          <section class="start">
            <h2>Ready</h2>
            {pending ? (
              <p>Starting: initiative and the first questions are waiting for answers (see Prompts).</p>
            ) : (
              <>
                <p>{fight.creatures.length} creatures are placed. Start the fight to roll initiative.</p>
                <button type="button" class="primary" disabled={busy} onClick={() => run(() => table.send('fight', { type: 'startCombat' }))} data-testid="start-combat">
                  Start the fight
                </button>
              </>
            )}
          </section>
        )}
        {!current && fight.phase === 'combat' && (
          <section class="start" data-testid="between-turns">
            <h2>Between turns</h2>
            <p>{pending ? "No one's turn yet: answer the open questions (see Prompts) and the fight goes on." : 'No creature is acting right now.'}</p>
          </section>
        )}
        {current && (
          <CreatureCard c={current} nameOf={nameOf} current gm controllerName={controllerName(current.controller)}>
            <GmOverrides table={table} c={current} stream="fight" />
          </CreatureCard>
        )}
        {current && fight.phase === 'combat' && (
          <ActionPanel table={table} fight={fight} menu={menus[current.id]} creatureId={current.id} canEndTurn={!pending} />
        )}
      </div>
      <div class="col col-centre">
        <RulesetTracks table={table} fight={fight} />
        <TurnOrder fight={fight} selected={selected} onSelect={(id) => setSelected(id === selected ? null : id)} />
        <section class="turn-controls" aria-label="Turn controls">
          {current && fight.phase === 'combat' && (
            <>
              <button type="button" class="primary" disabled={busy || pending} onClick={nextTurn} data-testid="gm-end-turn" title={pending ? 'Answer the open prompts first' : ''} aria-keyshortcuts="N">
                Next turn ▶ <kbd>N</kbd>
              </button>
              <button type="button" disabled={busy || pending} onClick={() => run(() => table.send('fight', { type: 'delayTurn', creatureId: current.id }))}>
                Delay {current.name}
              </button>
            </>
          )}
          {fight.order
            .filter((e) => e.delayed)
            .map((e) => (
              <button key={e.creatureId} type="button" disabled={busy || pending} onClick={() => run(() => table.send('fight', { type: 'actNow', creatureId: e.creatureId }))}>
                {nameOf(e.creatureId)} acts now
              </button>
            ))}
          <span class="undo">
            <label for="undo-steps">Undo</label>
            <select id="undo-steps" value={undoSteps} onChange={(e) => setUndoSteps(Number((e.currentTarget as HTMLSelectElement).value))} data-testid="undo-steps">
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n} step{n > 1 ? 's' : ''}
                </option>
              ))}
            </select>
            <button type="button" disabled={busy || fight.undoable.length === 0} onClick={undo} data-testid="undo" aria-keyshortcuts="U">
              ↶ Undo <kbd>U</kbd>
            </button>
            <span class="muted"> ({fight.undoable.length} can be undone)</span>
          </span>
        </section>
        {fight.phase === 'ended' && (
          <section class="ended" data-testid="fight-ended">
            <h2>The fight is over</h2>
            <p>{fight.endedReason}</p>
            <button type="button" class="primary" disabled={busy} onClick={() => run(() => table.conn.finishFight())} data-testid="finish-fight">
              Back to the campaign
            </button>
          </section>
        )}
        <PromptQueue table={table} fight={fight} title="Prompts" />
        {fight.space !== null && <MapView table={table} fight={fight} menu={current ? menus[current.id] : undefined} />}
        {fight.phase !== 'ended' && <OddsPanel table={table} fight={fight} />}
        {fight.phase !== 'ended' && (
          <details class="danger-zone">
            <summary>End the fight early</summary>
            <button type="button" class="danger" onClick={() => run(() => table.send('fight', { type: 'gm.endEncounter', reason: 'ended by the GM' }))} data-testid="end-encounter">
              End the fight now
            </button>
          </details>
        )}
        <details class="seats-panel" data-testid="seats-panel">
          <summary>Seats ({view.table.seats.length})</summary>
          <SeatList table={table} nameOf={nameOf} />
        </details>
      </div>
      <div class="col col-right">
        {shown ? (
          <CreatureCard c={shown} nameOf={nameOf} current={shown.id === fight.currentCreatureId} gm controllerName={controllerName(shown.controller)}>
            <p>
              <button type="button" class="small" onClick={() => setSelected(null)}>
                ← Everyone
              </button>
            </p>
            <GmOverrides table={table} c={shown} stream="fight" />
          </CreatureCard>
        ) : (
          <section class="everyone" aria-label="Everyone else">
            <h2>Everyone else</h2>
            <p class="muted">Pick a creature in the order for its full card and the GM's overrides.</p>
            {fight.creatures
              .filter((c) => c.id !== current?.id)
              .map((c) => (
                <CreatureCard key={c.id} c={c} nameOf={nameOf} gm compact controllerName={controllerName(c.controller)} />
              ))}
          </section>
        )}
        <EventLog
          log={table.state.log}
          nameOf={nameOf}
          onExport={() =>
            // The server's export is the whole table (every stream, from the store); what this screen holds is the fallback.
            void table.exportLog().then(
              (text) => download(`fray-${view.table.id}.jsonl`, text),
              () => download(`fray-${view.table.id}.jsonl`, logAsJsonLines(table.state.log)),
            )
          }
        />
      </div>
    </main>
  );
}
