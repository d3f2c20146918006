// An SMSC for benchmarks, in a process of its own (npm `smpp`'s server): accepts any bind, answers each
// submit_sm with a hex id and sends a delivery receipt (deliver_sm, esm_class 0x04) naming it in decimal.
// Started with `fork`; tells its port to the parent over IPC and exits with it.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const smpp = require('smpp');
let nextId = 0x10000000;
const server = smpp.createServer({}, (session) => {
  session.on('error', () => undefined);
  for (const command of ['bind_transceiver', 'bind_transmitter', 'bind_receiver']) {
    session.on(command, (pdu) => session.send(pdu.response({ system_id: 'sim' })));
  }
  session.on('enquire_link', (pdu) => session.send(pdu.response()));
  session.on('unbind', (pdu) => {
    session.send(pdu.response());
    session.close();
  });
  session.on('submit_sm', (pdu) => {
    const id = (nextId++).toString(16);
    session.send(pdu.response({ message_id: id }));
    session.send(
      new smpp.PDU('deliver_sm', {
        source_addr: pdu.destination_addr,
        destination_addr: pdu.source_addr,
        esm_class: 0x04,
        short_message: `id:${BigInt(`0x${id}`).toString(10)} sub:001 dlvrd:001 submit date:2611231200 done date:2611231200 stat:DELIVRD err:000 text:`,
      }),
    );
  });
  session.on('deliver_sm_resp', () => undefined);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
