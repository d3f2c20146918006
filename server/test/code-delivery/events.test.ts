import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { customerWithRentals, smsTo } from './code-helpers';
import { openStream, until } from './stream-reader';

let t: TestApp;
let world: StoreWorld;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ EVENTS_HEARTBEAT_SECONDS: '0.3' });
  world = await storeWorld(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 30_000);
afterAll(() => t?.close());

test('a ticket opens the stream once; an SMS on my rental arrives as an event, not one on someone else’s; heartbeats; the server still stops at once', async () => {
  const mine = await customerWithRentals(t, world);
  const theirs = await customerWithRentals(t, world);
  const { ticket } = dataOf<{ ticket: string }>(
    await mine.b.call({ method: 'POST', url: '/api/events/ticket' }),
  );
  const stream = openStream(`${base}/api/events?ticket=${ticket}`);
  expect(await until(() => stream.text.includes('event: ready'))).toBe(true);
  expect(stream.status).toBe(200);
  expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');

  // The ticket is single-use, and no ticket is no stream.
  const reused = await t.app.inject({
    method: 'GET',
    url: `/api/events?ticket=${ticket}`,
    headers: { 'x-locale': 'en-US' },
  });
  expect(expectErrorEnvelope(reused, 401).message).toContain('ticket is invalid');
  expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/api/events?ticket=forged' }), 401);
  expectErrorEnvelope(await t.app.inject({ method: 'POST', url: '/api/events/ticket' }), 401);

  await smsTo(t.db, theirs.rentals[0]!.id, { code: '000111' });
  const smsId = await smsTo(t.db, mine.rentals[0]!.id, { code: '424242' });
  const expected = `event: sms\ndata: {"rentalId":${mine.rentals[0]!.id},"smsId":${smsId}}\n\n`;
  expect(await until(() => stream.text.includes(expected))).toBe(true);
  expect(stream.text.match(/event: sms/g)).toHaveLength(1);
  expect(await until(() => stream.text.includes(': ping'))).toBe(true);

  // Closing the server with the stream and a long-poll open ends both, promptly.
  const poll = fetch(
    `${base}/api/code/${theirs.rentals[0]!.token}?wait=30&after=${encodeURIComponent(new Date().toISOString())}`,
  );
  await new Promise((r) => setTimeout(r, 300));
  const started = Date.now();
  await t.app.close();
  const answer = await poll;
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { data: { items: { code: null }[] } }).data.items[0]!.code).toBeNull();
  expect(Date.now() - started).toBeLessThan(5000);
  expect(await until(() => stream.ended, 3000)).toBe(true);
}, 40_000);
