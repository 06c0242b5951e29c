import { useEffect } from 'preact/hooks';
import type { Table } from '../net/use-table';
import { readMenus } from '../model/actions';
import { seatName } from '../model/fight';
import { ActionPanel } from '../panels/ActionPanel';
import { CreatureCard } from '../panels/CreatureCard';
import { EventLog } from '../panels/EventLog';
import { MapView } from '../panels/MapView';
import { PromptQueue } from '../panels/PromptQueue';
import { RulesetTracks } from '../panels/RulesetTracks';
import { TurnOrder } from '../panels/TurnOrder';

/**
 * A player's screen, phone first: a banner when it is their turn, their own creatures in full, their
 * prompts with the dice pad, what they may do on their turn, then everyone else as the player view
 * shows them (bands, never exact numbers or hidden creatures: the server never sent them).
 */
export function PlayerScreen({ table }: { table: Table }) {
  const view = table.state.view!;
  const fight = table.fight;
  const seat = table.seat;
  const source = fight ?? table.campaign;
  const turnIsMine = fight?.phase === 'combat' && fight.currentCreatureId !== null && fight.byId[fight.currentCreatureId]?.controller === seat;
  // A phone in a pocket: a short buzz when the turn comes round (where the browser allows it).
  useEffect(() => {
    if (turnIsMine) (navigator as Navigator & { vibrate?: (p: number[]) => boolean }).vibrate?.([120, 60, 120]);
  }, [turnIsMine, fight?.currentCreatureId, fight?.round]);
  const nameOf = (id: string) => source?.byId[id]?.name ?? id;
  if (!source) return <main class="player-screen">Waiting for the table…</main>;
  const mine = source.creatures.filter((c) => c.controller === seat);
  const others = source.creatures.filter((c) => c.controller !== seat);
  const myTurn = fight?.phase === 'combat' && fight.currentCreatureId !== null && fight.byId[fight.currentCreatureId]?.controller === seat;
  const current = fight?.currentCreatureId ? fight.byId[fight.currentCreatureId] : null;
  const menus = readMenus(view.actions);

  const othersWaiting = Number((fight ? (view.fight?.view as { othersWaiting?: number }) : null)?.othersWaiting ?? 0);
  return (
    <main class="player-screen" data-testid="player-screen">
      {fight && (
        <p class={`turn-banner${myTurn ? ' mine' : ''}`} role="status" data-testid="turn-banner">
          {fight.phase === 'ended'
            ? `The fight is over. ${fight.endedReason ?? ''}`
            : myTurn
              ? `▶ Your turn: ${current!.name}`
              : current
                ? `${current.name}'s turn · round ${fight.round}`
                : fight.phase === 'setup'
                  ? 'The fight is about to start.'
                  : `Round ${fight.round}`}
        </p>
      )}
      {!fight && (
        <p class="turn-banner" data-testid="turn-banner">
          No fight under way. {seatName(view, seat)}, your creatures are below.
        </p>
      )}
      {table.prompts.length > 0 || othersWaiting > 0 ? <PromptQueue table={table} fight={fight} othersWaiting={othersWaiting} title="Your prompts" /> : null}
      {mine.map((c) => (
        <CreatureCard key={c.id} c={c} nameOf={nameOf} current={c.id === fight?.currentCreatureId} />
      ))}
      {myTurn && fight && current && table.prompts.length === 0 && <ActionPanel table={table} fight={fight} menu={menus[current.id]} creatureId={current.id} canEndTurn />}
      {fight && fight.space !== null && <MapView table={table} fight={fight} menu={myTurn && current ? menus[current.id] : undefined} />}
      {fight && <RulesetTracks table={table} fight={fight} />}
      {fight && fight.order.length > 0 && <TurnOrder fight={fight} mine={(id) => fight.byId[id]?.controller === seat} />}
      {others.length > 0 && (
        <section class="others" aria-labelledby="others-h">
          <h2 id="others-h">Everyone else</h2>
          {others.map((c) => (
            <CreatureCard key={c.id} c={c} nameOf={nameOf} current={c.id === fight?.currentCreatureId} compact />
          ))}
        </section>
      )}
      <details class="player-log">
        <summary>Log</summary>
        <EventLog log={table.state.log} nameOf={nameOf} limit={60} />
      </details>
    </main>
  );
}
