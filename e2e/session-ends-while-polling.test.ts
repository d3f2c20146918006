import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, storedToken, toast } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, TEXTS } from './support/texts';

/**
 * API management refreshes its list every 5 s by itself. When the session ends elsewhere, the
 * first refused refresh applies the session rule of spec §4: the message, the logout, the login
 * page (it used to keep polling, refused every 5 s, and look live).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function apiLogin(username: string, password: string): Promise<string> {
  const login = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username, password, captchaCode: 'off' },
  });
  if (login.status !== 200) throw new Error(`login of ${username} failed: ${login.body.message}`);
  return login.body.data.token;
}

type Ending = {
  name: string;
  end: (account: { username: string; password: string }, token: string) => Promise<void>;
};

const ENDINGS: Ending[] = [
  {
    name: 'logged out in another browser',
    end: async (_account, token) => {
      expect((await callApi(baseUrl(), '/api/authSms/logout', { method: 'POST', token })).status).toBe(200);
    },
  },
  {
    name: 'disabled by an administrator',
    end: async (_account, token) => {
      const me = await callApi<{ userId: number }>(baseUrl(), '/auth/info', { token });
      const id = me.body.data.userId;
      const admin = await apiLogin(E2E_ADMIN.adminUsername, E2E_ADMIN.adminPassword);
      const disabled = await callApi(baseUrl(), `/api/admin/users/${id}/status`, {
        method: 'PUT',
        token: admin,
        body: { enabled: false },
      });
      expect(disabled.status).toBe(200);
    },
  },
  {
    name: 'password changed in another session',
    end: async (account) => {
      const other = await apiLogin(account.username, account.password);
      const changed = await callApi(baseUrl(), '/api/user/password', {
        method: 'PUT',
        token: other,
        body: { oldPassword: account.password, newPassword: 'N3wPassw0rd!', confirmPassword: 'N3wPassw0rd!' },
      });
      expect(changed.status).toBe(200);
    },
  },
];

describe.each(LOCALES)('a session ending while API management polls (%s)', (locale) => {
  const text = TEXTS[locale];
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(ENDINGS)('$name: the next poll shows the message and ends on the login page', async (ending) => {
    const account = newAccount('poll');
    await registerCustomer(baseUrl(), account);
    await logIn(page, account, '/dashboard/api-manage');
    await page.waitForURL((url) => url.pathname === '/dashboard/api-manage');
    await settle(page);
    const token = (await storedToken(page))!;

    await ending.end(account, token);

    // Nothing is clicked: the page's own 5 s refresh is what finds out.
    await toast(page, text.sessionExpired).waitFor({ timeout: 12_000 });
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/api-manage');
    expect(await storedToken(page)).toBeNull();
    await page.getByTestId('login-form').waitFor();
    expect(await page.locator('.ant-message-notice').filter({ hasText: text.sessionExpired }).count()).toBe(
      1,
    );
    await saveScreenshot(page, locale, `session-ended-while-polling-${ending.name.split(' ')[0]}`);
  });
});
