/** Messages of the account and profile rules (`validation.<name>` keys used by shared schemas). */
export const CORE_VALIDATION_MESSAGES = {
  'validation.required': { 'zh-CN': '此项为必填项', 'en-US': 'This field is required' },
  'validation.usernameFormat': {
    'zh-CN': '用户名为 3 到 32 位字母、数字或下划线，且以字母开头',
    'en-US': 'Username: 3 to 32 letters, digits or underscores, starting with a letter',
  },
  'validation.usernameRequired': { 'zh-CN': '请输入用户名', 'en-US': 'Please enter a username' },
  'validation.emailRequired': { 'zh-CN': '请输入邮箱', 'en-US': 'Please enter your email address' },
  'validation.emailFormat': { 'zh-CN': '邮箱格式不正确', 'en-US': 'Invalid email address' },
  'validation.passwordMin': {
    'zh-CN': '密码至少 6 个字符',
    'en-US': 'Password must be at least 6 characters',
  },
  'validation.passwordMax': {
    'zh-CN': '密码最多 64 个字符',
    'en-US': 'Password must be at most 64 characters',
  },
  'validation.passwordMismatch': {
    'zh-CN': '两次输入的密码不一致',
    'en-US': 'The two passwords do not match',
  },
  'validation.oldPasswordRequired': { 'zh-CN': '请输入原密码', 'en-US': 'Please enter your old password' },
  'validation.newPasswordRequired': { 'zh-CN': '请输入新密码', 'en-US': 'Please enter a new password' },
  'validation.confirmPasswordRequired': {
    'zh-CN': '请再次输入新密码',
    'en-US': 'Please confirm the new password',
  },
  'validation.passwordAgainRequired': {
    'zh-CN': '请再次输入密码',
    'en-US': 'Please enter the password again',
  },
  'validation.captchaRequired': { 'zh-CN': '请输入验证码', 'en-US': 'Please enter the captcha' },
  'validation.accountRequired': {
    'zh-CN': '请输入用户名或邮箱',
    'en-US': 'Please enter your username or email',
  },
  'validation.passwordRequired': { 'zh-CN': '请输入密码', 'en-US': 'Please enter your password' },
  'validation.nickNameLength': {
    'zh-CN': '昵称最多 32 个字符',
    'en-US': 'Nickname must be at most 32 characters',
  },
  'validation.iconPathFormat': {
    'zh-CN': '头像地址必须以 http、data: 或 / 开头',
    'en-US': 'Avatar address must start with http, data: or /',
  },
  'validation.nulCharacter': {
    'zh-CN': '不能包含空字符 (U+0000)',
    'en-US': 'Must not contain the NUL character (U+0000)',
  },
} as const;
