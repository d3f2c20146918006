import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import {
  chooseFromUserMenu,
  fieldError,
  selectedSidebarItem,
  settle,
  skipRestOfJourneyAfterFailure,
  submitButton,
  submitLogin,
  toast,
} from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { makePng } from './support/png';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, TEXTS } from './support/texts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The sign-up form's own messages: "password", not the change-password form's "new password". */
const SIGN_UP = {
  'zh-CN': {
    required: ['请输入用户名', '请输入邮箱', '请输入密码', '请再次输入密码'],
    newPassword: '新密码',
    usernameRule: '3 到 32 位字母、数字或下划线',
  },
  'en-US': {
    required: [
      'Please enter a username',
      'Please enter your email address',
      'Please enter your password',
      'Please enter the password again',
    ],
    newPassword: 'new password',
    usernameRule: '3 to 32 letters, digits or underscores',
  },
} as const;

describe.each(LOCALES)('a customer registers, edits the profile and changes the password (%s)', (locale) => {
  const text = TEXTS[locale];
  const account = newAccount('acct');
  const newPassword = 'N3wPassw0rd!';
  const nickName = locale === 'zh-CN' ? '测试昵称' : 'Test Nick';
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('says what each empty or wrong field needs, in the words of a sign-up form, the username rule once', async () => {
    await page.goto('/register');
    const form = page.getByTestId('register-form');
    await form.waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'account-register');
    await submitButton(page, 'register-form').click();
    for (const message of SIGN_UP[locale].required) await fieldError(page, message).waitFor();
    expect(await form.textContent()).not.toContain(SIGN_UP[locale].newPassword);

    await form.locator('input#username').fill('1x');
    await form.locator('input#username').blur();
    await fieldError(page, SIGN_UP[locale].usernameRule).waitFor();
    expect((await form.textContent())?.split(SIGN_UP[locale].usernameRule).length).toBe(2);
    await settle(page);
    await saveScreenshot(page, locale, 'account-register-errors');
  });

  it('registers through the form and is signed in at once, on the dashboard', async () => {
    const form = page.getByTestId('register-form');
    await form.locator('input#username').fill(account.username);
    await form.locator('input#email').fill(account.email);
    await form.locator('input#password').fill(account.password);
    await form.locator('input#confirmPassword').fill(account.password);
    await submitButton(page, 'register-form').click();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    await toast(page, text.registered).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.getByTestId('overview-balance').waitFor();
    expect(await page.getByTestId('header-balance').textContent()).toContain(text.balance);
    await settle(page);
    await saveScreenshot(page, locale, 'account-overview');
  });

  it('edits the nickname on the profile page; the header shows it', async () => {
    await chooseFromUserMenu(page, text.menu.profile);
    await page.waitForURL((url) => url.pathname === '/dashboard/user/profile');
    await selectedSidebarItem(page, text.menu.profile).waitFor();
    const form = page.getByTestId('profile-form');
    await form.locator('input#nickName').fill(nickName);
    await submitButton(page, 'profile-form').click();

    await toast(page, text.profileSaved).waitFor();
    await page.getByTestId('user-menu').getByText(nickName).waitFor();
  });

  it('uploads a PNG avatar and shows it', async () => {
    const avatar = makePng(64, [22, 119, 255], [250, 173, 20]);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/user/avatar'));
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: avatar });
    expect((await uploaded).status()).toBe(200);
    await toast(page, text.avatarUploaded).waitFor();

    const image = page.getByTestId('profile-avatar').locator('img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/[\w-]+$/);
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth === 64,
      await image.elementHandle(),
    );
    const served = await page.request.get((await image.getAttribute('src'))!);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await served.body(), avatar)).toBe(0);
    await page.getByTestId('user-menu').locator('img').waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'account-profile');
  });

  it('refuses a confirmation that differs from the new password', async () => {
    await chooseFromUserMenu(page, text.menu.security);
    await page.waitForURL((url) => url.pathname === '/dashboard/user/security');
    await selectedSidebarItem(page, text.menu.security).waitFor();
    const form = page.getByTestId('password-form');
    await form.locator('input#oldPassword').fill(account.password);
    await form.locator('input#newPassword').fill(newPassword);
    await form.locator('input#confirmPassword').fill(`${newPassword}x`);
    await submitButton(page, 'password-form').click();

    await fieldError(page, text.passwordMismatch).waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'account-password-mismatch');
  });

  it('changes the password when the confirmation matches', async () => {
    const form = page.getByTestId('password-form');
    await form.locator('input#confirmPassword').fill(newPassword);
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/user/password'));
    await submitButton(page, 'password-form').click();
    expect((await changed).status()).toBe(200);
    await toast(page, text.passwordChanged).waitFor();
    expect(await fieldError(page, text.passwordMismatch).count()).toBe(0);
    await settle(page);
    await saveScreenshot(page, locale, 'account-password-changed');
  });

  it('logs out to the login page', async () => {
    await chooseFromUserMenu(page, text.logout);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('refuses the old password', async () => {
    await submitLogin(page, account.username, account.password);
    await toast(page, text.wrongCredentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await settle(page);
    await saveScreenshot(page, locale, 'account-login-old-password');
  });

  it('accepts the new password', async () => {
    await submitLogin(page, account.username, newPassword);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('user-menu').getByText(nickName).waitFor();
  });
});
