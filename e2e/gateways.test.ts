import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, buyGbNumber, fundUser, rentableNumbers, userIdOf } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    title: string;
    secretOnce: string;
    howto: string;
    testTitle: string;
    unattributed: string;
    telegram: string;
  }
> = {
  'zh-CN': {
    title: '短信网关',
    secretOnce: '密钥只显示这一次',
    howto: '在手机上安装 SMS Gateway for Android',
    testTitle: '发送测试短信',
    unattributed: '未匹配任何租用',
    telegram: 'Telegram',
  },
  'en-US': {
    title: 'SMS gateways',
    secretOnce: 'The secret is shown this once',
    howto: 'Install SMS Gateway for Android',
    testTitle: 'Send a test SMS',
    unattributed: 'No rental matched',
    telegram: 'Telegram',
  },
};

const admin = { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword };

/** A customer who bought one Telegram activation on a fresh UK number: the test SMS has somewhere to go. */
async function rentedNumber(): Promise<{ number: string; username: string }> {
  const token = await adminToken();
  const appId = await rentableNumbers(token, 'GB', 1);
  const account = newAccount('gw');
  await registerCustomer(baseUrl(), account);
  await fundUser(token, await userIdOf(token, account.username), '20');
  const login = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username: account.username, password: account.password, captchaCode: 'off' },
  });
  const options = await callApi<{ id: number; kind: string }[]>(baseUrl(), '/api/catalog/validity-options', {
    token: login.body.data.token,
  });
  const activation = options.body.data.find((o) => o.kind === 'activation')!;
  const order = await buyGbNumber(login.body.data.token, appId, activation.id);
  return { number: order.phones[0]!.phoneNumber, username: account.username };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('an administrator sets up a gateway and sends a test SMS (%s)', (locale) => {
  const words = WORDS[locale];
  let context: BrowserContext;
  let page: Page;
  let secret = '';
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    page = await context.newPage();
    await logIn(page, admin, '/dashboard/admin/gateways');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('creates a gateway and sees its secret once, with the webhook URL and the how-to', async () => {
    await expect.poll(() => page.getByTestId('gateway-manage').textContent()).toContain(words.title);
    await page.getByTestId('gateway-add').click();
    await page.getByTestId('gateway-form-name').fill(`Pixel ${locale}`);
    await page.getByTestId('gateway-form-submit').click();
    const modal = page.getByTestId('gateway-secret-modal');
    await expect.poll(() => modal.textContent()).toContain(words.secretOnce);
    secret = (await page.getByTestId('gateway-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}/);
    const url = (await modal.getByTestId('gateway-webhook-url').textContent()) ?? '';
    expect(url).toMatch(new RegExp(`^${baseUrl()}/api/inbound/\\d+$`));
    expect(await modal.textContent()).toContain(words.howto);
    await settle(page);
    await saveScreenshot(page, locale, 'gateway-secret-once');
    // The copy button puts the URL on the clipboard.
    await modal.getByTestId('gateway-webhook-url').locator('.ant-typography-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.getByTestId('gateway-secret-close').click();
    await expect.poll(() => modal.count()).toBe(0);
    // The secret is never listed again.
    expect(await page.getByTestId('gateway-table').textContent()).not.toContain(secret.slice(0, 32));
  });

  it('opens the how-to of a listed gateway', async () => {
    const first = page.locator('[data-testid^="gateway-howto-open-"]').first();
    await first.click();
    await expect.poll(() => page.getByTestId('gateway-howto-smsgate').textContent()).toContain(words.howto);
    await saveScreenshot(page, locale, 'gateway-howto');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('gateway-howto-smsgate').count()).toBe(0);
  });

  it('sends a test SMS to a rented number and sees where it went', async () => {
    const rented = await rentedNumber();
    await page.getByTestId('test-sms-number').click();
    await page.keyboard.type(rented.number.slice(-6));
    await page.locator('.ant-select-item-option').filter({ hasText: rented.number }).first().click();
    await page.getByTestId('test-sms-text').fill('Telegram code: 61234. Do not give this code to anyone.');
    await page.getByTestId('test-sms-send').click();
    const result = page.getByTestId('test-sms-result');
    await expect.poll(() => result.textContent()).toContain(rented.username);
    expect(await page.getByTestId('test-sms-code').textContent()).toBe('61234');
    expect(await result.textContent()).toContain(words.telegram);
    await settle(page);
    await saveScreenshot(page, locale, 'gateway-test-sms');
  });

  it('fits a 390 px phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByTestId('gateway-manage').textContent()).toContain(words.title);
    await settle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, locale, 'gateway-phone-390');
  });
});
