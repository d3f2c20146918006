/**
 * The secret part of each provider's webhook address (`/api/upstream-webhooks/<id>/<secret>`): the
 * sms-activate webhook carries no signature (its senders are known by published IP addresses only), so
 * the address itself is the credential. 256 random bits from two random UUIDs, one per provider, also
 * for the providers already there.
 */
export default /* sql */ `
alter table upstream_providers add column webhook_secret text not null
  default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
`;
