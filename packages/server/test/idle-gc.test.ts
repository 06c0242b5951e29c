import { afterEach, describe, expect, it } from 'vitest';
import { FILL, IDLE_MS, idleCollector, youngFill } from '../src/idle-gc';

/** Keeps the garbage observable, so the allocations are not optimized away. */
export let sink = 0;

/** Allocates short-lived garbage until the young generation is at least `to` full (nothing is kept). */
function fillYoung(to: number): void {
  for (let i = 0; youngFill() < to; i++) {
    for (let k = 0; k < 500; k++) sink += new Array<number>(32).fill(i + k).length;
    if (i > 1_000_000) throw new Error('the young generation did not fill');
  }
}

const idle = () => new Promise((r) => setTimeout(r, IDLE_MS * 10));

/**
 * With one piece of table work open: fills the young generation, ends that work and waits past IDLE_MS, until the collector
 * runs once. V8 may scavenge by itself in between (the test runner allocates too), and then the young
 * generation is under FILL when the timer fires: such a try may collect nothing, and only for that
 * reason (`lastSkip` says which); any other miss, or five misses, fails.
 */
async function collectsOnce(): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = idleCollector.runs;
    fillYoung(Math.min(0.95, FILL + 0.2));
    idleCollector.end();
    await idle();
    if (idleCollector.runs === before + 1) return;
    expect(idleCollector.runs).toBe(before);
    expect(idleCollector.lastSkip).toBe('under-fill');
    idleCollector.begin();
  }
  throw new Error('five idle moments with a full young generation and not one collection');
}

describe('idle collections', () => {
  afterEach(() => {
    idleCollector.enabled = true;
  });

  it('once no table work is left and the thread stays idle, a young generation past FILL is collected', async () => {
    const before = idleCollector.runs;
    idleCollector.begin();
    await collectsOnce();
    expect(idleCollector.runs).toBe(before + 1);
    expect(idleCollector.lastSkip).toBeNull();
    expect(youngFill()).toBeLessThan(FILL);
  });

  it('not while table work is under way; when the last of it ends, yes', async () => {
    const before = idleCollector.runs;
    idleCollector.begin();
    idleCollector.begin();
    fillYoung(Math.min(0.95, FILL + 0.2));
    idleCollector.end();
    await idle();
    expect(idleCollector.runs).toBe(before);
    await collectsOnce();
    expect(idleCollector.runs).toBe(before + 1);
  });

  it('a young generation under FILL is left to V8, and so is everything when disabled', async () => {
    idleCollector.begin();
    fillYoung(Math.min(0.95, FILL + 0.2));
    idleCollector.end();
    await idle();
    const after = idleCollector.runs;
    expect(youngFill()).toBeLessThan(FILL);
    idleCollector.begin();
    idleCollector.end();
    await idle();
    expect(idleCollector.runs).toBe(after);
    idleCollector.enabled = false;
    fillYoung(Math.min(0.95, FILL + 0.2));
    idleCollector.begin();
    idleCollector.end();
    await idle();
    expect(idleCollector.runs).toBe(after);
  });
});
