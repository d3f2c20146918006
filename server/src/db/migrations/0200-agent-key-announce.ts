/**
 * `jiema_agents` (payload the agent's id) when an agent's protocol key may have changed or the agent is
 * deleted, so every server process can keep "which agent has this key" in memory exactly for PUSH_SMS
 * (modules/number-sources/agents/agent-key-lookup.ts). The poller's frequent writes (last poll, lease)
 * do not touch `api_key` and announce nothing.
 */
export default /* sql */ `
create function announce_agent_key_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('jiema_agents', old.id::text);
  return null;
end $$;
create trigger agents_key_announce after update of api_key or delete on agents
  for each row execute function announce_agent_key_change();
`;
