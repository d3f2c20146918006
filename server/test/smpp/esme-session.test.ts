import net from 'node:net';
import smpp, { type PDU } from 'smpp';
import { afterEach, describe, expect, it } from 'vitest';
import { EsmeSession } from '../../src/modules/smpp/esme-session';

/**
 * The ESME session's framing against an SMSC that writes raw bytes: PDUs split across TCP segments or
 * packed several to one, responses handed to their request, requests emitted, an unknown command
 * answered generic_nack, a broken length ending the connection (framing cannot be found again).
 */
type RawSmsc = { port: number; socket: Promise<net.Socket>; received: Buffer[]; close(): Promise<void> };

const servers: net.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function rawSmsc(): Promise<RawSmsc> {
  let accepted!: (socket: net.Socket) => void;
  const socket = new Promise<net.Socket>((resolve) => (accepted = resolve));
  const received: Buffer[] = [];
  const server = net.createServer((s) => {
    s.on('data', (chunk) => received.push(chunk));
    s.on('error', () => undefined);
    accepted(s);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    socket,
    received,
    close: async () => {
      (await socket).destroy();
    },
  };
}

async function connected(smsc: RawSmsc) {
  const session = new EsmeSession({ host: '127.0.0.1', port: smsc.port, connectTimeoutMs: 2000 });
  session.on('error', () => undefined);
  await new Promise((resolve) => session.once('connect', resolve));
  return { session, peer: await smsc.socket };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

const pdusIn = (chunks: Buffer[]) => {
  const all = Buffer.concat(chunks);
  const pdus: PDU[] = [];
  for (let at = 0; at + 4 <= all.length; ) {
    const length = all.readUInt32BE(at);
    pdus.push(new smpp.PDU(all.subarray(at, at + length)));
    at += length;
  }
  return pdus;
};

describe('EsmeSession', () => {
  it('hands each response to its request, byte by byte or several to one segment', async () => {
    const smsc = await rawSmsc();
    const { session, peer } = await connected(smsc);
    const answers: string[] = [];
    const sequences = [1, 2, 3].map((n) =>
      session.request(
        'submit_sm',
        {
          source_addr: 'J',
          source_addr_ton: 5,
          source_addr_npi: 0,
          destination_addr: `7999000000${n}`,
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          esm_class: 0,
          registered_delivery: 1,
          data_coding: 0,
          short_message: Buffer.from(`m${n}`),
        },
        5_000,
        (error, pdu) => answers.push(error ? error.message : `${pdu!.sequence_number}:${pdu!.message_id}`),
      ),
    );
    expect(sequences).toEqual([true, true, true]);
    await until(() => pdusIn(smsc.received).length === 3);
    expect(pdusIn(smsc.received).map((p) => p.destination_addr)).toEqual([
      '79990000001',
      '79990000002',
      '79990000003',
    ]);
    const responses = [3, 1, 2].map((seq) =>
      new smpp.PDU('submit_sm_resp', { sequence_number: seq, message_id: `id${seq}` }).toBuffer(),
    );
    // The first response one byte at a time, the other two in one segment.
    for (const byte of responses[0]!) {
      peer.write(Buffer.from([byte]));
      await new Promise((r) => setImmediate(r));
    }
    peer.write(Buffer.concat([responses[1]!, responses[2]!]));
    await until(() => answers.length === 3);
    expect(answers).toEqual(['3:id3', '1:id1', '2:id2']);
    session.destroy();
  });

  it('emits the SMSC requests by name and answers them; an unknown command gets generic_nack', async () => {
    const smsc = await rawSmsc();
    const { session, peer } = await connected(smsc);
    const delivered: PDU[] = [];
    session.on('deliver_sm', (pdu: PDU) => {
      delivered.push(pdu);
      session.respond(pdu);
    });
    const unknown = Buffer.alloc(16);
    unknown.writeUInt32BE(16, 0);
    unknown.writeUInt32BE(0x000000ff, 4);
    unknown.writeUInt32BE(41, 12);
    peer.write(
      Buffer.concat([
        new smpp.PDU('deliver_sm', {
          sequence_number: 40,
          source_addr: '123',
          short_message: 'hi',
        }).toBuffer(),
        unknown,
      ]),
    );
    await until(() => pdusIn(smsc.received).length === 2);
    expect(delivered.map((p) => p.source_addr)).toEqual(['123']);
    expect(pdusIn(smsc.received).map((p) => [p.command, p.sequence_number, p.command_status])).toEqual([
      ['deliver_sm_resp', 40, 0],
      ['generic_nack', 41, 0x03],
    ]);
    session.destroy();
  });

  it('a request unanswered fails after its time (a late answer is dropped); the rest when the connection ends', async () => {
    const smsc = await rawSmsc();
    const { session, peer } = await connected(smsc);
    const outcomes: string[] = [];
    const record = (name: string) => (error: Error | null) =>
      outcomes.push(`${name}: ${error?.message ?? 'answered'}`);
    session.request('enquire_link', {}, 60, record('quick'));
    session.request('enquire_link', {}, 5_000, record('patient'));
    await until(() => outcomes.length === 1);
    expect(outcomes).toEqual(['quick: enquire_link: no response within 60 ms']);
    peer.write(new smpp.PDU('enquire_link_resp', { sequence_number: 1 }).toBuffer());
    await new Promise((r) => setTimeout(r, 50));
    expect(outcomes).toHaveLength(1);
    peer.destroy();
    await until(() => outcomes.length === 2);
    expect(outcomes[1]).toBe('patient: connection closed');
  });

  it('a length that cannot be a PDU ends the connection, with generic_nack', async () => {
    const smsc = await rawSmsc();
    const { session, peer } = await connected(smsc);
    const closed = new Promise((resolve) => session.once('close', resolve));
    const late: PDU[] = [];
    session.on('deliver_sm', (pdu: PDU) => late.push(pdu));
    const broken = Buffer.alloc(16);
    broken.writeUInt32BE(70_000, 0);
    peer.write(
      Buffer.concat([
        broken,
        new smpp.PDU('deliver_sm', { sequence_number: 2, short_message: 'x' }).toBuffer(),
      ]),
    );
    await closed;
    expect(session.closed).toBe(true);
    expect(late).toEqual([]);
    expect(pdusIn(smsc.received).map((p) => [p.command, p.command_status])).toEqual([['generic_nack', 0x02]]);
    expect(session.request('enquire_link', {}, 1_000, () => undefined)).toBe(false);
  });
});
