import type { Account } from './accounts';

type Envelope<T> = { code: number | string; message: string; data: T };

/** Calls the running server directly (no browser), for setting the scene quickly. */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export async function registerCustomer(baseUrl: string, account: Account): Promise<void> {
  const { status, body } = await callApi(baseUrl, '/api/authSms/register', {
    method: 'POST',
    body: {
      username: account.username,
      email: account.email,
      password: account.password,
      captchaCode: 'off',
    },
  });
  if (status !== 200) throw new Error(`registering ${account.username} failed: ${status} ${body.message}`);
}

type OpenApi = { paths: Record<string, Record<string, unknown>> };

/**
 * An API the server refuses to this (non-administrator) token with 403, found in the server's own
 * OpenAPI description, or null when the server has none yet.
 */
export async function findForbiddenApi(baseUrl: string, token: string): Promise<string | null> {
  const openApi = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApi;
  const candidates = Object.entries(openApi.paths)
    .filter(([path, methods]) => path.startsWith('/api/admin/') && !path.includes('{') && 'get' in methods)
    .map(([path]) => path);
  for (const path of candidates) {
    if ((await callApi(baseUrl, path, { token })).status === 403) return path;
  }
  return null;
}
