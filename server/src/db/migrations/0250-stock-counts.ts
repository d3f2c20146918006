/**
 * The stock's size per country and state, kept as numbers are written, so the dashboard's "stock by
 * country" is a sum over a few rows instead of a read of every number (150,000 numbers: 60 ms of the
 * database's time per view in bench/busy-day.mjs on a year of history, growing with the stock).
 *
 * Inserts and deletes append their deltas once per statement (transition tables: a batch add of
 * 100,000 numbers appends one row per country); a change of state or country appends its two deltas
 * from a row trigger that fires only when one of them changed, so the purchase's other updates of a
 * number add nothing. Summed now and then with the row counts of migration 0230
 * (`compactRowCounts`). Same transaction as the numbers, so a reader's snapshot sees exact counts.
 */
export default /* sql */ `
create table stock_count_deltas (
  id bigint generated always as identity primary key,
  country_code char(2) not null,
  state text not null,
  n bigint not null
);

create function count_stock_inserted() returns trigger language plpgsql as $$
begin
  insert into stock_count_deltas (country_code, state, n)
    select country_code, state, count(*) from added group by country_code, state;
  return null;
end $$;
create function count_stock_deleted() returns trigger language plpgsql as $$
begin
  insert into stock_count_deltas (country_code, state, n)
    select country_code, state, -count(*) from removed group by country_code, state;
  return null;
end $$;
create function count_stock_moved() returns trigger language plpgsql as $$
begin
  insert into stock_count_deltas (country_code, state, n)
    values (old.country_code, old.state, -1), (new.country_code, new.state, 1);
  return null;
end $$;
create function count_stock_truncated() returns trigger language plpgsql as $$
begin
  delete from stock_count_deltas;
  return null;
end $$;

create trigger phone_numbers_count_inserted after insert on phone_numbers referencing new table as added
  for each statement execute function count_stock_inserted();
create trigger phone_numbers_count_deleted after delete on phone_numbers referencing old table as removed
  for each statement execute function count_stock_deleted();
create trigger phone_numbers_count_moved after update of state, country_code on phone_numbers
  for each row when (old.state is distinct from new.state or old.country_code is distinct from new.country_code)
  execute function count_stock_moved();
create trigger phone_numbers_count_truncated after truncate on phone_numbers
  for each statement execute function count_stock_truncated();

insert into stock_count_deltas (country_code, state, n)
  select country_code, state, count(*) from phone_numbers group by country_code, state;
`;
