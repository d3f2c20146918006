import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { callApi } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import {
  apiLogin,
  approvedTemplate,
  createSender,
  type FakeProvider,
  recordPageErrors,
  startFakeProvider,
} from './support/mass-sms';
import { saveScreenshot } from './support/screenshots';
import { adminToken } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    connectors: string;
    http: string;
    delivered: string;
    completed: string;
    basic: string;
    invalid: string;
    notANumber: string;
    noCountry: string;
    blocked: string;
    sendValid: string;
    russia: string;
  }
> = {
  'zh-CN': {
    notANumber: '不是电话号码',
    noCountry: '本地号码：请选择不带 + 的号码所属国家',
    blocked: '有 1 行不是有效号码（见上方列表）：请改正，或只发送给有效号码。 1 个重复号码只发送一次。',
    sendValid: '发送给 2 个有效号码',
    russia: '俄罗斯 +7',
    connectors: '群发短信通道',
    http: 'HTTP 服务商',
    delivered: '已送达',
    completed: '已完成',
    basic: '基础版',
    invalid: '无效行',
  },
  'en-US': {
    notANumber: 'Not a phone number',
    noCountry: 'National number: choose the country of numbers without +',
    blocked:
      '1 line is not a valid number (listed above): correct it, or send to the valid numbers only. 1 duplicate is sent once.',
    sendValid: 'Send to the 2 valid numbers',
    russia: 'Russia +7',
    connectors: 'Mass SMS connectors',
    http: 'HTTP provider',
    delivered: 'Delivered',
    completed: 'Completed',
    basic: 'Basic',
    invalid: 'Invalid lines',
  },
};

const admin = { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword };
/** The quota chart drawn to the end: its bars grow and its lines draw for about a second (usage-chart.tsx). */
const chartDrawn = (page: Page) =>
  page.locator('[data-testid="usage-chart"][data-rendered="true"]').waitFor();

/**
 * Each language routes its own range to its own connector (routing by prefix). Russian mobile numbers:
 * recipients must be numbers of a real numbering plan (the UK's fiction range is not one), and the
 * fake provider sends nothing anywhere.
 */
const PREFIX: Record<Locale, string> = { 'zh-CN': '7999001', 'en-US': '7999002' };
/** The same recipients typed as people do at home: trunk prefix 8, no country code. */
const national = (locale: Locale, n: string) => `8 ${PREFIX[locale].slice(1)} ${n}`;

let browser: Browser;
let provider: FakeProvider;
beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
});
afterAll(async () => {
  await browser?.close();
  await provider?.close();
});

