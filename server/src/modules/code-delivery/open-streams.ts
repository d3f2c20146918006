import type { ServerResponse } from 'node:http';
import type { Db } from '../../db/client';

/** How often the open streams' sessions are checked: a stream outlives its session by at most this. */
export const STREAM_CHECK_MS = 2_000;

type Stream = { userId: number; sessionId: number | null; raw: ServerResponse };

/**
 * The event streams open in this process: at most `perUser` for one user (a page opens one; 1,000
 * were accepted before), and each closed once its session is no longer valid (logged out, revoked,
 * expired, user disabled) — one query every STREAM_CHECK_MS for all of them, not one per stream.
 */
export class OpenStreams {
  private readonly streams = new Set<Stream>();
  private readonly perUserCount = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly db: Db,
    private readonly perUser: number,
  ) {}

  /** Whether one more stream may be opened for the user. */
  hasRoomFor(userId: number) {
    return (this.perUserCount.get(userId) ?? 0) < this.perUser;
  }

  add(stream: Stream): () => void {
    this.streams.add(stream);
    this.perUserCount.set(stream.userId, (this.perUserCount.get(stream.userId) ?? 0) + 1);
    this.timer ??= setInterval(() => void this.check(), STREAM_CHECK_MS);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.streams.delete(stream);
      const left = (this.perUserCount.get(stream.userId) ?? 1) - 1;
      if (left > 0) this.perUserCount.set(stream.userId, left);
      else this.perUserCount.delete(stream.userId);
      if (!this.streams.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  closeAll() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const stream of this.streams) stream.raw.end();
    this.streams.clear();
    this.perUserCount.clear();
  }

  private async check() {
    if (this.checking || !this.streams.size) return;
    this.checking = true;
    try {
      const streams = [...this.streams];
      const valid = await this.db.query<{ n: number }>(
        `select s.n from unnest($1::int[], $2::bigint[]) with ordinality as s(user_id, session_id, n)
           join users u on u.id = s.user_id and u.enabled
          where s.session_id is null
             or exists (select 1 from sessions x where x.id = s.session_id and x.user_id = s.user_id
                          and x.revoked_at is null and x.expires_at > now())`,
        [streams.map((s) => s.userId), streams.map((s) => s.sessionId)],
      );
      const keep = new Set(valid.map((row) => Number(row.n) - 1));
      streams.forEach((stream, index) => {
        if (!keep.has(index)) {
          stream.raw.end('event: closed\ndata: {}\n\n');
        }
      });
    } catch {
      // The database is unreachable: checked again at the next tick.
    } finally {
      this.checking = false;
    }
  }
}
