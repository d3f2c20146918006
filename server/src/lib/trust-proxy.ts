import type { Config } from '../config';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count is given as a function trusting the first N
 * hops from the socket (Fastify 5.12 treats a bare number as "trust nothing", which would make every
 * client behind the proxy share the proxy's address). A list of addresses/CIDRs is passed as is:
 * only those peers may speak for the client, so a direct client cannot choose its IP.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
