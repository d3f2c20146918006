/** Messages of the ticket (work order) rules. */
export const TICKETS_VALIDATION_MESSAGES = {
  'validation.ticketTypeRequired': { 'zh-CN': '请选择工单类型', 'en-US': 'Please choose the ticket type' },
  'validation.ticketTitleRequired': { 'zh-CN': '请填写工单标题', 'en-US': 'Please enter a title' },
  'validation.ticketTitleLength': {
    'zh-CN': '标题为 5 到 100 个字符',
    'en-US': 'The title is 5 to 100 characters',
  },
  'validation.ticketDescriptionRequired': {
    'zh-CN': '请填写问题描述',
    'en-US': 'Please describe the problem',
  },
  'validation.ticketDescriptionMin': {
    'zh-CN': '问题描述至少 10 个字符',
    'en-US': 'The description needs at least 10 characters',
  },
  'validation.ticketDescriptionMax': {
    'zh-CN': '问题描述最多 2000 个字符',
    'en-US': 'The description is at most 2000 characters',
  },
  'validation.ticketSubmitPriority': {
    'zh-CN': '提交方式只能是普通或加急',
    'en-US': 'The submit mode is normal or urgent',
  },
  'validation.ticketPriorityInvalid': {
    'zh-CN': '优先级只能是低、普通、高或紧急',
    'en-US': 'The priority is low, normal, high or urgent',
  },
  'validation.ticketStatusInvalid': {
    'zh-CN': '状态只能是待处理、处理中、已完成或已关闭',
    'en-US': 'The status is pending, processing, completed or closed',
  },
  'validation.ticketReplyRequired': { 'zh-CN': '请填写回复内容', 'en-US': 'Please enter a reply' },
  'validation.ticketReplyLength': {
    'zh-CN': '回复最多 1000 个字符',
    'en-US': 'A reply is at most 1000 characters',
  },
  'validation.ticketRemarkRequired': { 'zh-CN': '请填写备注内容', 'en-US': 'Please enter the remark' },
  'validation.ticketRemarkLength': {
    'zh-CN': '备注最多 1000 个字符',
    'en-US': 'A remark is at most 1000 characters',
  },
  'validation.ticketRating': {
    'zh-CN': '请选择 1 到 5 星的评分',
    'en-US': 'Please choose a rating from 1 to 5 stars',
  },
  'validation.ticketFeedbackLength': {
    'zh-CN': '评价内容最多 500 个字符',
    'en-US': 'The feedback is at most 500 characters',
  },
  'validation.ticketAssignee': { 'zh-CN': '请选择处理人', 'en-US': 'Please choose an assignee' },
} as const;
