import geoip from 'geoip-country';

/**
 * The country of an IP address, offline: `geoip-country` ships its data (GeoLite2 country ranges)
 * in the package and loads it once. '' for private, loopback and unknown addresses.
 */
export function countryOf(ip: string): string {
  try {
    return geoip.lookup(ip)?.country ?? '';
  } catch {
    return '';
  }
}

/** Counts per IP folded into counts per country, largest first, at most `top`. */
export function topCountries(rows: readonly { ip: string; count: number }[], top: number) {
  const byCountry = new Map<string, number>();
  for (const row of rows) {
    const country = countryOf(row.ip);
    byCountry.set(country, (byCountry.get(country) ?? 0) + row.count);
  }
  return [...byCountry]
    .map(([country, count]) => ({ country, count }))
    .sort((a, b) => b.count - a.count || a.country.localeCompare(b.country))
    .slice(0, top);
}
