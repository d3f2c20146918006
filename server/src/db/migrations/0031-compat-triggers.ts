/**
 * Triggers of the compat APIs, so that whoever writes (an inbound gateway, the rentals lifecycle,
 * an administrator, another server process) cannot forget them:
 * - `jiema_compat` NOTIFY with the rental id when a rental changes or an SMS reaches it: every
 *   server process drops what it remembered of that activation (compat/common/activation-cache.ts).
 * - an SMS reaching a rental whose owner set a compat webhook URL queues its sms-activate-shaped
 *   delivery in the outbox, in the same transaction as the SMS.
 */
export default /* sql */ `
create function compat_rental_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('jiema_compat', new.id::text);
  return null;
end $$;
create trigger compat_rental_changed after update on rentals
  for each row execute function compat_rental_changed();

create function compat_sms_arrived() returns trigger language plpgsql as $$
declare
  target record;
begin
  if new.rental_id is null then
    return null;
  end if;
  perform pg_notify('jiema_compat', new.rental_id::text);
  select r.user_id, s.webhook_url, a.code as service,
      coalesce(c.sms_activate_id, (select min(x.sms_activate_id) from compat_country_aliases x where x.country_code = r.country_code)) as country
    into target
    from rentals r
    join compat_settings s on s.user_id = r.user_id and s.webhook_url <> ''
    join applications a on a.id = r.application_id
    left join countries c on c.code = r.country_code
    where r.id = new.rental_id;
  if found then
    insert into compat_webhook_outbox (sms_id, user_id, url, payload)
    values (new.id, target.user_id, target.webhook_url, json_build_object(
      'activationId', new.rental_id,
      'service', target.service,
      'text', new.text,
      'code', coalesce(new.code, ''),
      'country', target.country,
      'receivedAt', to_char(new.received_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'))::text)
    on conflict (sms_id) do nothing;
  end if;
  return null;
end $$;
create trigger compat_sms_arrived after insert or update of rental_id on sms_messages
  for each row execute function compat_sms_arrived();
`;
