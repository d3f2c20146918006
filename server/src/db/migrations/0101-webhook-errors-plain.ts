/**
 * The webhooks' last errors shown to customers say only "refused" (the address is not allowed) or
 * "failed" (lib/outbound/guarded-post.ts). Rows written before told open ports from closed ones
 * ("ECONNREFUSED", "timeout") and what an internal server answered ("HTTP 404"); they are reworded.
 */
export default /* sql */ `
update compat_webhook_outbox
  set last_error = case when last_error like 'blocked%' then 'refused' else 'failed' end
  where last_error is not null and last_error not in ('refused', 'failed');
update code_webhook_deliveries
  set last_error = case when last_error like 'blocked%' then 'refused' else 'failed' end
  where last_error is not null and last_error not in ('refused', 'failed');
`;
