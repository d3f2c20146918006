import { randomBytes, randomUUID } from 'node:crypto';
import type {
  GatewayCreate,
  GatewayListQuery,
  GatewayUpdate,
  GatewayWithSecret,
  TestSmsInput,
  TestSmsResult,
} from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import { gatewaysWritten } from './gateway-lookup';
import {
  deleteGateway,
  findGateway,
  insertGateway,
  listGateways,
  setGatewaySecret,
  updateGateway,
} from './gateways.repository';
import { ingestSms, normalizeNumber } from './ingest';

const ENTITY = 'gateway';
/** 32 characters of base64url: textbee asks for at least 20, and it is typed into phones' settings. */
/** A gateway write, then the count the webhooks' lookup checks (gateway-lookup.ts): after its commit. */
async function afterCommit<T>(written: Promise<T>): Promise<T> {
  try {
    return await written;
  } finally {
    gatewaysWritten();
  }
}

export const newGatewaySecret = () => randomBytes(24).toString('base64url');

export function createGatewayService({ db }: { db: Db }) {
  const mustFind = async (id: number) => {
    const gateway = await findGateway(db, id);
    if (!gateway) throw new AppError('GATEWAY_NOT_FOUND');
    return gateway;
  };

  return {
    async list(query: GatewayListQuery) {
      const { list, total } = await listGateways(db, query);
      return paged(list, total, query);
    },

    get: mustFind,

    /** The secret is in this answer only (and in regenerateSecret's): the screen shows it once. */
    async create(actor: Actor, input: GatewayCreate): Promise<GatewayWithSecret> {
      const secret = newGatewaySecret();
      return afterCommit(
        db.transaction(async (tx) => {
          const id = await insertGateway(tx, { ...input, secret });
          const created = (await findGateway(tx, id))!;
          await audit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: created });
          return { ...created, secret };
        }),
      );
    },

    async update(actor: Actor, id: number, input: GatewayUpdate) {
      return afterCommit(
        db.transaction(async (tx) => {
          const before = await findGateway(tx, id);
          if (!before) throw new AppError('GATEWAY_NOT_FOUND');
          await updateGateway(tx, id, input);
          const after = (await findGateway(tx, id))!;
          await audit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after });
          return after;
        }),
      );
    },

    async regenerateSecret(actor: Actor, id: number): Promise<GatewayWithSecret> {
      const secret = newGatewaySecret();
      return afterCommit(
        db.transaction(async (tx) => {
          const gateway = await findGateway(tx, id);
          if (!gateway) throw new AppError('GATEWAY_NOT_FOUND');
          await setGatewaySecret(tx, id, secret);
          await audit(tx, actor, { action: 'regenerate-secret', entity: ENTITY, entityId: id });
          return { ...gateway, secret };
        }),
      );
    },

    async remove(actor: Actor, id: number) {
      await afterCommit(
        db.transaction(async (tx) => {
          const before = await findGateway(tx, id);
          if (!before) throw new AppError('GATEWAY_NOT_FOUND');
          await deleteGateway(tx, id);
          await audit(tx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
        }),
      );
    },

    /** Numbers of the stock for the test tool's picker, with how many rentals hold each now. */
    async testNumbers(keyword: string) {
      const digits = keyword.replace(/[^\d]/g, '');
      return db.query<{ id: number; number: string; demo: boolean; rentals: number }>(
        `select p.id, p.number, p.demo,
           (select count(*)::int from rentals r where r.phone_number_id = p.id
              and r.status in ('active', 'inactive', 'suspended') and r.expires_at > now()) as rentals
         from phone_numbers p where p.number like $1
         order by (p.state = 'in_use') desc, p.number limit 20`,
        [`%${digits}%`],
      );
    },

    /**
     * "Send a test SMS": the text enters exactly as a gateway's would (source `test`), so attribution,
     * patterns and extraction are what a real SMS would get; the answer says where it went.
     */
    async sendTestSms(actor: Actor, input: TestSmsInput): Promise<TestSmsResult> {
      const number = normalizeNumber(input.number);
      const [known] = number
        ? await db.query<{ id: number }>('select id from phone_numbers where number = $1', [number])
        : [];
      if (!number || !known) throw new AppError('TEST_SMS_NUMBER_UNKNOWN', { number: input.number });
      const result = await ingestSms(db, {
        gatewayId: null,
        source: 'test',
        externalId: randomUUID(),
        to: number,
        from: input.sender || 'Test',
        text: input.text,
        voice: input.voice,
      });
      await audit(db, actor, {
        action: 'test-sms',
        entity: 'sms_message',
        entityId: result.smsId,
        after: { number, sender: input.sender, rentalId: result.rentalId, code: result.code },
      });
      const [where] = await db.query<{
        order_no: string | null;
        username: string | null;
        app_id: number | null;
        name_zh: string | null;
        name_en: string | null;
      }>(
        `select o.order_no, u.username, a.id as app_id, a.name_zh, a.name_en
         from sms_messages m
         left join rentals r on r.id = m.rental_id
         left join store_orders o on o.id = r.order_id
         left join users u on u.id = r.user_id
         left join applications a on a.id = m.application_id
         where m.id = $1`,
        [result.smsId],
      );
      return {
        smsId: result.smsId,
        duplicate: result.duplicate,
        phoneNumber: result.phoneNumber,
        rentalId: result.rentalId,
        orderNo: where?.order_no ?? null,
        userId: result.userId,
        username: where?.username ?? null,
        application:
          where?.app_id != null ? { id: where.app_id, nameZh: where.name_zh!, nameEn: where.name_en! } : null,
        code: result.code,
      };
    },
  };
}
