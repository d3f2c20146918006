import { AGENT_ERRORS } from './error-catalogue/agents';
import { CATALOG_ERRORS } from './error-catalogue/catalog';
import { CODE_DELIVERY_ERRORS } from './error-catalogue/code-delivery';
import { CONTENT_ERRORS } from './error-catalogue/content';
import { CORE_ERRORS } from './error-catalogue/core';
import { DEPOSITS_ERRORS } from './error-catalogue/deposits';
import { INBOUND_ERRORS } from './error-catalogue/inbound';
import { MAIL_ERRORS } from './error-catalogue/mail';
import { MASS_SMS_ERRORS } from './error-catalogue/mass-sms';
import { MONEY_ERRORS } from './error-catalogue/money';
import { PRIVILEGE_ERRORS } from './error-catalogue/privilege';
import { RENEWALS_ERRORS } from './error-catalogue/renewals';
import { REQUESTS_ERRORS } from './error-catalogue/requests';
import { SMPP_ERRORS } from './error-catalogue/smpp';
import { SMS_TEMPLATES_ERRORS } from './error-catalogue/sms-templates';
import { STOCK_ERRORS } from './error-catalogue/stock';
import { STORE_ERRORS } from './error-catalogue/store';
import { TICKETS_ERRORS } from './error-catalogue/tickets';
import { TRANSFERS_ERRORS } from './error-catalogue/transfers';
import { UPSTREAM_ERRORS } from './error-catalogue/upstream';
import { USERS_ERRORS } from './error-catalogue/users';
import type { Locale } from './locale';

/**
 * Every error the API can answer with: HTTP status and the message in each locale, one file per
 * area in error-catalogue/. `{name}` placeholders are filled from the error's params.
 */
export const ERRORS = {
  ...CATALOG_ERRORS,
  ...CONTENT_ERRORS,
  ...CORE_ERRORS,
  ...MONEY_ERRORS,
  ...STOCK_ERRORS,
  ...USERS_ERRORS,
  ...STORE_ERRORS,
  ...RENEWALS_ERRORS,
  ...TRANSFERS_ERRORS,
  ...PRIVILEGE_ERRORS,
  ...REQUESTS_ERRORS,
  ...INBOUND_ERRORS,
  ...CODE_DELIVERY_ERRORS,
  ...DEPOSITS_ERRORS,
  ...TICKETS_ERRORS,
  ...SMPP_ERRORS,
  ...MAIL_ERRORS,
  ...SMS_TEMPLATES_ERRORS,
  ...MASS_SMS_ERRORS,
  ...UPSTREAM_ERRORS,
  ...AGENT_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** Body codes that mean "log in again" (spec §8); every other failure carries its HTTP status. */
export const TOKEN_ERROR_CODES = ['TOKEN_INVALID', 'TOKEN_EXPIRED'] as const;

export function fillMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function errorMessage(
  code: ErrorCode,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  return fillMessage(ERRORS[code][locale], params);
}
