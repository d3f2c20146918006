import type { AddressInfo } from 'node:net';
import smpp, { type PDU, type Server, type Session } from 'smpp';

/**
 * An SMSC for tests, speaking real SMPP over TCP through npm `smpp`'s own server: checks binds,
 * answers (or, when told, ignores) enquire_link, answers submit_sm with hex ids, and sends deliver_sm.
 */
export type FakeSmscOptions = { systemId?: string; password?: string; responseDelayMs?: number };

export type BindRecord = {
  command: string;
  systemId: string;
  password: string;
  systemType: string;
  ok: boolean;
};

export class FakeSmsc {
  readonly binds: BindRecord[] = [];
  readonly submits: PDU[] = [];
  readonly enquireLinksReceived: number[] = [];
  /** When false, enquire_link from the client is left unanswered (a hung SMSC). */
  answerEnquireLink = true;
  /** When set, a delivery receipt follows each accepted submit_sm. */
  receiptStat: string | null = null;
  /** Delay of submit_sm_resp, to see the client's window fill up. */
  submitResponseDelayMs = 0;
  inFlightSubmits = 0;
  /**
   * One-shot: when a submit_sm arrives while `submits` holds this many, it is neither kept nor
   * answered and every connection is cut (an SMSC dropping mid-campaign; the lost submit never counted).
   */
  dropAtSubmit: number | null = null;
  private readonly unanswered = new Set<PDU>();
  private readonly dead = new WeakSet<Session>();
  maxInFlightSubmits = 0;
  private bound: Session[] = [];
  private nextId = 0x1a2b3c00;
  private boundWaiters: Array<(session: Session) => void> = [];

  private constructor(
    readonly server: Server,
    readonly port: number,
    readonly options: Required<FakeSmscOptions>,
  ) {}

  static async start(options: FakeSmscOptions = {}): Promise<FakeSmsc> {
    const resolved = { systemId: 'jiema', password: 'secret', responseDelayMs: 0, ...options };
    let smsc: FakeSmsc | undefined;
    const server = smpp.createServer({}, (session) => smsc!.accept(session));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    smsc = new FakeSmsc(server, (server.address() as AddressInfo).port, resolved);
    return smsc;
  }

  get boundSessions() {
    return this.bound.filter((session) => !session.closed);
  }

  /** The bound session, waiting for one if none is bound yet. */
  waitForBind(timeoutMs = 5000): Promise<Session> {
    const current = this.boundSessions[0];
    if (current) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no bind within timeout')), timeoutMs);
      this.boundWaiters.push((session) => {
        clearTimeout(timer);
        resolve(session);
      });
    });
  }

  /** Sends a deliver_sm on the bound session; resolves with the client's deliver_sm_resp. */
  async deliver(params: Record<string, unknown>, timeoutMs = 5000): Promise<PDU> {
    const session = await this.waitForBind(timeoutMs);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no deliver_sm_resp within timeout')), timeoutMs);
      const onClose = () => {
        clearTimeout(timer);
        reject(new Error('connection closed before deliver_sm_resp'));
      };
      session.once('close', onClose);
      session.send(
        new smpp.PDU('deliver_sm', { source_addr: '+15550001', destination_addr: '79990000001', ...params }),
        (resp) => {
          clearTimeout(timer);
          session.off('close', onClose);
          resolve(resp);
        },
      );
    });
  }

  /** Sends any request on the bound session; resolves with the client's response. */
  async request(command: string, params: Record<string, unknown>, timeoutMs = 5000): Promise<PDU> {
    const session = await this.waitForBind(timeoutMs);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${command}_resp within timeout`)), timeoutMs);
      session.send(new smpp.PDU(command, params), (resp) => {
        clearTimeout(timer);
        resolve(resp);
      });
    });
  }

  /** Like an SMSC: re-sends a deliver_sm on each new bind until it is acknowledged with ESME_ROK. */
  async deliverUntilAcked(params: Record<string, unknown>, attempts = 10): Promise<number> {
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        const resp = await this.deliver(params, 10_000);
        if (resp.command_status === 0) return attempt;
      } catch {
        // Dropped before the answer: wait for the next bind and send it again.
      }
    }
    throw new Error('never acknowledged');
  }

  /** Cuts every connection, as a crashed SMSC or a broken network would. */
  dropConnections() {
    for (const session of this.server.sessions) {
      this.dead.add(session);
      session.destroy();
    }
  }

  async close() {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(session: Session) {
    session.on('error', () => undefined);
    for (const command of ['bind_transceiver', 'bind_receiver', 'bind_transmitter']) {
      session.on(command, (pdu: PDU) => {
        const record: BindRecord = {
          command,
          systemId: String(pdu.system_id),
          password: String(pdu.password),
          systemType: String(pdu.system_type),
          ok: pdu.system_id === this.options.systemId && pdu.password === this.options.password,
        };
        this.binds.push(record);
        session.send(
          pdu.response({ command_status: record.ok ? 0 : smpp.ESME_RINVPASWD, system_id: 'fake-smsc' }),
        );
        if (!record.ok) return;
        this.bound.push(session);
        for (const waiter of this.boundWaiters.splice(0)) waiter(session);
      });
    }
    session.on('enquire_link', (pdu: PDU) => {
      this.enquireLinksReceived.push(Date.now());
      if (this.answerEnquireLink) session.send(pdu.response());
    });
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: PDU) => {
      if (this.dropAtSubmit !== null && this.submits.length >= this.dropAtSubmit) {
        this.dropAtSubmit = null;
        // A crash: what was taken but not yet acknowledged is lost with it (never counted as accepted).
        for (const unanswered of this.unanswered) this.submits.splice(this.submits.indexOf(unanswered), 1);
        this.unanswered.clear();
        this.dropConnections();
        return;
      }
      // PDUs already read from a cut connection are not processed (`closed` is set only on 'close').
      if (session.closed || this.dead.has(session)) return;
      this.submits.push(pdu);
      this.unanswered.add(pdu);
      this.inFlightSubmits += 1;
      this.maxInFlightSubmits = Math.max(this.maxInFlightSubmits, this.inFlightSubmits);
      const id = (this.nextId++).toString(16);
      setTimeout(() => {
        this.inFlightSubmits -= 1;
        if (!this.unanswered.delete(pdu)) return;
        session.send(pdu.response({ message_id: id }));
        if (!this.receiptStat) return;
        // Receipts report the id in decimal, as many SMSCs do after answering in hex.
        const decimal = BigInt(`0x${id}`).toString(10);
        session.send(
          new smpp.PDU('deliver_sm', {
            source_addr: pdu.destination_addr,
            destination_addr: pdu.source_addr,
            esm_class: 0x04,
            short_message: `id:${decimal} sub:001 dlvrd:001 submit date:2611231200 done date:2611231201 stat:${this.receiptStat} err:000 text:`,
          }),
        );
      }, this.submitResponseDelayMs);
    });
  }
}
