/** Limits for submits: a window of requests awaiting their response, and a msg/s token bucket. */
export class Window {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  get used() {
    return this.inFlight;
  }

  /** Takes a free slot at once, if there is one (no promise: most submits of a busy bind find one). */
  tryAcquire(): boolean {
    if (this.inFlight >= this.size) return false;
    this.inFlight += 1;
    return true;
  }

  async acquire(): Promise<void> {
    if (this.tryAcquire()) return;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot straight to the next waiter, so a burst of releases cannot overfill the window. */
  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight -= 1;
  }
}

/** `ratePerSecond` tokens a second, bursts up to a tenth of a second's worth; 0 means unlimited. */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();
  private readonly burst: number;

  constructor(private readonly ratePerSecond: number) {
    this.burst = Math.max(1, ratePerSecond / 10);
    this.tokens = this.burst;
  }

  async take(): Promise<void> {
    if (this.ratePerSecond <= 0) return;
    for (;;) {
      const now = Date.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const waitMs = Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, waitMs)));
    }
  }
}

/** Exponential backoff with jitter: between half and all of min(max, initial · 2^attempt). */
export function backoffDelay(
  attempt: number,
  initialMs: number,
  maxMs: number,
  random = Math.random,
): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
