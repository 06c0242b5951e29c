import type { FightModel } from '../model/fight';
import { bandWords, statusWords } from '../model/words';

/**
 * Round, whose turn it is, who is next and who is delaying. The order shown is the one this screen may
 * see: a hidden creature's turn leaves the marker on no visible row rather than revealing a slot.
 */
export function TurnOrder(props: {
  fight: FightModel;
  selected?: string | null;
  onSelect?: (id: string) => void;
  mine?: (id: string) => boolean;
}) {
  const { fight } = props;
  const live = fight.order.filter((e) => !e.delayed);
  const curIdx = live.findIndex((e) => e.creatureId === fight.currentCreatureId);
  let next: string | null = null;
  for (let k = 1; k <= live.length && curIdx >= 0; k++) {
    const e = live[(curIdx + k) % live.length]!;
    const c = fight.byId[e.creatureId];
    if (c && c.status !== 'dead') {
      next = e.creatureId;
      break;
    }
  }
  const current = fight.currentCreatureId ? fight.byId[fight.currentCreatureId] : null;
  const groups = new Map<string, string[]>();
  for (const e of fight.order) if (e.group) groups.set(e.group, [...(groups.get(e.group) ?? []), e.creatureId]);
  const groupNote = (g: string | null): string | null => {
    const members = g ? (groups.get(g) ?? []) : [];
    if (members.length < 2) return null;
    const hp = members.map((id) => fight.byId[id]?.hp).filter((x): x is number => typeof x === 'number');
    return `×${members.length}, one roll${hp.length === members.length ? ` · ${hp.reduce((a, b) => a + Math.max(0, b), 0)} HP together` : ''}`;
  };
  return (
    <section class="turn-order" aria-labelledby="order-h" data-testid="turn-order" data-round={fight.round} data-phase={fight.phase}>
      <h2 id="order-h">
        {fight.phase === 'ended' ? 'Fight over' : fight.phase === 'setup' ? 'Not started' : `Round ${fight.round}`}
        {current && <span class="whose" data-testid="whose-turn"> · {current.name}'s turn</span>}
      </h2>
      {fight.order.length === 0 && fight.phase === 'setup' && (
        <p class="muted" data-testid="order-empty">
          The order appears when the fight starts: everyone rolls initiative then.
        </p>
      )}
      <ol class="order">
        {fight.order.map((e) => {
          const c = fight.byId[e.creatureId]!;
          const isCur = e.creatureId === fight.currentCreatureId;
          const hp = c.hp !== undefined && c.maxHp !== undefined ? `${c.hp}/${c.maxHp}` : c.hpBand ? bandWords(c.hpBand).word : '';
          const st = c.status !== 'conscious' ? statusWords(c.status) : null;
          const body = (
            <>
              <span class="init" title="initiative">{e.total}</span>
              <span class="name">
                {isCur && <span class="marker">▶ Now: </span>}
                {e.creatureId === next && !isCur && <span class="marker next">Next: </span>}
                {c.name}
                {props.mine?.(c.id) && <span class="mine"> (you)</span>}
              </span>
              <span class="row-hp">{hp}</span>
              {st && (
                <span class={`row-status status-${c.status}`}>
                  <span aria-hidden="true">{st.symbol}</span> {st.word}
                </span>
              )}
              {e.delayed && <span class="row-delayed">⏸ delaying</span>}
              {groupNote(e.group) && <span class="row-group">{groupNote(e.group)}</span>}
            </>
          );
          return (
            <li key={e.creatureId} class={`${isCur ? 'current' : ''} side-${c.friendly ? 'friend' : 'foe'}${props.selected === c.id ? ' selected' : ''}`} aria-current={isCur ? 'true' : undefined} data-testid={`order-${c.id}`}>
              {props.onSelect ? (
                <button type="button" class="row" onClick={() => props.onSelect!(c.id)} aria-pressed={props.selected === c.id}>
                  {body}
                </button>
              ) : (
                <div class="row">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