describe.each(LOCALES)('a campaign goes out through an HTTP connector and is delivered (%s)', (locale) => {
  const words = WORDS[locale];
  const connectorName = `Fake provider ${locale}`;
  const templateName = `Notice ${locale} ${Date.now()}`;
  const numbers = [`+${PREFIX[locale]}0001`, `+${PREFIX[locale]}0002`];
  let adminContext: BrowserContext;
  let senderContext: BrowserContext;
  let adminPage: Page;
  let page: Page;
  let errors: Error[] = [];
  let campaignId = 0;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    const token = await adminToken();
    const account = await createSender(token, 'mass');
    await approvedTemplate(
      await apiLogin(account),
      token,
      templateName,
      'Jiema: hi {name}, your code is {code}.',
    );
    adminContext = await newAppContext(browser, locale);
    adminPage = await adminContext.newPage();
    errors = recordPageErrors(adminPage);
    await logIn(adminPage, admin, '/dashboard/admin/sms-connectors');
    senderContext = await newAppContext(browser, locale);
    page = await senderContext.newPage();
    errors.push(...recordPageErrors(page));
    await logIn(page, account, '/dashboard/sms-send');
  }, 180_000);
  afterAll(async () => {
    await adminContext?.close();
    await senderContext?.close();
  });

  it('the administrator adds an HTTP connector for a destination prefix', async () => {
    await expect
      .poll(() => adminPage.getByTestId('connectors-page').textContent())
      .toContain(words.connectors);
    await adminPage.getByTestId('connector-add').click();
    await adminPage.getByTestId('connector-kind').click();
    await adminPage.locator('.ant-select-item-option').filter({ hasText: words.http }).click();
    await adminPage.getByTestId('connector-name').fill(connectorName);
    await adminPage.getByTestId('connector-url').fill(provider.url);
    await adminPage.getByTestId('connector-password').fill(provider.token);
    await adminPage.getByTestId('connector-prefixes').fill(PREFIX[locale]);
    await adminPage.getByTestId('connector-priority').fill('10');
    await settle(adminPage);
    await saveScreenshot(adminPage, locale, 'mass-sms-connector-form');
    await adminPage.getByTestId('connector-save').click();
    const row = adminPage.getByTestId('connector-table').locator('tr', { hasText: connectorName });
    await expect.poll(() => row.textContent()).toContain(PREFIX[locale]);
    const list = await callApi<{ id: number; name: string; webhookPath: string }[]>(
      baseUrl(),
      '/api/admin/mass-sms/connectors',
      { token: await adminToken() },
    );
    const connector = list.body.data.find((c) => c.name === connectorName)!;
    provider.setStatusUrl(`${baseUrl()}${connector.webhookPath}`);
    await settle(adminPage);
    await saveScreenshot(adminPage, locale, 'mass-sms-connectors');
  });

  it('pastes recipients and sees the invalid and duplicate lines before sending', async () => {
    await page.getByTestId('template-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: templateName }).click();
    await page.getByTestId('common-variable-name').fill('Ann');
    await page.getByTestId('common-variable-code').fill('4821');
    await page
      .getByTestId('recipients-text')
      .fill([numbers[0], 'call me', numbers[0], numbers[1]].join('\n'));
    const preview = page.getByTestId('send-preview');
    await expect.poll(() => preview.textContent(), { timeout: 20_000 }).toContain(words.invalid);
    expect(await page.getByTestId('invalid-lines').textContent()).toContain('call me');
    expect(await page.getByTestId('invalid-lines').textContent()).toContain(words.notANumber);
    expect(await page.getByTestId('duplicate-lines').textContent()).toContain(numbers[0]);
    expect(await page.getByTestId('send-submit').isDisabled()).toBe(true);
    // The disabled button says why, and offers to send to the valid numbers only.
    await expect.poll(() => page.getByTestId('send-blocked').textContent()).toContain(words.blocked);
    expect(await page.getByTestId('send-valid-only').textContent()).toBe(words.sendValid);
    await settle(page);
    await saveScreenshot(page, locale, 'mass-sms-send-invalid');
  });

  it('reads national numbers (trunk prefix 8) in the chosen country, and says to choose one when none is', async () => {
    await page
      .getByTestId('recipients-text')
      .fill([national(locale, '0003'), national(locale, '0004')].join('\n'));
    await expect
      .poll(() => page.getByTestId('invalid-lines').textContent(), { timeout: 20_000 })
      .toContain(words.noCountry);
    await page.getByTestId('country-code').click();
    await page.keyboard.type(words.russia.split(' ')[0]!);
    await page.locator('.ant-select-item-option').filter({ hasText: words.russia }).first().click();
    await expect.poll(() => page.getByTestId('invalid-lines').count(), { timeout: 20_000 }).toBe(0);
    const samples = page.getByTestId('sample-messages');
    await expect.poll(() => samples.textContent(), { timeout: 20_000 }).toContain(`+${PREFIX[locale]}0003`);
    expect(await samples.textContent()).toContain(`+${PREFIX[locale]}0004`);
    await settle(page);
    await saveScreenshot(page, locale, 'mass-sms-send-national');
  });

  it('fixes the list, sees the messages, segments and cost (free messages first) and confirms', async () => {
    await page.getByTestId('recipients-text').fill(numbers.join('\n'));
    // The preview of the fixed list, not the one before it (whose samples already named both numbers).
    await expect.poll(() => page.getByTestId('invalid-lines').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('duplicate-lines').count()).toBe(0);
    await expect.poll(() => page.getByTestId('send-submit').isDisabled()).toBe(false);
    const samples = page.getByTestId('sample-messages');
    await expect
      .poll(() => samples.textContent(), { timeout: 20_000 })
      .toContain('Jiema: hi Ann, your code is 4821.');
    expect(await samples.textContent()).toContain('GSM-7');
    const cost = page.getByTestId('send-cost');
    expect(await cost.textContent()).toContain(words.basic);
    expect(await page.getByTestId('send-amount').textContent()).toMatch(/^0(\.0+)? USDT$/);
    await settle(page);
    await saveScreenshot(page, locale, 'mass-sms-send-preview');
    await expect.poll(() => page.getByTestId('send-submit').isDisabled()).toBe(false);
    await page.getByTestId('send-submit').click();
    await page.getByTestId('send-confirm-ok').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/sms-order-manage');
  });

  it('watches the campaign in send orders until every message is delivered', async () => {
    const row = page.getByTestId('campaign-table').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Jiema: hi {name}');
    campaignId = Number(await row.locator('td').first().textContent());
    const counts = page.getByTestId(`campaign-counts-${campaignId}`);
    await expect
      .poll(() => counts.textContent(), { timeout: 60_000, interval: 1000 })
      .toContain(`${words.delivered} 2`);
    await expect
      .poll(() => page.getByTestId(`campaign-status-${campaignId}`).textContent(), { timeout: 30_000 })
      .toContain(words.completed);
    expect(provider.received.filter((m) => numbers.includes(m.to)).map((m) => m.text)).toEqual([
      'Jiema: hi Ann, your code is 4821.',
      'Jiema: hi Ann, your code is 4821.',
    ]);
    await settle(page);
    await saveScreenshot(page, locale, 'mass-sms-orders');
  });

  it('finds each message in the send history, filtered by the URL, with its connector', async () => {
    // In-app navigation from the order's row: the history opens filtered by the campaign (in the URL).
    await page.getByTestId('campaign-table').locator('tbody tr.ant-table-row').first().locator('a').click();
    await page.waitForURL((url) => url.searchParams.get('campaignId') === String(campaignId));
    const table = page.getByTestId('history-table');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
    const text = (await table.textContent()) ?? '';
    for (const number of numbers) expect(text).toContain(number);
    expect(text).toContain(connectorName);
    expect(text).toContain(words.delivered);
    await settle(page);
    await saveScreenshot(page, locale, 'mass-sms-history');
  });

  it('shows the plan, the free messages left and the usage chart on the quota page', async () => {
    await page.goto('/dashboard/app-quota');
    const quota = page.getByTestId('app-quota-page');
    await expect.poll(() => quota.textContent()).toContain(words.basic);
    expect(await quota.textContent()).toContain('998');
    await page.getByTestId('usage-chart').locator('canvas').waitFor();
    await chartDrawn(page);
    await settle(page);
    await saveScreenshot(page, locale, 'mass-sms-quota');
  });

  it('fits a 390 px phone screen on every mass SMS page, without page errors', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, testId, name] of [
      ['/dashboard/sms-send', 'sms-send-page', 'send'],
      ['/dashboard/sms-order-manage', 'sms-orders-page', 'orders'],
      [`/dashboard/sms-send-history?campaignId=${campaignId}`, 'sms-send-history-page', 'history'],
      ['/dashboard/app-quota', 'app-quota-page', 'quota'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      if (name === 'quota') await chartDrawn(page);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await saveScreenshot(page, locale, `mass-sms-${name}-390`);
    }
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.reload();
    await adminPage.getByTestId('connectors-page').waitFor();
    await settle(adminPage);
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(adminPage, locale, 'mass-sms-connectors-390');
    expect(errors.map(String)).toEqual([]);
  });
});
