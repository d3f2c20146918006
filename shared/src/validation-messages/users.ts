/** Messages of the user administration, the ledger lists and the audit log viewer. */
export const USERS_VALIDATION_MESSAGES = {
  'validation.userTypeInvalid': {
    'zh-CN': '用户类型只能是 1（管理员）、2（客户）或 3（代理）',
    'en-US': 'The user type must be 1 (administrator), 2 (customer) or 3 (agent)',
  },
  'validation.userEnabledFormat': {
    'zh-CN': '请选择启用或禁用',
    'en-US': 'Please choose enabled or disabled',
  },
  'validation.userIdFormat': {
    'zh-CN': '用户 ID 必须是正整数',
    'en-US': 'The user id must be a positive whole number',
  },
  'validation.userKeywordLength': {
    'zh-CN': '搜索内容最多 64 个字符',
    'en-US': 'The search text must be at most 64 characters',
  },
  'validation.userDateFormat': {
    'zh-CN': '日期格式不正确（需要带时区的 ISO 8601 时间）',
    'en-US': 'Invalid date (an ISO 8601 time with a time zone is expected)',
  },
  'validation.userPermissionUnknown': {
    'zh-CN': '未知的权限名称',
    'en-US': 'Unknown permission name',
  },
  'validation.userPermissionBothWays': {
    'zh-CN': '同一权限不能同时授予和撤销',
    'en-US': 'A permission cannot be both granted and revoked',
  },
  'validation.userPermissionsList': {
    'zh-CN': '权限必须是权限名称的列表',
    'en-US': 'Permissions must be a list of permission names',
  },
  'validation.userResetMode': {
    'zh-CN': '请选择设置新密码或随机生成密码',
    'en-US': 'Choose to set a new password or to generate one',
  },
  'validation.ledgerAdjustType': {
    'zh-CN': '调整方式只能是人工充值（recharge）、增加（reward）或扣除（deduction）',
    'en-US':
      'The adjustment is a manual recharge (recharge), an addition (reward) or a deduction (deduction)',
  },
  'validation.ledgerRequestId': {
    'zh-CN': '请求编号必须是 UUID（打开对话框时生成，用于防止重复提交）',
    'en-US': 'The request id must be a UUID (made when the dialog opens, so a retry never applies twice)',
  },
  'validation.ledgerTypeInvalid': {
    'zh-CN': '交易类型只能是充值、消费、退款、奖励或扣除',
    'en-US': 'The transaction type is one of recharge, consume, refund, reward or deduction',
  },
  'validation.ledgerReferenceLength': {
    'zh-CN': '流水编号最多 200 个字符',
    'en-US': 'The reference must be at most 200 characters',
  },
  'validation.auditFilterLength': {
    'zh-CN': '筛选内容最多 64 个字符',
    'en-US': 'A filter must be at most 64 characters',
  },
} as const;
