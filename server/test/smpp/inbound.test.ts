import { describe, expect, it } from 'vitest';
import { encodeUcs2 } from '../../src/modules/smpp/segments';
import { useLinkFixture } from './support/link-fixture';
import { waitFor } from './support/wait';

const setup = useLinkFixture();
const UDHI = 0x40;
const gsm = (...codes: number[]) => Buffer.from(codes);
const udh8 = (ref: number, total: number, seq: number) => Buffer.from([0x05, 0x00, 0x03, ref, total, seq]);
const udh16 = (ref: number, total: number, seq: number) =>
  Buffer.from([0x06, 0x08, 0x04, ref >> 8, ref & 0xff, total, seq]);

describe('SMPP inbound: decoding', () => {
  it('GSM-7 (data_coding 0) with extension characters € [ ] { } and basic @ £ Ä', async () => {
    const { smsc, received } = await setup();
    // "@£Ä €[x] {y}" in GSM 03.38: @=00 £=01 Ä=5B space=20 €=1B65 [=1B3C ]=1B3E {=1B28 }=1B29
    const bytes = gsm(
      0x00,
      0x01,
      0x5b,
      0x20,
      0x1b,
      0x65,
      0x1b,
      0x3c,
      0x78,
      0x1b,
      0x3e,
      0x20,
      0x1b,
      0x28,
      0x79,
      0x1b,
      0x29,
    );
    const resp = await smsc.deliver({ data_coding: 0, short_message: bytes });
    expect(resp.command_status).toBe(0);
    expect(received.map((sms) => sms.text)).toEqual(['@£Ä €[x] {y}']);
    expect(received[0]).toMatchObject({ from: '+15550001', to: '79990000001' });
    expect(received[0]!.externalId).toMatch(/^h:[0-9a-f]{32}$/);
  });

  it('IA5 (1) as ASCII, Latin-1 (3), and UCS-2 (8) with emoji surrogate pairs', async () => {
    const { smsc, received } = await setup();
    await smsc.deliver({ data_coding: 1, short_message: Buffer.from('Code @ 1234_ok', 'ascii') });
    await smsc.deliver({ data_coding: 3, short_message: Buffer.from('Código: 5678 ñ ü ß é', 'latin1') });
    await smsc.deliver({ data_coding: 8, short_message: encodeUcs2('验证码：246810 🎉👍🏽 код') });
    expect(received.map((sms) => sms.text)).toEqual([
      'Code @ 1234_ok',
      'Código: 5678 ñ ü ß é',
      '验证码：246810 🎉👍🏽 код',
    ]);
  });

  it('message_payload instead of short_message', async () => {
    const { smsc, received } = await setup();
    const text = 'Your WhatsApp code is 123-456. '.repeat(8);
    await smsc.deliver({
      data_coding: 0,
      short_message: Buffer.alloc(0),
      message_payload: Buffer.from(text, 'ascii'),
    });
    expect(received.map((sms) => sms.text)).toEqual([text]);
  });
});

describe('SMPP inbound: concatenated messages', () => {
  const partsOf = (text: string, size: number) => text.match(new RegExp(`[^]{1,${size}}`, 'g'))!;

  it('three UDH parts (8-bit ref) out of order: one message; only the last answer waits for it', async () => {
    const { smsc, received } = await setup();
    const text = `${'A'.repeat(153)}${'B'.repeat(153)}Your code is 9911`;
    const [p1, p2, p3] = partsOf(text, 153).map((chunk) => Buffer.from(chunk, 'ascii'));
    const send = (seq: number, body: Buffer) =>
      smsc.deliver({
        esm_class: UDHI,
        data_coding: 0,
        short_message: Buffer.concat([udh8(0x42, 3, seq), body]),
      });
    expect((await send(3, p3!)).command_status).toBe(0);
    expect((await send(1, p1!)).command_status).toBe(0);
    expect(received).toHaveLength(0);
    expect((await send(1, p1!)).command_status).toBe(0); // a duplicate part changes nothing
    expect((await send(2, p2!)).command_status).toBe(0);
    expect(received.map((sms) => sms.text)).toEqual([text]);
  });

  it('UDH with a 16-bit reference, UCS-2 with an emoji split across the parts', async () => {
    const { smsc, received } = await setup();
    const bytes = encodeUcs2(`${'я'.repeat(66)}😀конец`);
    // Cut in the middle of the surrogate pair: the pair must join up again.
    const [first, second] = [bytes.subarray(0, 134), bytes.subarray(134)];
    await smsc.deliver({
      esm_class: UDHI,
      data_coding: 8,
      short_message: Buffer.concat([udh16(0x1234, 2, 2), second]),
    });
    await smsc.deliver({
      esm_class: UDHI,
      data_coding: 8,
      short_message: Buffer.concat([udh16(0x1234, 2, 1), first]),
    });
    expect(received.map((sms) => sms.text)).toEqual([`${'я'.repeat(66)}😀конец`]);
  });

  it('SAR TLVs (sar_msg_ref_num, sar_total_segments, sar_segment_seqnum), also out of order', async () => {
    const { smsc, received } = await setup();
    const parts = ['Telegram code 55', '555. Do not give', ' it to anyone €'];
    const order = [2, 3, 1];
    for (const seq of order) {
      const body = Buffer.from(parts[seq - 1]!.replace('€', ''), 'ascii');
      const extra = seq === 3 ? gsm(0x1b, 0x65) : Buffer.alloc(0);
      await smsc.deliver({
        data_coding: 0,
        short_message: Buffer.concat([body, extra]),
        sar_msg_ref_num: 777,
        sar_total_segments: 3,
        sar_segment_seqnum: seq,
      });
    }
    expect(received.map((sms) => sms.text)).toEqual([parts.join('')]);
  });

  it('an incomplete set is released after the timeout as what arrived, with the gap marked', async () => {
    const { smsc, received, link } = await setup({ reassemblyTimeoutMs: 300 });
    await smsc.deliver({
      esm_class: UDHI,
      data_coding: 0,
      short_message: Buffer.concat([udh8(9, 3, 1), Buffer.from('first ')]),
    });
    await smsc.deliver({
      esm_class: UDHI,
      data_coding: 0,
      short_message: Buffer.concat([udh8(9, 3, 3), Buffer.from(' last')]),
    });
    await waitFor('the incomplete message', () => received.length === 1, 3000);
    expect(received[0]!.text).toBe('first […] last');
    expect(received[0]!.incomplete).toEqual({ total: 3, missing: [2] });
    expect(link.state().counters.incompleteReleased).toBe(1);
  });

  it('a failed hand-off answers a temporary error, and the redelivered last part completes the message', async () => {
    const { smsc, received, link } = await setup();
    let fail = true;
    const original = received.push.bind(received);
    received.push = (...items) => {
      if (fail) {
        fail = false;
        throw new Error('database busy');
      }
      return original(...items);
    };
    const part = (seq: number, body: string) =>
      smsc.deliver({
        esm_class: UDHI,
        data_coding: 0,
        short_message: Buffer.concat([udh8(5, 2, seq), Buffer.from(body)]),
      });
    expect((await part(1, 'code ')).command_status).toBe(0);
    expect((await part(2, '7777')).command_status).toBe(0x64);
    expect((await part(2, '7777')).command_status).toBe(0);
    expect(received.map((sms) => sms.text)).toEqual(['code 7777']);
    expect(link.state().counters.handOffFailures).toBe(1);
  });
});
