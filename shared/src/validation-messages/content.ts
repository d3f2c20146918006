/** Messages of TRON addresses, contacts, ads and announcements. */
export const CONTENT_VALIDATION_MESSAGES = {
  'validation.tronAddressFormat': {
    'zh-CN': 'TRON 地址为 34 位，以 T 开头，只含 Base58 字符',
    'en-US': 'A TRON address has 34 characters, starts with T and uses only Base58 characters',
  },
  'validation.tronAddressIsContract': {
    'zh-CN': '这是 USDT 合约地址，不能作为收款地址',
    'en-US': 'This is the USDT contract address, it cannot receive deposits',
  },
  'validation.tronLabelRequired': { 'zh-CN': '请填写标签', 'en-US': 'Please enter a label' },
  'validation.tronLabelLength': {
    'zh-CN': '标签最多 64 个字符',
    'en-US': 'The label is at most 64 characters',
  },
  'validation.tronNoteLength': {
    'zh-CN': '备注最多 500 个字符',
    'en-US': 'The note is at most 500 characters',
  },
  'validation.displayOrderRange': {
    'zh-CN': '排序为 0 到 9999 的整数',
    'en-US': 'The sort order is a whole number from 0 to 9999',
  },
  'validation.contactType': { 'zh-CN': '请选择联系方式类型', 'en-US': 'Please choose a channel type' },
  'validation.contactLabelRequired': { 'zh-CN': '请填写中文名称', 'en-US': 'Please enter the Chinese name' },
  'validation.contactLabelLength': {
    'zh-CN': '名称最多 64 个字符',
    'en-US': 'The name is at most 64 characters',
  },
  'validation.contactValueRequired': { 'zh-CN': '请填写联系方式', 'en-US': 'Please enter the contact' },
  'validation.contactValueLength': {
    'zh-CN': '联系方式最多 200 个字符',
    'en-US': 'The contact is at most 200 characters',
  },
  'validation.contactPhoneFormat': {
    'zh-CN': '电话号码格式不正确，例如 +86 138 0000 0000',
    'en-US': 'Invalid phone number, e.g. +1 202 555 0100',
  },
  'validation.contactLinkFormat': {
    'zh-CN': '链接必须以 http://、https://、mailto: 或 tel: 开头',
    'en-US': 'The link must start with http://, https://, mailto: or tel:',
  },
  'validation.contactLinkRequired': {
    'zh-CN': '链接类型需要填写 http(s) 链接',
    'en-US': 'A link channel needs an http(s) link',
  },
  'validation.adTitleRequired': { 'zh-CN': '请填写广告标题', 'en-US': 'Please enter the ad title' },
  'validation.adTitleLength': {
    'zh-CN': '广告标题最多 100 个字符',
    'en-US': 'The ad title is at most 100 characters',
  },
  'validation.adImageRequired': { 'zh-CN': '请上传广告图片', 'en-US': 'Please upload the ad image' },
  'validation.adLinkFormat': {
    'zh-CN': '链接必须是 http:// 或 https:// 开头的完整网址',
    'en-US': 'The link must be a full address starting with http:// or https://',
  },
  'validation.adPlacement': { 'zh-CN': '请选择广告位置', 'en-US': 'Please choose a placement' },
  'validation.adLocale': { 'zh-CN': '请选择展示语言', 'en-US': 'Please choose the language' },
  'validation.dateTimeFormat': {
    'zh-CN': '时间格式不正确',
    'en-US': 'Invalid date and time',
  },
  'validation.adScheduleOrder': {
    'zh-CN': '结束时间必须晚于开始时间',
    'en-US': 'The end must be after the start',
  },
  'validation.announcementTitleRequired': { 'zh-CN': '请填写公告标题', 'en-US': 'Please enter a title' },
  'validation.announcementTitleLength': {
    'zh-CN': '标题最多 200 个字符',
    'en-US': 'The title is at most 200 characters',
  },
  'validation.announcementContentRequired': {
    'zh-CN': '请填写公告内容',
    'en-US': 'Please enter the content',
  },
  'validation.announcementContentLength': {
    'zh-CN': '公告内容过长（最多 100000 个字符）',
    'en-US': 'The content is too long (at most 100000 characters)',
  },
  'validation.announcementEnglishPair': {
    'zh-CN': '英文标题和英文内容需同时填写或同时留空',
    'en-US': 'Fill in both the English title and content, or neither',
  },
} as const;
