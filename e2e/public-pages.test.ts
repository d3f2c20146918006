import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import { settle } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, TEXTS } from './support/texts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Mass SMS is enabled per account: the plans say how to ask, and the ask is a ticket, filled in. */
const PLAN_REQUEST = {
  'zh-CN': {
    howToGet: '群发短信按账户开通',
    title: '开通群发短信（专业版套餐）',
    text: '请为我的账户开通群发短信，套餐：专业版。',
  },
  'en-US': {
    howToGet: 'Mass SMS is enabled per account by our team',
    title: 'Enable mass SMS (Pro plan)',
    text: 'Please enable mass SMS on my account with the Pro plan.',
  },
} as const;

describe.each(LOCALES)('public pages open without a login (%s)', (locale) => {
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

  it('/ redirects to /login', async () => {
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByTestId('login-form').waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);
    await saveScreenshot(page, locale, 'public-login');
  });

  it('/home shows the product and the plans', async () => {
    await page.goto('/home');
    await page.getByRole('heading', { name: text.page.homeTitle }).waitFor();
    expect(page.url()).toMatch(/\/home$/);
    await expect(page.getByTestId('plan-basic').textContent()).resolves.toContain('0.05');
    await settle(page);
    await saveScreenshot(page, locale, 'public-home');
  });

  it('/pricing lists the three plans 0.05 / 0.04 / 0.03 USDT with 1000 free messages in basic', async () => {
    await page.goto('/pricing');
    await page.getByRole('heading', { name: text.page.plansTitle, level: 1 }).waitFor();
    const basic = page.getByTestId('plan-basic');
    const pro = page.getByTestId('plan-pro');
    const enterprise = page.getByTestId('plan-enterprise');
    await expect(basic.textContent()).resolves.toMatch(/0\.05\s*USDT/);
    await expect(pro.textContent()).resolves.toMatch(/0\.04\s*USDT/);
    await expect(enterprise.textContent()).resolves.toMatch(/0\.03\s*USDT/);
    await expect(basic.textContent()).resolves.toContain(text.page.freeMessages);
    await expect(pro.textContent()).resolves.not.toContain('1000');
    await settle(page);
    await saveScreenshot(page, locale, 'public-pricing');
  });

  it('a plan is requested: sign up, then a ticket asking for mass SMS with that plan, filled in', async () => {
    const words = PLAN_REQUEST[locale];
    await page.goto('/pricing');
    expect(await page.getByTestId('plans-how-to-get').textContent()).toContain(words.howToGet);
    await page.getByTestId('plan-request-pro').click();
    await page.waitForURL((url) => url.pathname === '/register');
    const account = newAccount('plan');
    const form = page.getByTestId('register-form');
    await form.locator('input#username').fill(account.username);
    await form.locator('input#email').fill(account.email);
    await form.locator('input#password').fill(account.password);
    await form.locator('input#confirmPassword').fill(account.password);
    await page.locator('[data-testid=register-form] button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/work-order');
    const ticket = page.getByTestId('work-order-form');
    await expect.poll(() => ticket.locator('input#title').inputValue()).toBe(words.title);
    expect(await ticket.locator('textarea').inputValue()).toContain(words.text);
    await settle(page);
    await saveScreenshot(page, locale, 'public-plan-request-ticket');
    await page.evaluate(() => {
      for (const key of ['token', 'user', 'permissions']) localStorage.removeItem(key);
    });
  });

  it('/about opens', async () => {
    await page.goto('/about');
    await page.getByRole('heading', { name: text.page.aboutTitle }).waitFor();
    expect(page.url()).toMatch(/\/about$/);
    await settle(page);
    await saveScreenshot(page, locale, 'public-about');
  });

  it('/contact opens', async () => {
    await page.goto('/contact');
    await page.getByRole('heading', { name: text.page.contactTitle, level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/contact$/);
    await settle(page);
    await saveScreenshot(page, locale, 'public-contact');
  });

  it("/docs lists /auth/login from the server's OpenAPI description", async () => {
    const openApi = page.waitForResponse((r) => r.url().includes(`/api/openapi.json?lang=${locale}`));
    await page.goto('/docs');
    expect((await openApi).status()).toBe(200);
    await page.getByRole('heading', { name: text.page.docsTitle, level: 1 }).waitFor();
    await page.getByText('/auth/login', { exact: true }).first().waitFor();
    expect(page.url()).toMatch(/\/docs$/);
    await settle(page);
    await saveScreenshot(page, locale, 'public-docs');
  });
});
