/**
 * Why a typed phone number was refused (`phone-number.ts` reads numbers; this list is apart so that
 * schemas and screens can name the reasons without loading libphonenumber's metadata).
 */
export const PHONE_PROBLEMS = [
  'empty',
  /** Text that is no phone number at all (letters, stray symbols). */
  'notANumber',
  /** A national number and no default country to read it in. */
  'country',
  'tooShort',
  'tooLong',
  /** The right length but not a number of that country's plan. */
  'invalid',
  /** A fixed line, toll-free or premium number: it cannot receive SMS. */
  'notMobile',
] as const;
export type PhoneProblem = (typeof PHONE_PROBLEMS)[number];
