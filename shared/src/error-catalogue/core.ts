import type { ErrorCatalogue } from './types';

/** Errors of the foundation: requests, sessions, permissions, accounts, files. */
export const CORE_ERRORS = {
  BAD_REQUEST: { status: 400, 'zh-CN': '请求参数错误', 'en-US': 'Invalid request parameters' },
  VALIDATION_FAILED: {
    status: 400,
    'zh-CN': '请求参数错误：{details}',
    'en-US': 'Invalid request: {details}',
  },
  UNAUTHORIZED: { status: 401, 'zh-CN': '请先登录', 'en-US': 'Please log in first' },
  TOKEN_INVALID: {
    status: 401,
    'zh-CN': '登录状态已失效，请重新登录',
    'en-US': 'Your session is invalid, please log in again',
  },
  TOKEN_EXPIRED: {
    status: 401,
    'zh-CN': '登录状态已过期，请重新登录',
    'en-US': 'Your session has expired, please log in again',
  },
  FORBIDDEN: {
    status: 403,
    'zh-CN': '没有权限访问该资源',
    'en-US': 'You do not have permission to access this resource',
  },
  NOT_FOUND: { status: 404, 'zh-CN': '请求的资源不存在', 'en-US': 'The requested resource does not exist' },
  ROUTE_NOT_FOUND: {
    status: 404,
    'zh-CN': '请求的资源不存在',
    'en-US': 'The requested resource does not exist',
  },
  METHOD_NOT_ALLOWED: { status: 405, 'zh-CN': '不支持的请求方法', 'en-US': 'Method not allowed' },
  PAYLOAD_TOO_LARGE: { status: 413, 'zh-CN': '请求内容过大', 'en-US': 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, 'zh-CN': '不支持的内容类型', 'en-US': 'Unsupported content type' },
  INVALID_CREDENTIALS: { status: 400, 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong username or password' },
  CAPTCHA_INVALID: {
    status: 400,
    'zh-CN': '验证码错误或已过期，请重新获取',
    'en-US': 'Wrong or expired captcha, please get a new one',
  },
  ACCOUNT_DISABLED: {
    status: 403,
    'zh-CN': '账号已被禁用，请联系客服',
    'en-US': 'This account is disabled, please contact support',
  },
  USERNAME_TAKEN: { status: 409, 'zh-CN': '用户名已被使用', 'en-US': 'This username is already taken' },
  EMAIL_TAKEN: { status: 409, 'zh-CN': '邮箱已被使用', 'en-US': 'This email is already in use' },
  RATE_LIMITED: {
    status: 429,
    'zh-CN': '操作过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many attempts, please try again in {seconds} seconds',
  },
  OLD_PASSWORD_WRONG: { status: 400, 'zh-CN': '原密码错误', 'en-US': 'The old password is wrong' },
  FILE_REQUIRED: { status: 400, 'zh-CN': '请选择要上传的文件', 'en-US': 'Please choose a file to upload' },
  FILE_TOO_LARGE: {
    status: 400,
    'zh-CN': '文件过大，最大 {maxKb} KB',
    'en-US': 'The file is too large, at most {maxKb} KB',
  },
  FILE_TYPE_INVALID: {
    status: 400,
    'zh-CN': '不支持的文件类型，仅支持 {types}',
    'en-US': 'Unsupported file type, only {types}',
  },
  UPLOAD_LIMITED: {
    status: 429,
    'zh-CN': '上传过于频繁：每小时最多上传 {limit} 个文件，请 {seconds} 秒后再试',
    'en-US': 'Too many uploads: at most {limit} files an hour, please try again in {seconds} seconds',
  },
  INTERNAL: { status: 500, 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
} as const satisfies ErrorCatalogue;
