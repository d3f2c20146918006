import os from 'node:os';
import type { Db } from '../../db/client';
import { type ConnectorLocks, type HeldLock, inProcessLocks, postgresLocks } from './connector-lock';
import { saveConnectorState } from './connector-state.repository';
import type { LinkHandlers, LinkState, SmppLinkConfig } from './link-types';
import { SmppLink } from './smpp-link';

/** A connector as configured: the supervisor runs a link for each enabled one. */
export type ConnectorSpec = {
  id: string;
  enabled: boolean;
  config: SmppLinkConfig;
};

export type SupervisorOptions = {
  db: Db;
  /** PostgreSQL: advisory locks on dedicated connections. Absent (PGlite): this process holds everything. */
  databaseUrl?: string;
  listConnectors(): Promise<ConnectorSpec[]>;
  handlersFor(connectorId: string): Pick<LinkHandlers, 'onMessage' | 'onReceipt'>;
  /** How often configuration is re-read and free binds are tried (takeover time after a holder dies). */
  pollMs?: number;
  log?: LinkHandlers['log'] & { error?(obj: object, msg?: string): void };
  /** Names this process in the state table (default host:pid). */
  holderName?: string;
};

type Running = {
  link: SmppLink;
  lock: HeldLock;
  configKey: string;
  writing: Promise<void> | null;
  dirty: boolean;
};

/**
 * Runs the SMPP connectors: with several server processes exactly one holds each bind (an advisory
 * lock per connector held while the link lives); when the holder dies, another takes over on its
 * next poll. The holder writes the live state to `smpp_connector_state` for every process to read.
 */
export class SmppSupervisor {
  private readonly locks: ConnectorLocks;
  private readonly running = new Map<string, Running>();
  private readonly holder: string;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private stopped = true;

  constructor(private readonly options: SupervisorOptions) {
    this.locks = options.databaseUrl ? postgresLocks(options.databaseUrl) : inProcessLocks(options.db);
    this.holder = options.holderName ?? `${os.hostname()}:${process.pid}`;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    void this.refresh();
  }

  /** Re-reads the configuration now (after a change on the admin screen) instead of at the next poll. */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.ticking) return this.ticking;
    clearTimeout(this.timer);
    this.ticking = this.tick().finally(() => {
      this.ticking = null;
      if (!this.stopped) {
        this.timer = setTimeout(() => void this.refresh(), this.options.pollMs ?? 2000);
        this.timer.unref();
      }
    });
    return this.ticking;
  }

  /** Links this process holds, with their state in memory. */
  localStates(): Map<string, LinkState> {
    return new Map([...this.running].map(([id, entry]) => [id, entry.link.state()]));
  }

  /** The link of a connector if this process holds it (issue 11 submits through it). */
  linkOf(connectorId: string): SmppLink | undefined {
    return this.running.get(connectorId)?.link;
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking?.catch(() => undefined);
    await Promise.all([...this.running.keys()].map((id) => this.stopConnector(id, true)));
    await this.locks.close();
  }

  private async tick() {
    let specs: ConnectorSpec[];
    try {
      specs = await this.options.listConnectors();
    } catch (error) {
      this.options.log?.warn({ error: (error as Error).message }, 'smpp: cannot read connectors');
      return;
    }
    const wanted = new Map(specs.filter((spec) => spec.enabled).map((spec) => [spec.id, spec]));
    for (const [id, entry] of this.running) {
      const spec = wanted.get(id);
      if (!spec || JSON.stringify(spec.config) !== entry.configKey) await this.stopConnector(id, true);
    }
    for (const spec of wanted.values()) {
      if (this.stopped) return;
      if (!this.running.has(spec.id)) await this.tryStart(spec);
      else this.writeState(spec.id);
    }
  }

  private async tryStart(spec: ConnectorSpec) {
    const lock = await this.locks.tryAcquire(spec.id);
    if (!lock) return;
    if (this.stopped) {
      await lock.release();
      return;
    }
    const handlers = this.options.handlersFor(spec.id);
    const link = new SmppLink(spec.config, {
      ...handlers,
      log: this.options.log,
      onState: () => this.writeState(spec.id),
    });
    this.running.set(spec.id, {
      link,
      lock,
      configKey: JSON.stringify(spec.config),
      writing: null,
      dirty: false,
    });
    lock.onLost(() => {
      // Another process may bind now: stop at once, without waiting for an unbind answer.
      this.options.log?.warn({ connectorId: spec.id }, 'smpp: lost the connector lock, stopping the link');
      void this.stopConnector(spec.id, false);
    });
    link.start();
  }

  private async stopConnector(connectorId: string, stillHeld: boolean) {
    const entry = this.running.get(connectorId);
    if (!entry) return;
    this.running.delete(connectorId);
    await entry.link.stop();
    await entry.writing?.catch(() => undefined);
    if (stillHeld) {
      await saveConnectorState(this.options.db, connectorId, null, entry.link.state()).catch(() => undefined);
      await entry.lock.release();
    }
  }

  /** One write in flight per connector; changes meanwhile are folded into one more write. */
  private writeState(connectorId: string) {
    const entry = this.running.get(connectorId);
    if (!entry) return;
    if (entry.writing) {
      entry.dirty = true;
      return;
    }
    entry.writing = saveConnectorState(this.options.db, connectorId, this.holder, entry.link.state())
      .catch((error) => this.options.log?.warn({ error: (error as Error).message }, 'smpp: state not saved'))
      .finally(() => {
        entry.writing = null;
        if (entry.dirty && this.running.get(connectorId) === entry) {
          entry.dirty = false;
          this.writeState(connectorId);
        }
      });
  }
}
