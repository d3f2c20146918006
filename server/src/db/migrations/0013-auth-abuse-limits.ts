/**
 * Abuse limits that hold under concurrency and across processes (issue 7, items 1, 2, 4, 11):
 * - login attempts are recorded BEFORE the password is checked ('pending'/'checking'), counted per
 *   resolved account (`account_key`: the user, whichever of username or email was typed), with the
 *   slow-down applied to each attempt kept for the record (`delay_ms`);
 * - the proof-of-work captcha is stateless (signed with `app_secrets`); only solved challenges are
 *   remembered, until they expire, so each can be used once (`captcha_uses`);
 * - fixed-window counters (`rate_counters`, one row per key per window) bound captcha issuing per IP
 *   and uploads per user; the upsert's row lock makes them exact under concurrency.
 */
export default /* sql */ `
alter table login_records add column account_key text;
alter table login_records add column delay_ms integer not null default 0;
create index login_records_account_key_idx on login_records (account_key, created_at);

drop table captchas;

create table captcha_uses (
  signature text primary key,
  expires_at timestamptz not null
);
create index captcha_uses_expires_idx on captcha_uses (expires_at);

create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table rate_counters (
  key text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (key, window_start)
);
create index rate_counters_window_idx on rate_counters (window_start);
`;
