/** Messages of the mass-SMS template schema (schemas/sms-templates.ts). */
export const SMS_TEMPLATES_VALIDATION_MESSAGES = {
  'validation.smsTemplateNameRequired': {
    'zh-CN': '请填写模板名称',
    'en-US': 'Please enter the template name',
  },
  'validation.smsTemplateNameLength': {
    'zh-CN': '模板名称最多 64 个字符',
    'en-US': 'The template name is at most 64 characters',
  },
  'validation.smsTemplateContentRequired': {
    'zh-CN': '请填写短信内容',
    'en-US': 'Please enter the message content',
  },
  'validation.smsTemplateContentLength': {
    'zh-CN': '短信内容最多 1000 个字符',
    'en-US': 'The message content is at most 1000 characters',
  },
  'validation.smsTemplateVariablesMax': {
    'zh-CN': '一个模板最多 20 个变量',
    'en-US': 'A template has at most 20 variables',
  },
  'validation.smsTemplateReasonRequired': {
    'zh-CN': '请填写驳回原因',
    'en-US': 'Please enter the reason for rejecting',
  },
  'validation.smsTemplateReasonLength': {
    'zh-CN': '驳回原因最多 200 个字符',
    'en-US': 'The reason is at most 200 characters',
  },
  'validation.smsTemplateStatus': {
    'zh-CN': '模板状态只能是待审核、已通过或已驳回',
    'en-US': 'The template status is pending, approved or rejected',
  },
} as const;
