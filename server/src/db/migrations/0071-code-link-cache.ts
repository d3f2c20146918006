/**
 * The code link's answers kept in memory exactly (modules/code-delivery/code-link-cache.ts): every change
 * of what `GET /api/code/:token` reads, other than a new SMS (already announced on `jiema_sms`), is
 * announced on `jiema_code_link` with the user ids it concerns (payload `12` or `12,40`; an empty payload
 * means everyone): rentals (status, expiry, "another SMS", a transfer names both owners), orders, groups
 * and their members, the owner's code settings, and applications (their names, for everyone).
 */
export default /* sql */ `
create function code_link_changed() returns trigger language plpgsql as $$
declare
  users text;
begin
  if tg_table_name = 'applications' then
    perform pg_notify('jiema_code_link', '');
    return null;
  end if;
  if tg_table_name = 'rental_group_members' then
    select string_agg(distinct g.user_id::text, ',') into users from rental_groups g
      where g.id in (case when tg_op = 'INSERT' then null else old.group_id end,
                     case when tg_op = 'DELETE' then null else new.group_id end);
    perform pg_notify('jiema_code_link', coalesce(users, ''));
    return null;
  end if;
  if tg_op = 'INSERT' then
    users := new.user_id::text;
  elsif tg_op = 'DELETE' then
    users := old.user_id::text;
  elsif old.user_id is distinct from new.user_id then
    users := old.user_id || ',' || new.user_id;
  else
    users := new.user_id::text;
  end if;
  perform pg_notify('jiema_code_link', users);
  return null;
end $$;

create trigger rentals_code_link after insert or update or delete on rentals
  for each row execute function code_link_changed();
create trigger store_orders_code_link after update or delete on store_orders
  for each row execute function code_link_changed();
create trigger rental_groups_code_link after insert or update or delete on rental_groups
  for each row execute function code_link_changed();
create trigger rental_group_members_code_link after insert or update or delete on rental_group_members
  for each row execute function code_link_changed();
create trigger user_code_settings_code_link after insert or update or delete on user_code_settings
  for each row execute function code_link_changed();
create trigger applications_code_link after update or delete on applications
  for each row execute function code_link_changed();
`;
