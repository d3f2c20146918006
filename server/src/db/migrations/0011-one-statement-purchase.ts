/**
 * A store purchase in ONE statement (bench/RESULTS.md: most of a purchase's CPU, in the server and
 * in PostgreSQL, was the round trips and rescanning the numbers already sold for the application):
 *
 * - `ledger_apply_change`: the ledger's one implementation of a balance change (lock the balance,
 *   same reference → the existing entry, never below zero, entry with the balance after). Each of its
 *   queries takes a fresh snapshot (a volatile function under READ COMMITTED), exactly like the four
 *   round trips it replaces, so it can also run inside a larger statement. It reports instead of
 *   raising; its callers decide what each outcome means (ledger.service.ts, the store purchase).
 * - `abort_statement`: raises SQLSTATE JM001 with a reason, so one statement can undo everything it
 *   did when a later part of it finds the work cannot be completed (a purchase short of numbers).
 * - An index walking a country's numbers in id order: a purchase starts at a random point of it, so
 *   buyers rarely meet on the same numbers and skip only the few sold around that point.
 */
export default /* sql */ `
create index phone_numbers_country_id_idx on phone_numbers (country_code, id);

create function abort_statement(reason text) returns text
language plpgsql volatile as $fn$
begin
  raise exception using errcode = 'JM001', message = reason;
end
$fn$;

create function ledger_apply_change(
  p_user_id integer, p_type text, p_amount numeric, p_reference text, p_note text, p_actor_id integer
) returns table (
  outcome text, balance_before text, id integer, user_id integer, type text, amount text,
  balance_after text, reference text, note text, actor_id integer, created_at timestamptz
)
language plpgsql volatile as $fn$
#variable_conflict use_column
declare
  v_balance numeric;
  v_after numeric;
  v_entry ledger_entries;
begin
  -- Balance changes of one user run one at a time: the lock is held until the transaction ends.
  select u.balance into v_balance from users u where u.id = p_user_id for update;
  if not found then
    outcome := 'not_found';
    return next;
    return;
  end if;
  balance_before := v_balance::text;
  select e.* into v_entry from ledger_entries e where e.reference = p_reference;
  if found then
    outcome := 'existing';
  elsif v_balance + p_amount < 0 then
    outcome := 'insufficient';
    return next;
    return;
  else
    update users u set balance = u.balance + p_amount, updated_at = now()
      where u.id = p_user_id returning u.balance into v_after;
    insert into ledger_entries as e (user_id, type, amount, balance_after, reference, note, actor_id)
      values (p_user_id, p_type, p_amount, v_after, p_reference, p_note, p_actor_id)
      returning e.* into v_entry;
    outcome := 'applied';
  end if;
  id := v_entry.id;
  user_id := v_entry.user_id;
  type := v_entry.type;
  amount := v_entry.amount::text;
  balance_after := v_entry.balance_after::text;
  reference := v_entry.reference;
  note := v_entry.note;
  actor_id := v_entry.actor_id;
  created_at := v_entry.created_at;
  return next;
end
$fn$;
`;
