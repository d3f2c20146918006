/**
 * sms_outbound pages are filled to 45 % on insert: a message's claim (queue.repository.ts claimDue)
 * then finds room for its new row version on the same page and is a HOT update, with no index entry
 * written. The claimed version is 8 bytes wider than the inserted one (`claimed_until` set), so at 50 %
 * the last row of every full page did not fit (385 of 400 claims HOT, claim-hot.test.ts); at 70 %
 * most of a batch's claims went to other pages, with an entry in each of the four indexes, and the
 * benchmark gained nothing. The cost is disk: 410 bytes of table per queued message instead of 182
 * (530 with the indexes instead of 300). Pages already written keep their fill; new ones follow this.
 */
export default /* sql */ `
alter table sms_outbound set (fillfactor = 45);
`;
