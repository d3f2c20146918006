import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { seedDemo } from './demo-seed';
import { startDemoSmsJob } from './demo-sms.job';

/** How often the simulated gateway looks for due SMS: well under the shortest delay a purchase waits. */
const DEMO_SMS_INTERVAL_MS = 1000;

/**
 * DEMO=on at start: seeds once (logging the demo customer's credentials the first time, like the
 * administrator's) and starts the simulated gateway. Off, it does nothing; `stop()` is always safe.
 */
export async function startDemoMode(db: Db, config: Config, log: FastifyBaseLogger) {
  if (!config.demoEnabled) return { stop: async () => {} };
  const seeded = await seedDemo(db, config);
  if (seeded.customerCreated) {
    const password = seeded.generatedPassword ?? '(the DEMO_PASSWORD you set)';
    log.warn(`DEMO=on: demo customer created: username "${seeded.username}", password ${password}`);
  } else if (seeded.usernameTaken) {
    log.warn(
      `DEMO=on: the username "${seeded.username}" belongs to a real user, so no demo customer was created`,
    );
  } else {
    log.info(`DEMO=on: demo stock and the demo customer "${seeded.username}" are in place`);
  }
  const job = startDemoSmsJob(db, { intervalMs: DEMO_SMS_INTERVAL_MS, delay: config.demoSmsDelay, log });
  log.info(config.demoSmsDelay, 'DEMO=on: the simulated gateway answers purchases of demo numbers');
  return job;
}
