/** Messages of the system tools (pattern tester), the public price list and the announcement read filter. */
export const ADMIN_TOOLS_VALIDATION_MESSAGES = {
  'validation.toolSampleRequired': {
    'zh-CN': '请输入一条示例短信',
    'en-US': 'Enter a sample SMS',
  },
  'validation.toolSampleLength': {
    'zh-CN': '示例短信最多 4096 个字符',
    'en-US': 'The sample SMS is at most 4096 characters',
  },
  'validation.announcementReadFilter': {
    'zh-CN': '阅读筛选只能是 1（全部）、2（未读）或 3（已读）',
    'en-US': 'The read filter is 1 (all), 2 (unread) or 3 (read)',
  },
  'validation.publicPriceQuery': {
    'zh-CN': '应用或国家的筛选条件无效',
    'en-US': 'The application or country filter is not valid',
  },
} as const;
