/** Messages of the report period (statistics report, login and registration analysis). */
export const REPORTS_VALIDATION_MESSAGES = {
  'validation.reportDateFormat': {
    'zh-CN': '日期须为 YYYY-MM-DD 格式的有效日期',
    'en-US': 'The date must be a valid date written YYYY-MM-DD',
  },
  'validation.reportTzOffset': {
    'zh-CN': '时区偏移须为 -840 到 840 之间的整数分钟',
    'en-US': 'The time zone offset must be a whole number of minutes from -840 to 840',
  },
  'validation.reportRangeOrder': {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The end date cannot be before the start date',
  },
  'validation.reportRangeTooLong': {
    'zh-CN': '统计区间最长 366 天',
    'en-US': 'A report covers at most 366 days',
  },
} as const;
