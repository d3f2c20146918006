import geoip from 'geoip-country';

/**
 * Lookups already made. The answer for an address only changes with the package's data, so it is kept
 * for the life of the process: the login analysis of a year folds ~32,000 addresses into countries
 * each time it is opened, 40–80 ms of lookups the first time and ~3 ms from here. Bounded: past
 * MAX_REMEMBERED addresses it starts again.
 */
const remembered = new Map<string, string>();
const MAX_REMEMBERED = 500_000;

/**
 * The country of an IP address, offline: `geoip-country` ships its data (GeoLite2 country ranges)
 * in the package and loads it once. '' for private, loopback and unknown addresses.
 */
export function countryOf(ip: string): string {
  const known = remembered.get(ip);
  if (known !== undefined) return known;
  let country = '';
  try {
    country = geoip.lookup(ip)?.country ?? '';
  } catch {
    // not an address geoip understands: no country
  }
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(ip, country);
  return country;
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
