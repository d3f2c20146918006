/**
 * The code link's rate limit per token, counted in the database so that it holds across server
 * processes: each process takes a small share of a link's allowance for the current minute at a time
 * (`used` only grows while `used + share <= limit`), then spends it from memory. And the tickets that
 * open a live event stream: single-use, a minute long, so that no session token ever sits in a URL.
 */
export default /* sql */ `
create table code_link_allowances (
  -- 'rental:12', 'order:3', 'group:7' or 'key:5' (the API-key listing of user 5).
  link text not null,
  window_start timestamptz not null,
  used integer not null,
  primary key (link, window_start)
);

create table event_tickets (
  ticket_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index event_tickets_expires_idx on event_tickets (expires_at);
`;
