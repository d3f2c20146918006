import {
  envelopeOf,
  type Locale,
  pagedOf,
  type TronAddress,
  ZEnabledToggle,
  ZTronAddress,
  ZTronAddressInput,
  ZTronAddressParams,
  ZTronAddressQuery,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { type CsvColumn, sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createTronAddressService } from './tron-addresses.service';

const tags = ['tron-addresses'];
const BASE = '/api/admin/tron-addresses';

const CSV_COLUMNS: Array<{ header: Record<Locale, string>; value: CsvColumn<TronAddress>['value'] }> = [
  { header: { 'zh-CN': 'ID', 'en-US': 'ID' }, value: (r) => r.id },
  { header: { 'zh-CN': '地址', 'en-US': 'Address' }, value: (r) => r.address },
  { header: { 'zh-CN': '标签', 'en-US': 'Label' }, value: (r) => r.label },
  { header: { 'zh-CN': '备注', 'en-US': 'Note' }, value: (r) => r.note },
  { header: { 'zh-CN': '启用', 'en-US': 'Enabled' }, value: (r) => r.enabled },
  { header: { 'zh-CN': '分配用户', 'en-US': 'Assigned user' }, value: (r) => r.assignedUsername },
  { header: { 'zh-CN': '分配时间', 'en-US': 'Assigned at' }, value: (r) => r.assignedAt },
  { header: { 'zh-CN': '创建时间', 'en-US': 'Created at' }, value: (r) => r.createdAt },
  { header: { 'zh-CN': '共享地址', 'en-US': 'Shared' }, value: (r) => r.shared },
  { header: { 'zh-CN': '累计到账', 'en-US': 'Received total' }, value: (r) => r.receivedTotal },
];

/** Column headers in the caller's language. */
const csvColumns = (locale: Locale): CsvColumn<TronAddress>[] =>
  CSV_COLUMNS.map((c) => ({ header: c.header[locale], value: c.value }));

/** The pool of USDT-TRC20 receiving addresses (admin: settings / TRON addresses). */
export function registerTronAddressRoutes(app: App, { db }: { db: Db }) {
  const service = createTronAddressService({ db });

  app.get(
    BASE,
    {
      config: { permission: 'admin:tron:list' },
      schema: {
        tags,
        summary: 'List the TRON receiving addresses (search, enabled, assigned; paged, sortable)',
        querystring: ZTronAddressQuery,
        response: { 200: envelopeOf(pagedOf(ZTronAddress)) },
      },
    },
    async (request) => ok(request, await service.list(request.query)),
  );

  app.get(
    `${BASE}/export`,
    {
      config: { permission: 'admin:tron:export' },
      schema: {
        tags,
        summary: 'Export the matching TRON addresses as CSV',
        querystring: ZTronAddressQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const rows = await service.exportAll(request.query);
      return sendCsv(reply, 'tron-addresses.csv', toCsv(csvColumns(request.locale), rows));
    },
  );

  app.post(
    BASE,
    {
      config: { permission: 'admin:tron:add' },
      schema: {
        tags,
        summary: 'Add a receiving address (base58check verified, unique)',
        body: ZTronAddressInput,
        response: { 200: envelopeOf(ZTronAddress) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:tron:edit' },
      schema: {
        tags,
        summary: 'Edit an address (the address itself only while it is not assigned to a user)',
        params: ZTronAddressParams,
        body: ZTronAddressInput,
        response: { 200: envelopeOf(ZTronAddress) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/:id/enabled`,
    {
      config: { permission: 'admin:tron:edit' },
      schema: {
        tags,
        summary: 'Enable or disable an address (a disabled one is given to no new user)',
        params: ZTronAddressParams,
        body: ZEnabledToggle,
        response: { 200: envelopeOf(ZTronAddress) },
      },
    },
    async (request) =>
      ok(request, await service.setEnabled(actorOf(request), request.params.id, request.body.enabled)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:tron:del' },
      schema: {
        tags,
        summary: 'Delete an address that was never assigned to a user',
        params: ZTronAddressParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
}
