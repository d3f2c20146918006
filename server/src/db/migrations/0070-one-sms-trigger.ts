/**
 * Inbound speed (issue 8): one AFTER trigger on sms_messages instead of two. The triggers of 0022 (code
 * delivery: `jiema_sms` + the code webhook outbox) and 0031 (compat: `jiema_compat` + the sms-activate
 * webhook outbox) each read the rental again for every SMS; this one reads the rental, its owner's code
 * webhook URL and compat webhook URL in one lookup and does what both did:
 * - `jiema_sms` (payload `rentalId:smsId:userId`) and `jiema_compat` (payload the rental id) when an SMS
 *   reaches a rental, or its rental or code changes;
 * - a code webhook delivery row when it has a code and the owner has a URL (0022's outbox);
 * - an sms-activate webhook row when it reaches a rental whose owner set a compat URL (0031's outbox).
 * Also `jiema_gateways` (payload the gateway id) when what a webhook reads of a gateway changes, so
 * every server process can keep its gateways in memory exactly (modules/inbound/gateway-lookup.ts).
 */
export default /* sql */ `
drop trigger compat_sms_arrived on sms_messages;
drop function compat_sms_arrived();
drop trigger sms_messages_announce on sms_messages;

create or replace function announce_sms_arrival() returns trigger language plpgsql as $$
declare
  moved boolean;
  owner_id integer;
  code_url text;
  compat_url text;
begin
  if new.rental_id is null then
    return null;
  end if;
  moved := tg_op = 'INSERT' or old.rental_id is distinct from new.rental_id;
  if not moved and old.code is not distinct from new.code then
    return null;
  end if;
  select r.user_id, cs.webhook_url, nullif(xs.webhook_url, '') into owner_id, code_url, compat_url
    from rentals r
    left join user_code_settings cs on cs.user_id = r.user_id
    left join compat_settings xs on xs.user_id = r.user_id
    where r.id = new.rental_id;
  perform pg_notify('jiema_sms', new.rental_id || ':' || new.id || ':' || coalesce(owner_id, 0));
  perform pg_notify('jiema_compat', new.rental_id::text);
  if new.code is not null and code_url is not null then
    insert into code_webhook_deliveries (user_id, sms_id, url) values (owner_id, new.id, code_url)
      on conflict (sms_id, user_id) do nothing;
  end if;
  if moved and compat_url is not null then
    insert into compat_webhook_outbox (sms_id, user_id, url, payload)
    select new.id, r.user_id, compat_url, json_build_object(
        'activationId', new.rental_id,
        'service', a.code,
        'text', new.text,
        'code', coalesce(new.code, ''),
        'country', coalesce(c.sms_activate_id,
          (select min(x.sms_activate_id) from compat_country_aliases x where x.country_code = r.country_code)),
        'receivedAt', to_char(new.received_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'))::text
      from rentals r
      join applications a on a.id = r.application_id
      left join countries c on c.code = r.country_code
      where r.id = new.rental_id
    on conflict (sms_id) do nothing;
  end if;
  return null;
end $$;

create trigger sms_messages_announce after insert or update of rental_id, code on sms_messages
  for each row execute function announce_sms_arrival();

create function announce_gateway_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('jiema_gateways', (case when tg_op = 'DELETE' then old.id else new.id end)::text);
  return null;
end $$;
create trigger gateways_announce after update of kind, secret, enabled, config or delete on gateways
  for each row execute function announce_gateway_change();
`;
