/**
 * Inbound speed (issue 8): the SMS inserted by one statement are announced by ONE statement-level trigger
 * over its transition table, instead of a row trigger per SMS: the inbound webhooks now insert the SMS that
 * arrive together in one statement (modules/inbound/insert-batch.ts), and a row trigger looked up each
 * SMS's rental and owner settings on its own. What it does is what 0070's `announce_sms_arrival` does for
 * an insert: `jiema_sms` (`rentalId:smsId:userId`) and `jiema_compat` (the rental id) for every SMS that
 * reached a rental, a code webhook delivery row for each with a code whose owner has a URL, and an
 * sms-activate webhook row for each whose owner set a compat URL. Updates of rental_id or code keep the
 * row trigger of 0070 (a transition table cannot go with a column list).
 */
export default /* sql */ `
drop trigger sms_messages_announce on sms_messages;

create function announce_sms_arrivals() returns trigger language plpgsql as $$
begin
  perform pg_notify('jiema_sms', m.rental_id || ':' || m.id || ':' || coalesce(r.user_id, 0)),
    pg_notify('jiema_compat', m.rental_id::text)
  from (select * from new_sms where rental_id is not null order by id) m
  left join rentals r on r.id = m.rental_id;

  insert into code_webhook_deliveries (user_id, sms_id, url)
  select r.user_id, m.id, cs.webhook_url
  from new_sms m
  join rentals r on r.id = m.rental_id
  join user_code_settings cs on cs.user_id = r.user_id
  where m.code is not null and cs.webhook_url is not null
  order by m.id
  on conflict (sms_id, user_id) do nothing;

  insert into compat_webhook_outbox (sms_id, user_id, url, payload)
  select m.id, r.user_id, xs.webhook_url, json_build_object(
      'activationId', m.rental_id,
      'service', a.code,
      'text', m.text,
      'code', coalesce(m.code, ''),
      'country', coalesce(c.sms_activate_id,
        (select min(x.sms_activate_id) from compat_country_aliases x where x.country_code = r.country_code)),
      'receivedAt', to_char(m.received_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'))::text
  from new_sms m
  join rentals r on r.id = m.rental_id
  join compat_settings xs on xs.user_id = r.user_id and nullif(xs.webhook_url, '') is not null
  join applications a on a.id = r.application_id
  left join countries c on c.code = r.country_code
  order by m.id
  on conflict (sms_id) do nothing;
  return null;
end $$;

create trigger sms_messages_announce_inserts after insert on sms_messages
  referencing new table as new_sms for each statement execute function announce_sms_arrivals();
create trigger sms_messages_announce after update of rental_id, code on sms_messages
  for each row execute function announce_sms_arrival();
`;
