import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TicketActor } from './tickets.service';

export const ticketActorOf = (request: FastifyRequest): TicketActor => ({
  id: request.user!.record.id,
  name: request.user!.record.username,
});

/** Sends a ticket image: private (never cached by shared caches), typed by its checked content. */
export function sendTicketFile(
  reply: FastifyReply,
  file: { name: string; contentType: string; bytes: Buffer },
) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `inline; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .send(file.bytes);
}
