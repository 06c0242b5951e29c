import type { EncounterState, FrayEventBody } from '@fray/engine';
import type { SimShape } from './scenario';
import type { Tally } from './tally';

/**
 * Reads one fight's events as they happen and adds what matters to a tally: damage dealt and taken,
 * creatures dropping, resources spent (decreases, except the resets that come right after a turn or
 * round starts), attacks made. It keeps its own copy of the resources it has
 * seen, so it works the same whether it sees an event before or after the state takes it in (the
 * fast path's sink, the recorded path's log).
 */
export class FightObserver {
  private readonly index = new Map<string, number>();
  private readonly dropped: Uint8Array;
  private resources: Record<string, number>[] = [];
  /** while budgets refill at a turn's or round's start (-2: everyone's, k: creature k's, -1: not refilling) */
  private refilling = -1;
  events = 0;

  constructor(
    private readonly shape: SimShape,
    private readonly tally: Tally,
  ) {
    shape.creatures.forEach((c, i) => this.index.set(c.id, i));
    this.dropped = new Uint8Array(shape.creatures.length);
  }

  /** Starts a fight from `start`. */
  reset(start: EncounterState): void {
    this.dropped.fill(0);
    this.resources = this.shape.creatures.map((c) => ({ ...(start.creatures[c.id]?.resources ?? {}) }));
    // Down from the start ("odds from here") counts as dropped, so P(drop) is never below P(death).
    this.shape.creatures.forEach((c, i) => {
      const s = start.creatures[c.id];
      if (s && (s.hp <= 0 || s.status !== 'conscious')) this.drop(i);
    });
  }

  /** A new command begins: whatever refilling the last one did is over. */
  command(): void {
    this.refilling = -1;
  }

  /** The event sink: one call per event. */
  readonly observe = (e: FrayEventBody): void => {
    this.events++;
    if (e.type !== 'ResourceSet') this.refilling = e.type === 'TurnStarted' ? (this.index.get(e.creatureId) ?? -1) : e.type === 'RoundStarted' ? -2 : -1;
    switch (e.type) {
      case 'DamageApplied': {
        const t = this.index.get(e.target);
        if (t !== undefined) {
          this.tally.taken[t]! += e.toHp;
          if (e.hpAfter <= 0) this.drop(t);
        }
        const s = e.source === null ? undefined : this.index.get(e.source);
        if (s !== undefined) this.tally.dealt[s]! += e.toHp;
        return;
      }
      case 'StatusSet':
        if (e.status !== 'conscious') {
          const t = this.index.get(e.creatureId);
          if (t !== undefined) this.drop(t);
        }
        return;
      case 'ResourceSet': {
        const t = this.index.get(e.creatureId);
        if (t === undefined) return;
        const seen = this.resources[t]!;
        const before = seen[e.key] ?? 0;
        // A budget reset at the start of a turn or round (a counter back to 0) is not spending.
        if (e.value < before && this.refilling !== t && this.refilling !== -2) {
          const spent = this.tally.spent[t]!;
          spent[e.key] = (spent[e.key] ?? 0) + (before - e.value);
        }
        seen[e.key] = e.value;
        return;
      }
      case 'TestResolved':
        if (e.kind === 'attack') this.tally.attacks++;
        return;
      default:
        return;
    }
  };

  private drop(i: number): void {
    if (this.dropped[i]) return;
    this.dropped[i] = 1;
    this.tally.drops[i]!++;
  }
}
