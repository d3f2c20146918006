import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../app-error';

/**
 * Where a request to an address a user chose (a customer's code or compat webhook) may never go:
 * this machine, private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * multicast and reserved ranges. Otherwise any user could make the server probe its own network.
 * Checked when the URL is saved (a literal address or `localhost`) and again on every request for
 * the addresses the name resolves to, the connection going to the address just checked (no second
 * resolution a DNS rebinding could answer differently). The WHATWG URL parser has already turned
 * every IPv4 notation (0x7f000001, 2130706433, 0177.0.0.1, 127.1) into dotted decimal; IPv6 forms
 * that carry an IPv4 address (mapped, compatible, SIIT, NAT64, 6to4) are judged by that address.
 */
const BLOCKED_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED_V4.addSubnet(net, prefix, 'ipv4');
}
const BLOCKED_V6 = new BlockList();
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0', 96], // IPv4-mapped: judged by its IPv4 address below, never as IPv6
  ['64:ff9b::', 96], // NAT64 well-known prefix: reaches any IPv4 address through a translator
  ['64:ff9b:1::', 48], // NAT64 local-use prefixes
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) included
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED_V6.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part folded in). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address an IPv6 one carries (mapped, SIIT-translated, 6to4), if it carries one. */
function embeddedV4(address: string): string | null {
  const g = groupsOf(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4Of(g[6]!, g[7]!); // ::ffff:a.b.c.d
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4Of(g[6]!, g[7]!); // ::ffff:0:a.b.c.d
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!); // 6to4 2002:aabb:ccdd::
  return null;
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED_V4.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedV4(address);
  if (v4 !== null) return BLOCKED_V4.check(v4, 'ipv4');
  return BLOCKED_V6.check(address, 'ipv6');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * A URL a user saves for the server to call: http(s) only, and no literal blocked address or
 * `localhost` (unless the operator allows private addresses). Names are checked when called.
 */
export function checkOutboundUrl(value: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: 'webhookUrl' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('WEBHOOK_URL_BLOCKED');
  if (allowPrivate) return url;
  const host = hostOf(url).toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isBlockedAddress(host))) {
    throw new AppError('WEBHOOK_URL_BLOCKED');
  }
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http.request and net.connect that refuses names resolving to a blocked address. */
export function safeLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, options.all ? [] : '');
      const list = addresses as LookupAddress[];
      if (!allowPrivate && (list.length === 0 || list.some((a) => isBlockedAddress(a.address)))) {
        const blocked = Object.assign(new Error(`blocked address for ${hostname}`), { code: 'EBLOCKED' });
        return callback(blocked, options.all ? [] : '');
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/** A literal address in the URL is never resolved, so it is checked here before connecting. */
export function literalHostBlocked(url: URL, allowPrivate: boolean): boolean {
  const host = hostOf(url);
  return !allowPrivate && isIP(host) !== 0 && isBlockedAddress(host);
}
