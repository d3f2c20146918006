import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, startSmtpInbox } from '../server/test/support/smtp-inbox';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { registerCustomer } from './support/api';
import { fieldError, logIn, settle, skipRestOfJourneyAfterFailure, submitButton, toast } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { RESULTS_DIR, saveScreenshot } from './support/screenshots';
import { type RunningServer, startServer } from './support/server';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    forgot: string;
    sent: string;
    done: string;
    verify: string;
    verified: string;
    mismatch: string;
    askAdmin: string;
  }
> = {
  'zh-CN': {
    forgot: '忘记密码？',
    sent: '请查收邮件',
    done: '密码已重置，请用新密码登录',
    verify: '发送验证邮件',
    verified: '邮箱已验证，谢谢！',
    mismatch: '两次输入的密码不一致',
    askAdmin: '忘记密码？请联系管理员为您重置密码。',
  },
  'en-US': {
    forgot: 'Forgot password?',
    sent: 'Check your mail',
    done: 'Password reset; log in with the new password',
    verify: 'Send verification mail',
    verified: 'Your email is verified, thank you!',
    mismatch: 'The two passwords do not match',
    askAdmin: 'Forgot your password? Ask an administrator to reset it for you.',
  },
};

let browser: Browser;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let server: RunningServer;

/** This journey runs its own server, which mails through a real SMTP server started here. */
beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer(E2E_ADMIN, path.join(RESULTS_DIR, 'server-account-mail.log'), {
    SMTP_URL: inbox.url,
    // Links point where the browser opens the app.
    PUBLIC_URL: 'http://127.0.0.1:1',
  });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

/** The path and query of a mailed link, to open on this run's server. */
const pathOf = (mailText: string) => {
  const match = /http:\/\/127\.0\.0\.1:1(\/[^\s]+)/.exec(mailText);
  if (!match) throw new Error(`no link in: ${mailText}`);
  return match[1]!;
};

describe.each(LOCALES)('a customer who forgot the password gets back in by mail (%s)', (locale) => {
  const words = WORDS[locale];
  const account = newAccount('mail');
  const newPassword = 'Back1n#Again';
  let context: BrowserContext;
  let page: Page;
  const errors: Error[] = [];
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    await registerCustomer(server.baseUrl, account);
    context = await newAppContext(browser, locale, { baseURL: server.baseUrl });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error));
  });
  afterAll(async () => {
    await context?.close();
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it('asks for a reset link from the login page; the answer does not say whether the address exists', async () => {
    await page.goto('/login');
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByTestId('forgot-form').locator('input#email').fill(account.email);
    await settle(page);
    await saveScreenshot(page, locale, 'mail-forgot-password');
    await submitButton(page, 'forgot-form').click();
    await page.getByTestId('forgot-sent').getByText(words.sent).waitFor();
    await saveScreenshot(page, locale, 'mail-reset-sent');
  });

  it('opens the mailed link, is told when the passwords differ, sets a new one and logs in with it', async () => {
    const mail = await inbox.nextMailTo(account.email, 15_000);
    expect(mail.subject).toBe(locale === 'zh-CN' ? 'Jiema 接码：重置密码' : 'Jiema: reset your password');
    expect(linkToken(mail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.goto(pathOf(mail.text));
    const form = page.getByTestId('reset-form');
    await form.locator('input#newPassword').fill(newPassword);
    await form.locator('input#confirmPassword').fill(`${newPassword}x`);
    await submitButton(page, 'reset-form').click();
    await fieldError(page, words.mismatch).waitFor();
    await form.locator('input#confirmPassword').fill(newPassword);
    await settle(page);
    await saveScreenshot(page, locale, 'mail-reset-password');
    await submitButton(page, 'reset-form').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await toast(page, words.done).waitFor();
    await logIn(page, { username: account.username, password: newPassword });
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  });

  it('a used link is refused with a clear message', async () => {
    const reset = inbox.mails.filter((m) => m.to.includes(account.email.toLowerCase())).at(-1)!;
    const again = await context.newPage();
    await again.goto(pathOf(reset.text));
    const form = again.getByTestId('reset-form');
    await form.locator('input#newPassword').fill('Another#123');
    await form.locator('input#confirmPassword').fill('Another#123');
    await submitButton(again, 'reset-form').click();
    const refused =
      locale === 'zh-CN'
        ? '链接无效、已使用或已过期，请重新申请'
        : 'This link is invalid, already used or expired';
    await toast(again, refused).waitFor();
    await again.close();
  });
});

describe.each(LOCALES)('a customer verifies the email from the profile (%s)', (locale) => {
  const words = WORDS[locale];
  const account = newAccount('verify');
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    await registerCustomer(server.baseUrl, account);
    context = await newAppContext(browser, locale, { baseURL: server.baseUrl });
    page = await context.newPage();
    await logIn(page, account);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sends a verification mail, opens its link, and the profile says verified', async () => {
    await page.goto('/dashboard/profile');
    await page.getByTestId('send-verification').getByText(words.verify).click();
    const mail = await inbox.nextMailTo(account.email, 15_000);
    await page.goto(pathOf(mail.text));
    await page.getByTestId('verify-result').getByText(words.verified).waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'mail-email-verified');
    await page.goto('/dashboard/profile');
    await expect
      .poll(() => page.getByTestId('profile-details').textContent())
      .toContain(locale === 'zh-CN' ? '已验证' : 'Verified');
    expect(await page.getByTestId('send-verification').count()).toBe(0);
  });
});

describe('without SMTP the login page says to ask an administrator', () => {
  it.each(LOCALES)('%s', async (locale) => {
    // The shared e2e server runs without SMTP_URL.
    const context = await newAppContext(browser, locale);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('forgot-password-ask-admin').getByText(WORDS[locale].askAdmin).waitFor();
    expect(await page.getByTestId('forgot-password-link').count()).toBe(0);
    await settle(page);
    await saveScreenshot(page, locale, 'mail-off-login');
    await context.close();
  });
});
