import type { FastifyBaseLogger } from 'fastify';

/**
 * Background jobs run every so often in this process: a job never overlaps itself (a slow run skips
 * the ticks it spans), a failure is logged as `<area> <name> failed` and the next tick tries again,
 * and `stop()` clears the timers and waits for the runs in flight. Safety across processes is the
 * jobs' own (claims in the database), not this loop's.
 */
export function createPeriodicJobs(log: FastifyBaseLogger, area: string) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  return {
    /** Runs `job` now, then every `ms` (0: only now). */
    every(ms: number, name: string, job: () => Promise<unknown>) {
      let busy = false;
      const run = () => {
        if (busy || stopped) return;
        busy = true;
        const p = job()
          .catch((error) => log.error({ err: error }, `${area} ${name} failed`))
          .finally(() => {
            busy = false;
            running.delete(p);
          });
        running.add(p);
      };
      run();
      if (ms > 0) {
        const timer = setInterval(run, ms);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
    },
  };
}
