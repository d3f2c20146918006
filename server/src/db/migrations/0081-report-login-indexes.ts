/**
 * The login analysis (issue 13) reads the failed logins of a period per account: a partial covering
 * index holds only those (a tenth of the rows) with what the query needs, so PostgreSQL reads neither
 * the successes nor the wide rows (user agents, reasons).
 */
export default /* sql */ `
create index login_records_failures_idx on login_records (created_at) include (account, ip) where not success;
`;
