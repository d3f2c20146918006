/**
 * A live event stream belongs to the session that asked for its ticket: the stream is closed when
 * that session ends (logout, revocation, expiry) or its user is disabled, not only when the page goes.
 */
export default /* sql */ `
alter table event_tickets add column session_id bigint;
`;
