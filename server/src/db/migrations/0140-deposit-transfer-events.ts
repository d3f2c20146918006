/**
 * USDT deposits read from the token's Transfer events instead of per address.
 *
 * A deposit is one Transfer event, keyed by (transaction id, event index): one transaction can pay
 * several of our addresses, and the unique transaction id kept all but the first out without a trace.
 * Rows written before this (and "seen" rows of a transfer not yet solidified, whose index the
 * per-address API does not give) have no index; the first solidified event with the same transaction,
 * address and amount takes such a row over, so a transfer credited before the change is not paid again.
 *
 * The watcher follows the chain with ONE cursor (the block time up to which every solidified event has
 * been read) instead of one per address, so its requests depend on the chain's volume, not on how many
 * addresses are watched. It starts where the per-address scans left off: a gap is never skipped.
 */
export default /* sql */ `
alter table usdt_deposits add column event_index integer check (event_index >= 0);
alter table usdt_deposits add column block_number bigint;
alter table usdt_deposits drop constraint usdt_deposits_tx_id_key;
create unique index usdt_deposits_event_idx on usdt_deposits (tx_id, event_index);
create unique index usdt_deposits_provisional_idx on usdt_deposits (tx_id, to_address, amount)
  where event_index is null;

create table tron_chain_cursor (
  id integer primary key check (id = 1),
  -- Every solidified Transfer event of a block older than this (ms) has been read and settled.
  cursor_ms bigint not null,
  -- One process reads the chain at a time; a dead one only delays the next by the lease.
  lease_until timestamptz,
  lease_owner text,
  -- When the cursor last moved, and the newest block time seen (for the lag shown to administrators).
  moved_at timestamptz,
  updated_at timestamptz not null default now()
);
insert into tron_chain_cursor (id, cursor_ms)
select 1, coalesce(
  (select min(coalesce(s.cursor_ms, (extract(epoch from a.created_at) * 1000)::bigint))
     from tron_scan_state s join tron_addresses a on a.id = s.address_id),
  (select (extract(epoch from min(created_at)) * 1000)::bigint from tron_addresses),
  (extract(epoch from now()) * 1000)::bigint
) - 600000;
`;
