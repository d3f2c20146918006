/**
 * Mass-SMS templates (issue 11). The send path reads id, user_id, content and status: only an
 * approved template can be sent, and an edit sends it back to pending.
 */
export default /* sql */ `
create table sms_templates (
  id bigserial primary key,
  user_id integer not null references users(id),
  name text not null,
  content text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reject_reason text,
  reviewed_by integer references users(id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sms_templates_user on sms_templates (user_id, id desc);
create index sms_templates_status on sms_templates (status, id desc);
`;
