export * from './attachment-type';
export * from './envelope';
export * from './errors';
export {
  explainExtract,
  generalExtract,
  REJECT_REASONS,
  type Rejection,
  type RejectReason,
} from './general-extractor';
export * from './icon';
export * from './iso-countries';
export * from './locale';
export * from './menu';
export * from './money';
export * from './pagination';
export * from './permissions';
export * from './phone-problems';
export * from './plans';
export * from './public-pages';
export * from './schemas/account-mail';
export * from './schemas/admin-tools';
export * from './schemas/admin-users';
export * from './schemas/ads';
export * from './schemas/agents';
export * from './schemas/announcements';
export * from './schemas/api-options';
export * from './schemas/audit';
export * from './schemas/auth';
export * from './schemas/catalog';
export * from './schemas/catalog-patterns';
export * from './schemas/code-delivery';
export * from './schemas/compat';
export * from './schemas/contacts';
export * from './schemas/deposits';
export * from './schemas/finance';
export * from './schemas/inbound';
export * from './schemas/mass-sms';
export * from './schemas/mass-sms-connectors';
export * from './schemas/menu';
export * from './schemas/orders';
export * from './schemas/pattern-cost';
export * from './schemas/public-prices';
export * from './schemas/renewals';
export * from './schemas/rental-groups';
export * from './schemas/rentals';
export * from './schemas/reports';
export * from './schemas/setup-checklist';
export * from './schemas/smpp';
export * from './schemas/sms-history';
export * from './schemas/sms-templates';
export * from './schemas/stock';
export * from './schemas/store';
export * from './schemas/tickets';
export * from './schemas/transfers';
export * from './schemas/tron';
export * from './schemas/upstream';
export * from './schemas/upstream-reports';
export * from './schemas/user';
export * from './sms-segments';
export * from './sms-text';
export * from './validation';
export * from './validation-key';
export * from './validation-messages/sign-in';
