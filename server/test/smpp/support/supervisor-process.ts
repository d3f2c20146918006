/**
 * A second "server process" for the takeover test: runs the app's SMPP connectors on the given
 * database, prints "bound" once it holds the bind, and is then killed with SIGKILL by the test.
 * argv: databaseUrl gatewayId
 */
import { createDb } from '../../../src/db/client';
import { createSmppConnectors } from '../../../src/modules/smpp/smpp-connectors';

const [databaseUrl, gatewayId] = process.argv.slice(2);
const db = await createDb({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
const connectors = createSmppConnectors({ db, databaseUrl, pollMs: 200, holderName: 'child' });
connectors.start();
const timer = setInterval(() => {
  if (connectors.linkOf(String(gatewayId))?.isBound) {
    process.stdout.write('bound\n');
    clearInterval(timer);
  }
}, 20);
