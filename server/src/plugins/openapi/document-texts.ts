import type { Locale } from '@jiema/shared';
import type { OperationAccess } from './localize';

/** The texts of the document that belong to no single route. */
export const DOCUMENT_TEXTS: Record<Locale, { info: string; defaultResponse: string }> = {
  'en-US': {
    info: [
      'Every JSON answer is `{ code, message, data }`: `code` 200 is success. An error has the HTTP status, `error` naming it for programs (e.g. `INSUFFICIENT_BALANCE`) and `message` saying it for people.',
      'Authenticate with the header `Authorization: Bearer <token>`, the token from `POST /auth/login`. Messages follow the `X-Locale` or `Accept-Language` header (zh-CN by default, or en-US).',
      'This document in Chinese or English: `/api/openapi.json?lang=zh-CN` or `?lang=en-US` (without `lang` it follows `X-Locale` or `Accept-Language`, else English).',
    ].join('\n\n'),
    defaultResponse: 'Success',
  },
  'zh-CN': {
    info: [
      '所有 JSON 响应的格式均为 `{ code, message, data }`：`code` 为 200 表示成功。出错时返回相应的 HTTP 状态码，`error` 为供程序判断的错误名（如 `INSUFFICIENT_BALANCE`），`message` 为可直接展示给用户的说明。',
      '需要登录的接口请在请求头携带 `Authorization: Bearer <token>`，token 由 `POST /auth/login` 获得。提示信息的语言由 `X-Locale` 或 `Accept-Language` 请求头决定（默认简体中文，可选 en-US）。',
      '本文档有中英文两个版本：`/api/openapi.json?lang=zh-CN` 或 `?lang=en-US`（不带 `lang` 时按 `X-Locale` 或 `Accept-Language`，否则为英文）。',
    ].join('\n\n'),
    defaultResponse: '成功',
  },
};

/**
 * Who may call an operation and what answers otherwise, from the route config the authentication
 * hook enforces. Public operations say so through `security: []` and need no line.
 */
export function accessLine({ auth, permission }: OperationAccess, locale: Locale): string | undefined {
  const zh = locale === 'zh-CN';
  if (auth === 'none') return undefined;
  if (auth === 'optional') {
    return zh ? '**调用权限**：登录与否均可调用。' : '**Who may call**: anyone, signed in or not.';
  }
  if (auth === 'apiKey') {
    return zh
      ? '**调用权限**：以账户的 API 密钥认证。'
      : "**Who may call**: authenticates with the account's API key.";
  }
  if (!permission) {
    return zh
      ? '**调用权限**：任何已登录用户；未登录或登录已失效返回 401。'
      : '**Who may call**: any signed-in user; without a valid token the answer is 401.';
  }
  return zh
    ? `**调用权限**：需要权限 \`${permission}\`（由用户的角色或单独授权获得，管理员拥有全部权限）；没有该权限返回 403，未登录返回 401。`
    : `**Who may call**: users with the permission \`${permission}\` (from their role or granted individually; administrators have every permission); others get 403, and a call without a valid token 401.`;
}
