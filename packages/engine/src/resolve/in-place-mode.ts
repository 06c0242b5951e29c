import type { FrayEventBody, Visibility } from '../core/events';
import { evolveInPlace } from '../core/evolve';
import type { EncounterState } from '../core/state';

/**
 * The simulator's fast path: the resolution works on the caller's state itself and hands each event
 * to `sink` (a tally, or nowhere) instead of keeping it for a log. Nothing is copied; a rejection
 * after the first event, or a question no policy answers, cannot be taken back (decide throws then).
 */
export class InPlaceMode {
  readonly kind = 'inPlace';

  constructor(
    readonly state: EncounterState,
    private readonly sink: ((event: FrayEventBody) => void) | null,
  ) {}

  emit(body: FrayEventBody, _visibility?: Visibility): void {
    this.sink?.(body);
    evolveInPlace(this.state, body);
  }
}
