// An SMSC for benchmarks, in a process of its own (npm `smpp`'s server): accepts any bind, answers each
// submit_sm with a hex id and sends a delivery receipt (deliver_sm, esm_class 0x04) naming it in decimal.
// It also delivers mobile-originated SMS on request: the parent sends `{ type: 'mo', seq, from, to, text }`
// over IPC and gets `{ type: 'mo-result', seq, ok }` once a session bound as receiver or transceiver with
// the system_id `mo` answered the deliver_sm (an SMSC keeps an unanswered MO and sends it again).
// With the argument `--count-destinations` it also counts submits per destination, told on `{ type:
// 'stats' }` as `{ type: 'stats', submits, destinations }` (a message sent twice shows as the difference).
// Started with `fork`; tells its port to the parent over IPC and exits with it.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const smpp = require('smpp');
let nextId = 0x10000000;
/** Sessions bound to receive MO (system_id `mo`), in bind order; a closed one is dropped. */
const moSessions = [];
let nextMo = 0;
const destinations = process.argv.includes('--count-destinations') ? new Set() : null;
let submits = 0;
const server = smpp.createServer({}, (session) => {
  session.on('error', () => undefined);
  for (const command of ['bind_transceiver', 'bind_transmitter', 'bind_receiver']) {
    session.on(command, (pdu) => {
      session.send(pdu.response({ system_id: 'sim' }));
      if (command !== 'bind_transmitter' && pdu.system_id === 'mo') moSessions.push(session);
    });
  }
  session.on('close', () => {
    const at = moSessions.indexOf(session);
    if (at >= 0) moSessions.splice(at, 1);
  });
  session.on('enquire_link', (pdu) => session.send(pdu.response()));
  session.on('unbind', (pdu) => {
    session.send(pdu.response());
    session.close();
  });
  session.on('submit_sm', (pdu) => {
    submits++;
    destinations?.add(pdu.destination_addr);
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

process.on('message', (message) => {
  if (message?.type === 'stats') {
    process.send?.({ type: 'stats', submits, destinations: destinations?.size ?? null });
    return;
  }
  if (message?.type !== 'mo') return;
  const reply = (ok) => process.send?.({ type: 'mo-result', seq: message.seq, ok });
  const session = moSessions.length ? moSessions[nextMo++ % moSessions.length] : null;
  if (!session) return reply(false);
  const timer = setTimeout(() => reply(false), 10_000);
  session.send(
    new smpp.PDU('deliver_sm', {
      source_addr: message.from,
      source_addr_ton: 5,
      destination_addr: message.to.replace(/^\+/, ''),
      dest_addr_ton: 1,
      esm_class: 0,
      short_message: message.text,
    }),
    (resp) => {
      clearTimeout(timer);
      reply(resp.command_status === 0);
    },
  );
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
