import type { ErrorCatalogue } from './types';

/** Errors of mass-SMS templates (issue 11): own templates and their review. */
export const SMS_TEMPLATES_ERRORS = {
  /** Also what a user gets for someone else's template: its existence is not revealed. */
  SMS_TEMPLATE_NOT_FOUND: { status: 404, 'zh-CN': '短信模板不存在', 'en-US': 'SMS template not found' },
  SMS_TEMPLATE_NOT_PENDING: {
    status: 409,
    'zh-CN': '该模板已审核过（或已被修改），请刷新后再试',
    'en-US': 'This template has already been reviewed (or was changed); refresh and try again',
  },
} as const satisfies ErrorCatalogue;
