/**
 * Spec §3: an icon value starting with http or data: is used as is; one starting with / gets the
 * base prefixed (empty: same origin); anything else is unchanged; empty input gives ''.
 */
export function resolveIconUrl(value: string | null | undefined, base = ''): string {
  if (!value) return '';
  if (value.startsWith('http') || value.startsWith('data:')) return value;
  if (value.startsWith('/')) return `${base}${value}`;
  return value;
}
