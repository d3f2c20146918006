import { SmppError, statusHex } from './errors';
import { EsmeSession } from './esme-session';
import { backoffDelay } from './flow-control';
import { InboundHandler } from './inbound-handler';
import type {
  LinkCounters,
  LinkHandlers,
  LinkState,
  LinkStatus,
  OutboundSms,
  SmppLinkConfig,
  SubmitResult,
} from './link-types';
import { type PDU, STATUS } from './smpp-library';
import { Submitter } from './submitter';

const DEFAULTS = {
  enquireLinkMs: 30_000,
  responseTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  reconnectInitialMs: 1_000,
  reconnectMaxMs: 60_000,
  window: 10,
  throughputPerSecond: 0,
  reassemblyTimeoutMs: 120_000,
};
/** Unbind gets a short answer time on stop: we close the socket either way. */
const UNBIND_TIMEOUT_MS = 2_000;

export type ResolvedLinkConfig = Required<
  Omit<SmppLinkConfig, 'systemType' | 'addressRange' | 'rateLimiter'>
> &
  Pick<SmppLinkConfig, 'systemType' | 'addressRange' | 'rateLimiter'>;

/**
 * One SMPP bind kept alive: connect, bind, enquire_link on an interval (an unanswered one means the
 * link is dead), reconnect with exponential backoff and jitter, unbind and close on stop. Every
 * request has a response timeout. Inbound deliver_sm go to InboundHandler, submits to Submitter.
 */
export class SmppLink {
  readonly config: ResolvedLinkConfig;
  private session: EsmeSession | null = null;
  private status: LinkStatus = 'stopped';
  private bound = false;
  private stopping = true;
  private attempt = 0;
  private nextAttemptAt: Date | null = null;
  private lastError: { message: string; at: Date } | null = null;
  private boundAt: Date | null = null;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private keepaliveTimer: NodeJS.Timeout | undefined;
  private readonly boundWaiters = new Set<() => void>();
  readonly counters: LinkCounters = {
    received: 0,
    receipts: 0,
    partsReceived: 0,
    incompleteReleased: 0,
    submitted: 0,
    submitFailed: 0,
    reconnects: 0,
    handOffFailures: 0,
  };
  private readonly inbound: InboundHandler;
  private readonly submitter: Submitter;

  constructor(
    config: SmppLinkConfig,
    private readonly handlers: LinkHandlers = {},
  ) {
    this.config = { ...DEFAULTS, ...config } as ResolvedLinkConfig;
    this.inbound = new InboundHandler(this.config.reassemblyTimeoutMs, handlers, this.counters);
    this.submitter = new Submitter(this, this.counters);
  }

  state(): LinkState {
    return {
      status: this.status,
      nextAttemptAt: this.status === 'reconnecting' ? (this.nextAttemptAt?.toISOString() ?? null) : null,
      lastError: this.lastError?.message ?? null,
      lastErrorAt: this.lastError?.at.toISOString() ?? null,
      boundAt: this.bound ? (this.boundAt?.toISOString() ?? null) : null,
      counters: { ...this.counters },
    };
  }

  get isBound() {
    return this.bound;
  }

  start() {
    if (!this.stopping) return;
    this.stopping = false;
    this.attempt = 0;
    this.connect();
  }

  /** Unbinds, closes the socket and releases the parts still waiting for the rest (marked incomplete). */
  async stop(): Promise<void> {
    if (this.stopping && !this.session) return;
    this.stopping = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.keepaliveTimer);
    const session = this.session;
    if (session && !session.closed) {
      if (this.bound) await this.request('unbind', {}, UNBIND_TIMEOUT_MS).catch(() => undefined);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => session.destroy(), UNBIND_TIMEOUT_MS);
        session.close(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.session = null;
    this.bound = false;
    await this.inbound.flush();
    this.inbound.close();
    this.setStatus('stopped');
  }

  submit(sms: OutboundSms): Promise<SubmitResult> {
    return this.submitter.submit(sms);
  }

