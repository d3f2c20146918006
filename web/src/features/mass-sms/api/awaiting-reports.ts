import type { Campaign, OutboundMessage } from '@jiema/shared';

/**
 * How long after a send the lists keep asking for its delivery report. Providers report within
 * seconds to minutes; past this a message left `sent` is shown as it is until the page is reloaded.
 */
export const REPORT_WAIT_MS = 10 * 60_000;

const recent = (at: string | null, now: number) => at !== null && now - Date.parse(at) < REPORT_WAIT_MS;

/**
 * Whether a campaign on the page may still change: it is sending or scheduled, or it finished recently
 * with messages sent but not yet reported (a campaign completes when its last message is sent; the
 * delivery reports come after).
 */
export const campaignMayChange = (c: Campaign, now = Date.now()) =>
  c.status === 'sending' || c.status === 'scheduled' || (c.counts.sent > 0 && recent(c.finishedAt, now));

/** Whether a message may still change: pending, or sent recently and not reported yet. */
export const messageMayChange = (m: OutboundMessage, now = Date.now()) =>
  m.status === 'pending' || (m.status === 'sent' && recent(m.submittedAt, now));
