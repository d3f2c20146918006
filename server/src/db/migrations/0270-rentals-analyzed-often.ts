/**
 * The planner's picture of open rentals must stay close to the truth. They are a sliver of a big
 * table: 750-3,000 open among hundreds of thousands. When the table was last analysed while next to
 * none were open (after a restore, a bulk load or a quiet night), PostgreSQL takes open rentals for
 * free to scan, and the inbound path's read of "the rentals holding this number" starts from every open
 * rental (the partial indexes rentals_due_idx, rentals_holding_key) instead of from the number: on a
 * year of history it cost 2.2 ms per SMS instead of 0.1 ms, and the batch insert of inbound SMS, which
 * embeds the same read, grew from 1.1 to 3.5 ms (bench/busy-day.mjs --history 3 --statements 30).
 * With the default settings a table of 600,000 rentals is analysed again only after 60,000 changes:
 * days. A fixed threshold of 2,000 changes (a few minutes of a busy day) keeps the estimates current;
 * an analyse samples 30,000 rows whatever the table's size, so its cost does not grow with history.
 */
export default /* sql */ `
alter table rentals set (autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 2000);
`;
