import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { findForbiddenApi, registerCustomer } from './support/api';
import { logIn, settle, sidebarGroupLabels, storedToken, toast } from './support/app';
import { getThroughAppClient } from './support/app-client';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { ADMIN_ONLY_GROUPS, LOCALES, TEXTS } from './support/texts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('what a customer and an administrator may see (%s)', (locale) => {
  const text = TEXTS[locale];
  const adminOnlyLabels = ADMIN_ONLY_GROUPS.map((key) => text.menu[key]);

  describe('a customer (type 2)', () => {
    const account = newAccount('cust');
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      await registerCustomer(baseUrl(), account);
      context = await newAppContext(browser, locale);
      page = await context.newPage();
      await logIn(page, account);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('has no mass-SMS or admin group in the sidebar', async () => {
      const labels = await sidebarGroupLabels(page);
      expect(labels).toEqual(
        expect.arrayContaining([text.menu.account, text.menu.smsCenter, text.menu.finance]),
      );
      for (const label of adminOnlyLabels) expect(labels).not.toContain(label);
    });

    it.each(['/dashboard/admin/user-manage', '/dashboard/sms-send'])(
      'opening %s shows the 403 result',
      async (path) => {
        await page.goto(path);
        const result = page.locator('.ant-result-403');
        await result.waitFor();
        expect(await result.textContent()).toContain(text.forbidden);
        expect(new URL(page.url()).pathname).toBe(path);
        await settle(page);
        await saveScreenshot(page, locale, `permissions-customer-403${path.replaceAll('/', '-')}`);
      },
    );

    it('a 403 from an admin-only API, called through the app client, shows 没有权限访问该资源 and keeps the session', async () => {
      // Every /api/admin/ list refuses a customer; finding none would mean the server stopped enforcing it.
      const forbidden = await findForbiddenApi(baseUrl(), (await storedToken(page))!);
      expect(forbidden, 'an admin-only API that answers a customer 403').not.toBeNull();
      if (!forbidden) return;
      await page.goto('/dashboard/user/profile');
      await page.getByTestId('profile-form').waitFor();
      expect(await getThroughAppClient(page, forbidden)).toBe(403);
      await toast(page, text.forbidden).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/user/profile');
      expect(await storedToken(page)).not.toBeNull();
      await settle(page);
      await saveScreenshot(page, locale, 'permissions-customer-403-toast');
    });
  });

  describe('an administrator (type 1)', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newAppContext(browser, locale);
      page = await context.newPage();
      await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
    });
    afterAll(async () => {
      await context?.close();
    });

    it('has the mass-SMS and every admin group in the sidebar', async () => {
      const labels = await sidebarGroupLabels(page);
      expect(labels).toEqual(expect.arrayContaining([text.menu.account, ...adminOnlyLabels]));
      await settle(page);
      await saveScreenshot(page, locale, 'permissions-admin-overview');
    });

    it('may open /dashboard/admin/user-manage', async () => {
      await page.goto('/dashboard/admin/user-manage');
      await page.getByTestId('sidebar').waitFor();
      expect(await page.locator('.ant-result-403').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/dashboard/admin/user-manage');
      await settle(page);
      await saveScreenshot(page, locale, 'permissions-admin-user-manage');
    });
  });
});
