/**
 * SMSC delivery receipts (SMPP 3.4 Appendix B text, plus the `receipted_message_id` / `message_state`
 * TLVs), parsed defensively: SMSCs differ in case, date length, missing fields and id formats.
 */
export type ReceiptStatus = 'sent' | 'delivered' | 'failed';

export type DeliveryReceipt = {
  /** The SMSC message id as the receipt gives it (TLV first, else the text's `id:`). */
  messageId: string;
  /** Forms of the id to look the submitted message up by (see `messageIdKeys`). */
  messageIdKeys: string[];
  status: ReceiptStatus;
  /** Whether the SMSC will say nothing more about the message (delivered, or failed for good). */
  final: boolean;
  /** The 7-letter `stat` (DELIVRD, UNDELIV, …) or the message_state name when there is no text. */
  stat: string;
  error: string | null;
  submittedAt: string | null;
  doneAt: string | null;
  raw: {
    text: string;
    receiptedMessageId: string | null;
    messageState: number | null;
    networkErrorCode: string | null;
  };
};

export type ReceiptInput = {
  text: string;
  receiptedMessageId?: string | null;
  messageState?: number | null;
  networkErrorCode?: Buffer | null;
};

/** message_state values (SMPP 3.4 §5.3.2.35; 0 and 9 from SMPP 5.0). */
const MESSAGE_STATE: Record<number, { stat: string; status: ReceiptStatus; final: boolean }> = {
  0: { stat: 'SCHEDULED', status: 'sent', final: false },
  1: { stat: 'ENROUTE', status: 'sent', final: false },
  2: { stat: 'DELIVRD', status: 'delivered', final: true },
  3: { stat: 'EXPIRED', status: 'failed', final: true },
  4: { stat: 'DELETED', status: 'failed', final: true },
  5: { stat: 'UNDELIV', status: 'failed', final: true },
  6: { stat: 'ACCEPTD', status: 'sent', final: false },
  7: { stat: 'UNKNOWN', status: 'failed', final: true },
  8: { stat: 'REJECTD', status: 'failed', final: true },
  9: { stat: 'SKIPPED', status: 'failed', final: true },
};

const DELIVERED_STATS = new Set(['DELIVRD', 'DELIVERED', 'DELIVER', 'DELIV']);
/** Non-final states; anything not listed here or above is a failure (Kannel's rule), raw text kept. */
const PENDING_STATS = new Set([
  'ENROUTE',
  'ACCEPTD',
  'ACCEPTED',
  'BUFFRED',
  'BUFFERD',
  'BUFFERED',
  'ACKED',
  'SCHEDULED',
  'SCHEDUL',
  'SENT',
]);

function statToStatus(stat: string): { status: ReceiptStatus; final: boolean } {
  if (DELIVERED_STATS.has(stat)) return { status: 'delivered', final: true };
  if (PENDING_STATS.has(stat)) return { status: 'sent', final: false };
  return { status: 'failed', final: true };
}

const field = (text: string, pattern: RegExp) => pattern.exec(text)?.[1] ?? null;

/**
 * The dates last read: receipts arriving together carry the same minute (or second) over and over, and
 * building a Date per receipt was a visible share of a fast bind's CPU. Cleared when full.
 */
const readDates = new Map<string, string | null>();
const READ_DATES_KEPT = 256;

/** YYMMDDhhmm or YYMMDDhhmmss as ISO 8601 (the SMSC's clock, read as UTC); null if not a date. */
export function receiptDate(value: string | null): string | null {
  if (!value || (value.length !== 10 && value.length !== 12)) return null;
  const known = readDates.get(value);
  if (known !== undefined) return known;
  const date = parseReceiptDate(value);
  if (readDates.size >= READ_DATES_KEPT) readDates.clear();
  readDates.set(value, date);
  return date;
}

function parseReceiptDate(value: string): string | null {
  if (!/^\d{10}(\d{2})?$/.test(value)) return null;
  const [yy, mm, dd, hh, mi] = [0, 2, 4, 6, 8].map((at) => Number(value.slice(at, at + 2))) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const ss = value.length === 12 ? Number(value.slice(10, 12)) : 0;
  const date = new Date(Date.UTC(2000 + yy, mm - 1, dd, hh, mi, ss));
  if (date.getUTCMonth() !== mm - 1 || hh > 23 || mi > 59 || ss > 59) return null;
  return date.toISOString();
}

/** Whether a text looks like a receipt even when esm_class does not say so (seen in the wild). */
export function looksLikeReceipt(text: string): boolean {
  return /^\s*id:\s*\S+\s.*\bstat:\s*\w+/is.test(text);
}

/**
 * Keys an SMSC message id can be matched by: lowercase without leading zeros, plus its value read as
 * hex written in decimal and read as decimal written in hex. A submit_sm_resp id and a receipt id
 * name the same message when their key sets meet (SMSCs answer hex and report decimal, or the reverse).
 */
export function messageIdKeys(id: string): string[] {
  const trimmed = id.trim().toLowerCase();
  const plain = trimmed.replace(/^0+(?=.)/, '');
  const keys = new Set([plain]);
  if (/^[0-9a-f]{1,32}$/.test(trimmed)) keys.add(`#${BigInt(`0x${trimmed}`).toString(10)}`);
  if (/^[0-9]{1,38}$/.test(trimmed)) keys.add(`#${BigInt(trimmed).toString(10)}`);
  return [...keys];
}

/**
 * The keys a submitted part is stored under for `messageIdKeys` lookups: its numeric forms alone when
 * it has any (a receipt naming it in any form shares one of them, so the plain form adds nothing but a
 * row), else the plain form.
 */
export function storedIdKeys(id: string): string[] {
  const keys = messageIdKeys(id);
  const numeric = keys.filter((key) => key.startsWith('#'));
  return numeric.length ? numeric : keys;
}

export function sameMessageId(a: string, b: string): boolean {
  const keys = new Set(messageIdKeys(a));
  return messageIdKeys(b).some((key) => keys.has(key));
}

/** Parses a receipt; null when there is neither an id (TLV or text) nor a state to report. */
export function parseReceipt(input: ReceiptInput): DeliveryReceipt | null {
  const text = input.text ?? '';
  const textId = field(text, /\bid:\s*([^\s]+)/i);
  const stat = field(text, /\bstat:\s*([A-Za-z_]+)/i)?.toUpperCase() ?? null;
  const err = field(text, /\berr:\s*([0-9A-Za-z]+)/i);
  const tlvId = input.receiptedMessageId?.trim() || null;
  const messageId = tlvId ?? textId;
  const state = input.messageState ?? null;
  const byState = state !== null ? MESSAGE_STATE[state] : undefined;
  if (!messageId || (!byState && !stat)) return null;
  // TLVs win over the text (Kannel, Jasmin): the text is free-form and sometimes wrong.
  const outcome = byState ?? statToStatus(stat!);
  const networkErrorCode = input.networkErrorCode?.length ? input.networkErrorCode.toString('hex') : null;
  return {
    messageId,
    messageIdKeys: messageIdKeys(messageId),
    status: outcome.status,
    final: outcome.final,
    stat: stat ?? byState!.stat,
    error: err && /^0+$/.test(err) ? null : (err ?? networkErrorCode),
    submittedAt: receiptDate(field(text, /\bsubmit[ _]date:\s*(\d+)/i)),
    doneAt: receiptDate(field(text, /\bdone[ _]date:\s*(\d+)/i)),
    raw: { text, receiptedMessageId: tlvId, messageState: state, networkErrorCode },
  };
}
