/**
 * The administrators' phone usage records list every rental newest use first and filter it by a
 * range of start times; without this index both read the whole rentals table on every page.
 */
export default /* sql */ `
create index rentals_starts_idx on rentals (starts_at desc, id desc);
`;
