/**
 * Delivery receipts are stored before they are acknowledged (issue 11): a receipt whose message is not
 * known yet (its submit not recorded, or recorded by another process later) is kept `pending` with the
 * ids to match it by, and any worker process retries it from here at `retry_at`, so a crash between the
 * deliver_sm_resp and the match loses nothing. Matched receipts are stored already applied.
 */
export default /* sql */ `
alter table sms_delivery_reports
  add column id_keys text[] not null default '{}',
  add column whole_message boolean not null default false,
  add column pending boolean not null default false,
  add column retry_at timestamptz;
create index sms_delivery_reports_pending_idx on sms_delivery_reports (retry_at, id) where pending;
`;
