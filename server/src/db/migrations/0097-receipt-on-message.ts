/**
 * A mass SMS message's final receipt, when it came in with its submit's result (one-part messages, the
 * usual case: the SMSC answers the submit, then reports): kept raw on the message, written by the same
 * update that records the send, instead of a row of its own in `sms_delivery_reports`. That table keeps
 * the other receipts: per part, late, unknown, or from gateway webhooks.
 */
export default /* sql */ `
alter table sms_outbound add column receipt jsonb;
`;
