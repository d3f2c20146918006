/**
 * A second "server process" for the takeover test: runs an SMPP supervisor on the given database and
 * SMSC, prints "bound" once it holds the bind, and is then killed with SIGKILL by the test.
 * argv: databaseUrl smscPort
 */
import { createDb } from '../../../src/db/client';
import { SmppSupervisor } from '../../../src/modules/smpp/supervisor';

const [databaseUrl, port] = process.argv.slice(2);
const db = await createDb({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
const supervisor = new SmppSupervisor({
  db,
  databaseUrl,
  listConnectors: async () => [
    {
      id: 'gw-1',
      enabled: true,
      config: {
        host: '127.0.0.1',
        port: Number(port),
        systemId: 'jiema',
        password: 'secret',
        bindMode: 'receiver',
      },
    },
  ],
  handlersFor: () => ({ onMessage: async () => undefined }),
  pollMs: 200,
  holderName: 'child',
});
supervisor.start();
const timer = setInterval(() => {
  if (supervisor.linkOf('gw-1')?.isBound) {
    process.stdout.write('bound\n');
    clearInterval(timer);
  }
}, 20);
