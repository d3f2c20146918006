/**
 * The mass SMS claim takes due messages in (next_attempt_at, id) order. With the queue index on
 * next_attempt_at alone, a campaign's messages (all queued at the same instant) could only be put in
 * that order by reading and sorting every one of them: each claim of 1,000 read all the pending
 * messages (50,000 at the start of a large campaign). With id in the index a claim reads the index in
 * order and stops after what it takes (queue.repository.ts claimDue).
 */
export default /* sql */ `
create index sms_outbound_due_idx on sms_outbound (next_attempt_at, id) where status = 'pending';
drop index sms_outbound_queue_idx;
`;
