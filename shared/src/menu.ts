import { hasPermission, type PermissionSubject, USER_TYPE, type UserType } from './permissions';

/**
 * One entry of the sidebar and of `GET /api/menus/user-menus`. `titleKey` is the i18n key
 * (`menu.<titleKey>`); `icon` names an icon the web app maps to a component.
 */
export type MenuEntry = {
  key: string;
  titleKey: string;
  path?: string;
  icon?: string;
  /** User types the entry is listed for; absent = every type. */
  userTypes?: readonly UserType[];
  /** Permission needed to see the entry; absent = none needed. */
  permission?: string;
  /** A route that exists and is guarded but is not shown in the sidebar. */
  hidden?: boolean;
  children?: readonly MenuEntry[];
};

const ALL: readonly UserType[] = [1, 2, 3];
const ADMIN: readonly UserType[] = [USER_TYPE.ADMIN];
const d = (sub: string) => (sub ? `/dashboard/${sub}` : '/dashboard');

const leaf = (
  key: string,
  path: string,
  permission?: string,
  userTypes: readonly UserType[] = ALL,
  extra: Partial<MenuEntry> = {},
): MenuEntry => ({ key, titleKey: key, path: d(path), permission, userTypes, ...extra });

/** The whole sidebar of spec §2, in order. Every dashboard route of the spec is an entry here. */
export const MENU: readonly MenuEntry[] = [
  leaf('overview', '', undefined, ALL, { icon: 'dashboard' }),
  {
    key: 'account',
    titleKey: 'account',
    icon: 'user',
    children: [
      leaf('profile', 'user/profile', 'user:profile'),
      leaf('security', 'user/security', 'user:security'),
    ],
  },
  {
    key: 'massSms',
    titleKey: 'massSms',
    icon: 'send',
    userTypes: ADMIN,
    children: [
      leaf('smsSend', 'sms-send', 'sms:send', ADMIN),
      leaf('smsOrders', 'sms-order-manage', 'sms:orders', ADMIN),
      leaf('smsSendHistory', 'sms-send-history', 'sms:history', ADMIN),
      leaf('appQuota', 'app-quota', 'sms:quota', ADMIN),
      leaf('sms', 'sms', 'sms:send', ADMIN, { hidden: true }),
      leaf('history', 'history', 'sms:history', ADMIN, { hidden: true }),
      leaf('templates', 'templates', 'sms:template', ADMIN, { hidden: true }),
    ],
  },
  {
    key: 'smsCenter',
    titleKey: 'smsCenter',
    icon: 'message',
    children: [
      leaf('apiStore', 'api-store', 'api:store'),
      leaf('jiemaHistory', 'jiema-history', 'api:records'),
      leaf('orderManage', 'order-manage', 'api:orders'),
      leaf('apiManage', 'api-manage', 'api:manage'),
      leaf('apiBatchBinding', 'api-batch-binding', 'api:manage'),
      leaf('renewRecord', 'renew-record', 'api:renew'),
      leaf('apiTrade', 'api-trade', 'api:transfer'),
    ],
  },
  {
    key: 'finance',
    titleKey: 'finance',
    icon: 'wallet',
    children: [
      leaf('financeDetail', 'finance-detail', 'finance:detail'),
      leaf('accountRecharge', 'account-recharge', 'finance:recharge'),
    ],
  },
  {
    key: 'support',
    titleKey: 'support',
    icon: 'customerService',
    children: [
      leaf('workOrder', 'work-order', 'ticket:create'),
      leaf('workOrderRecord', 'work-order-record', 'ticket:records'),
    ],
  },
  {
    key: 'settings',
    titleKey: 'settings',
    icon: 'setting',
    children: [
      leaf('apiSetting', 'api-setting', 'api:setting'),
      leaf('countryManage', 'admin/country-manage', 'admin:country:list', ADMIN),
      leaf('operatorManage', 'admin/operator-manage', 'admin:operator:list', ADMIN),
      leaf('applicationManage', 'admin/application-manage', 'admin:application:list', ADMIN),
      leaf('tronAddressManage', 'admin/tron-address-manage', 'admin:tron:list', ADMIN),
      leaf('apiOptionsManage', 'admin/api-options-manage', 'admin:api-option:list', ADMIN),
    ],
  },
  {
    key: 'reports',
    titleKey: 'reports',
    icon: 'barChart',
    userTypes: ADMIN,
    children: [leaf('statisticsReport', 'statistics-report', 'statistics:view', ADMIN)],
  },
  {
    key: 'users',
    titleKey: 'users',
    icon: 'team',
    userTypes: ADMIN,
    children: [
      leaf('userManage', 'admin/user-manage', 'admin:user:list', ADMIN),
      leaf('loginAnalysis', 'admin/login-analysis', 'admin:login-analysis:list', ADMIN),
      leaf('registrationAnalysis', 'admin/registration-analysis', 'admin:registration-analysis:list', ADMIN),
    ],
  },
  {
    key: 'phones',
    titleKey: 'phones',
    icon: 'mobile',
    userTypes: ADMIN,
    children: [
      leaf('phoneNumbers', 'admin/phone-numbers', 'admin:phone:list', ADMIN),
      leaf('phoneBatchAdd', 'admin/phone-numbers/batch-add', 'admin:phone:add', ADMIN),
      leaf('addPhoneRecords', 'admin/add-phone-records', 'admin:add-phone-record:list', ADMIN),
      leaf('gatewayManage', 'admin/gateways', 'admin:gateway:list', ADMIN),
      leaf('smsConnectors', 'admin/sms-connectors', 'admin:sms-connector:list', ADMIN),
      leaf('upstreamProviders', 'admin/upstream-providers', 'admin:upstream:list', ADMIN),
      leaf('simAgents', 'admin/agents', 'admin:agent:list', ADMIN),
    ],
  },
  {
    key: 'logs',
    titleKey: 'logs',
    icon: 'fileSearch',
    userTypes: ADMIN,
    children: [
      leaf('logSmsRecords', 'admin/logs/sms-records', 'admin:logs:list', ADMIN),
      leaf('logSmsOrders', 'admin/logs/sms-orders', 'admin:logs:list', ADMIN),
      leaf('logRecharge', 'admin/logs/recharge', 'admin:logs:list', ADMIN),
      leaf('logApiOrders', 'admin/logs/api-orders', 'admin:logs:list', ADMIN),
      leaf('logFinance', 'admin/logs/finance', 'admin:logs:list', ADMIN),
      leaf('logPhoneUsage', 'admin/logs/phone-usage-records', 'admin:logs:list', ADMIN),
      leaf('logRenewal', 'admin/logs/renewal-records', 'admin:logs:list', ADMIN),
      leaf('logApiTrade', 'admin/logs/api-trade-records', 'admin:logs:list', ADMIN),
    ],
  },
  {
    key: 'announcements',
    titleKey: 'announcements',
    icon: 'notification',
    userTypes: ADMIN,
    children: [leaf('announcementManage', 'admin/announcement-manage', 'admin:announcement:list', ADMIN)],
  },
  {
    key: 'tools',
    titleKey: 'tools',
    icon: 'tool',
    userTypes: ADMIN,
    children: [
      leaf('systemTools', 'admin/tools', 'admin:tools:list', ADMIN),
      leaf('adManage', 'admin/ad-manage', 'admin:ad:list', ADMIN),
      leaf('contactManage', 'admin/contact-manage', 'admin:contact:list', ADMIN),
    ],
  },
  {
    key: 'ticketManagement',
    titleKey: 'ticketManagement',
    icon: 'solution',
    userTypes: ADMIN,
    children: [leaf('ticketManage', 'admin/ticket-manage', 'admin:ticket:list', ADMIN)],
  },
];

