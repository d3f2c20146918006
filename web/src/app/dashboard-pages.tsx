import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The screen of each dashboard menu entry, by menu key; each is its own chunk. Entries of the
 * shared menu that are not here yet show the spec's "feature under development" notice.
 */
export const DASHBOARD_PAGES: Record<string, Page> = {
  overview: lazy(() => import('../features/dashboard/components/overview-page')),
  profile: lazy(() => import('../features/profile/components/profile-page')),
  security: lazy(() => import('../features/profile/components/security-page')),
  userManage: lazy(() => import('../features/admin-users/components/user-manage-page')),
  financeDetail: lazy(() => import('../features/finance/components/finance-detail-page')),
  logFinance: lazy(() => import('../features/finance/components/finance-log-page')),
  systemTools: lazy(() => import('../features/audit/components/system-tools-page')),
  countryManage: lazy(() => import('../features/catalog/components/country-manage-page')),
  operatorManage: lazy(() => import('../features/catalog/components/operator-manage-page')),
  applicationManage: lazy(() => import('../features/catalog/components/application-manage-page')),
  apiOptionsManage: lazy(() => import('../features/catalog/components/api-options-manage-page')),
  phoneNumbers: lazy(() => import('../features/stock/components/phone-numbers-page')),
  phoneBatchAdd: lazy(() => import('../features/stock/components/batch-add-page')),
  addPhoneRecords: lazy(() => import('../features/stock/components/add-phone-records-page')),
  gatewayManage: lazy(() => import('../features/gateways/components/gateway-manage-page')),
  apiStore: lazy(() => import('../features/store/components/api-store-page')),
  orderManage: lazy(() => import('../features/orders/components/order-manage-page')),
  apiManage: lazy(() => import('../features/rentals/components/api-manage-page')),
  logApiOrders: lazy(() => import('../features/orders/components/api-orders-log-page')),
  logSmsOrders: lazy(() => import('../features/orders/components/sms-orders-log-page')),
  jiemaHistory: lazy(() => import('../features/sms-history/components/jiema-history-page')),
  logSmsRecords: lazy(() => import('../features/sms-history/components/sms-records-page')),
  logPhoneUsage: lazy(() => import('../features/sms-history/components/phone-usage-records-page')),
  tronAddressManage: lazy(() => import('../features/tron-addresses/components/tron-address-manage-page')),
  contactManage: lazy(() => import('../features/contacts/components/contact-manage-page')),
  adManage: lazy(() => import('../features/ads/components/ad-manage-page')),
  announcementManage: lazy(() => import('../features/announcements/components/announcement-manage-page')),
  renewRecord: lazy(() => import('../features/renewals/components/renewal-center-page')),
  logRenewal: lazy(() => import('../features/renewals/components/renewal-records-log-page')),
  apiTrade: lazy(() => import('../features/transfers/components/api-trade-page')),
  logApiTrade: lazy(() => import('../features/transfers/components/admin-transfers-page')),
  apiBatchBinding: lazy(() => import('../features/rental-groups/components/api-batch-binding-page')),
  apiSetting: lazy(() => import('../features/code-settings/components/api-setting-page')),
  workOrder: lazy(() => import('../features/tickets/components/work-order-page')),
  workOrderRecord: lazy(() => import('../features/tickets/components/work-order-record-page')),
  ticketManage: lazy(() => import('../features/tickets/components/ticket-manage-page')),
  accountRecharge: lazy(() => import('../features/recharge/components/account-recharge-page')),
  logRecharge: lazy(() => import('../features/recharge/components/recharge-log-page')),
};
