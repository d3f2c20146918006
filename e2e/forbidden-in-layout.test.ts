import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import { registerCustomer } from './support/api';
import { logIn, settle } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, TEXTS } from './support/texts';

/** A customer opening an administrator's page sees the 403 inside the dashboard, with a way home. */

const BACK_HOME = { 'zh-CN': '返回首页', 'en-US': 'Back to the overview' } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES.flatMap((locale) => [390, 1440].map((width) => ({ locale, width }))))(
  'a page the customer may not open ($locale, $width px)',
  ({ locale, width }) => {
    const text = TEXTS[locale];
    const account = newAccount('forbid');
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      await registerCustomer(baseUrl(), account);
      context = await newAppContext(browser, locale, { width });
      page = await context.newPage();
      await logIn(page, account);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('shows 403 in the dashboard layout, in the language of the user, and leads back home', async () => {
      await page.goto('/dashboard/admin/user-manage');
      const result = page.getByTestId('page-content').locator('.ant-result-403');
      await result.waitFor();
      expect(await result.textContent()).toContain(text.forbidden);
      // The header stays: the menu, the language and the user menu.
      await page.getByTestId('user-menu').waitFor();
      await page.getByTestId('menu-toggle').waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/admin/user-manage');
      await settle(page);
      await saveScreenshot(page, locale, `forbidden-in-layout-${width}`);

      await result.getByRole('button', { name: BACK_HOME[locale] }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByTestId('page-content').locator('.ant-result-403').waitFor({ state: 'detached' });
    });
  },
);
