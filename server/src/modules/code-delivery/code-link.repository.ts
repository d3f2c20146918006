import type { CodeAnswerFormat, RentalStatus } from '@jiema/shared';
import type { Queryable } from '../../db/client';

export type LinkKind = 'rental' | 'order' | 'group';

/** One number of a code link with its latest SMS inside the owner's window (nulls when none). */
export type CodeLinkRow = {
  kind: LinkKind;
  link_id: number;
  /** The link's owner: a remembered answer is dropped when anything of theirs changes. */
  owner_id: number;
  order_no: string | null;
  group_name: string | null;
  answer_format: CodeAnswerFormat;
  window_minutes: number;
  time_zone: string;
  rental_id: number | null;
  phone_number: string | null;
  application_code: string | null;
  application_name_zh: string | null;
  application_name_en: string | null;
  status: RentalStatus | null;
  expires_at: Date | null;
  resend_requested_at: Date | null;
  sms_id: number | null;
  code: string | null;
  text: string | null;
  sender: string | null;
  received_at: Date | null;
};

/**
 * A token (a rental's, an order's or a group's) with its owner's settings and, for each of its
 * numbers the owner still owns, the latest SMS that counts: received inside the owner's window and
 * after `after`; with a code, for the `code` format; for the plain formats, not before an "another
 * SMS" request (the JSON answer keeps showing the last code with `waitingForAnother`, as it always
 * did). One statement, one round trip: this is the hottest read of the product. No row: no such token.
 * A link without numbers (a group of rentals since transferred away) gives one row with null rental.
 */
// Wrapped in a plain `select`: the database client then counts it as a read, not a write (caches survive it).
const CODE_LINK_SQL = `select * from (with link as (select * from (
    select 'rental' as kind, r.id as link_id, r.user_id, o.order_no, null::text as group_name
      from rentals r join store_orders o on o.id = r.order_id where r.token = $1
    union all
    select 'order', o.id, o.user_id, o.order_no, null from store_orders o where o.token = $1
    union all
    select 'group', g.id, g.user_id, null, g.name from rental_groups g where g.token = $1
  ) found limit 1), settings as (
    select l.*, coalesce(s.answer_format, 'json') as answer_format, coalesce(s.window_minutes, 20) as window_minutes,
      coalesce(s.time_zone, 'Asia/Shanghai') as time_zone
    from link l left join user_code_settings s on s.user_id = l.user_id
  ), members as (
    select r.id from settings l join rentals r on l.kind = 'rental' and r.id = l.link_id
    union all
    select r.id from settings l join rentals r on l.kind = 'order' and r.order_id = l.link_id and r.user_id = l.user_id
    union all
    select r.id from settings l join rental_group_members gm on l.kind = 'group' and gm.group_id = l.link_id
      join rentals r on r.id = gm.rental_id and r.user_id = l.user_id
  )
  select l.kind, l.link_id, l.user_id as owner_id, l.order_no, l.group_name, l.answer_format, l.window_minutes, l.time_zone,
    r.id as rental_id, r.phone_number, a.code as application_code, a.name_zh as application_name_zh,
    a.name_en as application_name_en, r.status, r.expires_at, r.resend_requested_at,
    m.id as sms_id, m.code, m.text, m.sender, m.received_at
  from settings l
  left join members mb on true
  left join rentals r on r.id = mb.id
  left join applications a on a.id = r.application_id
  left join lateral (
    select m.id, m.code, m.text, m.sender, m.received_at from sms_messages m
    where m.rental_id = r.id
      and m.received_at >= greatest(now() - make_interval(mins => l.window_minutes), $2::timestamptz,
        case when l.answer_format <> 'json' then r.resend_requested_at end)
      and (l.answer_format <> 'code' or m.code is not null)
    order by m.received_at desc, m.id desc limit 1
  ) m on true
  ) answer order by rental_id`;

export function readCodeLink(q: Queryable, token: string, after: string | null): Promise<CodeLinkRow[]> {
  return q.query<CodeLinkRow>(CODE_LINK_SQL, [token, after], { prepare: 'code_link_read' });
}

/** The SMS of a user's rentals received after `since`, oldest first (the API-key listing). */
export function listCodesOfUser(q: Queryable, userId: number, since: string, limit: number) {
  return q.query<{
    sms_id: number;
    rental_id: number;
    phone_number: string;
    application_code: string;
    sender: string;
    text: string;
    code: string | null;
    received_at: Date;
    time_zone: string;
  }>(
    `select m.id as sms_id, m.rental_id, m.phone_number, a.code as application_code, m.sender, m.text, m.code,
       m.received_at, coalesce(s.time_zone, 'Asia/Shanghai') as time_zone
     from sms_messages m
     join rentals r on r.id = m.rental_id
     join applications a on a.id = r.application_id
     left join user_code_settings s on s.user_id = r.user_id
     where r.user_id = $1 and m.received_at > $2::timestamptz
     order by m.received_at, m.id limit $3`,
    [userId, since, limit],
  );
}

/** The enabled user whose API key this is. */
export async function findUserByApiKey(q: Queryable, apiKey: string) {
  const rows = await q.query<{ id: number }>('select id from users where api_key = $1 and enabled', [apiKey]);
  return rows[0] ?? null;
}
