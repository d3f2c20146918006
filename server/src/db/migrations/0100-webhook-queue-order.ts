/**
 * The code webhooks' and the sms-activate webhooks' queues are claimed in (next_attempt_at, id) order,
 * as the mass SMS queue is (0096-mass-sms-queue-order.ts), and had the same index on next_attempt_at
 * alone. The deliveries of one batch of inbound SMS are inserted by one statement (0085's trigger) and
 * share their next_attempt_at, so a claim of 50 read and sorted every due row: a backlog of 20,000
 * (a customer's endpoint down for a while) cost 3 ms per claim, growing with the backlog, against
 * 0.5 ms walking this index in order and stopping after 50 (due-claims.test.ts).
 */
export default /* sql */ `
create index code_webhook_deliveries_due_order_idx on code_webhook_deliveries (next_attempt_at, id)
  where status = 'pending';
drop index code_webhook_deliveries_due_idx;
alter index code_webhook_deliveries_due_order_idx rename to code_webhook_deliveries_due_idx;

create index compat_webhook_outbox_due_order_idx on compat_webhook_outbox (next_attempt_at, id)
  where delivered_at is null and failed_at is null;
drop index compat_webhook_outbox_due_idx;
alter index compat_webhook_outbox_due_order_idx rename to compat_webhook_outbox_due_idx;
`;
