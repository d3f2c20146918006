import { randomBytes } from 'node:crypto';
import { envelopeOf, ZEventsQuery, ZEventTicket } from '@jiema/shared';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { sha256 } from '../../lib/secrets';
import { OpenStreams } from './open-streams';
import type { SmsArrivals } from './sms-arrivals';

const tags = ['live events'];
const TICKET_SECONDS = 60;

/**
 * Live screens: `GET /api/events` is a server-sent event stream of the signed-in user's SMS, fed by
 * LISTEN `jiema_sms`, so an SMS stored by any server process reaches every open page. EventSource
 * cannot send an Authorization header, and a session token in a URL would end up in proxy and access
 * logs and the browser history; so the page first trades its session for a ticket
 * (`POST /api/events/ticket`: single-use, valid one minute, only its hash stored) and opens the stream
 * with it. A stream lives as long as its connection; the page asks for a new ticket to reconnect.
 */
export function registerEventRoutes(
  app: App,
  {
    db,
    arrivals,
    heartbeatMs,
    maxStreamsPerUser,
  }: { db: Db; arrivals: SmsArrivals; heartbeatMs: number; maxStreamsPerUser: number },
) {
  const open = new OpenStreams(db, maxStreamsPerUser);
  app.addHook('preClose', async () => open.closeAll());

  app.post(
    '/api/events/ticket',
    {
      schema: {
        tags,
        summary: 'A single-use ticket (valid 60 s) that opens my live event stream',
        response: { 200: envelopeOf(ZEventTicket) },
      },
    },
    async (request) => {
      const ticket = randomBytes(24).toString('base64url');
      const rows = await db.query<{ expires_at: Date }>(
        `with cleanup as (delete from event_tickets where expires_at < now() - interval '1 hour')
         insert into event_tickets (ticket_hash, user_id, session_id, expires_at)
         values ($1, $2, $3, now() + make_interval(secs => ${TICKET_SECONDS})) returning expires_at`,
        [sha256(ticket), request.user!.record.id, request.user!.sessionId],
      );
      return ok(request, { ticket, expiresAt: new Date(rows[0]!.expires_at).toISOString() });
    },
  );

  app.get(
    '/api/events',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary:
          'Server-sent events of my SMS (`event: sms`, data `{rentalId, smsId}`); `ticket` from POST /api/events/ticket',
        description:
          'Events: `ready` once open, `sms` per SMS that reached one of my rentals, `resync` when some may have been missed (reload what you show). A comment line every 15 s keeps proxies from closing it.',
        querystring: ZEventsQuery,
        produces: ['text/event-stream'],
        security: [],
      },
    },
    async (request, reply) => {
      const rows = await db.query<{ user_id: number; session_id: string | null }>(
        `update event_tickets t set used_at = now()
         from users u
         where t.ticket_hash = $1 and t.used_at is null and t.expires_at > now() and u.id = t.user_id and u.enabled
           and (t.session_id is null or exists (select 1 from sessions s where s.id = t.session_id
                                                  and s.revoked_at is null and s.expires_at > now()))
         returning t.user_id, t.session_id::text`,
        [sha256(request.query.ticket)],
      );
      const userId = rows[0]?.user_id;
      if (userId === undefined) throw new AppError('EVENT_TICKET_INVALID');
      if (!open.hasRoomFor(userId)) throw new AppError('EVENT_STREAMS_LIMIT', { max: maxStreamsPerUser });
      const sessionId = rows[0]!.session_id === null ? null : Number(rows[0]!.session_id);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        // The stream is the connection's last answer: ending it (on shutdown too) closes the socket.
        connection: 'close',
      });
      raw.write('retry: 3000\nevent: ready\ndata: {}\n\n');
      const remove = open.add({ userId, sessionId, raw });
      const off = arrivals.onUser(userId, (arrival) => {
        if (arrival)
          raw.write(
            `event: sms\ndata: ${JSON.stringify({ rentalId: arrival.rentalId, smsId: arrival.smsId })}\n\n`,
          );
        else raw.write('event: resync\ndata: {}\n\n');
      });
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
      raw.once('close', () => {
        clearInterval(heartbeat);
        off();
        remove();
      });
    },
  );
}
