/**
 * Who read which announcement, and how many times (spec §9: the read filter of the announcement
 * lists). One row per reader and announcement, bumped each time the reader opens it.
 */
export default /* sql */ `
create table announcement_reads (
  announcement_id integer not null references announcements (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  read_count integer not null default 1 check (read_count > 0),
  first_read_at timestamptz not null default now(),
  last_read_at timestamptz not null default now(),
  primary key (announcement_id, user_id)
);
create index announcement_reads_user_idx on announcement_reads (user_id, announcement_id);
`;
