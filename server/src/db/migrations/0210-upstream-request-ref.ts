/**
 * The key a purchase sends a provider with its buy (sms-activate's `orderId`, the provider's idempotence
 * key), chosen before the intent row exists: the intent is written while the provider is asked, not
 * before, and the two are matched by this key.
 */
export default /* sql */ `
alter table upstream_activations add column request_ref text;
`;
