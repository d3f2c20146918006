import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as stored and rate-limited: `request.ip`, which behind a trusted proxy
 * (TRUST_PROXY) is taken from X-Forwarded-For as written, so anything the proxy passed on (markup,
 * a port, a name) would be stored. Only a valid IPv4 or IPv6 address is used; otherwise the peer that
 * sent it (the proxy), which is an address whatever the header says.
 */
export function clientIp(request: Pick<FastifyRequest, 'ip' | 'socket'>): string {
  const ip = request.ip;
  if (isIP(ip)) return ip;
  const peer = request.socket?.remoteAddress ?? '';
  return isIP(peer) ? peer : '0.0.0.0';
}
