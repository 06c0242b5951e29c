import { cloneJson, type Json } from '../core/json';
import { diffJson } from '../core/json-patch';
import type { FrayEventBody, Visibility } from '../core/events';
import { evolveInPlace } from '../core/evolve';
import type { EncounterState, EncounterStateCore } from '../core/state';

/**
 * The map does not ride whole on every move: the log records what changed, and where the mover now
 * stands (for narration and screens), not the whole map.
 */
function spaceDelta(before: Json, after: Json, moved: string | undefined): FrayEventBody {
  const patch = diffJson(before, after);
  if (moved === undefined) return { type: 'SpaceChanged', patch };
  const placed = (after as { creatures?: Record<string, Json> } | null)?.creatures;
  const to = placed && Object.hasOwn(placed, moved) ? cloneJson(placed[moved]!) : null;
  return { type: 'SpaceChanged', patch, moved, to };
}

/**
 * The ordinary mode, for the log: the resolution works on its own working state (never the caller's)
 * and keeps every event it emits, to be committed. A command resumed after a prompt carries on in
 * this mode once its replay reaches the question (then `emitted` starts with the replayed events).
 */
export class RecordingMode {
  readonly kind = 'recording';
  /** events produced by this decision, to be committed */
  readonly out: { body: FrayEventBody; visibility?: Visibility }[] = [];

  constructor(
    /** the working state: owned by this resolution, changed in place by each event */
    readonly state: EncounterState,
    /** the state the command began from (copied only if it pauses) */
    private readonly base: () => EncounterStateCore,
    /** every event of the command so far, the ones replayed before this mode began included */
    private readonly emitted: FrayEventBody[] = [],
  ) {}

  emit(body: FrayEventBody, visibility?: Visibility): void {
    if (body.type === 'SpaceChanged' && body.space !== undefined) body = spaceDelta(this.state.space, body.space, body.moved);
    this.out.push(visibility === undefined ? { body } : { body, visibility });
    this.emitted.push(body);
    evolveInPlace(this.state, body);
  }

  /** What a pause stores to replay the command later: where it began and what it emitted. */
  pauseRecord(): { base: EncounterStateCore; emitted: FrayEventBody[] } {
    return { base: this.base(), emitted: this.emitted };
  }
}
