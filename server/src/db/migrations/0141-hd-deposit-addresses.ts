/**
 * Deposit addresses derived from an extended public key (TRON_XPUB): each customer without an address
 * gets the next index of that key. The key's id is kept with the index, so another key starts again at
 * 0 and the addresses already given stay their owners' (and watched) for good.
 */
export default /* sql */ `
alter table tron_addresses add column hd_key text;
alter table tron_addresses add column derivation_index integer check (derivation_index >= 0);
alter table tron_addresses add constraint tron_addresses_derived_check
  check ((hd_key is null) = (derivation_index is null));
create unique index tron_addresses_derivation_idx on tron_addresses (hd_key, derivation_index)
  where hd_key is not null;
`;
