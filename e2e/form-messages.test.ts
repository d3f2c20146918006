import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { fieldError, logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, type Locale } from './support/texts';

/** Issue 14, "forms tell the truth": each field names what is actually wrong, in both languages. */
type Words = Record<
  'usernameTooLong' | 'codeNotIso' | 'codeTwoLetters' | 'durationRange' | 'priceZero' | 'samePassword',
  string
>;
const WORDS: Record<Locale, Words> = {
  'zh-CN': {
    usernameTooLong: '用户名或邮箱最多 128 个字符',
    codeNotIso: '这不是 ISO 3166-1 分配的国家或地区代码',
    codeTwoLetters: '国家代码为 2 位英文字母',
    durationRange: '时长为 1 分钟到 366 天',
    priceZero: '价格必须大于 0',
    samePassword: '新密码不能与当前密码相同',
  },
  'en-US': {
    usernameTooLong: 'The username or email must be at most 128 characters',
    codeNotIso: 'This is not a country code ISO 3166-1 assigns',
    codeTwoLetters: 'The country code is 2 letters',
    durationRange: 'The duration is from 1 minute to 366 days',
    priceZero: 'The price must be above 0',
    samePassword: 'The new password must differ from the current one',
  },
};

const admin = { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Types into an input, leaves it, and waits for the field's message. */
async function typeAndExpect(page: Page, input: string, value: string, message: string) {
  const field = page.locator(input);
  await field.fill(value);
  await field.blur();
  await fieldError(page, message).waitFor();
  // The value typed stays as typed: nothing was cut, clamped or rounded into something else.
  expect(await field.inputValue()).toBe(value);
}

describe.each(LOCALES)('form fields say what is wrong (%s)', (locale) => {
  const words = WORDS[locale];
  const pageErrors: string[] = [];
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    page = await context.newPage();
    // The machine these run on is shared and slow: a modal's lazy chunk can take a while.
    page.setDefaultTimeout(40_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('login: a 5,000-character username is too long, not missing', async () => {
    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await form.locator('input#password').fill('whatever');
    await typeAndExpect(
      page,
      '[data-testid=login-form] input#username',
      'a'.repeat(5000),
      words.usernameTooLong,
    );
  });

  it('a new country: XH is not an ISO code, and a long code is not cut to two letters', async () => {
    await logIn(page, admin, '/dashboard/admin/country-manage');
    await page.getByTestId('country-add').click();
    await typeAndExpect(page, 'input[data-testid=country-code]', 'XH', words.codeNotIso);
    await settle(page);
    await saveScreenshot(page, locale, 'form-country-not-iso');
    await typeAndExpect(page, 'input[data-testid=country-code]', 'A'.repeat(300), words.codeTwoLetters);
    await page.keyboard.press('Escape');
  });

  it('a validity of 0 or -3 days is refused as typed, not turned into 1 day', async () => {
    await page.goto('/dashboard/admin/api-options-manage');
    await page.getByTestId('validity-add').click();
    const amount =
      '[data-testid=validity-form] input[data-testid=validity-amount], [data-testid=validity-amount] input';
    await typeAndExpect(page, amount, '0', words.durationRange);
    await typeAndExpect(page, amount, '-3', words.durationRange);
    await page.getByTestId('validity-form').locator('.ant-select').first().waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'form-validity-zero');
    await page.keyboard.press('Escape');
  });

  it('a price of 0 is refused', async () => {
    await page.getByTestId('price-rule-add').click();
    await typeAndExpect(page, 'input[data-testid=price-rule-price]', '0', words.priceZero);
    await settle(page);
    await saveScreenshot(page, locale, 'form-price-zero');
    await page.keyboard.press('Escape');
  });

  it('a new password equal to the current one is refused', async () => {
    await page.goto('/dashboard/user/security');
    const form = page.getByTestId('password-form');
    await form.locator('input#oldPassword').fill(admin.password);
    await typeAndExpect(
      page,
      '[data-testid=password-form] input#newPassword',
      admin.password,
      words.samePassword,
    );
    await settle(page);
    await saveScreenshot(page, locale, 'form-same-password');
    expect(pageErrors).toEqual([]);
  });
});
