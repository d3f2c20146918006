/**
 * Typed phone numbers to E.164, the one rule for every place a person types a number (mass SMS
 * recipients, contacts, a connector's test SMS) and the base of the stock batch add. libphonenumber with
 * full metadata: a national number takes the country's trunk prefix off (`8 999…` in Russia, `0…` in
 * most of Europe and China) and is checked against the country's numbering plan, not only its length.
 *
 * Not part of the package index: the metadata is about 40 KB gzip, so only the screens that type
 * numbers load it (`@jiema/shared/phone-number`).
 */
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  type NumberType,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';
import type { PhoneProblem } from './phone-problems';

export { PHONE_PROBLEMS, type PhoneProblem } from './phone-problems';

/** Types that cannot receive SMS; unknown, mobile, fixed-or-mobile, VoIP and personal numbers pass. */
export const NOT_SMS_CAPABLE: ReadonlySet<NumberType> = new Set([
  'FIXED_LINE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'SHARED_COST',
  'PAGER',
  'UAN',
  'VOICEMAIL',
]);

/** Separators people type inside a number. */
const PUNCTUATION = /[\s\-.()/]/g;

/**
 * A typed number as E.164. `+` or `00` starts an international number; anything else is national and
 * read in the country of `defaultCallingCode` (digits, e.g. "7"), trunk prefix removed. With
 * `smsOnly`, numbers that cannot receive SMS are refused too.
 */
export function normalisePhoneNumber(
  input: string,
  options: { defaultCallingCode?: string; smsOnly?: boolean } = {},
): { phone: string } | { problem: PhoneProblem } {
  const compact = input.trim().replace(PUNCTUATION, '');
  if (!compact) return { problem: 'empty' };
  if (!/^(?:\+|00)?\d+$/.test(compact)) return { problem: 'notANumber' };
  const international = compact.startsWith('+') || compact.startsWith('00');
  if (!international && !options.defaultCallingCode) return { problem: 'country' };
  const text = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  const context = international ? undefined : { defaultCallingCode: options.defaultCallingCode };
  const parsed = parsePhoneNumberFromString(text, context);
  if (!parsed?.isValid()) {
    const length = validatePhoneNumberLength(text, context);
    if (length === 'TOO_SHORT') return { problem: 'tooShort' };
    if (length === 'TOO_LONG') return { problem: 'tooLong' };
    return { problem: 'invalid' };
  }
  const type = parsed.getType();
  if (options.smsOnly && type && NOT_SMS_CAPABLE.has(type)) return { problem: 'notMobile' };
  return { phone: parsed.number };
}

export type DialCountry = { country: CountryCode; callingCode: string };

/** Every country libphonenumber knows with its calling code, for "the country of national numbers" pickers. */
export function dialCountries(): DialCountry[] {
  return getCountries().map((country) => ({ country, callingCode: getCountryCallingCode(country) }));
}
