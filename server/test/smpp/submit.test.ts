import { describe, expect, it } from 'vitest';
import { readDeliverSmBytes } from '../../src/modules/smpp/deliver-sm-raw';
import { sameMessageId } from '../../src/modules/smpp/receipt';
import { type PDU, rawBytesOf } from '../../src/modules/smpp/smpp-library';
import { decodeText } from '../../src/modules/smpp/text-codec';
import { splitUdh } from '../../src/modules/smpp/udh';
import { useLinkFixture } from './support/link-fixture';
import { waitFor } from './support/wait';

const setup = useLinkFixture();

/** What the SMSC got: UDH, data_coding, esm_class and the text of each part, read from the raw PDU. */
function partsSeenBySmsc(submits: PDU[]) {
  return submits.map((pdu) => {
    const { shortMessage } = readDeliverSmBytes(rawBytesOf(pdu)!);
    const udhi = (Number(pdu.esm_class) & 0x40) !== 0;
    const split = udhi ? splitUdh(shortMessage) : { concat: undefined, body: shortMessage };
    return {
      dataCoding: Number(pdu.data_coding),
      esmClass: Number(pdu.esm_class),
      registeredDelivery: Number(pdu.registered_delivery),
      udh: udhi ? [...shortMessage.subarray(0, shortMessage[0]! + 1)] : null,
      concat: split.concat,
      bodyLength: split.body.length,
      text: decodeText(split.body, Number(pdu.data_coding)),
    };
  });
}

describe('SMPP submit', () => {
  it('a long GSM-7 text goes as 3 parts of ≤153 septets with an 8-bit-ref UDH and data_coding 0', async () => {
    const { smsc, link } = await setup();
    const text = `Sale! ${'Prices from 9€ [today] only. '.repeat(12)}`;
    const result = await link.submit({ from: 'Jiema', to: '+79991234567', text });
    expect(result).toMatchObject({ encoding: 'gsm7', dataCoding: 0 });
    expect(result.messageIds).toHaveLength(3);
    const parts = partsSeenBySmsc(smsc.submits);
    expect(parts).toHaveLength(3);
    const ref = parts[0]!.udh![3];
    parts.forEach((part, index) => {
      expect(part).toMatchObject({ dataCoding: 0, esmClass: 0x40, registeredDelivery: 1 });
      expect(part.udh).toEqual([0x05, 0x00, 0x03, ref, 3, index + 1]);
      expect(part.bodyLength).toBeLessThanOrEqual(153);
    });
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(smsc.submits[0]!.destination_addr).toBe('79991234567');
    expect(smsc.submits[0]!.source_addr_ton).toBe(5);
  });

  it('a long UCS-2 text with emoji goes as parts of ≤67 units, data_coding 8, no pair cut', async () => {
    const { smsc, link } = await setup();
    const text = `Ваш код 4821 🔐. ${'Спасибо, что выбрали нас 😊 '.repeat(6)}`;
    const result = await link.submit({ from: '10690000', to: '8613800138000', text });
    expect(result).toMatchObject({ encoding: 'ucs2', dataCoding: 8 });
    const parts = partsSeenBySmsc(smsc.submits);
    expect(parts.length).toBe(result.messageIds.length);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(part.dataCoding).toBe(8);
      expect(part.bodyLength).toBeLessThanOrEqual(134);
      expect(part.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(smsc.submits[0]!.source_addr_ton).toBe(1);
  });

  it('a short text is one submit_sm without UDH', async () => {
    const { smsc, link } = await setup();
    const result = await link.submit({
      from: 'Jiema',
      to: '79991234567',
      text: 'Code 1234',
      registeredDelivery: false,
    });
    expect(result.messageIds).toHaveLength(1);
    expect(partsSeenBySmsc(smsc.submits)).toEqual([
      {
        dataCoding: 0,
        esmClass: 0,
        registeredDelivery: 0,
        udh: null,
        concat: undefined,
        bodyLength: 9,
        text: 'Code 1234',
      },
    ]);
  });

  it('keeps at most `window` submits awaiting their response', async () => {
    const { smsc, link } = await setup({ window: 3 });
    smsc.submitResponseDelayMs = 50;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => link.submit({ from: 'J', to: '7999000000', text: `m${i}` })),
    );
    expect(smsc.submits).toHaveLength(12);
    expect(smsc.maxInFlightSubmits).toBe(3);
  });

  it('throttles to the configured msg/s', async () => {
    const { smsc, link } = await setup({ throughputPerSecond: 20 });
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => link.submit({ from: 'J', to: '7999000000', text: `m${i}` })),
    );
    // 2 may go at once (a tenth of a second's burst), the other 10 at 20/s: about half a second at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(smsc.submits).toHaveLength(12);
  });

  it('receipts for each part come back matched to the submit ids (hex answered, decimal reported)', async () => {
    const { smsc, link, receipts } = await setup();
    smsc.receiptStat = 'DELIVRD';
    const result = await link.submit({ from: 'Jiema', to: '79991234567', text: 'x'.repeat(200) });
    await waitFor('two receipts', () => receipts.length === 2);
    for (const id of result.messageIds) {
      expect(
        receipts.some((receipt) => sameMessageId(id, receipt.messageId) && receipt.status === 'delivered'),
      ).toBe(true);
    }
  });

  it('refuses to submit on a receiver bind, and when not bound', async () => {
    const { link } = await setup({ bindMode: 'receiver' });
    await expect(link.submit({ from: 'J', to: '1', text: 'x' })).rejects.toMatchObject({ transient: false });
    await link.stop();
    const again = await setup();
    await again.link.stop();
    await expect(again.link.submit({ from: 'J', to: '1', text: 'x' })).rejects.toMatchObject({
      message: 'not bound',
    });
  });
});
