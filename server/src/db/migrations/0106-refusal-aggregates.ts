/**
 * Refused requests are counted, not stored one row each: 3,000 unsigned webhook calls made 3,000
 * `gateway_rejections` rows in 9 s, and every login refused by the per-IP limit a login record, with
 * nothing pruning either. A rejection now adds to its gateway's row for its reason and minute
 * (`bucket`, unique), and a refused login to the IP's latest refused record of the last minute
 * (`repeats`): a flood grows the tables by a few rows a minute, however fast it comes.
 */
export default /* sql */ `
alter table gateway_rejections add column repeats integer not null default 1;
alter table gateway_rejections add column bucket timestamptz;
create unique index gateway_rejections_bucket_idx on gateway_rejections (gateway_id, reason, bucket);
alter table login_records add column repeats integer not null default 1;
create index login_records_refused_ip_idx on login_records (ip, created_at) where reason = 'rate_limited';
`;
