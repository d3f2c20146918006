/**
 * Joins the parts of concatenated messages (UDH or SAR), arriving in any order, repeated or never
 * completed. A set that stays incomplete past the timeout is released as what arrived, marked, so
 * no text is ever dropped silently.
 */
export type MessagePart = {
  /** Sender, recipient and reference: the same for every part of one message. */
  key: string;
  total: number;
  seq: number;
  body: Buffer;
  receivedAt: Date;
};

export type AssembledMessage = {
  key: string;
  /** The bodies of the parts that arrived, in order. */
  bodies: Buffer[];
  total: number;
  missing: number[];
  firstReceivedAt: Date;
};

export type AddResult =
  | { state: 'incomplete' }
  | { state: 'duplicate' }
  /** The set is being handed off right now: answer a temporary error so the SMSC tries again. */
  | { state: 'busy' }
  | {
      state: 'complete';
      message: AssembledMessage;
      /** Call with true once the message is handed off; false keeps the parts so a redelivery completes it again. */
      settle(handedOff: boolean): void;
    };

type PendingSet = {
  parts: Map<number, MessagePart>;
  total: number;
  timer: NodeJS.Timeout;
  handingOff: boolean;
};

export type ReassemblerOptions = {
  timeoutMs: number;
  /** Receives an incomplete set once its time is up; if it throws, it is offered again later. */
  onExpired(message: AssembledMessage): Promise<void>;
};

export class Reassembler {
  private readonly pending = new Map<string, PendingSet>();
  /** Parts of sets handed off recently: a repeat of one (same body) is a duplicate, not a new message. */
  private readonly recent = new Map<string, { bodies: Map<number, string>; timer: NodeJS.Timeout }>();
  private closed = false;

  constructor(private readonly options: ReassemblerOptions) {}

  get pendingCount() {
    return this.pending.size;
  }

  add(part: MessagePart): AddResult {
    if (part.seq < 1 || part.seq > part.total)
      part = { ...part, seq: Math.min(Math.max(part.seq, 1), part.total) };
    const seen = this.recent.get(part.key)?.bodies.get(part.seq);
    if (seen !== undefined && seen === part.body.toString('hex')) return { state: 'duplicate' };
    let set = this.pending.get(part.key);
    if (!set) {
      set = { parts: new Map(), total: part.total, timer: this.expiryTimer(part.key), handingOff: false };
      this.pending.set(part.key, set);
    }
    if (set.handingOff) return { state: 'busy' };
    if (set.parts.has(part.seq)) return { state: 'duplicate' };
    set.parts.set(part.seq, part);
    if (set.parts.size < set.total) return { state: 'incomplete' };
    set.handingOff = true;
    const current = set;
    return {
      state: 'complete',
      message: this.assemble(part.key, current),
      settle: (handedOff) => {
        current.handingOff = false;
        if (handedOff) {
          clearTimeout(current.timer);
          this.pending.delete(part.key);
          this.remember(part.key, current);
        } else {
          current.parts.delete(part.seq);
        }
      },
    };
  }

  /** Stops the timers; parts still waiting are not released (the SMSC holds them only until acked: see README). */
  close() {
    this.closed = true;
    for (const set of this.pending.values()) clearTimeout(set.timer);
    for (const entry of this.recent.values()) clearTimeout(entry.timer);
    this.pending.clear();
    this.recent.clear();
  }

  /** Releases every incomplete set now (on stop), as the timeout would. */
  async flush() {
    await Promise.all([...this.pending.keys()].map((key) => this.expire(key)));
  }

  private assemble(key: string, set: PendingSet): AssembledMessage {
    const bodies: Buffer[] = [];
    const missing: number[] = [];
    let first = Number.POSITIVE_INFINITY;
    for (let seq = 1; seq <= set.total; seq += 1) {
      const part = set.parts.get(seq);
      if (part) {
        bodies.push(part.body);
        first = Math.min(first, part.receivedAt.getTime());
      } else missing.push(seq);
    }
    return { key, bodies, total: set.total, missing, firstReceivedAt: new Date(first) };
  }

  private expiryTimer(key: string) {
    const timer = setTimeout(() => void this.expire(key), this.options.timeoutMs);
    timer.unref();
    return timer;
  }

  private async expire(key: string) {
    const set = this.pending.get(key);
    if (!set || set.handingOff || this.closed) return;
    clearTimeout(set.timer);
    set.handingOff = true;
    try {
      await this.options.onExpired(this.assemble(key, set));
      this.pending.delete(key);
      this.remember(key, set);
    } catch {
      set.handingOff = false;
      if (!this.closed) set.timer = this.expiryTimer(key);
    }
  }

  private remember(key: string, set: PendingSet) {
    const old = this.recent.get(key);
    if (old) clearTimeout(old.timer);
    const bodies = new Map([...set.parts].map(([seq, part]) => [seq, part.body.toString('hex')]));
    const timer = setTimeout(() => this.recent.delete(key), this.options.timeoutMs);
    timer.unref();
    this.recent.set(key, { bodies, timer });
  }
}
