import {
  type AdminDeposit,
  envelopeOf,
  type Locale,
  pagedOf,
  ZAdminDeposit,
  ZAdminDepositQuery,
  ZAttachDepositInput,
  ZDeposit,
  ZDepositParams,
  ZDepositQuery,
  ZHdWalletInfo,
  ZRechargeInfo,
  ZRechargeOrder,
  ZRechargeOrderInput,
  ZWatcherHealth,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type CsvColumn, sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createRechargeService } from './recharge.service';
import { watcherHealth } from './watcher-health';

const tags = ['recharge'];

const CSV_COLUMNS: Array<{ header: Record<Locale, string>; value: CsvColumn<AdminDeposit>['value'] }> = [
  { header: { 'zh-CN': 'ID', 'en-US': 'ID' }, value: (r) => r.id },
  { header: { 'zh-CN': '区块时间', 'en-US': 'Block time' }, value: (r) => r.blockAt },
  { header: { 'zh-CN': '交易哈希', 'en-US': 'Transaction id' }, value: (r) => r.txId },
  { header: { 'zh-CN': '金额 (USDT)', 'en-US': 'Amount (USDT)' }, value: (r) => r.amount },
  { header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
  { header: { 'zh-CN': '原因', 'en-US': 'Reason' }, value: (r) => r.reason },
  { header: { 'zh-CN': '入账用户', 'en-US': 'User credited' }, value: (r) => r.username },
  { header: { 'zh-CN': '收款地址', 'en-US': 'To address' }, value: (r) => r.toAddress },
  { header: { 'zh-CN': '付款地址', 'en-US': 'From address' }, value: (r) => r.fromAddress },
  { header: { 'zh-CN': '入账时间', 'en-US': 'Credited at' }, value: (r) => r.creditedAt },
  { header: { 'zh-CN': '手动分配人', 'en-US': 'Attached by' }, value: (r) => r.attachedBy },
];

/** The recharge page (own address, orders, deposits), the recharge log and the watcher's health. */
export function registerRechargeRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const recharge = createRechargeService({ db, config });

  app.get(
    '/api/recharge',
    {
      config: { permission: 'finance:recharge' },
      schema: {
        tags,
        summary:
          "The caller's deposit address (given from the pool on the first visit), the rules and any open order",
        response: { 200: envelopeOf(ZRechargeInfo) },
      },
    },
    async (request) => ok(request, await recharge.info(request.user!.record.id)),
  );

  app.get(
    '/api/recharge/deposits',
    {
      config: { permission: 'finance:recharge' },
      schema: {
        tags,
        summary: "The caller's deposits and their state (seen, confirming, credited), newest first",
        querystring: ZDepositQuery,
        response: { 200: envelopeOf(pagedOf(ZDeposit)) },
      },
    },
    async (request) => ok(request, await recharge.listDeposits(request.user!.record.id, request.query)),
  );

  app.post(
    '/api/recharge/orders',
    {
      config: { permission: 'finance:recharge' },
      schema: {
        tags,
        summary: 'When the pool has no address for the caller: reserve a unique amount on a shared address',
        body: ZRechargeOrderInput,
        response: { 200: envelopeOf(ZRechargeOrder) },
      },
    },
    async (request) => ok(request, await recharge.createOrder(request.user!.record.id, request.body.amount)),
  );

  app.post(
    '/api/recharge/orders/:id/cancel',
    {
      config: { permission: 'finance:recharge' },
      schema: {
        tags,
        summary:
          "Cancel the caller's open recharge order (a payment of its amount then waits for an administrator)",
        params: ZDepositParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await recharge.cancelOrder(request.user!.record.id, request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/api/admin/deposits',
    {
      config: { permission: 'admin:logs:list' },
      schema: {
        tags,
        summary: 'Every deposit seen on chain (recharge log): status, keyword, user and date filters',
        querystring: ZAdminDepositQuery,
        response: { 200: envelopeOf(pagedOf(ZAdminDeposit)) },
      },
    },
    async (request) => ok(request, await recharge.listAll(request.query)),
  );

  app.get(
    '/api/admin/deposits/export',
    {
      config: { permission: 'admin:logs:export' },
      schema: { tags, summary: 'The deposits matching the filters, as CSV', querystring: ZAdminDepositQuery },
    },
    async (request, reply) => {
      const rows = await recharge.exportAll(request.query);
      const columns = CSV_COLUMNS.map((c) => ({ header: c.header[request.locale], value: c.value }));
      return sendCsv(reply, 'recharge-log.csv', toCsv(columns, rows));
    },
  );

  app.post(
    '/api/admin/deposits/:id/attach',
    {
      config: { permission: 'admin:deposit:attach' },
      schema: {
        tags,
        summary: 'Credit an unmatched deposit to a user (once; audit-logged)',
        params: ZDepositParams,
        body: ZAttachDepositInput,
        response: { 200: envelopeOf(ZAdminDeposit) },
      },
    },
    async (request) => ok(request, await recharge.attach(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/admin/deposits/watcher',
    {
      config: { permission: 'admin:tron:list' },
      schema: {
        tags,
        summary: "The chain watcher's health: last scan, lag, errors",
        response: { 200: envelopeOf(ZWatcherHealth) },
      },
    },
    async (request) => ok(request, await watcherHealth(db, config, request.locale)),
  );

  app.get(
    '/api/admin/deposits/hd-wallet',
    {
      config: { permission: 'admin:tron:list' },
      schema: {
        tags,
        summary:
          'Where new deposit addresses come from: the pool or an extended public key (never a private key)',
        response: { 200: envelopeOf(ZHdWalletInfo) },
      },
    },
    async (request) => ok(request, await recharge.hdWallet()),
  );
}
