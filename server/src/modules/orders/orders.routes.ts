import {
  type AdminOrder,
  envelopeOf,
  type Order,
  type OrderPhone,
  pagedOf,
  ZAdminOrder,
  ZAdminOrderDetail,
  ZAdminOrderFilter,
  ZAdminOrderListQuery,
  ZOrder,
  ZOrderDetail,
  ZOrderFilter,
  ZOrderIdParams,
  ZOrderListQuery,
  ZOrderPhonesExportQuery,
} from '@jiema/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { type CsvColumn, sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import type { OrdersService } from './orders.service';

const tags = ['orders'];

const ORDER_COLUMNS: CsvColumn<Order>[] = [
  { header: 'order_no', value: (r) => r.orderNo },
  { header: 'username', value: (r) => r.username },
  { header: 'application', value: (r) => r.applicationCode },
  { header: 'country', value: (r) => r.countryCode },
  { header: 'operator', value: (r) => r.operatorName ?? 'any' },
  { header: 'prefix', value: (r) => r.prefix },
  { header: 'quantity', value: (r) => r.quantity },
  { header: 'unit_price_usdt', value: (r) => r.unitPrice },
  { header: 'amount_usdt', value: (r) => r.amount },
  { header: 'refunded_usdt', value: (r) => r.refundedAmount },
  { header: 'sms_type', value: (r) => r.smsType },
  { header: 'kind', value: (r) => r.validityKind },
  { header: 'valid_days', value: (r) => r.validDays },
  { header: 'validity_minutes', value: (r) => r.validityMinutes },
  { header: 'status', value: (r) => r.status },
  { header: 'card_type', value: (r) => r.cardType },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'completed_at', value: (r) => r.completedAt },
  { header: 'cancelled_at', value: (r) => r.cancelledAt },
  { header: 'phones', value: (r) => r.phoneList.join(' ') },
];

/** Administrators' export: also the provider that served the order, its id there, cost and margin (USDT). */
const ADMIN_ORDER_COLUMNS: CsvColumn<AdminOrder>[] = [
  ...(ORDER_COLUMNS as CsvColumn<AdminOrder>[]),
  { header: 'provider', value: (r) => r.upstream?.providerName ?? '' },
  { header: 'upstream_id', value: (r) => r.upstream?.upstreamId ?? '' },
  { header: 'cost_usdt', value: (r) => r.upstream?.cost ?? '' },
  { header: 'margin_usdt', value: (r) => r.upstream?.margin ?? '' },
];

/** Where the code links point: this server as the caller reached it. */
const codeLink = (request: FastifyRequest, token: string) =>
  `${request.protocol}://${request.host}/api/code/${token}`;

/** An order's numbers: TXT `number----code link` per line (the resellers' format), or CSV. */
function sendPhones(
  request: FastifyRequest,
  reply: FastifyReply,
  order: Order & { phones: OrderPhone[] },
  format: 'txt' | 'csv',
) {
  if (format === 'csv') {
    const csv = toCsv<OrderPhone>(
      [
        { header: 'phone_number', value: (p) => p.phoneNumber },
        { header: 'application', value: () => order.applicationCode },
        { header: 'status', value: (p) => p.status },
        { header: 'expires_at', value: (p) => p.expiresAt },
        { header: 'latest_code', value: (p) => p.latestCode },
        { header: 'code_link', value: (p) => codeLink(request, p.token) },
      ],
      order.phones,
    );
    return sendCsv(reply, `${order.orderNo}.csv`, csv);
  }
  const text = order.phones.map((p) => `${p.phoneNumber}----${codeLink(request, p.token)}`).join('\r\n');
  return reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('content-disposition', `attachment; filename="${order.orderNo}.txt"`)
    .send(`${text}\r\n`);
}

