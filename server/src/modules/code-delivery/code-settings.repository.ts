import type { CodeAnswerFormat, CodePattern, PageQuery, WebhookDelivery } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy } from '../../lib/pagination';

export type SettingsRow = {
  answer_format: CodeAnswerFormat;
  window_minutes: number;
  time_zone: string;
  webhook_url: string | null;
  webhook_secret: string | null;
};

export async function findSettings(q: Queryable, userId: number): Promise<SettingsRow | null> {
  const rows = await q.query<SettingsRow>(
    `select answer_format, window_minutes, time_zone, webhook_url, webhook_secret
     from user_code_settings where user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function saveSettings(q: Queryable, userId: number, s: SettingsRow) {
  await q.query(
    `insert into user_code_settings (user_id, answer_format, window_minutes, time_zone, webhook_url, webhook_secret)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id) do update set answer_format = excluded.answer_format, window_minutes = excluded.window_minutes,
       time_zone = excluded.time_zone, webhook_url = excluded.webhook_url, webhook_secret = excluded.webhook_secret,
       updated_at = now()`,
    [userId, s.answer_format, s.window_minutes, s.time_zone, s.webhook_url, s.webhook_secret],
  );
}

export async function listPatterns(q: Queryable, userId: number): Promise<CodePattern[]> {
  const rows = await q.query<{
    application_id: number;
    code: string;
    name_zh: string;
    name_en: string;
    pattern: string;
  }>(
    `select p.application_id, a.code, a.name_zh, a.name_en, p.pattern
     from user_code_patterns p join applications a on a.id = p.application_id
     where p.user_id = $1 order by a.sort_order, a.id`,
    [userId],
  );
  return rows.map((r) => ({
    applicationId: r.application_id,
    applicationCode: r.code,
    applicationNameZh: r.name_zh,
    applicationNameEn: r.name_en,
    pattern: r.pattern,
  }));
}

export async function applicationExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('select 1 from applications where id = $1', [id])).length > 0;
}

export async function savePattern(q: Queryable, userId: number, applicationId: number, pattern: string) {
  await q.query(
    `insert into user_code_patterns (user_id, application_id, pattern) values ($1, $2, $3)
     on conflict (user_id, application_id) do update set pattern = excluded.pattern, updated_at = now()`,
    [userId, applicationId, pattern],
  );
}

export async function deletePattern(q: Queryable, userId: number, applicationId: number) {
  await q.query('delete from user_code_patterns where user_id = $1 and application_id = $2', [
    userId,
    applicationId,
  ]);
}

type DeliveryRow = {
  id: number;
  sms_id: number;
  phone_number: string | null;
  code: string | null;
  url: string;
  status: WebhookDelivery['status'];
  attempts: number;
  last_http_status: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  created_at: Date;
};

const DELIVERY_SORTABLE: Record<string, string> = {
  createdAt: 'd.created_at',
  status: 'd.status',
  attempts: 'd.attempts',
};

/** The user's webhook deliveries, newest first (the delivery log of the settings page). */
export async function listDeliveries(q: Queryable, userId: number, query: PageQuery) {
  const [rows, count] = await Promise.all([
    q.query<DeliveryRow>(
      `select d.id, d.sms_id, m.phone_number, m.code, d.url, d.status, d.attempts, d.last_http_status, d.last_error,
         d.next_attempt_at, d.delivered_at, d.created_at
       from code_webhook_deliveries d left join sms_messages m on m.id = d.sms_id
       where d.user_id = $1 ${orderBy(query, DELIVERY_SORTABLE, 'd.id desc', 'd.id')} ${limitOffset(query)}`,
      [userId],
    ),
    q.query<{ total: number }>(
      'select count(*)::int as total from code_webhook_deliveries where user_id = $1',
      [userId],
    ),
  ]);
  const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
  return {
    list: rows.map(
      (r): WebhookDelivery => ({
        id: r.id,
        smsId: r.sms_id,
        phoneNumber: r.phone_number,
        code: r.code,
        url: r.url,
        status: r.status,
        attempts: r.attempts,
        lastHttpStatus: r.last_http_status,
        lastError: r.last_error,
        nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
        deliveredAt: iso(r.delivered_at),
        createdAt: iso(r.created_at)!,
      }),
    ),
    total: count[0]?.total ?? 0,
  };
}
