import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';
import { PNG_2X2 } from '../support/images';
import { api, submitTicket } from './support';

let t: TestApp;
let owner: { token: string; userId: number };
let other: string;
let adminToken: string;
let ticketId: number;
let fileId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t, USER_TYPE.CUSTOMER);
  other = (await loginAs(t, USER_TYPE.CUSTOMER)).token;
  adminToken = await login(t, ADMIN.username, ADMIN.password);
  ticketId = await submitTicket(t, owner.token, {}, [{ name: 'proof.png', bytes: PNG_2X2 }]);
  fileId = (await api(t, 'GET', `/api/tickets/${ticketId}`, { token: owner.token })).json().data
    .attachments[0].id;
});
afterAll(() => t?.close());

describe("a ticket and its images are its customer's and staff's only", () => {
  test('the owner and staff read the image, with its checked type and no sniffing', async () => {
    for (const url of [
      `/api/tickets/${ticketId}/files/${fileId}`,
      `/api/admin/tickets/${ticketId}/files/${fileId}`,
    ]) {
      const token = url.startsWith('/api/admin') ? adminToken : owner.token;
      const res = await api(t, 'GET', url, { token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.rawPayload.equals(PNG_2X2)).toBe(true);
    }
  });

  test('another customer gets 404 for the ticket, its image, replies, rating and reopening', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/tickets/${ticketId}`],
      ['GET', `/api/tickets/${ticketId}/files/${fileId}`],
      ['POST', `/api/tickets/${ticketId}/replies`, { content: 'hello' }],
      ['POST', `/api/tickets/${ticketId}/rating`, { rating: 1 }],
      ['POST', `/api/tickets/${ticketId}/reopen`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await api(t, method as 'GET', url, { token: other, payload });
      expectErrorEnvelope(res, 404);
    }
    const list = (await api(t, 'GET', '/api/tickets', { token: other })).json().data;
    expect(list.total).toBe(0);
    const messages = await t.db.query('select 1 from ticket_messages where ticket_id = $1', [ticketId]);
    expect(messages).toHaveLength(0);
  });

  test("the image is not served through another ticket's address, nor the public file route", async () => {
    const mine = await submitTicket(t, other);
    expectErrorEnvelope(await api(t, 'GET', `/api/tickets/${mine}/files/${fileId}`, { token: other }), 404);
    expectErrorEnvelope(
      await api(t, 'GET', `/api/admin/tickets/${mine}/files/${fileId}`, { token: adminToken }),
      404,
    );
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: `/api/files/${fileId}` }), 404);
  });

  test('nobody signed out reads anything', async () => {
    for (const url of [
      `/api/tickets/${ticketId}`,
      `/api/tickets/${ticketId}/files/${fileId}`,
      '/api/admin/tickets',
    ]) {
      expectErrorEnvelope(await t.app.inject({ method: 'GET', url }), 401);
    }
  });
});

describe('admin ticket endpoints need the admin:ticket:* permissions', () => {
  const adminCalls = (id: number): [string, string, unknown?][] => [
    ['GET', '/api/admin/tickets'],
    ['GET', '/api/admin/tickets/export'],
    ['GET', '/api/admin/tickets/sla'],
    ['GET', '/api/admin/tickets/unread'],
    ['GET', '/api/admin/tickets/staff'],
    ['GET', `/api/admin/tickets/${id}`],
    ['PUT', `/api/admin/tickets/${id}/assignee`, { assigneeId: null }],
    ['PUT', `/api/admin/tickets/${id}/status`, { status: 'processing' }],
    ['PUT', `/api/admin/tickets/${id}/priority`, { priority: 'high' }],
    ['POST', `/api/admin/tickets/${id}/replies`, { content: 'hi' }],
    ['POST', `/api/admin/tickets/${id}/remarks`, { content: 'hi' }],
  ];

  test('a customer and an agent get 403 from every one, in both languages, and change nothing', async () => {
    const agent = (await loginAs(t, USER_TYPE.AGENT)).token;
    for (const token of [owner.token, agent]) {
      for (const [method, url, payload] of adminCalls(ticketId)) {
        const zh = expectErrorEnvelope(await api(t, method as 'GET', url, { token, payload }), 403);
        expect(zh.message).toBe('没有权限访问该资源');
        const en = expectErrorEnvelope(
          await api(t, method as 'GET', url, { token, payload, locale: 'en-US' }),
          403,
        );
        expect(en.message).toBe('You do not have permission to access this resource');
      }
    }
    const [row] = await t.db.query<{ status: string; priority: string }>(
      'select status, priority from tickets where id = $1',
      [ticketId],
    );
    expect(row).toEqual({ status: 'pending', priority: 'normal' });
  });

  test('an agent granted only admin:ticket:list sees the queue but may not reply, assign, edit or export', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    await setUserPermission(t.db, agent.userId, 'admin:ticket:list', 'grant');
    const token = await login(t, agent.username, agent.password);
    expect((await api(t, 'GET', '/api/admin/tickets', { token })).statusCode).toBe(200);
    const detail = await api(t, 'GET', `/api/admin/tickets/${ticketId}`, { token });
    expect(detail.statusCode).toBe(200);
    for (const [method, url, payload] of adminCalls(ticketId).slice(6)) {
      expectErrorEnvelope(await api(t, method as 'GET', url, { token, payload }), 403);
    }
    expectErrorEnvelope(await api(t, 'GET', '/api/admin/tickets/export', { token }), 403);
    await setUserPermission(t.db, agent.userId, 'admin:ticket:reply', 'grant');
    const reply = await api(t, 'POST', `/api/admin/tickets/${ticketId}/replies`, {
      token,
      payload: { content: 'on it' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  });

  test('customer endpoints need their permissions: a revoked ticket:create cannot submit', async () => {
    const user = await createUser(t.db);
    await setUserPermission(t.db, user.userId, 'ticket:create', 'revoke');
    const token = await login(t, user.username, user.password);
    expectErrorEnvelope(
      await api(t, 'POST', '/api/tickets', {
        token,
        payload: { type: 'other', title: 'x', description: '0123456789' },
      }),
      403,
    );
  });

  test('the permission names are grantable through the user administration', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const res = await api(t, 'PUT', `/api/admin/users/${agent.userId}/permissions`, {
      token: adminToken,
      payload: {
        grants: [
          'admin:ticket:list',
          'admin:ticket:reply',
          'admin:ticket:assign',
          'admin:ticket:edit',
          'admin:ticket:export',
        ],
        revokes: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = await login(t, agent.username, agent.password);
    const info = (await api(t, 'GET', '/auth/info', { token })).json().data;
    expect(info.permissions).toEqual(
      expect.arrayContaining([
        'admin:ticket:list',
        'admin:ticket:reply',
        'admin:ticket:assign',
        'admin:ticket:edit',
        'admin:ticket:export',
      ]),
    );
    expect((await api(t, 'GET', '/api/admin/tickets/export', { token })).statusCode).toBe(200);
  });
});