export function registerOrderRoutes(app: App, { orders }: { orders: OrdersService }) {
  // ------------------------------------------------------------ the buyer's orders (api:orders)
  const own = { permission: 'api:orders' };

  app.get(
    '/api/orders',
    {
      config: own,
      schema: {
        tags,
        summary: 'My SMS and API orders, newest first',
        querystring: ZOrderListQuery,
        response: { 200: envelopeOf(pagedOf(ZOrder)) },
      },
    },
    async (request) => ok(request, await orders.list(request.user!.record.id, request.query)),
  );

  app.get(
    '/api/orders/export',
    {
      config: own,
      schema: { tags, summary: 'My orders matching the filters, as CSV', querystring: ZOrderFilter },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'orders.csv',
        toCsv(ORDER_COLUMNS, await orders.export(request.user!.record.id, request.query)),
      ),
  );

  app.get(
    '/api/orders/:id',
    {
      config: own,
      schema: {
        tags,
        summary: 'One of my orders with its phone list',
        params: ZOrderIdParams,
        response: { 200: envelopeOf(ZOrderDetail) },
      },
    },
    async (request) => ok(request, await orders.get(request.user!.record.id, request.params.id)),
  );

  app.get(
    '/api/orders/:id/phones',
    {
      config: own,
      schema: {
        tags,
        summary: 'The numbers of one of my orders with their code links, as TXT or CSV',
        params: ZOrderIdParams,
        querystring: ZOrderPhonesExportQuery,
      },
    },
    async (request, reply) =>
      sendPhones(
        request,
        reply,
        await orders.get(request.user!.record.id, request.params.id),
        request.query.format,
      ),
  );

  // ------------------------------------------------------------ administrators' order logs
  app.get(
    '/api/admin/orders',
    {
      config: { permission: 'admin:logs:list' },
      schema: {
        tags,
        summary:
          "Every user's orders, newest first, with the upstream provider that served each (administrators)",
        querystring: ZAdminOrderListQuery,
        response: { 200: envelopeOf(pagedOf(ZAdminOrder)) },
      },
    },
    async (request) => ok(request, await orders.adminList(request.query)),
  );

  app.get(
    '/api/admin/orders/export',
    {
      config: { permission: 'admin:logs:export' },
      schema: { tags, summary: 'Orders matching the filters, as CSV', querystring: ZAdminOrderFilter },
    },
    async (request, reply) =>
      sendCsv(reply, 'orders.csv', toCsv(ADMIN_ORDER_COLUMNS, await orders.adminExport(request.query))),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config: { permission: 'admin:logs:list' },
      schema: {
        tags,
        summary: 'One order with its numbers and the upstream provider that served it',
        params: ZOrderIdParams,
        response: { 200: envelopeOf(ZAdminOrderDetail) },
      },
    },
    async (request) => ok(request, await orders.adminGet(request.params.id)),
  );

  app.get(
    '/api/admin/orders/:id/phones',
    {
      config: { permission: 'admin:logs:export' },
      schema: {
        tags,
        summary: 'The numbers of an order with their code links, as TXT or CSV',
        params: ZOrderIdParams,
        querystring: ZOrderPhonesExportQuery,
      },
    },
    async (request, reply) =>
      sendPhones(request, reply, await orders.get(null, request.params.id), request.query.format),
  );

  const adminEdit = { permission: 'admin:logs:edit' };
  app.post(
    '/api/admin/orders/:id/complete',
    {
      config: adminEdit,
      schema: {
        tags,
        summary: 'Complete a pending order: its open numbers are finished, nothing is refunded',
        params: ZOrderIdParams,
        response: { 200: envelopeOf(ZOrderDetail) },
      },
    },
    async (request) => ok(request, await orders.complete(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/admin/orders/:id/cancel',
    {
      config: adminEdit,
      schema: {
        tags,
        summary:
          'Cancel a pending order: its numbers are released and what was not refunded yet is refunded, once',
        params: ZOrderIdParams,
        response: { 200: envelopeOf(ZOrderDetail) },
      },
    },
    async (request) => ok(request, await orders.cancel(actorOf(request), request.params.id)),
  );
}
