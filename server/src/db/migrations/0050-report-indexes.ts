/**
 * Reports (issue 13) read a period of each table by time. These indexes let PostgreSQL answer the
 * statistics report, the analyses and the overview from ranges instead of whole tables
 * (bench/reports.mjs, on a year of data).
 */
export default /* sql */ `
create index store_orders_created_idx on store_orders (created_at);
create index users_created_idx on users (created_at);
-- Code success rates: whether a rental got a code is one probe of this (small) index.
create index sms_messages_rental_code_idx on sms_messages (rental_id) where code is not null and rental_id is not null;
-- Revenue and refunds per day: only the entries of those two types, by time.
create index ledger_entries_sales_idx on ledger_entries (created_at, type) include (amount, user_id)
  where type in ('consume', 'refund');
`;
