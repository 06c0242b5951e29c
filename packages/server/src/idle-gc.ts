import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Young-generation collections (scavenges) at moments when no table has work under way.
 *
 * Every command allocates (the engine's decision, six audiences' projections and patches, two action
 * menus), and V8 scavenges whenever its young generation fills: in the middle of whatever command is
 * running then, which waits for it, and with it every other table's next step. A table's people send
 * a command every few seconds, so the server's thread is idle nearly all the time; when it has been
 * idle for `IDLE_MS` and the young generation is more than `FILL` full, this collects it there, and
 * the collection the next commands would have paid for is mostly done already. It changes no
 * command's work, only when the collector's pause falls; under a load that leaves no idle moment it
 * never runs, and V8 collects as it always did.
 */

type Gc = (options?: { type?: 'minor' | 'major'; execution?: 'sync' | 'async' }) => void;

/** How long the thread must have been without table work before a collection (ms). */
export const IDLE_MS = 2;
/** How full the young generation must be for an idle collection to be worth its pause. */
export const FILL = 0.5;

/** V8's gc(), without starting node with --expose-gc: the flag holds for contexts made after it is set. */
function exposedGc(): Gc | null {
  const own = (globalThis as { gc?: Gc }).gc;
  if (typeof own === 'function') return own;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as Gc) : null;
  } catch {
    return null;
  }
}

/** How full the young generation is (0-1). */
export function youngFill(): number {
  const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space');
  if (!s) return 0;
  const capacity = s.space_used_size + s.space_available_size;
  return capacity > 0 ? s.space_used_size / capacity : 0;
}

class IdleCollector {
  private busy = 0;
  private timer: NodeJS.Timeout | null = null;
  /** idle collections run so far (tests and the bench read it) */
  runs = 0;
  /** why the last idle moment collected nothing (tests tell V8's own scavenge from a wrong decision) */
  lastSkip: 'busy' | 'disabled' | 'under-fill' | 'no-gc' | null = null;
  enabled = true;
  private gc: Gc | null | undefined;

  /** Table work begins (a step, its pushes, its menus). */
  begin(): void {
    this.busy++;
  }

  /** Table work ends; once none is left, a collection may follow if the thread stays idle. */
  end(): void {
    if (--this.busy > 0 || !this.enabled) return;
    if (this.timer) this.timer.refresh();
    else {
      this.timer = setTimeout(() => this.idle(), IDLE_MS);
      this.timer.unref();
    }
  }

  private idle(): void {
    this.timer = null;
    this.lastSkip = this.busy > 0 ? 'busy' : !this.enabled ? 'disabled' : youngFill() < FILL ? 'under-fill' : null;
    if (this.lastSkip) return;
    if (this.gc === undefined) this.gc = exposedGc();
    if (!this.gc) {
      this.lastSkip = 'no-gc';
      return;
    }
    this.gc({ type: 'minor' });
    this.runs++;
  }
}

/** One per process: the young generation is the process's, whichever tables and servers it runs. */
export const idleCollector = new IdleCollector();
