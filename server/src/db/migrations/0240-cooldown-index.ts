/**
 * The sweep that makes numbers available again when their cooldown ends (`endCooldowns`, every few
 * seconds in every process) read every number of the stock to find the few cooling down: 249 pages a
 * run with 50,000 numbers (bench/history-growth.mjs), growing with the stock. Only numbers cooling down
 * are in this index, so its other writes are few.
 */
export default /* sql */ `
create index phone_numbers_cooling_idx on phone_numbers (cooldown_until) where state = 'cooling_down';
`;
