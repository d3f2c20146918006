/**
 * Live state of each SMPP connector, written by the one process holding its bind (advisory lock) so
 * that any process can answer the admin screen. No foreign key to the gateways table on purpose: it
 * is a cache of the holder's memory, and migrations of other features may land in any order.
 */
export default /* sql */ `
create table smpp_connector_state (
  connector_id text primary key,
  -- host:pid of the process holding the bind, null when nobody holds it.
  holder text,
  status text not null check (status in ('stopped', 'connecting', 'bound', 'reconnecting')),
  next_attempt_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  bound_at timestamptz,
  counters jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);
`;
