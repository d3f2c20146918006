import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messageIdKeys, parseReceipt, sameMessageId } from '../../src/modules/smpp/receipt';
import { useLinkFixture } from './support/link-fixture';

type CorpusEntry = {
  style: string;
  esmClass: number;
  text: string;
  receiptedMessageId?: string;
  messageState?: number;
  submitId: string;
  expected: Record<string, unknown>;
};
const corpus: CorpusEntry[] = JSON.parse(
  readFileSync(new URL('./data/dlr-corpus.json', import.meta.url), 'utf8'),
).receipts;
const setup = useLinkFixture();

describe('delivery receipt corpus', () => {
  it('holds at least 20 receipts', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20);
  });

  it('every receipt, sent by an SMSC as deliver_sm over TCP, is parsed as expected and matches its submit id', async () => {
    const { smsc, receipts, received } = await setup();
    for (const entry of corpus) {
      const resp = await smsc.deliver({
        esm_class: entry.esmClass,
        data_coding: 0,
        short_message: Buffer.from(entry.text, 'ascii'),
        ...(entry.receiptedMessageId ? { receipted_message_id: entry.receiptedMessageId } : {}),
        ...(entry.messageState !== undefined ? { message_state: entry.messageState } : {}),
      });
      expect(resp.command_status, entry.style).toBe(0);
    }
    expect(received).toEqual([]);
    expect(receipts).toHaveLength(corpus.length);
    corpus.forEach((entry, index) => {
      const receipt = receipts[index]!;
      expect(receipt, entry.style).toMatchObject(entry.expected);
      expect(sameMessageId(entry.submitId, receipt.messageId), `${entry.style}: ${receipt.messageId}`).toBe(
        true,
      );
      expect(receipt.raw.text).toBe(entry.text);
    });
  });

  it('ids of different messages do not match', () => {
    expect(sameMessageId('1a2b', '6698')).toBe(false);
    expect(sameMessageId('77001', '77002')).toBe(false);
    expect(messageIdKeys('00ABC')).toContain('abc');
  });

  it('text that is no receipt gives null', () => {
    expect(parseReceipt({ text: 'Your code is 1234' })).toBeNull();
    expect(parseReceipt({ text: 'id:1 but no state' })).toBeNull();
  });
});
