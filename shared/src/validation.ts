import type { Locale } from './locale';
import { ADMIN_TOOLS_VALIDATION_MESSAGES } from './validation-messages/admin-tools';
import { AGENT_VALIDATION_MESSAGES } from './validation-messages/agents';
import { CATALOG_VALIDATION_MESSAGES } from './validation-messages/catalog';
import { CODE_DELIVERY_VALIDATION_MESSAGES } from './validation-messages/code-delivery';
import { COMPAT_VALIDATION_MESSAGES } from './validation-messages/compat';
import { CONTENT_VALIDATION_MESSAGES } from './validation-messages/content';
import { CORE_VALIDATION_MESSAGES } from './validation-messages/core';
import { DEPOSITS_VALIDATION_MESSAGES } from './validation-messages/deposits';
import { FIELD_LIMIT_VALIDATION_MESSAGES } from './validation-messages/field-limits';
import { INBOUND_VALIDATION_MESSAGES } from './validation-messages/inbound';
import { MAIL_VALIDATION_MESSAGES } from './validation-messages/mail';
import { MASS_SMS_VALIDATION_MESSAGES } from './validation-messages/mass-sms';
import { MONEY_VALIDATION_MESSAGES } from './validation-messages/money';
import { RENEWALS_VALIDATION_MESSAGES } from './validation-messages/renewals';
import { REPORTS_VALIDATION_MESSAGES } from './validation-messages/reports';
import { SMPP_VALIDATION_MESSAGES } from './validation-messages/smpp';
import { SMS_HISTORY_VALIDATION_MESSAGES } from './validation-messages/sms-history';
import { SMS_TEMPLATES_VALIDATION_MESSAGES } from './validation-messages/sms-templates';
import { STOCK_VALIDATION_MESSAGES } from './validation-messages/stock';
import { STORE_VALIDATION_MESSAGES } from './validation-messages/store';
import { TICKETS_VALIDATION_MESSAGES } from './validation-messages/tickets';
import { TRANSFERS_VALIDATION_MESSAGES } from './validation-messages/transfers';
import { UPSTREAM_VALIDATION_MESSAGES } from './validation-messages/upstream';
import { USERS_VALIDATION_MESSAGES } from './validation-messages/users';

/**
 * Messages of the rules the shared schemas state themselves, one file per
 * area in validation-messages/. Schemas carry the key (`validation.<name>`); the server and the web app translate it in the request's language.
 */
export const VALIDATION_MESSAGES = {
  ...CATALOG_VALIDATION_MESSAGES,
  ...CONTENT_VALIDATION_MESSAGES,
  ...CORE_VALIDATION_MESSAGES,
  ...MONEY_VALIDATION_MESSAGES,
  ...STOCK_VALIDATION_MESSAGES,
  ...USERS_VALIDATION_MESSAGES,
  ...STORE_VALIDATION_MESSAGES,
  ...RENEWALS_VALIDATION_MESSAGES,
  ...SMS_HISTORY_VALIDATION_MESSAGES,
  ...TRANSFERS_VALIDATION_MESSAGES,
  ...INBOUND_VALIDATION_MESSAGES,
  ...CODE_DELIVERY_VALIDATION_MESSAGES,
  ...DEPOSITS_VALIDATION_MESSAGES,
  ...TICKETS_VALIDATION_MESSAGES,
  ...SMPP_VALIDATION_MESSAGES,
  ...COMPAT_VALIDATION_MESSAGES,
  ...MAIL_VALIDATION_MESSAGES,
  ...SMS_TEMPLATES_VALIDATION_MESSAGES,
  ...MASS_SMS_VALIDATION_MESSAGES,
  ...UPSTREAM_VALIDATION_MESSAGES,
  ...AGENT_VALIDATION_MESSAGES,
  ...REPORTS_VALIDATION_MESSAGES,
  ...ADMIN_TOOLS_VALIDATION_MESSAGES,
  ...FIELD_LIMIT_VALIDATION_MESSAGES,
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return value in VALIDATION_MESSAGES;
}

export function validationMessage(key: ValidationMessageKey, locale: Locale): string {
  return VALIDATION_MESSAGES[key][locale];
}
