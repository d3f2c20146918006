/**
 * Reports on a year of data (issue 13): totals kept per time bucket by triggers, so a report sums a few
 * thousand rows instead of re-scanning the period (modules/reports/rollups.repository.ts reads them).
 *
 * Why triggers, in the writing transaction: the totals are then exact by construction. A job rolling up
 * "closed" days would have to guess when a day is closed: an inbound SMS carries its gateway's
 * `received_at` (hours late after an outage), a transaction stamps `now()` at its start and may commit
 * after the bucket ended, and several processes write at once. With triggers, whatever commits is counted
 * and whatever rolls back is not, across restarts and processes; a refund is a new ledger entry and counts
 * on its own day, as in the raw report.
 *
 * Cost on the hot paths (inbound SMS, store purchase): inserts are counted by statement-level triggers
 * (transition tables: one grouped upsert per statement, so the seed of a year is set-based too), each
 * writer adds to its own row of a bucket (`shard` = backend pid mod 8) so concurrent transactions do not
 * queue on one counter row until they commit; readers sum the shards. Updates and deletes (rare: an
 * admin deleting an unused account, a reassigned SMS) go through row-level triggers whose WHEN clauses
 * skip every update that does not move a counted value.
 *
 * Buckets: 15 minutes of UTC for the per-day series (every real UTC offset is a multiple of 15 minutes,
 * so a reader's day is whole buckets; other offsets fall back to the raw queries), and UTC days per
 * application × country × operator for the code success rates (a period's partial days at both ends are
 * read raw). A rental counts as "with code" once it has an SMS with a code: `report_rental_codes` holds
 * how many it has, and its insert (the first code) is what bumps `with_code`; concurrent first codes for
 * one rental queue on that row's key, so exactly one of them counts.
 */
