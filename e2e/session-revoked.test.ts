import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import {
  chooseFromUserMenu,
  logIn,
  settle,
  skipRestOfJourneyAfterFailure,
  storedToken,
  submitButton,
  toast,
} from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, TEXTS } from './support/texts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('a session revoked on the server (%s)', (locale) => {
  const text = TEXTS[locale];
  const account = newAccount('revoked');
  let userContext: BrowserContext;
  let otherContext: BrowserContext;
  let page: Page;
  let token: string;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    await registerCustomer(baseUrl(), account);
    userContext = await newAppContext(browser, locale);
    otherContext = await newAppContext(browser, locale);
    page = await userContext.newPage();
    await logIn(page, account, '/dashboard/user/profile');
    await page.getByTestId('profile-form').waitFor();
    token = (await storedToken(page))!;
  });
  afterAll(async () => {
    await userContext?.close();
    await otherContext?.close();
  });

  it('is revoked by logging out in another browser holding the same token', async () => {
    const other = await otherContext.newPage();
    await other.goto('/home');
    await other.evaluate((value) => localStorage.setItem('token', value), token);
    await other.goto('/dashboard');
    await other.getByTestId('sidebar').waitFor();
    await chooseFromUserMenu(other, text.logout);
    await other.waitForURL((url) => url.pathname === '/login');

    const info = await callApi(baseUrl(), '/auth/info', { token });
    expect(info.status).toBe(401);
    expect(info.body.code).toBe('TOKEN_INVALID');
  });

  it('the next API call logs the first browser out to /login with 登录状态已过期，请重新登录', async () => {
    expect(new URL(page.url()).pathname).toBe('/dashboard/user/profile');
    await submitButton(page, 'profile-form').click();

    await toast(page, text.sessionExpired).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/user/profile');
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.getByTestId('login-form').waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'session-expired-login');
  });

  it('logging in again returns to the page the user was on', async () => {
    await page.getByTestId('login-form').locator('input#username').fill(account.username);
    await page.getByTestId('login-form').locator('input#password').fill(account.password);
    await submitButton(page, 'login-form').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/user/profile');
    await page.getByTestId('profile-form').waitFor();
  });
});
