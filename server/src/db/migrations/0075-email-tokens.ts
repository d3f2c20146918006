/**
 * Links sent by mail (issue 14): password reset and email verification. Only a hash of the token is
 * kept, so a copy of the database opens no account; a link works once (`used_at`), until it expires,
 * and only for the address it was sent to (`email`), so changing the email kills pending verifications.
 */
export default /* sql */ `
create table email_tokens (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('password_reset', 'email_verify')),
  token_hash text not null unique,
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_tokens_user_idx on email_tokens (user_id, purpose);
create index email_tokens_expires_idx on email_tokens (expires_at);
`;
