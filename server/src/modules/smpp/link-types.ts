import type { DeliveryReceipt } from './receipt';

export type BindMode = 'receiver' | 'transmitter' | 'transceiver';

export type SmppLinkConfig = {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType?: string;
  bindMode: BindMode;
  /** address_range of the bind (which numbers a receiver wants), often empty. */
  addressRange?: string;
  /** Our enquire_link every this many ms; a missing answer within `responseTimeoutMs` means the link is dead. */
  enquireLinkMs?: number;
  responseTimeoutMs?: number;
  connectTimeoutMs?: number;
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
  /** submit_sm awaiting their response at once. */
  window?: number;
  /** submit_sm per second; 0 = unlimited. */
  throughputPerSecond?: number;
  /**
   * Paces submit_sm instead of this link's own `throughputPerSecond` bucket: one limit shared by every
   * process bound to the same account (mass SMS: a token bucket in the database).
   */
  rateLimiter?: { take(): Promise<void> };
  /** How long the parts of a long message wait for the rest before what arrived is released, marked. */
  reassemblyTimeoutMs?: number;
};

export type LinkStatus = 'stopped' | 'connecting' | 'bound' | 'reconnecting';

export type LinkCounters = {
  received: number;
  receipts: number;
  partsReceived: number;
  incompleteReleased: number;
  submitted: number;
  submitFailed: number;
  reconnects: number;
  handOffFailures: number;
};

export type LinkState = {
  status: LinkStatus;
  /** When the next connection attempt is due (status reconnecting). */
  nextAttemptAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  boundAt: string | null;
  counters: LinkCounters;
};

/** A complete inbound SMS, handed to `onMessage`; the deliver_sm_resp (of its last part) waits for it. */
export type InboundSms = {
  from: string;
  to: string;
  text: string;
  receivedAt: Date;
  /** The SMSC's message id when it gives one, else a hash of the content (redeliveries hash the same). */
  externalId: string;
  /** Set when a long message was released without all its parts: the text marks the gaps with […]. */
  incomplete?: { total: number; missing: number[] };
};

export type LinkHandlers = {
  onMessage?(sms: InboundSms): Promise<void>;
  onReceipt?(receipt: DeliveryReceipt): Promise<void>;
  onState?(state: LinkState): void;
  log?: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
};

/** What `submit` sends: the text is split and encoded here (GSM-7 if it fits, else UCS-2). */
export type OutboundSms = {
  from: string;
  to: string;
  text: string;
  /** Ask for a final delivery receipt (registered_delivery 1). Default true. */
  registeredDelivery?: boolean;
  sourceTon?: number;
  sourceNpi?: number;
  destTon?: number;
  destNpi?: number;
  /**
   * Asked right before the first part goes on the wire (after the window and the msg/s limit let it):
   * false withdraws the message, which then fails with `WithdrawnError` having sent nothing. A message
   * waits there for as long as the SMSC is slow; its sender may have given it up meanwhile (a cancel).
   */
  stillWanted?: () => boolean;
};

export type SubmitResult = {
  encoding: 'gsm7' | 'ucs2';
  dataCoding: 0 | 8;
  /** The SMSC message id of each part, in order (store them all: each part gets its own receipt). */
  messageIds: string[];
};
