import { z } from 'zod';
import { REJECT_REASONS } from '../general-extractor';
import { ZPattern, ZPatternTestInput } from './catalog';
import { MATCH_TEXT_LIMIT } from './catalog-patterns';

/**
 * The system tools page (spec §2 admin/tools): the code-extraction pattern tester, the stock expiry
 * sweep run once on demand, and the settings export.
 */

/**
 * An application's patterns (the same rules as the catalog's) tried on a sample SMS; unlike the
 * catalog form's quick check, the sample text is required.
 */
export const ZToolPatternTestInput = ZPatternTestInput.extend({
  /** A user's own pattern for the application, tried after the code pattern as the inbound path does. */
  userPattern: ZPattern.default(''),
  text: z
    .string({ error: 'validation.toolSampleRequired' })
    .min(1, 'validation.toolSampleRequired')
    .max(MATCH_TEXT_LIMIT, 'validation.toolSampleLength'),
});
export type ToolPatternTestInput = z.infer<typeof ZToolPatternTestInput>;

/**
 * What the inbound path makes of the sample: whether the application's patterns claim it, the code
 * pattern's own match (null without a pattern or no match), the general extractor's, and the code a
 * rental of the application would get (`source`: pattern or general extractor; `rule`: which rule
 * exactly, the application's pattern, the user's or the general extractor). `rejected`: the numbers
 * the general extractor set aside, each with why (a date, money, a card tail, far from a code word…).
 */
export const ZToolPatternTestResult = z.object({
  attributed: z.boolean(),
  patternCode: z.string().nullable(),
  generalCode: z.string().nullable(),
  code: z.string().nullable(),
  source: z.enum(['pattern', 'general']).nullable(),
  rule: z.enum(['application', 'user', 'general']).nullable(),
  rejected: z.array(z.object({ text: z.string(), reason: z.enum(REJECT_REASONS) })),
});
export type ToolPatternTestResult = z.infer<typeof ZToolPatternTestResult>;

/** What one run of the rentals/stock sweep did. */
export const ZSweepResult = z.object({
  ended: z.number().int(),
  refunded: z.number().int(),
  cooled: z.number().int(),
});
export type SweepResult = z.infer<typeof ZSweepResult>;

export const SETTINGS_EXPORT_FORMAT = 'jiema-settings';
export const SETTINGS_EXPORT_VERSION = 1;
/** The sections of a settings export, in the order they are written. */
export const SETTINGS_SECTIONS = [
  'countries',
  'operators',
  'applications',
  'validityOptions',
  'priceRules',
  'gateways',
  'announcements',
  'ads',
  'contacts',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