  /** Resolves once bound (or at once if bound); rejects after `timeoutMs`. */
  waitUntilBound(timeoutMs: number): Promise<void> {
    if (this.bound) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.boundWaiters.delete(done);
        reject(new SmppError(`not bound within ${timeoutMs} ms`, true));
      }, timeoutMs);
      this.boundWaiters.add(done);
    });
  }

  /**
   * Sends a request on the current session and waits for its response, at most `timeoutMs`; fails at
   * once if the connection ends first.
   */
  request(command: string, params: Record<string, unknown>, timeoutMs = this.config.responseTimeoutMs) {
    const session = this.session;
    return new Promise<PDU>((resolve, reject) => {
      if (!session || session.closed) {
        reject(new SmppError('not connected', true));
        return;
      }
      corkUntilNextTick(session);
      const sent = session.request(command, params, timeoutMs, (error, response) => {
        if (error) reject(error);
        else resolve(response!);
      });
      if (!sent) reject(new SmppError(`${command}: write failed`, true));
    });
  }

  private setStatus(status: LinkStatus) {
    this.status = status;
    this.handlers.onState?.(this.state());
  }

  private noteError(message: string) {
    this.lastError = { message, at: new Date() };
    this.handlers.log?.warn({ host: this.config.host, port: this.config.port, error: message }, 'smpp link');
  }

  private connect() {
    if (this.stopping) return;
    this.setStatus('connecting');
    const session = new EsmeSession({
      host: this.config.host,
      port: this.config.port,
      connectTimeoutMs: this.config.connectTimeoutMs,
    });
    this.session = session;
    session.on('error', (error: Error) => this.noteError(error.message));
    session.on('close', () => this.onClosed(session));
    session.on('connect', () => void this.bind(session));
    session.on('enquire_link', (pdu: PDU) => session.respond(pdu));
    session.on('unbind', (pdu: PDU) => {
      session.respond(pdu);
      this.noteError('the SMSC unbound');
      session.close();
    });
    session.on('deliver_sm', (pdu: PDU) => {
      void this.inbound.handle(pdu).then((status) => {
        if (session.closed) return;
        corkUntilNextTick(session);
        session.respond(pdu, status);
      });
    });
    session.on('data_sm', (pdu: PDU) => {
      // Not used for MO by the SIM banks we target; refuse it cleanly rather than leave it unanswered.
      session.respond(pdu, STATUS.ESME_RSYSERR);
    });
  }

  private async bind(session: EsmeSession) {
    const { bindMode, systemId, password, systemType, addressRange } = this.config;
    try {
      const response = await this.request(`bind_${bindMode}`, {
        system_id: systemId,
        password,
        system_type: systemType ?? '',
        interface_version: 0x34,
        address_range: addressRange ?? '',
      });
      if (response.command_status !== STATUS.ESME_ROK) {
        this.noteError(`bind_${bindMode} refused: ${statusHex(response.command_status)}`);
        session.close();
        return;
      }
    } catch (error) {
      this.noteError((error as Error).message);
      session.destroy();
      return;
    }
    if (session !== this.session || this.stopping) return;
    this.bound = true;
    this.boundAt = new Date();
    this.attempt = 0;
    this.setStatus('bound');
    for (const waiter of this.boundWaiters) waiter();
    this.boundWaiters.clear();
    this.keepaliveTimer = setInterval(() => void this.keepAlive(session), this.config.enquireLinkMs);
  }

  private async keepAlive(session: EsmeSession) {
    try {
      const response = await this.request('enquire_link', {});
      if (response.command_status !== STATUS.ESME_ROK) throw new Error(statusHex(response.command_status));
    } catch (error) {
      if (session !== this.session || this.stopping) return;
      this.noteError(`link dead: enquire_link failed (${(error as Error).message})`);
      session.destroy();
    }
  }

  private onClosed(session: EsmeSession) {
    if (session !== this.session) return;
    clearInterval(this.keepaliveTimer);
    this.session = null;
    this.bound = false;
    if (this.stopping) return;
    const delay = backoffDelay(this.attempt, this.config.reconnectInitialMs, this.config.reconnectMaxMs);
    this.attempt += 1;
    this.counters.reconnects += 1;
    this.nextAttemptAt = new Date(Date.now() + delay);
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }
}

const corked = new WeakSet<EsmeSession>();

/**
 * Holds the socket's writes until the current tick ends: the PDUs of a burst (a window refilled, the
 * receipts of one flush acknowledged) leave in one write instead of one system call each.
 */
function corkUntilNextTick(session: EsmeSession) {
  if (corked.has(session)) return;
  corked.add(session);
  session.socket.cork();
  process.nextTick(() => {
    corked.delete(session);
    session.socket.uncork();
  });
}
