import {
  type Connector,
  type ConnectorCreate,
  type ConnectorTestInput,
  type ConnectorTestResult,
  type ConnectorUpdate,
  countSmsSegments,
  MASS_SMS_API,
  ZAndroidConnectorConfig,
  ZHttpConnectorConfig,
  ZSmppConnectorConfig,
} from '@jiema/shared';
import { normalisePhoneNumber } from '@jiema/shared/phone-number';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Actor, audit } from '../audit/audit';
import {
  type ConnectorRecord,
  deleteConnector,
  findConnectorRecord,
  insertConnector,
  last24hCounts,
  listConnectorRecords,
  updateConnector,
} from './connectors.repository';
import { createSender, SendError, SmppSender } from './senders';

const CONFIG_SCHEMA = {
  smpp: ZSmppConnectorConfig,
  android: ZAndroidConnectorConfig,
  http: ZHttpConnectorConfig,
};
const TEST_BIND_TIMEOUT_MS = 10_000;

function view(record: ConnectorRecord, counts: Connector['last24h'] | undefined): Connector {
  const state = record.state as Record<string, unknown> | null;
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    enabled: record.enabled,
    priority: record.priority,
    prefixes: record.prefixes,
    throughputPerSecond: record.throughputPerSecond,
    defaultSenderId: record.defaultSenderId,
    config: record.config,
    passwordSet: record.password.length > 0,
    webhookKeySet: record.webhookKey.length > 0,
    webhookPath: MASS_SMS_API.connectorWebhook(record.id),
    state:
      record.kind === 'smpp' && state
        ? {
            status: String(state.status ?? 'stopped'),
            holder: (state.holder as string | null) ?? null,
            lastError: (state.lastError as string | null) ?? null,
            boundAt: (state.boundAt as string | null) ?? null,
            updatedAt: (state.updatedAt as string | null) ?? null,
            counters: (state.counters as Record<string, number>) ?? {},
          }
        : null,
    last24h: counts ?? { pending: 0, sent: 0, delivered: 0, failed: 0 },
    createdAt: record.createdAt.toISOString(),
  };
}

const secretsOf = (record: ConnectorRecord) => ({ password: record.password, webhookKey: record.webhookKey });
const audited = (record: ConnectorRecord) => ({
  ...record,
  password: record.password ? '***' : '',
  webhookKey: record.webhookKey ? '***' : '',
});

/** Administrators manage the outbound connectors (SMPP, SMS Gateway for Android, HTTP) and send test SMS. */
export function createConnectorService(db: Db) {
  async function list() {
    const [records, counts] = await Promise.all([listConnectorRecords(db), last24hCounts(db)]);
    return records.map((record) => view(record, counts.get(record.id)));
  }

  async function get(id: number) {
    const record = await findConnectorRecord(db, id);
    if (!record) throw new AppError('MASS_SMS_CONNECTOR_NOT_FOUND');
    return view(record, (await last24hCounts(db)).get(id));
  }

  async function create(actor: Actor, input: ConnectorCreate) {
    const id = await db.transaction(async (tx) => {
      const id = await insertConnector(tx, {
        name: input.name,
        kind: input.kind,
        enabled: input.enabled,
        priority: input.priority,
        prefixes: input.prefixes.map((p) => p.replace(/^\+/, '')),
        throughputPerSecond: input.throughputPerSecond,
        defaultSenderId: input.defaultSenderId,
        config: input.config,
        password: input.password ?? '',
        webhookKey: input.webhookKey ?? '',
      });
      const after = (await findConnectorRecord(tx, id))!;
      await audit(tx, actor, {
        action: 'create',
        entity: 'sms_connector',
        entityId: id,
        after: audited(after),
      });
      return id;
    });
    return get(id);
  }

  async function update(actor: Actor, id: number, input: ConnectorUpdate) {
    await db.transaction(async (tx) => {
      const before = await findConnectorRecord(tx, id, true);
      if (!before) throw new AppError('MASS_SMS_CONNECTOR_NOT_FOUND');
      let config = before.config;
      if (input.config) {
        const parsed = CONFIG_SCHEMA[before.kind].safeParse(input.config);
        if (!parsed.success)
          throw new AppError('MASS_SMS_CONNECTOR_KIND', {
            detail: parsed.error.issues.map((i) => i.path.join('.')).join(', '),
          });
        config = parsed.data;
      }
      const secrets = secretsOf(before);
      await updateConnector(tx, id, {
        name: input.name ?? before.name,
        kind: before.kind,
        enabled: input.enabled ?? before.enabled,
        priority: input.priority ?? before.priority,
        prefixes: input.prefixes?.map((p) => p.replace(/^\+/, '')) ?? before.prefixes,
        throughputPerSecond: input.throughputPerSecond ?? before.throughputPerSecond,
        defaultSenderId: input.defaultSenderId ?? before.defaultSenderId,
        config,
        // Empty or absent: the stored secret stays (it is never shown back).
        password: input.password ? input.password : secrets.password,
        webhookKey: input.webhookKey ? input.webhookKey : secrets.webhookKey,
      });
      const after = (await findConnectorRecord(tx, id))!;
      await audit(tx, actor, {
        action: 'update',
        entity: 'sms_connector',
        entityId: id,
        before: audited(before),
        after: audited(after),
      });
    });
    return get(id);
  }

  async function remove(actor: Actor, id: number) {
    await db.transaction(async (tx) => {
      const before = await findConnectorRecord(tx, id, true);
      if (!before) throw new AppError('MASS_SMS_CONNECTOR_NOT_FOUND');
      await deleteConnector(tx, id);
      await audit(tx, actor, {
        action: 'delete',
        entity: 'sms_connector',
        entityId: id,
        before: audited(before),
      });
    });
  }

  /**
   * "Send a test SMS" (issue 13's admin tools): straight through this connector, outside the queue
   * and unbilled. An SMPP connector gets a bind of its own for the test, closed afterwards.
   */
  async function test(actor: Actor, id: number, input: ConnectorTestInput): Promise<ConnectorTestResult> {
    const record = await findConnectorRecord(db, id);
    if (!record) throw new AppError('MASS_SMS_CONNECTOR_NOT_FOUND');
    const phone = normalisePhoneNumber(input.phone);
    if ('problem' in phone) throw new AppError('MASS_SMS_NO_RECIPIENTS');
    const count = countSmsSegments(input.text);
    const started = Date.now();
    const sender = createSender(record, async () => {});
    try {
      if (sender instanceof SmppSender) await sender.link.waitUntilBound(TEST_BIND_TIMEOUT_MS);
      const result = await sender.send({
        id: `test-${Date.now()}`,
        to: phone.phone,
        from: input.senderId || record.defaultSenderId,
        text: input.text,
      });
      return {
        ok: true,
        encoding: count.encoding,
        segments: count.segments,
        externalIds: result.externalIds,
        error: null,
        elapsedMs: Date.now() - started,
      };
    } catch (error) {
      const message = error instanceof SendError || error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        encoding: count.encoding,
        segments: count.segments,
        externalIds: [],
        error: message,
        elapsedMs: Date.now() - started,
      };
    } finally {
      await sender.stop().catch(() => undefined);
      await audit(db, actor, {
        action: 'test',
        entity: 'sms_connector',
        entityId: id,
        after: { phone: phone.phone },
      });
    }
  }

  return { list, get, create, update, remove, test };
}
