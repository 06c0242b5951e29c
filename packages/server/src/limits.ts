/** What one server allows; every limit answers with a typed error naming it. */
export interface ServerLimits {
  /** bytes in one WebSocket message or HTTP body ('too-large') */
  maxMessageBytes: number;
  /** messages per second one connection may send, sustained ('rate-limited'); bursts up to twice that */
  maxMessagesPerSecond: number;
  /** tables one server holds ('too-many-tables') */
  maxTables: number;
  /** creatures in one table, campaign and fight together ('too-many-creatures') */
  maxCreaturesPerTable: number;
  /** open connections to one table ('too-many-connections') */
  maxConnectionsPerTable: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxMessageBytes: 64 * 1024,
  maxMessagesPerSecond: 40,
  maxTables: 500,
  maxCreaturesPerTable: 200,
  maxConnectionsPerTable: 64,
};

/** A token bucket: `rate` per second, holding at most `burst`. */
export class RateLimiter {
  private tokens: number;
  private last: number;
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
