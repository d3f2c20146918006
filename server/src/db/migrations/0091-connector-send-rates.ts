/**
 * Mass SMS connectors' msg/s limit shared by every worker process (issue 11): a token bucket per
 * connector, refilled at the connector's rate since `refilled_at`; each process takes a tenth of a
 * second's worth at a time (mass-sms/send-rate.ts).
 */
export default /* sql */ `
create table sms_connector_rates (
  connector_id integer primary key references sms_connectors (id) on delete cascade,
  tokens double precision not null,
  refilled_at timestamptz not null
);
`;
