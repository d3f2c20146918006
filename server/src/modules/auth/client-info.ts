import type { FastifyRequest } from 'fastify';
import { clientIp } from '../../lib/client-ip';
import type { ClientInfo } from './auth.service';

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: clientIp(request),
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
});
