import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/app-error';

/**
 * Where a customer's webhook may never point: this machine, private networks, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges. Otherwise any user
 * could make the server probe its own network. Checked when the URL is saved (a literal address or
 * `localhost`) and again on every delivery for the addresses the name resolves to, the connection
 * going to the address just checked (no second resolution a DNS rebinding could answer differently).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
    return BLOCKED.check(address, 'ipv6');
  }
  return true;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** A saved webhook URL: http(s) only, and no literal blocked address or localhost (unless allowed). */
export function checkWebhookUrl(value: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: 'webhookUrl' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('WEBHOOK_URL_BLOCKED');
  if (allowPrivate) return url;
  const host = hostOf(url).toLowerCase();
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

/** A `lookup` for http.request that refuses names resolving to a blocked address. */
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
