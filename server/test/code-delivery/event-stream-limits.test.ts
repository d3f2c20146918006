import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, createTestApp, expectErrorEnvelope, login, type TestApp } from '../helpers';
import { dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { customerWithRentals, smsTo } from './code-helpers';
import { openStream, until } from './stream-reader';

/**
 * A live event stream ends with its session: a disabled user's open stream stopped receiving nothing
 * before (it kept getting events), and one user could hold 1,000 streams. Now at most
 * EVENTS_MAX_STREAMS_PER_USER per process, and a stream closes within STREAM_CHECK_MS (2 s) of its
 * session ending or its user being disabled.
 */
let t: TestApp;
let world: StoreWorld;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ EVENTS_MAX_STREAMS_PER_USER: '3' });
  world = await storeWorld(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 30_000);
afterAll(() => t?.close());

type Customer = Awaited<ReturnType<typeof customerWithRentals>>;
const ticketOf = async (c: Customer) =>
  dataOf<{ ticket: string }>(await c.b.call({ method: 'POST', url: '/api/events/ticket' })).ticket;

test('a disabled user’s open stream is closed and gets no more events', async () => {
  const user = await customerWithRentals(t, world);
  const stream = openStream(`${base}/api/events?ticket=${await ticketOf(user)}`);
  expect(await until(() => stream.text.includes('event: ready'))).toBe(true);
  const admin = await login(t, ADMIN.username, ADMIN.password);
  const disabled = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${user.b.userId}/status`,
    headers: { authorization: `Bearer ${admin}` },
    payload: { enabled: false },
  });
  expect(disabled.statusCode, disabled.body).toBe(200);
  expect(await until(() => stream.ended, 5_000)).toBe(true);
  expect(stream.text).toContain('event: closed');
  const after = stream.text.length;
  await smsTo(t.db, user.rentals[0]!.id, { code: '777888' });
  await new Promise((r) => setTimeout(r, 300));
  expect(stream.text.length).toBe(after);
});

test('logging out closes the stream its session opened', async () => {
  const user = await customerWithRentals(t, world);
  const stream = openStream(`${base}/api/events?ticket=${await ticketOf(user)}`);
  expect(await until(() => stream.text.includes('event: ready'))).toBe(true);
  const out = await user.b.call({ method: 'POST', url: '/api/authSms/logout' });
  expect(out.statusCode, out.body).toBe(200);
  expect(await until(() => stream.ended, 5_000)).toBe(true);
});

test('at most 3 streams per user: the fourth is refused in the user’s language; closing one makes room', async () => {
  const user = await customerWithRentals(t, world);
  const streams = [];
  for (let i = 0; i < 3; i++) {
    const stream = openStream(`${base}/api/events?ticket=${await ticketOf(user)}`);
    expect(await until(() => stream.text.includes('event: ready'))).toBe(true);
    streams.push(stream);
  }
  const fourth = await t.app.inject({
    method: 'GET',
    url: `/api/events?ticket=${await ticketOf(user)}`,
    headers: { 'x-locale': 'en-US' },
  });
  expect(expectErrorEnvelope(fourth, 429).message).toBe(
    'Too many live event connections (at most 3 per user): close other pages and reload',
  );
  // Another user is not affected.
  const other = await customerWithRentals(t, world);
  const theirs = openStream(`${base}/api/events?ticket=${await ticketOf(other)}`);
  expect(await until(() => theirs.text.includes('event: ready'))).toBe(true);
  streams[0]!.close();
  await new Promise((r) => setTimeout(r, 200));
  const again = openStream(`${base}/api/events?ticket=${await ticketOf(user)}`);
  expect(await until(() => again.text.includes('event: ready'))).toBe(true);
  for (const s of [...streams, theirs, again]) s.close();
});
