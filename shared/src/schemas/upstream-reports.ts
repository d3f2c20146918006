import { z } from 'zod';
import { ZDateRange } from '../pagination';
import { ZOrder, ZOrderPhone } from './orders';
import { ZRental } from './rentals';

/**
 * What administrators see of the upstream providers beyond the providers screen: which provider served
 * an order or a rental (never in a customer's answer), cost, revenue and margin per provider, and the
 * per (country, application) price rules of a provider.
 */

/**
 * The provider behind an order or a rental. Money in USDT: `cost` is what the provider kept (paid minus
 * what it refunded us), `revenue` what the customer paid net of refunds, `margin` the difference.
 */
export const ZUpstreamServed = z.object({
  providerId: z.number(),
  providerName: z.string(),
  upstreamId: z.string().nullable(),
  state: z.string(),
  outcome: z.string().nullable(),
  /** What the provider asked, in its own currency. */
  providerCost: z.string().nullable(),
  currency: z.string(),
  cost: z.string(),
  revenue: z.string(),
  margin: z.string(),
});
export type UpstreamServed = z.infer<typeof ZUpstreamServed>;

/** An order as administrators see it: with the provider that served it (null: our own stock). */
export const ZAdminOrder = ZOrder.extend({ upstream: ZUpstreamServed.nullable() });
export type AdminOrder = z.infer<typeof ZAdminOrder>;
export const ZAdminOrderDetail = ZAdminOrder.extend({ phones: z.array(ZOrderPhone) });
export type AdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;
export const ZAdminRental = ZRental.extend({ upstream: ZUpstreamServed.nullable() });
export type AdminRental = z.infer<typeof ZAdminRental>;

/** Finance per provider over a period (activations bought in it). */
export const ZUpstreamFinanceQuery = ZDateRange;
export const ZUpstreamFinanceRow = z.object({
  providerId: z.number(),
  providerName: z.string(),
  currency: z.string(),
  activations: z.number(),
  refundedActivations: z.number(),
  /** USDT paid to the provider, what it refunded us, and the difference (our cost). */
  paid: z.string(),
  refunded: z.string(),
  cost: z.string(),
  /** USDT our customers paid for its numbers, net of their refunds. */
  revenue: z.string(),
  margin: z.string(),
});
export type UpstreamFinanceRow = z.infer<typeof ZUpstreamFinanceRow>;
export const ZUpstreamFinanceReport = z.object({
  rows: z.array(ZUpstreamFinanceRow),
  total: ZUpstreamFinanceRow.omit({ providerId: true, providerName: true, currency: true }),
});
export type UpstreamFinanceReport = z.infer<typeof ZUpstreamFinanceReport>;

const ZOptionalDecimal = z
  .string({ error: 'validation.upstreamNumber' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'validation.upstreamNumber')
  .nullable()
  .default(null);

/**
 * A provider's price terms for one application, one country or one (country, application): each
 * field left null keeps the provider's own. The most specific rule wins: both, then the application,
 * then the country.
 */
export const ZUpstreamPriceRuleWrite = z
  .object({
    applicationId: z.coerce
      .number({ error: 'validation.upstreamRuleTarget' })
      .int('validation.upstreamRuleTarget')
      .positive('validation.upstreamRuleTarget')
      .max(2_147_483_647, 'validation.upstreamRuleTarget')
      .nullable()
      .default(null),
    countryCode: z
      .string({ error: 'validation.upstreamRuleTarget' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'validation.upstreamRuleTarget')
      .nullable()
      .default(null),
    marginPercent: ZOptionalDecimal,
    marginFixed: ZOptionalDecimal,
    priceCeiling: ZOptionalDecimal.refine((v) => v === null || Number(v) > 0, 'validation.upstreamNumber'),
  })
  .refine((r) => r.applicationId !== null || r.countryCode !== null, {
    message: 'validation.upstreamRuleTarget',
    path: ['applicationId'],
  })
  .refine((r) => r.marginPercent !== null || r.marginFixed !== null || r.priceCeiling !== null, {
    message: 'validation.upstreamRuleEmpty',
    path: ['marginPercent'],
  });
export type UpstreamPriceRuleWrite = z.infer<typeof ZUpstreamPriceRuleWrite>;

export const ZUpstreamPriceRule = z.object({
  id: z.number(),
  applicationId: z.number().nullable(),
  applicationCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  marginPercent: z.string().nullable(),
  marginFixed: z.string().nullable(),
  priceCeiling: z.string().nullable(),
});
export type UpstreamPriceRule = z.infer<typeof ZUpstreamPriceRule>;

export const ZUpstreamPriceRuleParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  ruleId: z.coerce.number().int().positive().max(2_147_483_647),
});
