import { EventEmitter } from 'node:events';
import net from 'node:net';
import { SmppError } from './errors';
import {
  decodePdu,
  encodeGenericNack,
  encodeResponse,
  encodeSubmitSm,
  HEADER,
  isResponse,
  MAX_PDU_LENGTH,
  type SubmitSmParams,
} from './pdu-codec';
import { type PDU, STATUS, smpp } from './smpp-library';

/** How often requests past their response time are failed (a timer per request cost more than the sweep). */
const EXPIRY_SWEEP_MS = 25;
const ESME_RINVCMDLEN = 0x02;
const ESME_RINVCMDID = 0x03;

type Awaiting = {
  command: string;
  timeoutMs: number;
  deadline: number;
  done: (error: SmppError | null, response?: PDU) => void;
};

/**
 * One TCP connection to an SMSC, as an ESME: framing, sequence numbers, each request's response (or
 * its timeout, or the connection's end) handed to its callback, requests from the SMSC emitted by
 * command name (`deliver_sm`, `enquire_link`, `unbind`, ...). What npm `smpp`'s Session did for SmppLink, without its per-PDU debug and metrics
 * events and stream reads; PDUs are encoded and decoded by pdu-codec.ts. Emits `connect`, `error`, `close`.
 */
export class EsmeSession extends EventEmitter {
  closed = false;
  readonly socket: net.Socket;
  private sequence = 0;
  private readonly awaiting = new Map<number, Awaiting>();
  private expirySweep: NodeJS.Timeout | null = null;
  private partial: Buffer | null = null;
  /** False once a PDU length made no sense: the rest of the stream is ignored until the connection ends. */
  private framing = true;

  constructor(options: { host: string; port: number; connectTimeoutMs: number }) {
    super();
    this.socket = net.connect({ host: options.host, port: options.port });
    this.socket.setNoDelay(true);
    const timer = setTimeout(() => {
      const error = Object.assign(new Error(`connect timeout after ${options.connectTimeoutMs} ms`), {
        code: 'ETIMEOUT',
      });
      this.socket.destroy(error);
    }, options.connectTimeoutMs);
    this.socket.once('connect', () => {
      clearTimeout(timer);
      this.emit('connect');
    });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => {
      clearTimeout(timer);
      this.emit('error', error);
    });
    this.socket.on('close', () => {
      clearTimeout(timer);
      this.closed = true;
      this.stopExpirySweep();
      const awaiting = [...this.awaiting.values()];
      this.awaiting.clear();
      for (const request of awaiting) request.done(new SmppError('connection closed', true));
      this.emit('close');
    });
  }

  /**
   * Sends a request; `done` gets its response, or an error when none came within `timeoutMs` (a late
   * one is then dropped) or the connection ended first. Returns false, and `done` is never called,
   * when the socket cannot be written.
   */
  request(
    command: string,
    params: Record<string, unknown>,
    timeoutMs: number,
    done: (error: SmppError | null, response?: PDU) => void,
  ): boolean {
    if (this.closed || !this.framing || !this.socket.writable) return false;
    this.sequence = this.sequence >= 0x7fffffff ? 1 : this.sequence + 1;
    const sequence = this.sequence;
    const bytes =
      command === 'submit_sm'
        ? encodeSubmitSm(sequence, params as SubmitSmParams)
        : new smpp.PDU(command, { ...params, sequence_number: sequence }).toBuffer();
    this.awaiting.set(sequence, { command, timeoutMs, deadline: Date.now() + timeoutMs, done });
    this.expirySweep ??= setInterval(() => this.expire(), EXPIRY_SWEEP_MS);
    this.socket.write(bytes);
    return true;
  }

  private expire() {
    const now = Date.now();
    for (const [sequence, request] of this.awaiting) {
      if (request.deadline > now) continue;
      this.awaiting.delete(sequence);
      request.done(new SmppError(`${request.command}: no response within ${request.timeoutMs} ms`, true));
    }
    if (!this.awaiting.size) this.stopExpirySweep();
  }

  private stopExpirySweep() {
    if (this.expirySweep) clearInterval(this.expirySweep);
    this.expirySweep = null;
  }

  /** Answers a request of the SMSC. */
  respond(request: PDU, status: number = STATUS.ESME_ROK) {
    if (this.closed || !this.framing || !this.socket.writable) return;
    this.socket.write(encodeResponse(request, status));
  }

  close(callback?: () => void) {
    if (callback) {
      if (this.closed) callback();
      else this.socket.once('close', callback);
    }
    this.socket.end();
  }

  destroy() {
    this.socket.destroy();
  }

  /**
   * Nothing after a PDU length that cannot be one can be read. The SMSC is told why (generic_nack) and
   * the connection ends (the link reconnects); destroyed after a second if the SMSC does not close its side.
   */
  private framingLost(length: number) {
    this.framing = false;
    this.partial = null;
    this.emit('error', new Error(`SMPP framing lost: a PDU of ${length} bytes`));
    this.socket.end(encodeGenericNack(ESME_RINVCMDLEN, 0));
    setTimeout(() => this.socket.destroy(), 1_000).unref();
  }

  private read(chunk: Buffer) {
    if (!this.framing) return;
    const data = this.partial ? Buffer.concat([this.partial, chunk]) : chunk;
    let at = 0;
    while (data.length - at >= 4 && this.framing && !this.closed) {
      const length = data.readUInt32BE(at);
      if (length < HEADER || length > MAX_PDU_LENGTH) {
        this.framingLost(length);
        return;
      }
      if (data.length - at < length) break;
      const bytes = data.subarray(at, at + length);
      at += length;
      let pdu: PDU;
      try {
        pdu = decodePdu(bytes);
      } catch (error) {
        this.socket.destroy(new Error(`undecodable PDU: ${(error as Error).message}`));
        return;
      }
      this.dispatch(pdu);
    }
    // Copied: a chunk's tail must not keep the whole chunk alive until the rest arrives.
    this.partial = at < data.length ? Buffer.from(data.subarray(at)) : null;
  }

  private dispatch(pdu: PDU) {
    if (isResponse(pdu.command_id)) {
      const request = this.awaiting.get(pdu.sequence_number);
      if (request) {
        this.awaiting.delete(pdu.sequence_number);
        request.done(null, pdu);
      }
      return;
    }
    if (pdu.command === 'unknown') {
      if (!this.closed) this.socket.write(encodeGenericNack(ESME_RINVCMDID, pdu.sequence_number));
      return;
    }
    this.emit(pdu.command, pdu);
  }
}
