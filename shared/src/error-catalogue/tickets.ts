import type { ErrorCatalogue } from './types';

/**
 * Errors of support tickets. Status names in messages come in both languages as parameters
 * (`fromZh` / `fromEn` …), since a parameter is filled in the same way for every locale.
 */
export const TICKETS_ERRORS = {
  TICKET_NOT_FOUND: { status: 404, 'zh-CN': '工单不存在', 'en-US': 'The ticket does not exist' },
  TICKET_TOO_MANY_FILES: {
    status: 400,
    'zh-CN': '最多上传 {max} 个附件',
    'en-US': 'At most {max} files can be attached',
  },
  TICKET_FILE_TOO_LARGE: {
    status: 400,
    'zh-CN': '附件 {name} 超过 {maxMb} MB',
    'en-US': 'The file {name} is larger than {maxMb} MB',
  },
  TICKET_FILE_TYPE_INVALID: {
    status: 400,
    'zh-CN': '附件 {name} 的内容不是允许的类型（JPG、PNG、GIF、WebP、PDF、DOC、DOCX、TXT、ZIP）',
    'en-US': 'The content of {name} is not an allowed type (JPG, PNG, GIF, WebP, PDF, DOC, DOCX, TXT, ZIP)',
  },
  TICKET_STATUS_TRANSITION_INVALID: {
    status: 409,
    'zh-CN': '工单当前为「{fromZh}」，不能变更为「{toZh}」',
    'en-US': 'The ticket is {fromEn}; it cannot be changed to {toEn}',
  },
  TICKET_CLOSED: {
    status: 409,
    'zh-CN': '工单已关闭，不能再回复',
    'en-US': 'The ticket is closed; no more replies',
  },
  TICKET_NOT_COMPLETED: {
    status: 409,
    'zh-CN': '工单完成后才能评价',
    'en-US': 'A ticket can be rated once it is completed',
  },
  TICKET_ALREADY_RATED: {
    status: 409,
    'zh-CN': '该工单已评价，不能重复评价',
    'en-US': 'This ticket has already been rated',
  },
  TICKET_REOPEN_NOT_ALLOWED: {
    status: 409,
    'zh-CN': '只有已完成且未评价的工单可以重新打开',
    'en-US': 'Only a completed ticket that is not rated can be reopened',
  },
  TICKET_REOPEN_WINDOW_PASSED: {
    status: 409,
    'zh-CN': '工单完成已超过 {days} 天，不能重新打开，请提交新工单',
    'en-US': 'The ticket was completed more than {days} days ago; please submit a new ticket',
  },
  TICKET_ASSIGNEE_INVALID: {
    status: 400,
    'zh-CN': '只能指派给拥有工单回复权限的员工',
    'en-US': 'A ticket can only be assigned to staff holding the ticket reply permission',
  },
} as const satisfies ErrorCatalogue;
