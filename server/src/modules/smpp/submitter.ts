import { isTransientStatus, SmppError, statusHex, WithdrawnError } from './errors';
import { TokenBucket, Window } from './flow-control';
import { ESM_UDHI } from './inbound-pdu';
import type { LinkCounters, OutboundSms, SubmitResult } from './link-types';
import { MAX_PARTS, splitText } from './segments';
import { STATUS } from './smpp-library';
import type { SmppLink } from './smpp-link';
import { concatUdh } from './udh';

/** registered_delivery: final receipt on success or failure (SMPP 3.4 §5.2.17). */
const FINAL_RECEIPT = 0x01;

/**
 * submit_sm with explicit data_coding, long texts split with a UDH, at most `window` awaiting their
 * response and at most `throughputPerSecond` sent a second.
 */
export class Submitter {
  private readonly window: Window;
  /** Null when neither the connector nor the link sets a msg/s limit. */
  private readonly bucket: { take(): Promise<void> } | null;
  private nextRef = Math.floor(Math.random() * 256);

  constructor(
    private readonly link: SmppLink,
    private readonly counters: LinkCounters,
  ) {
    this.window = new Window(link.config.window);
    this.bucket =
      link.config.rateLimiter ??
      (link.config.throughputPerSecond > 0 ? new TokenBucket(link.config.throughputPerSecond) : null);
  }

  async submit(sms: OutboundSms): Promise<SubmitResult> {
    if (this.link.config.bindMode === 'receiver') throw new SmppError('a receiver bind cannot submit', false);
    if (!this.link.isBound) throw new SmppError('not bound', true);
    const split = splitText(sms.text);
    if (split.bodies.length > MAX_PARTS) throw new SmppError(`more than ${MAX_PARTS} parts`, false);
    const ref = this.nextRef;
    this.nextRef = (this.nextRef + 1) & 0xff;
    const total = split.bodies.length;
    const numericSender = /^\+?\d+$/.test(sms.from);
    const partParams = (body: Buffer, index: number) => {
      const udh = total > 1 ? concatUdh(ref, total, index + 1) : null;
      return {
        source_addr: sms.from,
        source_addr_ton: sms.sourceTon ?? (numericSender ? 1 : 5),
        source_addr_npi: sms.sourceNpi ?? (numericSender ? 1 : 0),
        destination_addr: sms.to.startsWith('+') ? sms.to.slice(1) : sms.to,
        dest_addr_ton: sms.destTon ?? 1,
        dest_addr_npi: sms.destNpi ?? 1,
        esm_class: udh ? ESM_UDHI : 0,
        registered_delivery: sms.registeredDelivery === false ? 0 : FINAL_RECEIPT,
        data_coding: split.dataCoding,
        // A Buffer is sent as is by npm `smpp` (filters.message.encode): our encoding, our UDH.
        short_message: udh ? Buffer.concat([udh, body]) : body,
      };
    };
    // Once one part is on the wire the message is the SMSC's: its other parts follow whatever happens.
    let handedOver = false;
    const handOver = sms.stillWanted
      ? () => {
          if (!handedOver && !sms.stillWanted!()) return false;
          handedOver = true;
          return true;
        }
      : null;
    // One part (most messages): no Promise.all and its arrays, per message of a fast campaign.
    const ids =
      total === 1
        ? [await this.submitPart(partParams(split.bodies[0]!, 0), handOver)]
        : await Promise.all(
            split.bodies.map((body, index) => this.submitPart(partParams(body, index), handOver)),
          );
    return { encoding: split.encoding, dataCoding: split.dataCoding, messageIds: ids };
  }

  private async submitPart(
    params: Record<string, unknown>,
    handOver: (() => boolean) | null,
  ): Promise<string> {
    if (!this.window.tryAcquire()) await this.window.acquire();
    try {
      if (this.bucket) await this.bucket.take();
      if (handOver && !handOver()) throw new WithdrawnError();
      const response = await this.link.request('submit_sm', params);
      if (response.command_status !== STATUS.ESME_ROK) {
        const status = response.command_status;
        throw new SmppError(`submit_sm refused: ${statusHex(status)}`, isTransientStatus(status), status);
      }
      this.counters.submitted += 1;
      return String(response.message_id ?? '');
    } catch (error) {
      if (!(error instanceof WithdrawnError)) this.counters.submitFailed += 1;
      throw error;
    } finally {
      this.window.release();
    }
  }
}
