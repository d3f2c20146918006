import type { RentalStatus, ValidityKind } from '@jiema/shared';
import type { Queryable } from '../../db/client';

export type CompatSms = {
  id: number;
  code: string | null;
  text: string;
  sender: string;
  received_at: string;
};

/** A rental as both protocols show it: its state, its names in their ids, and its SMS (newest first). */
export type ActivationView = {
  id: number;
  user_id: number;
  order_id: number;
  kind: ValidityKind;
  status: RentalStatus;
  phone_number: string;
  price: string;
  starts_at: string;
  expires_at: string;
  ended_at: string | null;
  resend_requested_at: string | null;
  refunded: boolean;
  banned: boolean;
  service: string;
  fivesim_product: string | null;
  sms_activate_country: number | null;
  fivesim_country: string | null;
  country_name_en: string;
  operator_code: string | null;
  operator_fivesim: string | null;
  sms: CompatSms[];
};

const VIEW_SELECT = `select r.id, r.user_id, r.order_id, r.kind, r.status, r.phone_number, r.price::text as price,
    r.starts_at, r.expires_at, r.ended_at, r.resend_requested_at, r.refunded_at is not null as refunded,
    coalesce(mk.banned_at is not null, false) as banned,
    a.code as service, a.fivesim_product,
    coalesce(c.sms_activate_id, (select min(x.sms_activate_id) from compat_country_aliases x where x.country_code = r.country_code))
      as sms_activate_country,
    c.fivesim_slug as fivesim_country, c.name_en as country_name_en,
    op.code as operator_code, op.fivesim_slug as operator_fivesim,
    coalesce((select json_agg(json_build_object('id', m.id, 'code', m.code, 'text', m.text, 'sender', m.sender,
        'received_at', m.received_at) order by m.received_at desc, m.id desc)
      from (select * from sms_messages m where m.rental_id = r.id order by m.received_at desc, m.id desc limit 50) m),
      '[]'::json) as sms
  from rentals r
  join applications a on a.id = r.application_id
  left join countries c on c.code = r.country_code
  left join operators op on op.id = r.operator_id
  left join compat_rental_marks mk on mk.rental_id = r.id`;

const iso = (d: unknown) => new Date(d as string).toISOString();

function toView(row: ActivationView): ActivationView {
  return {
    ...row,
    starts_at: iso(row.starts_at),
    expires_at: iso(row.expires_at),
    ended_at: row.ended_at === null ? null : iso(row.ended_at),
    resend_requested_at: row.resend_requested_at === null ? null : iso(row.resend_requested_at),
    sms: row.sms.map((m) => ({ ...m, received_at: iso(m.received_at) })),
  };
}

/** One rental (whoever owns it: the caller checks). */
export async function findActivation(q: Queryable, id: number): Promise<ActivationView | null> {
  const rows = await q.query<ActivationView>(`${VIEW_SELECT} where r.id = $1`, [id], {
    prepare: 'compat-activation',
  });
  return rows[0] ? toView(rows[0]) : null;
}

/** The rentals of an order (the store's purchase answers with the order). */
export async function activationsOfOrder(q: Queryable, orderId: number) {
  const rows = await q.query<ActivationView>(`${VIEW_SELECT} where r.order_id = $1 order by r.id`, [orderId]);
  return rows.map(toView);
}

/** A user's rentals, newest first: open ones only, or of a kind, or within a time window. */
export async function listActivations(
  q: Queryable,
  userId: number,
  filter: {
    open?: boolean;
    kind?: ValidityKind;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
    ascending?: boolean;
  },
) {
  const where = `where r.user_id = $1 and ($2::boolean is null or (r.status in ('active', 'inactive', 'suspended')) = $2::boolean)
    and ($3::text is null or r.kind = $3::text) and ($4::timestamptz is null or r.created_at >= $4::timestamptz)
    and ($5::timestamptz is null or r.created_at <= $5::timestamptz)`;
  const values = [userId, filter.open ?? null, filter.kind ?? null, filter.from ?? null, filter.to ?? null];
  const [rows, count] = await Promise.all([
    q.query<ActivationView>(
      `${VIEW_SELECT} ${where} order by r.created_at ${filter.ascending ? 'asc' : 'desc'}, r.id ${filter.ascending ? 'asc' : 'desc'}
       limit $6 offset $7`,
      [...values, filter.limit, filter.offset],
    ),
    q.query<{ n: number }>(`select count(*)::int as n from rentals r ${where}`, values),
  ]);
  return { list: rows.map(toView), total: count[0]?.n ?? 0 };
}

export async function markBanned(q: Queryable, rentalId: number) {
  // Announced like a change of the rental itself, so no process keeps showing it unbanned.
  await q.query(
    `with m as (
       insert into compat_rental_marks (rental_id, banned_at) values ($1, now())
       on conflict (rental_id) do update set banned_at = coalesce(compat_rental_marks.banned_at, now())
       returning rental_id
     ) select pg_notify('jiema_compat', rental_id::text) from m`,
    [rentalId],
  );
}