export default /* sql */ `
create function report_bucket(ts timestamptz) returns timestamptz language sql immutable parallel safe as
  $$ select date_bin('15 minutes', ts, timestamptz '2000-01-01 00:00:00+00') $$;
create function report_shard() returns smallint language sql volatile as
  $$ select (pg_backend_pid() % 8)::smallint $$;

create table report_sms_buckets (
  bucket timestamptz not null, shard smallint not null, sms integer not null,
  primary key (bucket, shard));
create table report_order_buckets (
  bucket timestamptz not null, shard smallint not null, orders integer not null,
  primary key (bucket, shard));
-- revenue: minus the consume entries (purchases, renewals); refunds: the refund entries.
create table report_ledger_buckets (
  bucket timestamptz not null, shard smallint not null,
  revenue numeric(20, 6) not null, refunds numeric(20, 6) not null,
  primary key (bucket, shard));
create table report_login_buckets (
  bucket timestamptz not null, shard smallint not null, success integer not null, failure integer not null,
  primary key (bucket, shard));
-- self: signed up with the form (it stores the IP); admin: created by an administrator (no IP).
create table report_registration_buckets (
  bucket timestamptz not null, shard smallint not null, self integer not null, admin integer not null,
  primary key (bucket, shard));
-- Rentals by the UTC day they started; operator_id 0 stands for none.
create table report_rental_cells (
  day date not null, application_id integer not null, country_code char(2) not null,
  operator_id integer not null, shard smallint not null, rentals integer not null, with_code integer not null,
  primary key (day, application_id, country_code, operator_id, shard));
create table report_rental_codes (rental_id integer primary key, codes integer not null check (codes > 0));

-- ---- inbound SMS ----
-- A code reached a rental: the first one counts the rental "with code" (concurrent first codes queue on
-- the rental's key here; the one that inserted it sees 1, the others 2 and more).
create function report_code_added(rental integer) returns void language plpgsql as $$
declare
  codes_now integer;
begin
  insert into report_rental_codes as c (rental_id, codes) values (rental, 1)
  on conflict (rental_id) do update set codes = c.codes + 1
  returning codes into codes_now;
  if codes_now = 1 then
    insert into report_rental_cells as x (day, application_id, country_code, operator_id, shard, rentals, with_code)
    select (r.starts_at at time zone 'UTC')::date, r.application_id, r.country_code, coalesce(r.operator_id, 0),
      report_shard(), 0, 1
    from rentals r where r.id = rental
    on conflict (day, application_id, country_code, operator_id, shard)
      do update set with_code = x.with_code + excluded.with_code;
  end if;
end $$;

create function report_code_removed(id integer) returns void language plpgsql as $$
declare
  left_ integer;
begin
  update report_rental_codes set codes = codes - 1 where rental_id = id and codes > 1 returning codes into left_;
  if found then
    return;
  end if;
  delete from report_rental_codes where rental_id = id;
  if not found then
    return;
  end if;
  insert into report_rental_cells as x (day, application_id, country_code, operator_id, shard, rentals, with_code)
  select (r.starts_at at time zone 'UTC')::date, r.application_id, r.country_code, coalesce(r.operator_id, 0),
    report_shard(), 0, -1
  from rentals r where r.id = report_code_removed.id
  on conflict (day, application_id, country_code, operator_id, shard)
    do update set with_code = x.with_code + excluded.with_code;
end $$;

create function report_sms_inserted() returns trigger language plpgsql as $$
begin
  insert into report_sms_buckets as b (bucket, shard, sms)
  select report_bucket(received_at), report_shard(), count(*) from added group by 1
  on conflict (bucket, shard) do update set sms = b.sms + excluded.sms;
  return null;
end $$;
create trigger report_sms_inserted after insert on sms_messages
  referencing new table as added for each statement execute function report_sms_inserted();

-- Row by row (a row trigger whose WHEN skips the rest costs less than reading the transition table again).
create function report_sms_coded() returns trigger language plpgsql as $$
begin
  perform report_code_added(new.rental_id);
  return null;
end $$;
create trigger report_sms_coded after insert on sms_messages for each row
  when (new.rental_id is not null and new.code is not null) execute function report_sms_coded();

create function report_sms_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into report_sms_buckets as b (bucket, shard, sms) values (report_bucket(old.received_at), report_shard(), -1)
    on conflict (bucket, shard) do update set sms = b.sms + excluded.sms;
    if old.rental_id is not null and old.code is not null then
      perform report_code_removed(old.rental_id);
    end if;
  end if;
  if tg_op = 'UPDATE' then
    insert into report_sms_buckets as b (bucket, shard, sms) values (report_bucket(new.received_at), report_shard(), 1)
    on conflict (bucket, shard) do update set sms = b.sms + excluded.sms;
    if new.rental_id is not null and new.code is not null then
      perform report_code_added(new.rental_id);
    end if;
  end if;
  return null;
end $$;
create trigger report_sms_updated after update on sms_messages for each row
  when (old.received_at is distinct from new.received_at or old.rental_id is distinct from new.rental_id
    or (old.code is null) <> (new.code is null))
  execute function report_sms_changed();
create trigger report_sms_deleted after delete on sms_messages for each row execute function report_sms_changed();

-- ---- rentals (code success rates) ----
create function report_rentals_inserted() returns trigger language plpgsql as $$
begin
  insert into report_rental_cells as x (day, application_id, country_code, operator_id, shard, rentals, with_code)
  select (a.starts_at at time zone 'UTC')::date, a.application_id, a.country_code, coalesce(a.operator_id, 0),
    report_shard(), count(*), count(c.rental_id)
  from added a left join report_rental_codes c on c.rental_id = a.id
  group by 1, 2, 3, 4
  on conflict (day, application_id, country_code, operator_id, shard)
    do update set rentals = x.rentals + excluded.rentals, with_code = x.with_code + excluded.with_code;
  return null;
end $$;
create trigger report_rentals_inserted after insert on rentals
  referencing new table as added for each statement execute function report_rentals_inserted();

create function report_rental_changed() returns trigger language plpgsql as $$
declare
  coded integer := (select count(*)::int from report_rental_codes where rental_id = old.id);
begin
  insert into report_rental_cells as x (day, application_id, country_code, operator_id, shard, rentals, with_code)
  values ((old.starts_at at time zone 'UTC')::date, old.application_id, old.country_code, coalesce(old.operator_id, 0),
    report_shard(), -1, -coded)
  on conflict (day, application_id, country_code, operator_id, shard)
    do update set rentals = x.rentals + excluded.rentals, with_code = x.with_code + excluded.with_code;
  if tg_op = 'UPDATE' then
    insert into report_rental_cells as x (day, application_id, country_code, operator_id, shard, rentals, with_code)
    values ((new.starts_at at time zone 'UTC')::date, new.application_id, new.country_code, coalesce(new.operator_id, 0),
      report_shard(), 1, coded)
    on conflict (day, application_id, country_code, operator_id, shard)
      do update set rentals = x.rentals + excluded.rentals, with_code = x.with_code + excluded.with_code;
  else
    delete from report_rental_codes where rental_id = old.id;
  end if;
  return null;
end $$;
create trigger report_rental_updated after update on rentals for each row
  when (old.starts_at is distinct from new.starts_at or old.application_id is distinct from new.application_id
    or old.country_code is distinct from new.country_code or old.operator_id is distinct from new.operator_id)
  execute function report_rental_changed();
create trigger report_rental_deleted after delete on rentals for each row execute function report_rental_changed();

-- ---- orders ----
create function report_orders_inserted() returns trigger language plpgsql as $$
begin
  insert into report_order_buckets as b (bucket, shard, orders)
  select report_bucket(created_at), report_shard(), count(*) from added group by 1
  on conflict (bucket, shard) do update set orders = b.orders + excluded.orders;
  return null;
end $$;
create trigger report_orders_inserted after insert on store_orders
  referencing new table as added for each statement execute function report_orders_inserted();

create function report_order_changed() returns trigger language plpgsql as $$
begin
  insert into report_order_buckets as b (bucket, shard, orders) values (report_bucket(old.created_at), report_shard(), -1)
  on conflict (bucket, shard) do update set orders = b.orders + excluded.orders;
  if tg_op = 'UPDATE' then
    insert into report_order_buckets as b (bucket, shard, orders) values (report_bucket(new.created_at), report_shard(), 1)
    on conflict (bucket, shard) do update set orders = b.orders + excluded.orders;
  end if;
  return null;
end $$;
create trigger report_order_updated after update on store_orders for each row
  when (old.created_at is distinct from new.created_at) execute function report_order_changed();
create trigger report_order_deleted after delete on store_orders for each row execute function report_order_changed();

-- ---- ledger (revenue and refunds) ----
create function report_ledger_inserted() returns trigger language plpgsql as $$
begin
  insert into report_ledger_buckets as b (bucket, shard, revenue, refunds)
  select report_bucket(created_at), report_shard(),
    coalesce(-sum(amount) filter (where type = 'consume'), 0), coalesce(sum(amount) filter (where type = 'refund'), 0)
  from added where type in ('consume', 'refund') group by 1
  on conflict (bucket, shard) do update set revenue = b.revenue + excluded.revenue, refunds = b.refunds + excluded.refunds;
  return null;
end $$;
create trigger report_ledger_inserted after insert on ledger_entries
  referencing new table as added for each statement execute function report_ledger_inserted();

create function report_ledger_changed() returns trigger language plpgsql as $$
begin
  if old.type in ('consume', 'refund') then
    insert into report_ledger_buckets as b (bucket, shard, revenue, refunds)
    values (report_bucket(old.created_at), report_shard(),
      case when old.type = 'consume' then old.amount else 0 end, case when old.type = 'refund' then -old.amount else 0 end)
    on conflict (bucket, shard) do update set revenue = b.revenue + excluded.revenue, refunds = b.refunds + excluded.refunds;
  end if;
  if tg_op = 'UPDATE' and new.type in ('consume', 'refund') then
    insert into report_ledger_buckets as b (bucket, shard, revenue, refunds)
    values (report_bucket(new.created_at), report_shard(),
      case when new.type = 'consume' then -new.amount else 0 end, case when new.type = 'refund' then new.amount else 0 end)
    on conflict (bucket, shard) do update set revenue = b.revenue + excluded.revenue, refunds = b.refunds + excluded.refunds;
  end if;
  return null;
end $$;
create trigger report_ledger_updated after update on ledger_entries for each row
  when (old.created_at is distinct from new.created_at or old.type is distinct from new.type
    or old.amount is distinct from new.amount)
  execute function report_ledger_changed();
create trigger report_ledger_deleted after delete on ledger_entries for each row execute function report_ledger_changed();

-- ---- logins ----
create function report_logins_inserted() returns trigger language plpgsql as $$
begin
  insert into report_login_buckets as b (bucket, shard, success, failure)
  select report_bucket(created_at), report_shard(), count(*) filter (where success), count(*) filter (where not success)
  from added group by 1
  on conflict (bucket, shard) do update set success = b.success + excluded.success, failure = b.failure + excluded.failure;
  return null;
end $$;
create trigger report_logins_inserted after insert on login_records
  referencing new table as added for each statement execute function report_logins_inserted();

create function report_login_changed() returns trigger language plpgsql as $$
begin
  insert into report_login_buckets as b (bucket, shard, success, failure)
  values (report_bucket(old.created_at), report_shard(), -(old.success::int), -((not old.success)::int))
  on conflict (bucket, shard) do update set success = b.success + excluded.success, failure = b.failure + excluded.failure;
  if tg_op = 'UPDATE' then
    insert into report_login_buckets as b (bucket, shard, success, failure)
    values (report_bucket(new.created_at), report_shard(), new.success::int, (not new.success)::int)
    on conflict (bucket, shard) do update set success = b.success + excluded.success, failure = b.failure + excluded.failure;
  end if;
  return null;
end $$;
create trigger report_login_updated after update on login_records for each row
  when (old.created_at is distinct from new.created_at or old.success is distinct from new.success)
  execute function report_login_changed();
create trigger report_login_deleted after delete on login_records for each row execute function report_login_changed();

-- ---- registrations ----
create function report_users_inserted() returns trigger language plpgsql as $$
begin
  insert into report_registration_buckets as b (bucket, shard, self, admin)
  select report_bucket(created_at), report_shard(), count(*) filter (where register_ip is not null),
    count(*) filter (where register_ip is null)
  from added group by 1
  on conflict (bucket, shard) do update set self = b.self + excluded.self, admin = b.admin + excluded.admin;
  return null;
end $$;
create trigger report_users_inserted after insert on users
  referencing new table as added for each statement execute function report_users_inserted();

create function report_user_changed() returns trigger language plpgsql as $$
begin
  insert into report_registration_buckets as b (bucket, shard, self, admin)
  values (report_bucket(old.created_at), report_shard(), -((old.register_ip is not null)::int),
    -((old.register_ip is null)::int))
  on conflict (bucket, shard) do update set self = b.self + excluded.self, admin = b.admin + excluded.admin;
  if tg_op = 'UPDATE' then
    insert into report_registration_buckets as b (bucket, shard, self, admin)
    values (report_bucket(new.created_at), report_shard(), (new.register_ip is not null)::int,
      (new.register_ip is null)::int)
    on conflict (bucket, shard) do update set self = b.self + excluded.self, admin = b.admin + excluded.admin;
  end if;
  return null;
end $$;
create trigger report_user_updated after update on users for each row
  when (old.created_at is distinct from new.created_at or (old.register_ip is null) <> (new.register_ip is null))
  execute function report_user_changed();
create trigger report_user_deleted after delete on users for each row execute function report_user_changed();

-- ---- what was there before this migration ----
insert into report_sms_buckets (bucket, shard, sms)
  select report_bucket(received_at), 0, count(*) from sms_messages group by 1;
insert into report_order_buckets (bucket, shard, orders)
  select report_bucket(created_at), 0, count(*) from store_orders group by 1;
insert into report_ledger_buckets (bucket, shard, revenue, refunds)
  select report_bucket(created_at), 0, coalesce(-sum(amount) filter (where type = 'consume'), 0),
    coalesce(sum(amount) filter (where type = 'refund'), 0)
  from ledger_entries where type in ('consume', 'refund') group by 1;
insert into report_login_buckets (bucket, shard, success, failure)
  select report_bucket(created_at), 0, count(*) filter (where success), count(*) filter (where not success)
  from login_records group by 1;
insert into report_registration_buckets (bucket, shard, self, admin)
  select report_bucket(created_at), 0, count(*) filter (where register_ip is not null),
    count(*) filter (where register_ip is null)
  from users group by 1;
insert into report_rental_codes (rental_id, codes)
  select rental_id, count(*) from sms_messages where rental_id is not null and code is not null group by 1;
insert into report_rental_cells (day, application_id, country_code, operator_id, shard, rentals, with_code)
  select (r.starts_at at time zone 'UTC')::date, r.application_id, r.country_code, coalesce(r.operator_id, 0), 0,
    count(*), count(c.rental_id)
  from rentals r left join report_rental_codes c on c.rental_id = r.id group by 1, 2, 3, 4;
`;
