/**
 * Retention (modules/retention): the daily pruning's lease (one process runs it, whichever is free
 * first), report rollups that keep their counts when old rows are pruned, and a campaign's delivered
 * count that survives the deletion of its delivered messages.
 */
export default /* sql */ `
create table maintenance_leases (
  name text primary key,
  -- Not before this time; a process that takes the job moves it a day on before it starts.
  next_run_at timestamptz not null default now(),
  -- While a process runs it; one that died is replaced when this passes.
  leased_until timestamptz,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  -- Rows pruned by kind in the last run.
  last_result jsonb
);
insert into maintenance_leases (name) values ('retention');

alter table sms_campaigns add column pruned_delivered integer not null default 0;

-- The rollups count what happened: pruning (jiema.pruning = on in its transaction) is not an undo.
drop trigger report_sms_deleted on sms_messages;
create trigger report_sms_deleted after delete on sms_messages for each row
  when (coalesce(current_setting('jiema.pruning', true), '') <> 'on')
  execute function report_sms_changed();
drop trigger report_login_deleted on login_records;
create trigger report_login_deleted after delete on login_records for each row
  when (coalesce(current_setting('jiema.pruning', true), '') <> 'on')
  execute function report_login_changed();
`;
