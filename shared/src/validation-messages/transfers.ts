/** Messages of the API transfer and API merge (group link) rules. */
export const TRANSFERS_VALIDATION_MESSAGES = {
  'validation.transferUsernameRequired': {
    'zh-CN': '请输入接收方用户名（最多 64 个字符）',
    'en-US': "Please enter the receiver's username (at most 64 characters)",
  },
  'validation.transferRentalsRequired': {
    'zh-CN': '请至少选择一个号码',
    'en-US': 'Please choose at least one number',
  },
  'validation.transferRentalsTooMany': {
    'zh-CN': '一次最多选择 200 个号码',
    'en-US': 'At most 200 numbers can be chosen at once',
  },
  'validation.transferRentalsDuplicate': {
    'zh-CN': '同一个号码不能重复选择',
    'en-US': 'A number cannot be chosen twice',
  },
  'validation.transferRentalIdFormat': {
    'zh-CN': '请选择有效的号码',
    'en-US': 'Please choose valid numbers',
  },
  'validation.transferNoteLength': {
    'zh-CN': '备注最多 200 个字符',
    'en-US': 'The note must be at most 200 characters',
  },
  'validation.transferDirection': {
    'zh-CN': '方向必须为转出或转入',
    'en-US': 'The direction must be sent or received',
  },
  'validation.transferSearchLength': {
    'zh-CN': '搜索内容最多 64 个字符',
    'en-US': 'The search text must be at most 64 characters',
  },
  'validation.rentalGroupNameLength': {
    'zh-CN': '分组名称为 1 到 64 个字符',
    'en-US': 'The group name must be 1 to 64 characters',
  },
} as const;
