import type { ApiCodes, CodeAnswer, CodeAnswerFormat, CodeItem, Locale } from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type CodeLinkRow, findUserByApiKey, listCodesOfUser, readCodeLink } from './code-link.repository';
import type { CodeLinkCache } from './code-link-cache';
import type { createLinkRateLimiter } from './rate-limit';
import type { SmsArrivals } from './sms-arrivals';
import { isoInZone } from './time-format';

export type CodeLinkService = ReturnType<typeof createCodeLinkService>;

/** What the route sends: JSON (the envelope's data), plain text, or "no code yet" for the plain formats. */
export type CodeLinkResult =
  | { format: 'json'; data: CodeAnswer }
  | { format: 'code' | 'text'; body: string | null };

const hidden = (row: CodeLinkRow) => row.status === 'inactive' || row.status === 'suspended';
const waitingForAnother = (row: CodeLinkRow) =>
  row.resend_requested_at !== null &&
  (row.received_at === null || new Date(row.received_at) <= new Date(row.resend_requested_at));

/** Whether the answer holds what a long-poll waits for: an SMS (a code, for the code format) to show. */
function hasAnswer(rows: CodeLinkRow[], format: CodeAnswerFormat): boolean {
  return rows.some(
    (r) =>
      r.rental_id !== null && r.sms_id !== null && !hidden(r) && (format !== 'json' || !waitingForAnother(r)),
  );
}

function jsonItem(row: CodeLinkRow, locale: Locale): CodeItem {
  const show = !hidden(row) && row.sms_id !== null;
  return {
    phoneNumber: row.phone_number!,
    number: row.phone_number!,
    applicationCode: row.application_code!,
    applicationName: (locale === 'en-US' ? row.application_name_en : row.application_name_zh)!,
    status: row.status!,
    expiresAt: new Date(row.expires_at!).toISOString(),
    code: show ? row.code : null,
    text: show ? row.text : null,
    sender: show ? row.sender : null,
    receivedAt: show ? new Date(row.received_at!).toISOString() : null,
    time: show ? isoInZone(row.received_at!, row.time_zone) : null,
    waitingForAnother: waitingForAnother(row),
  };
}

function render(rows: CodeLinkRow[], format: CodeAnswerFormat, locale: Locale): CodeLinkResult {
  const first = rows[0]!;
  const numbers = rows.filter((r) => r.rental_id !== null);
  if (format === 'json') {
    return {
      format,
      data: {
        kind: first.kind,
        orderNo: first.kind === 'group' ? null : first.order_no,
        ...(first.kind === 'group' ? { groupName: first.group_name ?? '' } : {}),
        items: numbers.map((r) => jsonItem(r, locale)),
      },
    };
  }
  const shown = numbers.filter((r) => r.sms_id !== null && !hidden(r));
  const value = (r: CodeLinkRow) => (format === 'code' ? (r.code ?? '') : (r.text ?? ''));
  if (shown.length === 0) return { format, body: null };
  // A rental token answers the value alone; an order or group token one line per number that has one.
  const body =
    first.kind === 'rental' ? value(shown[0]!) : shown.map((r) => `${r.phone_number} ${value(r)}`).join('\n');
  return { format, body };
}

/**
 * The public code link (`GET /api/code/:token`): answers in the owner's format (or the caller's
 * `format`), inside the owner's window, rate-limited per link, and with `wait` long-polls until an SMS
 * arrives on any server process (LISTEN `jiema_sms`). Plus the API-key listing of a user's codes.
 */
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** How many tokens' rentals a process remembers for its long-polls (a forgotten one costs one read). */
const REMEMBERED_TOKENS = 50_000;

