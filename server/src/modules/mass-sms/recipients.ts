import {
  countSmsSegments,
  MASS_SMS_PREVIEW_LIST_LIMIT,
  type RecipientInput,
  renderTemplate,
  type SendInput,
  type SendPreview,
  SMS_MAX_SEGMENTS,
  type SmsEncoding,
} from '@jiema/shared';
import { normalisePhoneNumber } from '@jiema/shared/phone-number';
import { AppError } from '../../lib/app-error';
import { nextTurn } from '../../lib/next-turn';

/**
 * Recipients planned between two turns of the event loop: a 2 MB paste (about 150,000 numbers, a few
 * seconds of libphonenumber) lets the process's other requests through every few milliseconds.
 */
const ROWS_PER_TURN = 250;

/** One message as it will be queued. */
export type PlannedMessage = {
  phone: string;
  text: string;
  encoding: SmsEncoding;
  segments: number;
  units: number;
};

export type RecipientPlan = {
  messages: PlannedMessage[];
  invalidCount: number;
  duplicateCount: number;
  invalid: SendPreview['invalid'];
  duplicates: SendPreview['duplicates'];
  tooLongCount: number;
  maxSegments: number;
  encodings: { gsm7: number; ucs2: number };
};

/** Pasted text: one number a line; commas, semicolons and tabs separate too (a pasted CSV row of numbers). */
function textLines(text: string): RecipientInput[] {
  if (!text.trim()) return [];
  return text.split(/\r?\n|[,;\t]/).map((phone) => ({ phone, variables: {} }));
}

/**
 * Normalises every recipient to E.164 (as typed numbers everywhere: trunk prefix off, checked against
 * the country's numbering plan), drops duplicates (the first line wins), fills the content's
 * variables per recipient, and counts each message's segments. Blank text lines are skipped silently;
 * everything else that is refused is listed with its reason (the first 200; counts are complete).
 */
export async function planRecipients(input: SendInput, content: string): Promise<RecipientPlan> {
  const pasted = textLines(input.recipientsText);
  const rows = [...pasted, ...input.recipients];
  const seen = new Map<string, number>();
  const plan: RecipientPlan = {
    messages: [],
    invalidCount: 0,
    duplicateCount: 0,
    invalid: [],
    duplicates: [],
    tooLongCount: 0,
    maxSegments: 0,
    encodings: { gsm7: 0, ucs2: 0 },
  };
  const refuse = (entry: SendPreview['invalid'][number]) => {
    plan.invalidCount += 1;
    if (plan.invalid.length < MASS_SMS_PREVIEW_LIST_LIMIT) plan.invalid.push(entry);
  };
  // Rendering is the same for every recipient without variables: done once.
  const plain = /\{[A-Za-z_]/.test(content) ? null : countSmsSegments(content);
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const line = index + 1;
    const normalised = normalisePhoneNumber(row.phone, {
      defaultCallingCode: input.defaultCountryCode || undefined,
      smsOnly: true,
    });
    if ('problem' in normalised) {
      if (normalised.problem !== 'empty' || index >= pasted.length)
        refuse({ line, input: row.phone.slice(0, 40), reason: normalised.problem });
      continue;
    }
    const first = seen.get(normalised.phone);
    if (first !== undefined) {
      plan.duplicateCount += 1;
      if (plan.duplicates.length < MASS_SMS_PREVIEW_LIST_LIMIT)
        plan.duplicates.push({ line, phone: normalised.phone, firstLine: first });
      continue;
    }
    let text = content;
    let count = plain;
    if (!count) {
      const rendered = renderTemplate(content, { ...input.commonVariables, ...row.variables });
      if (rendered.missing.length) {
        refuse({ line, input: row.phone.slice(0, 40), reason: 'variables', missing: rendered.missing });
        continue;
      }
      text = rendered.text;
      count = countSmsSegments(text);
    }
    seen.set(normalised.phone, line);
    if (count.segments > SMS_MAX_SEGMENTS) plan.tooLongCount += 1;
    plan.maxSegments = Math.max(plan.maxSegments, count.segments);
    plan.encodings[count.encoding] += 1;
    plan.messages.push({
      phone: normalised.phone,
      text,
      encoding: count.encoding,
      segments: count.segments,
      units: count.units,
    });
  }
  return plan;
}

/**
 * What confirm refuses outright (the preview shows the same problems without refusing). Invalid lines
 * only when the sender did not choose to skip them.
 */
export function assertSendable(plan: RecipientPlan, skipInvalid: boolean) {
  if (plan.messages.length === 0) throw new AppError('MASS_SMS_NO_RECIPIENTS');
  if (plan.invalidCount > 0 && !skipInvalid)
    throw new AppError('MASS_SMS_INVALID_RECIPIENTS', { count: plan.invalidCount });
  if (plan.tooLongCount > 0)
    throw new AppError('MASS_SMS_TOO_LONG', { count: plan.tooLongCount, max: SMS_MAX_SEGMENTS });
}
