/**
 * Row counts of the tables that grow with a platform's history, kept as they are written, so a list's
 * unfiltered total (the admin's orders, SMS records, finance records and users as they first open) is a sum
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

do $$
declare t text;
begin
  foreach t in array array['store_orders', 'sms_messages', 'ledger_entries', 'users'] loop
    execute format('create trigger %I after insert on %I referencing new table as added
      for each statement execute function count_rows_inserted()', t || '_count_inserted', t);
    execute format('create trigger %I after delete on %I referencing old table as removed
      for each statement execute function count_rows_deleted()', t || '_count_deleted', t);
    execute format('create trigger %I after truncate on %I
      for each statement execute function count_rows_truncated()', t || '_count_truncated', t);
  end loop;
end $$;

insert into row_count_deltas (table_name, n)
  select 'store_orders', count(*) from store_orders
  union all select 'sms_messages', count(*) from sms_messages
  union all select 'ledger_entries', count(*) from ledger_entries
  union all select 'users', count(*) from users;
`;
