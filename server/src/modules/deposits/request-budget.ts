/**
 * TronGrid's politeness rules (protocols.md §4.4): at most `perSecond` requests per second from this
 * process, spread evenly, and after a 429/403/5xx or a network failure a pause that doubles each time
 * (1 s … 60 s, or what Retry-After says) before anything is sent again.
 */
export function createRequestBudget(perSecond: number, maxBackoffMs = 60_000, sleep = defaultSleep) {
  const spacingMs = 1000 / perSecond;
  let nextSlot = 0;
  let pausedUntil = 0;
  let failures = 0;

  return {
    /** Resolves when the next request may go out. */
    async take(): Promise<void> {
      const now = Date.now();
      const slot = Math.max(now, nextSlot, pausedUntil);
      nextSlot = slot + spacingMs;
      if (slot > now) await sleep(slot - now);
    },
    /** A failure the API asked us to back off from; returns the pause in ms. */
    backOff(retryAfterMs?: number): number {
      failures++;
      const pause =
        retryAfterMs !== undefined
          ? Math.min(retryAfterMs, maxBackoffMs * 5)
          : Math.min(maxBackoffMs, 1000 * 2 ** (failures - 1));
      pausedUntil = Date.now() + pause;
      return pause;
    },
    succeeded() {
      failures = 0;
    },
    /** Until when requests are paused (ms since epoch; in the past when not). */
    pausedUntil: () => pausedUntil,
  };
}

export type RequestBudget = ReturnType<typeof createRequestBudget>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