function entryAllowed(entry: MenuEntry, subject: PermissionSubject): boolean {
  const typeListed = !entry.userTypes || entry.userTypes.includes(subject.userType as UserType);
  return typeListed && hasPermission(subject, entry.permission);
}

/**
 * Spec §6: an item shows only if the user's type is listed and its permission is held; a parent
 * with children shows only if some child is visible or it has its own path. Hidden entries are kept
 * (they guard routes) and left out of the sidebar by `sidebarEntries`.
 */
export function filterMenu(entries: readonly MenuEntry[], subject: PermissionSubject): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (!entryAllowed(entry, subject)) continue;
    if (entry.children) {
      const children = filterMenu(entry.children, subject);
      if (children.length === 0 && !entry.path) continue;
      result.push({ ...entry, children });
    } else {
      result.push(entry);
    }
  }
  return result;
}

/** The entries a sidebar draws: hidden ones removed, and parents left with no visible child dropped. */
export function sidebarEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.hidden) continue;
    if (entry.children) {
      const children = sidebarEntries(entry.children);
      if (children.length === 0 && !entry.path) continue;
      result.push({ ...entry, children });
    } else {
      result.push(entry);
    }
  }
  return result;
}

/** Every path in a (filtered) menu, hidden routes included: the dashboard routes a user may open. */
export function menuPaths(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((e) => [...(e.path ? [e.path] : []), ...menuPaths(e.children ?? [])]);
}

/** The permission strings of a menu, for the permission fallback of spec §6. */
export function menuPermissions(entries: readonly MenuEntry[]): string[] {
  const all = entries.flatMap((e) => [
    ...(e.permission ? [e.permission] : []),
    ...menuPermissions(e.children ?? []),
  ]);
  return [...new Set(all)];
}
