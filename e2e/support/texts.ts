/**
 * The words the journeys look for, written out (not read from web/src/locales) so a changed or
 * missing translation fails a journey instead of silently following it.
 */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];

export type Texts = {
  forbidden: string;
  sessionExpired: string;
  passwordMismatch: string;
  wrongCredentials: string;
  registered: string;
  loggedIn: string;
  profileSaved: string;
  avatarUploaded: string;
  passwordChanged: string;
  underDevelopment: string;
  balance: string;
  logout: string;
  menu: {
    profile: string;
    security: string;
    account: string;
    smsCenter: string;
    finance: string;
    massSms: string;
    reports: string;
    users: string;
    phones: string;
    logs: string;
    announcements: string;
    tools: string;
    ticketManagement: string;
  };
  page: {
    homeTitle: string;
    plansTitle: string;
    aboutTitle: string;
    contactTitle: string;
    docsTitle: string;
    freeMessages: string;
  };
};

export const TEXTS: Record<Locale, Texts> = {
  'zh-CN': {
    forbidden: '没有权限访问该资源',
    sessionExpired: '登录状态已过期，请重新登录',
    passwordMismatch: '两次输入的密码不一致',
    wrongCredentials: '用户名或密码错误',
    registered: '注册成功，已为你登录',
    loggedIn: '登录成功',
    profileSaved: '资料已保存',
    avatarUploaded: '头像已更新',
    passwordChanged: '密码修改成功',
    underDevelopment: '该功能正在开发中，敬请期待',
    balance: '余额',
    logout: '退出登录',
    menu: {
      profile: '个人资料',
      security: '安全设置',
      account: '账户',
      smsCenter: '接码中心',
      finance: '财务',
      massSms: '群发短信',
      reports: '报表',
      users: '用户',
      phones: '号码',
      logs: '日志',
      announcements: '公告',
      tools: '工具',
      ticketManagement: '工单管理',
    },
    page: {
      homeTitle: '全球虚拟号码接码平台',
      plansTitle: '群发短信价格方案',
      aboutTitle: '关于 Jiema',
      contactTitle: '联系我们',
      docsTitle: 'API 文档',
      freeMessages: '赠送 1000 条免费短信',
    },
  },
  'en-US': {
    forbidden: 'You do not have permission to access this resource',
    sessionExpired: 'Your session has expired, please log in again',
    passwordMismatch: 'The two passwords do not match',
    wrongCredentials: 'Wrong username or password',
    registered: 'Account created, you are signed in',
    loggedIn: 'Logged in',
    profileSaved: 'Profile saved',
    avatarUploaded: 'Avatar updated',
    passwordChanged: 'Password changed',
    underDevelopment: 'This feature is under development, coming soon',
    balance: 'Balance',
    logout: 'Log out',
    menu: {
      profile: 'Profile',
      security: 'Security',
      account: 'Account',
      smsCenter: 'SMS center',
      finance: 'Finance',
      massSms: 'Mass SMS',
      reports: 'Reports',
      users: 'Users',
      phones: 'Phones',
      logs: 'Logs',
      announcements: 'Announcements',
      tools: 'Tools',
      ticketManagement: 'Ticket management',
    },
    page: {
      homeTitle: 'Virtual numbers for SMS verification, worldwide',
      plansTitle: 'Mass SMS plans',
      aboutTitle: 'About Jiema',
      contactTitle: 'Contact us',
      docsTitle: 'API documentation',
      freeMessages: '1000 free messages included',
    },
  },
};

/** The sidebar groups only an administrator has (spec §2, §6). */
export const ADMIN_ONLY_GROUPS = [
  'massSms',
  'reports',
  'users',
  'phones',
  'logs',
  'announcements',
  'tools',
  'ticketManagement',
] as const satisfies readonly (keyof Texts['menu'])[];
