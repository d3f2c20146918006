/**
 * A mass SMS worker in a process of its own, for the crash tests: runs MassSmsWorker on the given
 * database, prints "bound" once its bind to the connector is up, and is then killed with SIGKILL.
 * argv: databaseUrl connectorId
 */
import { createDb } from '../../../src/db/client';
import { MassSmsWorker } from '../../../src/modules/mass-sms/worker';

const [databaseUrl, connectorId] = process.argv.slice(2);
const db = await createDb({ databaseUrl, dataDir: '', poolSize: 2 });
const worker = new MassSmsWorker({ db, pollMs: 30, batchSize: 25, connectorsPollMs: 100 });
await worker.start();
const timer = setInterval(async () => {
  const rows = await db.query(
    `select 1 from sms_connectors where id = $1 and state->>'status' = 'bound' and state->>'holder' like $2`,
    [Number(connectorId), `%:${process.pid}`],
  );
  if (rows.length) {
    process.stdout.write('bound\n');
    clearInterval(timer);
  }
}, 20);
