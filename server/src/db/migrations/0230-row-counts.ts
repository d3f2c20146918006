/**
 * Row counts of the tables that grow with a platform's history, kept as they are written, so a list's
 * unfiltered total (the admin's orders, SMS records and finance records as they first open) is a sum
 * over a few rows instead of a count of every order, SMS or ledger entry ever written (25,000 pages
 * read per count at a year of history in bench/history-growth.mjs, growing with every day).
 *
 * Each insert or delete statement appends its delta (statement-level triggers over the transition
 * table); appends never wait on each other, unlike one counter row per table that every purchase and
 * every inbound SMS would update. The deltas are summed into one row now and then
 * (`compactRowCounts`). Written in the same transaction as the rows, so a total is exactly the rows
 * its reader's snapshot sees.
 */
export default /* sql */ `
create table row_count_deltas (
  id bigint generated always as identity primary key,
  table_name text not null,
  n bigint not null
);
create index row_count_deltas_table_idx on row_count_deltas (table_name, id);

create function count_rows_inserted() returns trigger language plpgsql as $$
begin
  insert into row_count_deltas (table_name, n) select tg_table_name, count(*) from added having count(*) > 0;
  return null;
end $$;
create function count_rows_deleted() returns trigger language plpgsql as $$
begin
  insert into row_count_deltas (table_name, n) select tg_table_name, -count(*) from removed having count(*) > 0;
  return null;
end $$;
create function count_rows_truncated() returns trigger language plpgsql as $$
begin
  delete from row_count_deltas where table_name = tg_table_name;
  return null;
end $$;

create trigger store_orders_count_inserted after insert on store_orders
  referencing new table as added for each statement execute function count_rows_inserted();
create trigger store_orders_count_deleted after delete on store_orders
  referencing old table as removed for each statement execute function count_rows_deleted();
create trigger store_orders_count_truncated after truncate on store_orders
  for each statement execute function count_rows_truncated();

create trigger sms_messages_count_inserted after insert on sms_messages
  referencing new table as added for each statement execute function count_rows_inserted();
create trigger sms_messages_count_deleted after delete on sms_messages
  referencing old table as removed for each statement execute function count_rows_deleted();
create trigger sms_messages_count_truncated after truncate on sms_messages
  for each statement execute function count_rows_truncated();

create trigger ledger_entries_count_inserted after insert on ledger_entries
  referencing new table as added for each statement execute function count_rows_inserted();
create trigger ledger_entries_count_deleted after delete on ledger_entries
  referencing old table as removed for each statement execute function count_rows_deleted();
create trigger ledger_entries_count_truncated after truncate on ledger_entries
  for each statement execute function count_rows_truncated();

insert into row_count_deltas (table_name, n)
  select 'store_orders', count(*) from store_orders
  union all select 'sms_messages', count(*) from sms_messages
  union all select 'ledger_entries', count(*) from ledger_entries;
`;