export function createCodeLinkService({
  db,
  arrivals,
  limiter,
  cache,
}: {
  db: Db;
  arrivals: SmsArrivals;
  cache: CodeLinkCache;
  limiter: ReturnType<typeof createLinkRateLimiter>;
}) {
  /** The rentals each long-polled token had at its last read: a wrong guess costs a read, never an SMS. */
  const rentalsOfToken = new Map<string, readonly number[]>();
  const rememberRentals = (token: string, rentalIds: number[]) => {
    if (rentalsOfToken.size >= REMEMBERED_TOKENS) rentalsOfToken.clear();
    rentalsOfToken.set(token, rentalIds);
  };
  return {
    /** The server is stopping: answers should close their connection, so the stop need not wait for it. */
    get closing() {
      return arrivals.closed;
    },
    async answer(
      token: string,
      options: {
        wait?: number;
        after?: string;
        format?: CodeAnswerFormat;
        locale: Locale;
        signal?: AbortSignal;
      },
    ): Promise<CodeLinkResult> {
      const after = options.after ?? null;
      const waits = (options.wait ?? 0) > 0;
      // A long-poll listens before its first read on the rentals its token had last time, so that when
      // they are still the same the read is not repeated after subscribing (an SMS committed after the
      // subscription wakes it, one committed before is in the read).
      let wakeups = 0;
      let wake: () => void = () => undefined;
      const onArrival = () => {
        wakeups += 1;
        wake();
      };
      let subscribed: readonly number[] = (waits && rentalsOfToken.get(token)) || [];
      let off = subscribed.length > 0 ? arrivals.onRentals(subscribed, onArrival) : () => undefined;
      try {
        let wakeupsAtRead = wakeups;
        // A plain read (no `after`, no wait: a poll, the code page's first look) may come from memory; a
        // long-poll reads the database, so a wake-up always sees the SMS that caused it.
        let rows = waits || after !== null ? await readCodeLink(db, token, after) : await cache.read(token);
        const first = rows[0];
        if (!first) throw new AppError('CODE_TOKEN_NOT_FOUND');
        const decision = await limiter.take(`${first.kind}:${first.link_id}`);
        if (!decision.allowed) {
          throw new AppError('CODE_LINK_RATE_LIMITED', {
            limit: decision.limit,
            seconds: decision.retryAfterSeconds,
          });
        }
        const format = options.format ?? first.answer_format;
        const deadline = Date.now() + (options.wait ?? 0) * 1000;
        const signal = options.signal;
        for (;;) {
          const rentalIds = rows.flatMap((r) => (r.rental_id === null ? [] : [r.rental_id]));
          if (waits) rememberRentals(token, rentalIds);
          if (hasAnswer(rows, format) || Date.now() >= deadline || rentalIds.length === 0) break;
          if (arrivals.closed || signal?.aborted) break;
          if (!sameIds(subscribed, rentalIds)) {
            // Subscribe before reading again: an SMS committed between the read and the wait is not missed.
            off();
            off = arrivals.onRentals(rentalIds, onArrival);
            subscribed = rentalIds;
            wakeupsAtRead = wakeups;
            rows = await readCodeLink(db, token, after);
            continue;
          }
          if (wakeups === wakeupsAtRead) {
            let timer: NodeJS.Timeout | undefined;
            await new Promise<void>((resolve) => {
              wake = resolve;
              timer = setTimeout(resolve, deadline - Date.now());
              signal?.addEventListener('abort', () => resolve(), { once: true });
            });
            wake = () => undefined;
            clearTimeout(timer);
            if (signal?.aborted) break;
          }
          wakeupsAtRead = wakeups;
          rows = await readCodeLink(db, token, after);
          if (rows.length === 0) break;
        }
        if (rows.length === 0) throw new AppError('CODE_TOKEN_NOT_FOUND');
        return render(rows, format, options.locale);
      } finally {
        off();
      }
    },

    /** The SMS of every rental the key's owner holds, received after `since` (default: the last hour). */
    async listByApiKey(
      apiKey: string | undefined,
      query: { since?: string; limit: number },
    ): Promise<ApiCodes> {
      const user = apiKey ? await findUserByApiKey(db, apiKey) : null;
      if (!user) throw new AppError('API_KEY_INVALID');
      const decision = await limiter.take(`key:${user.id}`);
      if (!decision.allowed) {
        throw new AppError('CODE_LINK_RATE_LIMITED', {
          limit: decision.limit,
          seconds: decision.retryAfterSeconds,
        });
      }
      const since = query.since ?? new Date(Date.now() - 3600_000).toISOString();
      const rows = await listCodesOfUser(db, user.id, since, query.limit);
      const last = rows.at(-1);
      return {
        items: rows.map((r) => ({
          smsId: r.sms_id,
          rentalId: r.rental_id,
          number: r.phone_number,
          application: r.application_code,
          sender: r.sender,
          text: r.text,
          code: r.code,
          time: isoInZone(r.received_at, r.time_zone),
        })),
        until: last ? new Date(last.received_at).toISOString() : since,
      };
    },
  };
}
