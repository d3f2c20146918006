import {
  envelopeOf,
  pagedOf,
  ZAdminLedgerEntry,
  ZAdminPasswordReset,
  ZAdminUser,
  ZAdminUserCreate,
  ZAdminUserDetail,
  ZAdminUserListQuery,
  ZAdminUserParams,
  ZAdminUserPermissions,
  ZAdminUserStatus,
  ZAdminUserStatusResult,
  ZAdminUserTypeChange,
  ZAdminUserUpdate,
  ZBalanceAdjust,
  ZBalanceAdjustResult,
  ZFinanceRecordQuery,
  ZLoginRecord,
  ZPageQuery,
  ZPasswordResetResult,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { createAdminUsersService } from './admin-users.service';
import { grantorOf } from './privilege-rules';

const tags = ['admin-users'];

/** User administration (spec §2 admin/user-manage), balance adjustments included. */
export function registerAdminUserRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const users = createAdminUsersService({ db, config });

  app.get(
    '/api/admin/users',
    {
      config: { permission: 'admin:user:list' },
      schema: {
        tags,
        summary:
          'Users, paged and sorted; search by username, email or id; filter by type, status, registration date',
        querystring: ZAdminUserListQuery,
        response: { 200: envelopeOf(pagedOf(ZAdminUser)) },
      },
    },
    async (request) => ok(request, await users.list(request.query)),
  );

  app.get(
    '/api/admin/users/export',
    {
      config: { permission: 'admin:user:export' },
      schema: { tags, summary: 'Users matching the filters, as CSV', querystring: ZAdminUserListQuery },
    },
    async (request, reply) => {
      const rows = await users.export(request.query);
      const csv = toCsv(
        [
          { header: 'id', value: (r) => r.userId },
          { header: 'username', value: (r) => r.username },
          { header: 'email', value: (r) => r.email },
          { header: 'nickname', value: (r) => r.nickName },
          { header: 'user_type', value: (r) => r.userType },
          { header: 'enabled', value: (r) => r.enabled },
          { header: 'balance', value: (r) => r.balance },
          { header: 'points', value: (r) => r.points },
          { header: 'roles', value: (r) => r.roles.map((role) => role.name).join(' ') },
          { header: 'created_at', value: (r) => r.createTime },
          { header: 'last_login_at', value: (r) => r.lastLoginTime },
          { header: 'last_login_ip', value: (r) => r.lastLoginIp },
          { header: 'register_ip', value: (r) => r.registerIp },
        ],
        rows,
      );
      return sendCsv(reply, 'users.csv', csv);
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { permission: 'admin:user:list' },
      schema: {
        tags,
        summary: 'One user with individual grants, revocations and effective permissions',
        params: ZAdminUserParams,
        response: { 200: envelopeOf(ZAdminUserDetail) },
      },
    },
    async (request) => ok(request, await users.get(request.params.id)),
  );

  app.post(
    '/api/admin/users',
    {
      config: { permission: 'admin:user:add' },
      schema: {
        tags,
        summary: 'Create a user of any type',
        body: ZAdminUserCreate,
        response: { 200: envelopeOf(ZAdminUserDetail) },
      },
    },
    async (request) => ok(request, await users.create(grantorOf(request), request.body)),
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: { permission: 'admin:user:edit' },
      schema: {
        tags,
        summary: 'Edit email and nickname (only the fields sent change)',
        params: ZAdminUserParams,
        body: ZAdminUserUpdate,
        response: { 200: envelopeOf(ZAdminUserDetail) },
      },
    },
    async (request) => ok(request, await users.update(grantorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/admin/users/:id/status',
    {
      config: { permission: 'admin:user:edit' },
      schema: {
        tags,
        summary: 'Enable or disable a user; disabling ends every session of the user at once',
        params: ZAdminUserParams,
        body: ZAdminUserStatus,
        response: { 200: envelopeOf(ZAdminUserStatusResult) },
      },
    },
    async (request) =>
      ok(request, await users.setEnabled(grantorOf(request), request.params.id, request.body.enabled)),
  );

  app.put(
    '/api/admin/users/:id/type',
    {
      config: { permission: 'admin:user:edit' },
      schema: {
        tags,
        summary: 'Set the user type (1 administrator, 2 customer, 3 agent) and the matching role',
        params: ZAdminUserParams,
        body: ZAdminUserTypeChange,
        response: { 200: envelopeOf(ZAdminUserDetail) },
      },
    },
    async (request) =>
      ok(request, await users.setType(grantorOf(request), request.params.id, request.body.userType)),
  );

  app.post(
    '/api/admin/users/:id/password',
    {
      config: { permission: 'admin:user:edit' },
      schema: {
        tags,
        summary: "Reset a user's password (typed, or generated and shown once); ends the user's sessions",
        params: ZAdminUserParams,
        body: ZAdminPasswordReset,
        response: { 200: envelopeOf(ZPasswordResetResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await users.resetPassword(
          grantorOf(request),
          request.params.id,
          request.body,
          request.user!.sessionId,
        ),
      ),
  );

  app.put(
    '/api/admin/users/:id/permissions',
    {
      config: { permission: 'admin:user:edit' },
      schema: {
        tags,
        summary: "Replace a user's individual permission grants and revocations",
        params: ZAdminUserParams,
        body: ZAdminUserPermissions,
        response: { 200: envelopeOf(ZAdminUserDetail) },
      },
    },
    async (request) =>
      ok(request, await users.setPermissions(grantorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      config: { permission: 'admin:user:del' },
      schema: {
        tags,
        summary: 'Delete a user that has no ledger entries or other records (others are disabled instead)',
        params: ZAdminUserParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await users.remove(grantorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/api/admin/users/:id/balance',
    {
      config: { permission: 'admin:user:recharge' },
      schema: {
        tags,
        summary:
          'Add (reward) or remove (deduction) balance with a note; idempotent by requestId; never below zero',
        params: ZAdminUserParams,
        body: ZBalanceAdjust,
        response: { 200: envelopeOf(ZBalanceAdjustResult) },
      },
    },
    async (request) =>
      ok(request, await users.adjustBalance(grantorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/admin/users/:id/ledger',
    {
      config: { permission: 'admin:user:list' },
      schema: {
        tags,
        summary: "The user's ledger entries, with type and date filters",
        params: ZAdminUserParams,
        querystring: ZFinanceRecordQuery,
        response: { 200: envelopeOf(pagedOf(ZAdminLedgerEntry)) },
      },
    },
    async (request) => ok(request, await users.ledger(request.params.id, request.query)),
  );

  app.get(
    '/api/admin/users/:id/login-records',
    {
      config: { permission: 'admin:user:list' },
      schema: {
        tags,
        summary: "The user's login attempts, newest first",
        params: ZAdminUserParams,
        querystring: ZPageQuery,
        response: { 200: envelopeOf(pagedOf(ZLoginRecord)) },
      },
    },
    async (request) => ok(request, await users.loginRecords(request.params.id, request.query)),
  );
}
