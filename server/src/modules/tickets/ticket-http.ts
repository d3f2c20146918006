import { isAttachmentImage } from '@jiema/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TicketActor } from './tickets.service';

export const ticketActorOf = (request: FastifyRequest): TicketActor => ({
  id: request.user!.record.id,
  name: request.user!.record.username,
});

/**
 * Sends a ticket attachment, typed by its checked content, private (never cached by shared caches).
 * Images are shown inline; every other type is a download, and all are sandboxed and nosniff, so a
 * PDF's scripts or a text file that looks like HTML never run in our origin.
 */
export function sendTicketFile(
  reply: FastifyReply,
  file: { name: string; contentType: string; bytes: Buffer },
) {
  const disposition = isAttachmentImage(file.contentType) ? 'inline' : 'attachment';
  const type = file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType;
  return reply
    .header('content-type', type)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header(
      'content-disposition',
      `${disposition}; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .send(file.bytes);
}
