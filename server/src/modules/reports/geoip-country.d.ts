/** The part of npm `geoip-country` we use (its own package has no types). */
declare module 'geoip-country' {
  const geoip: { lookup(ip: string): { country: string } | null };
  export default geoip;
}
