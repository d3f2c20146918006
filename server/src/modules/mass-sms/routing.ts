import type { Sender } from './senders';

/** Longest matching prefix decides nothing: every connector whose prefixes match (or who has none) may carry it. */
export function serves(prefixes: readonly string[], phone: string): boolean {
  if (!prefixes.length) return true;
  const digits = phone.replace(/^\+/, '');
  return prefixes.some((prefix) => digits.startsWith(prefix.replace(/^\+/, '')));
}

/**
 * The connectors that may carry a message now, in order: by priority (then id), the connector that
 * failed it last moved to the end, so a retry fails over to the next one when there is one.
 */
export function routeFor(
  senders: readonly Sender[],
  phone: string,
  lastConnectorId: number | null,
): Sender[] {
  const candidates = senders.filter(
    (s) => s.connector.enabled && s.available() && serves(s.connector.prefixes, phone),
  );
  candidates.sort((a, b) => a.connector.priority - b.connector.priority || a.connector.id - b.connector.id);
  if (lastConnectorId !== null && candidates.length > 1) {
    const at = candidates.findIndex((s) => s.connector.id === lastConnectorId);
    if (at >= 0) candidates.push(...candidates.splice(at, 1));
  }
  return candidates;
}
