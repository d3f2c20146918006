import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (served by modules/metrics when METRICS_TOKEN or METRICS_PORT is set).
 * One registry per process: the counters below are incremented where the events happen, after their
 * commit, so each process counts what it did; a dashboard sums them over the instances. Gauges of
 * shared state (queues, the chain watcher) are read from the database at scrape time
 * (modules/metrics/database-gauges.ts) and are the same on every instance: take their max.
 */
export const metricsRegistry = new Registry();
// Process CPU, memory, file descriptors, GC and event-loop delay (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

const registers = [metricsRegistry];

export const httpRequests = new Histogram({
  name: 'jiema_http_request_duration_seconds',
  help: 'HTTP requests by route (its pattern, not the URL) and status, and how long they took',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers,
});

export const purchases = new Counter({
  name: 'jiema_purchases_total',
  help: 'Store orders bought (web store and compatible APIs)',
  registers,
});

export const purchasedNumbers = new Counter({
  name: 'jiema_purchased_numbers_total',
  help: 'Numbers sold in those orders',
  registers,
});

export const refunds = new Counter({
  name: 'jiema_refunds_total',
  help: 'Refunds paid to customers, by what was refunded (rental, mass_sms)',
  labelNames: ['kind'] as const,
  registers,
});

export const depositsCredited = new Counter({
  name: 'jiema_deposits_credited_total',
  help: 'USDT deposits credited to a customer',
  registers,
});

export const smsReceived = new Counter({
  name: 'jiema_sms_received_total',
  help: 'Inbound SMS stored, by the kind of gateway they came through (smsgate, textbee, smpp, demo, test…)',
  labelNames: ['gateway'] as const,
  registers,
});

export const codesReceived = new Counter({
  name: 'jiema_codes_received_total',
  help: 'Inbound SMS that gave a rental its verification code',
  registers,
});

export const webhookDeliveries = new Counter({
  name: 'jiema_webhook_deliveries_total',
  help: 'Customer webhook posts (each try) by kind (code, compat) and outcome (delivered, failed)',
  labelNames: ['kind', 'outcome'] as const,
  registers,
});

export const massSmsMessages = new Counter({
  name: 'jiema_mass_sms_messages_total',
  help: 'Mass SMS messages by outcome: sent (accepted by a connector), failed (never sent, refunded)',
  labelNames: ['outcome'] as const,
  registers,
});

export const massSmsReceipts = new Counter({
  name: 'jiema_mass_sms_receipts_total',
  help: 'Final delivery receipts of mass SMS received by this process, by outcome (delivered, failed)',
  labelNames: ['outcome'] as const,
  registers,
});

/** Who can tell how many SMPP binds of one use this process has up (set by what owns the binds). */
export const smppBindCounters = new Map<'gateway' | 'mass_sms', () => number>();

export const smppBindsUp = new Gauge({
  name: 'jiema_smpp_binds_up',
  help: 'SMPP binds this process holds up, by use (gateway: inbound SMS; mass_sms: sending connectors)',
  labelNames: ['use'] as const,
  registers,
  collect() {
    this.reset();
    for (const [use, count] of smppBindCounters) this.set({ use }, count());
  },
});

/** The gateway kind of an ingest source such as `smsgate:3` or `smpp:5`. */
export const gatewayKindOf = (source: string) => source.split(':', 1)[0] || 'unknown';

export const retentionPruned = new Counter({
  name: 'jiema_retention_pruned_rows_total',
  help: 'Old records deleted by the retention job, by kind (massSms, receipts, rentalSms, logins, webhookLogs)',
  labelNames: ['kind'] as const,
  registers,
});
