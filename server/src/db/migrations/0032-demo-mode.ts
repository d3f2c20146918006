/**
 * DEMO=on (issue 8). A demo customer buys only demo numbers and everyone else only real ones, so the
 * simulated stock never mixes with what is really on sale (the store's purchase statement compares
 * `users.demo` with `phone_numbers.demo`). `demo_seed` has at most one row: the process that inserts
 * it seeds, every later start (or a second process starting at once) sees it and does nothing.
 * `demo_sms_schedule` drives the simulated gateway from the database, so a purchase made before a
 * restart still gets its SMS: one row per demo rental with its due time, leased with FOR UPDATE SKIP
 * LOCKED; the SMS itself is identified at its source by the rental (sms_messages' unique source +
 * external id), so a lease that runs out mid-send still stores one SMS.
 */
export default /* sql */ `
alter table users add column demo boolean not null default false;
create index phone_numbers_demo_idx on phone_numbers (id) where demo;

create table demo_seed (
  id integer primary key check (id = 1),
  seeded_at timestamptz not null default now()
);

create table demo_sms_schedule (
  rental_id integer primary key references rentals (id) on delete cascade,
  due_at timestamptz not null,
  leased_until timestamptz,
  sent_at timestamptz,
  sms_id integer
);
create index demo_sms_schedule_due_idx on demo_sms_schedule (due_at) where sent_at is null;
`;
