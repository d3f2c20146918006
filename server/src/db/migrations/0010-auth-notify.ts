/**
 * Every change to what authenticates a request (a user row, its roles and grants, a session) is
 * announced on the channel `jiema_auth` with the user's id, so each server process drops what it
 * cached for that user at once (modules/auth/session-cache.ts). Triggers, not application code, so
 * that no path that writes these rows can forget.
 */
export default /* sql */ `
create function notify_auth_change_of_user() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('jiema_auth', old.id::text);
  else
    perform pg_notify('jiema_auth', new.id::text);
  end if;
  return null;
end $$;

create function notify_auth_change_of_user_row() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('jiema_auth', old.user_id::text);
  else
    perform pg_notify('jiema_auth', new.user_id::text);
  end if;
  return null;
end $$;

create trigger users_auth_notify after update or delete on users
  for each row execute function notify_auth_change_of_user();
create trigger user_roles_auth_notify after insert or update or delete on user_roles
  for each row execute function notify_auth_change_of_user_row();
create trigger user_permissions_auth_notify after insert or update or delete on user_permissions
  for each row execute function notify_auth_change_of_user_row();
-- A new session changes nothing cached; ending or deleting one does.
create trigger sessions_auth_notify after update or delete on sessions
  for each row execute function notify_auth_change_of_user_row();
`;
