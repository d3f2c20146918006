/**
 * Checks of one account's password are serialised: each attempt over the free ones gets a slot
 * (`check_at`) at least its delay after the account's latest slot, so parallel guesses queue instead
 * of all waiting the same delay side by side. An address that logged in to the account successfully
 * before is trusted (no slot, no delay): the partial index finds it among the account's successes.
 */
export default /* sql */ `
alter table login_records add column check_at timestamptz;
create index login_records_known_ip_idx on login_records (account_key, ip) where success;
`;
