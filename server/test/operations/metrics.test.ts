import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestSms } from '../../src/modules/inbound/ingest';
import { startMetricsListener } from '../../src/modules/metrics/metrics-listener';
import { ADMIN, authed, createTestApp, expectErrorEnvelope, login, type TestApp } from '../helpers';
import { addNumbers, buyer, dataOf, purchaseBody, type StoreWorld, storeWorld } from '../store/store-helpers';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** `name{labels} value` lines of a scrape, as a map from the series to its value. */
function seriesOf(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

const seriesValue = (series: Map<string, number>, key: string) => series.get(key) ?? 0;

describe('GET /metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  let world: StoreWorld;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    world = await storeWorld(t.db);
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authed(TOKEN) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  test('refuses a scrape without the token, or with another one', async () => {
    for (const headers of [{}, authed('not-the-metrics-token-at-all-000'), authed(`${TOKEN}x`)]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expectErrorEnvelope(res, 401, 401);
      expect(res.body).not.toContain('jiema_');
    }
  });

  test('has every family, each with its HELP and TYPE', async () => {
    const text = await scrape();
    const families: [string, string][] = [
      ['jiema_http_request_duration_seconds', 'histogram'],
      ['jiema_purchases_total', 'counter'],
      ['jiema_purchased_numbers_total', 'counter'],
      ['jiema_refunds_total', 'counter'],
      ['jiema_deposits_credited_total', 'counter'],
      ['jiema_sms_received_total', 'counter'],
      ['jiema_codes_received_total', 'counter'],
      ['jiema_webhook_deliveries_total', 'counter'],
      ['jiema_retention_pruned_rows_total', 'counter'],
      ['jiema_mass_sms_messages_total', 'counter'],
      ['jiema_mass_sms_receipts_total', 'counter'],
      ['jiema_queue_depth', 'gauge'],
      ['jiema_queue_oldest_age_seconds', 'gauge'],
      ['jiema_chain_watcher_lag_seconds', 'gauge'],
      ['jiema_chain_watcher_consecutive_errors', 'gauge'],
      ['jiema_smpp_binds_up', 'gauge'],
      ['jiema_db_pool_connections', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
      ['process_resident_memory_bytes', 'gauge'],
    ];
    for (const [name, type] of families) {
      expect(text, name).toContain(`# HELP ${name} `);
      expect(text, name).toContain(`# TYPE ${name} ${type}`);
    }
    const series = seriesOf(text);
    for (const queue of ['mass_sms', 'code_webhooks', 'compat_webhooks', 'rental_sweep']) {
      expect(series.has(`jiema_queue_depth{queue="${queue}"}`), queue).toBe(true);
    }
    expect(series.has('jiema_db_pool_connections{state="in_use"}')).toBe(true);
  });

  test('the sample Grafana dashboard asks only for metrics the server serves', async () => {
    const dashboard = fs.readFileSync(
      new URL('../../../docs/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    // A histogram's series are its family's name plus _bucket, _count or _sum.
    const families = new Set(
      (dashboard.match(/\b(jiema|nodejs)_[a-z0-9_]+/g) ?? []).map((n) =>
        n.replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(families.size).toBeGreaterThan(10);
    const text = await scrape();
    for (const name of families) expect(text, name).toContain(`# TYPE ${name} `);
  });

  test('counts requests by route pattern and status, purchases and inbound SMS', async () => {
    const before = seriesOf(await scrape());
    const b = await buyer(t);
    const [number] = await addNumbers(t.db, { count: 1 });
    const order = dataOf<{ phones: { phoneNumber: string }[] }>(
      await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
    );
    expect(order.phones[0]!.phoneNumber).toBe(number!.number);
    // An SMS through the one ingest path, then the same again: a retry is not counted twice.
    const sms = { gatewayId: null, source: 'smsgate:7', externalId: 'm-1', to: number!.number, from: 'Test' };
    await ingestSms(t.db, { ...sms, text: 'Your code is 482913' });
    await ingestSms(t.db, { ...sms, text: 'Your code is 482913' });
    await t.app.inject({ method: 'GET', url: '/api/orders/987654321', headers: authed(b.token) });

    const after = seriesOf(await scrape());
    const delta = (key: string) => seriesValue(after, key) - seriesValue(before, key);
    expect(delta('jiema_purchases_total')).toBe(1);
    expect(delta('jiema_purchased_numbers_total')).toBe(1);
    expect(delta('jiema_sms_received_total{gateway="smsgate"}')).toBe(1);
    expect(delta('jiema_codes_received_total')).toBe(1);
    expect(
      delta(
        'jiema_http_request_duration_seconds_count{method="POST",route="/api/store/orders",status="200"}',
      ),
    ).toBe(1);
    // The pattern, never the id: one series whatever the URL.
    const orderSeries = [...after.keys()].filter((k) => k.includes('/api/orders/'));
    expect(
      orderSeries.every((k) => !k.includes('987654321')),
      orderSeries.join('\n'),
    ).toBe(true);
  });

  test('a second listener serves the same metrics without a token', async () => {
    const listener = await startMetricsListener({ host: '127.0.0.1', port: 0, log: t.app.log });
    try {
      const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE jiema_queue_depth gauge');
      expect((await fetch(`http://127.0.0.1:${listener.port}/api/auth/info`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('metrics off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  test('/metrics is not served, even to an administrator', async () => {
    const token = await login(t, ADMIN.username, ADMIN.password);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authed(token) });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('# TYPE');
  });
});
