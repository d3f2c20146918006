import { hashExternalId, type InboundPart, readInboundPdu } from './inbound-pdu';
import type { InboundSms, LinkCounters, LinkHandlers } from './link-types';
import { type AssembledMessage, Reassembler } from './reassembly';
import { type PDU, STATUS } from './smpp-library';
import { decodeText } from './text-codec';

/** Shown where parts of a long message never arrived. */
export const MISSING_PART_MARK = '[…]';
/** Content hashes of id-less SMS are bucketed in time: a redelivery lands in the same bucket, a repeat days later not. */
const HASH_BUCKET_MS = 10 * 60_000;

type PartMeta = { from: string; to: string; dataCoding: number; smscMessageId: string | undefined };

/**
 * Turns deliver_sm into receipts and complete messages, and says which command_status to answer:
 * ESME_ROK once the callback has taken the message (for a long message: the part that completes it),
 * a temporary error when the callback failed, so the SMSC delivers it again.
 */
export class InboundHandler {
  private readonly reassembler: Reassembler;
  /** The first part's addressing and coding per set: the text is decoded once, all bytes joined. */
  private readonly meta = new Map<string, PartMeta>();

  constructor(
    timeoutMs: number,
    private readonly handlers: LinkHandlers,
    private readonly counters: LinkCounters,
  ) {
    this.reassembler = new Reassembler({
      timeoutMs,
      onExpired: async (message) => {
        await this.handOff(message);
        this.counters.incompleteReleased += 1;
      },
    });
  }

  async handle(pdu: PDU): Promise<number> {
    try {
      const inbound = readInboundPdu(pdu);
      if (inbound.kind === 'receipt') {
        await this.handlers.onReceipt?.(inbound.receipt);
        this.counters.receipts += 1;
        return STATUS.ESME_ROK;
      }
      return await this.handlePart(inbound.part);
    } catch (error) {
      this.counters.handOffFailures += 1;
      this.handlers.log?.warn({ error: (error as Error).message }, 'smpp deliver_sm not handed off');
      return STATUS.ESME_RX_T_APPN;
    }
  }

  async flush() {
    await this.reassembler.flush();
  }

  close() {
    this.reassembler.close();
    this.meta.clear();
  }

  private async handlePart(part: InboundPart): Promise<number> {
    this.counters.partsReceived += 1;
    const receivedAt = new Date();
    if (!part.concat) {
      const key = `${part.from}|${part.to}|single`;
      const bodies = [part.body];
      await this.deliver(
        { from: part.from, to: part.to, dataCoding: part.dataCoding, smscMessageId: part.smscMessageId },
        { key, bodies, total: 1, missing: [], firstReceivedAt: receivedAt },
      );
      return STATUS.ESME_ROK;
    }
    const { ref, total, seq, via } = part.concat;
    const key = `${part.from}|${part.to}|${via}:${ref}/${total}`;
    if (!this.meta.has(key) || seq === 1) {
      this.meta.set(key, {
        from: part.from,
        to: part.to,
        dataCoding: part.dataCoding,
        smscMessageId: part.smscMessageId,
      });
    }
    const added = this.reassembler.add({ key, total, seq, body: part.body, receivedAt });
    if (added.state === 'busy') return STATUS.ESME_RX_T_APPN;
    if (added.state !== 'complete') return STATUS.ESME_ROK;
    try {
      await this.handOff(added.message);
      added.settle(true);
      return STATUS.ESME_ROK;
    } catch (error) {
      added.settle(false);
      throw error;
    }
  }

  private async handOff(message: AssembledMessage) {
    const meta = this.meta.get(message.key);
    if (!meta) return;
    await this.deliver(meta, message);
    this.meta.delete(message.key);
  }

  private async deliver(meta: PartMeta, message: AssembledMessage) {
    const text =
      message.missing.length === 0
        ? decodeText(Buffer.concat(message.bodies), meta.dataCoding)
        : gapped(meta, message);
    const externalId =
      meta.smscMessageId ??
      hashExternalId(
        meta.from,
        meta.to,
        message.bodies,
        `${message.key}@${Math.floor(message.firstReceivedAt.getTime() / HASH_BUCKET_MS)}`,
      );
    const sms: InboundSms = {
      from: meta.from,
      to: meta.to,
      text,
      receivedAt: message.firstReceivedAt,
      externalId,
    };
    if (message.missing.length) sms.incomplete = { total: message.total, missing: message.missing };
    await this.handlers.onMessage?.(sms);
    this.counters.received += 1;
  }
}

/** The text of an incomplete set: runs of consecutive parts decoded together, gaps marked. */
function gapped(meta: PartMeta, message: AssembledMessage): string {
  const missing = new Set(message.missing);
  const pieces: string[] = [];
  let run: Buffer[] = [];
  let index = 0;
  for (let seq = 1; seq <= message.total; seq += 1) {
    if (missing.has(seq)) {
      if (run.length) pieces.push(decodeText(Buffer.concat(run), meta.dataCoding));
      run = [];
      pieces.push(MISSING_PART_MARK);
    } else {
      run.push(message.bodies[index]!);
      index += 1;
    }
  }
  if (run.length) pieces.push(decodeText(Buffer.concat(run), meta.dataCoding));
  return pieces.join('');
}
