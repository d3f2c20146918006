import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAgent, startFakeAgent } from '../server/test/agents/fake-agent';
import { newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { RESULTS_DIR, saveScreenshot } from './support/screenshots';
import { type RunningServer, startServer } from './support/server';
import { LOCALES, type Locale } from './support/texts';

/**
 * A SIM farm speaking the SMSHub agent protocol (the fake of the server tests, a listening server in
 * this process) plugged into a Jiema: the agents screen (add, Test showing its offers, state) and a
 * purchase served by the farm whose pushed SMS reaches the customer's screen.
 */
const WORDS: Record<Locale, { title: string; tested: string; offers: string }> = {
  'zh-CN': { title: '号码代理', tested: '毫秒内应答', offers: '可用数量' },
  'en-US': { title: 'SIM-farm agents', tested: 'Answered in', offers: 'Quantities' },
};

const HUB = { adminUsername: 'hub', adminPassword: 'Hub#Admin2024' } as const;
let browser: Browser;
let hub: RunningServer;
const farms: FakeAgent[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  hub = await startServer(HUB, path.join(RESULTS_DIR, 'agents-hub-server.log'), {
    UPSTREAM_ALLOW_PRIVATE: 'on',
    AGENT_POLL_SECONDS: '1',
  });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await hub?.stop();
  for (const farm of farms) await farm.close();
});

const adminLogin = async () =>
  (
    await callApi<{ token: string }>(hub.baseUrl, '/auth/login', {
      method: 'POST',
      body: { username: HUB.adminUsername, password: HUB.adminPassword, captchaCode: 'off' },
    })
  ).body.data.token;

describe.each(LOCALES)('an operator plugs in a SIM farm and sells its numbers (%s)', (locale) => {
  const words = WORDS[locale];
  const key = `farm-key-${locale}-${randomUUID().slice(0, 8)}`;
  const serial = locale === 'zh-CN' ? '1' : '2';
  let farm: FakeAgent;
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    farm = await startFakeAgent({
      key,
      sims: [0, 1].map((i) => ({
        phone: `+4477009${serial}00${i}${i}`,
        country: 'england',
        operator: 'vodafone',
        services: ['tg'],
      })),
    });
    farms.push(farm);
    context = await newAppContext(browser, locale, { baseURL: hub.baseUrl });
    page = await context.newPage();
    await logIn(
      page,
      { username: HUB.adminUsername, password: HUB.adminPassword },
      '/dashboard/admin/agents',
    );
  });
  afterAll(async () => {
    await context?.close();
  });

  it('adds the agent with its key masked; Test runs GET_SERVICES and shows what it offers', async () => {
    await expect.poll(() => page.locator('main').textContent()).toContain(words.title);
    await page.getByTestId('agent-add').click();
    await page.getByTestId('agent-name').fill(`Farm ${locale}`);
    await page.getByTestId('agent-url').fill(farm.url);
    await page.getByTestId('agent-key').fill(key);
    await page.getByTestId('agent-rate').fill('0.01');
    await page.getByTestId('agent-default-pay').fill('1');
    await settle(page);
    await saveScreenshot(page, locale, 'agent-form');
    await page.getByTestId('agent-form-submit').click();
    const table = page.getByTestId('agents-table');
    await expect.poll(() => table.textContent()).toContain(`Farm ${locale}`);
    expect(await table.textContent()).not.toContain(key);
    await page.locator('[data-testid^="agent-test-"]').last().click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain(words.tested);
    const offers = page.getByTestId('agent-test-offers');
    await expect.poll(() => offers.textContent()).toContain('england');
    expect(await offers.textContent()).toContain('GB');
    await settle(page);
    await saveScreenshot(page, locale, 'agent-test-offers');
    await page.keyboard.press('Escape');
  });

  it('sells a farm number: the SMS the farm pushes reaches the customer; the state shows it', async () => {
    const token = await adminLogin();
    // This journey's farm alone sells (the other language's farm offers the same numbers' kind).
    type Listed = {
      id: number;
      name: string;
      url: string;
      currency: number;
      rateToUsdt: string;
      defaultPay: string;
      priority: number;
    };
    const listed = await callApi<Listed[]>(hub.baseUrl, '/api/admin/agents', { token });
    for (const other of listed.body.data.filter((a) => a.name !== `Farm ${locale}`)) {
      const { id, name, url, currency, rateToUsdt, defaultPay, priority } = other;
      const off = await callApi(hub.baseUrl, `/api/admin/agents/${id}`, {
        method: 'PUT',
        token,
        body: { name, url, currency, rateToUsdt, defaultPay, priority, payRates: [], enabled: false },
      });
      expect(off.status).toBe(200);
    }
    const account = newAccount('ag');
    await registerCustomer(hub.baseUrl, account);
    const users = await callApi<{ list: { userId: number; username: string }[] }>(
      hub.baseUrl,
      `/api/admin/users?keyword=${encodeURIComponent(account.username)}`,
      { token },
    );
    const userId = users.body.data.list.find((u) => u.username === account.username)!.userId;
    await callApi(hub.baseUrl, `/api/admin/users/${userId}/balance`, {
      method: 'POST',
      token,
      body: { type: 'reward', amount: '5', note: 'e2e funding', requestId: randomUUID() },
    });
    const customer = (
      await callApi<{ token: string }>(hub.baseUrl, '/auth/login', {
        method: 'POST',
        body: { username: account.username, password: account.password, captchaCode: 'off' },
      })
    ).body.data.token;
    const apps = await callApi<{ id: number; code: string }[]>(hub.baseUrl, '/api/catalog/applications', {
      token: customer,
    });
    const options = await callApi<{ id: number; kind: string }[]>(
      hub.baseUrl,
      '/api/catalog/validity-options',
      {
        token: customer,
      },
    );
    const order = await callApi<{ phones: { phoneNumber: string }[] }>(hub.baseUrl, '/api/store/orders', {
      method: 'POST',
      token: customer,
      body: {
        applicationId: apps.body.data.find((a) => a.code === 'tg')!.id,
        countryCode: 'GB',
        cardType: 'new',
        validityOptionId: options.body.data.find((o) => o.kind === 'activation')!.id,
        quantity: 1,
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const phone = order.body.data.phones[0]!.phoneNumber;
    expect(phone.startsWith(`+4477009${serial}`)).toBe(true);
    await farm.pushSms(`${hub.baseUrl}/api/agents/sms`, {
      phone,
      from: 'Telegram',
      text: 'Telegram code: 64028. Do not give this code to anyone.',
    });
    const customerContext = await newAppContext(browser, locale, { baseURL: hub.baseUrl });
    const customerPage = await customerContext.newPage();
    try {
      await logIn(customerPage, account, '/dashboard/api-manage');
      await expect
        .poll(() => customerPage.locator('body').textContent(), { timeout: 20_000 })
        .toContain('64028');
      await settle(customerPage);
      await saveScreenshot(customerPage, locale, 'agent-served-rental');
    } finally {
      await customerContext.close();
    }
    await page.reload();
    await page.locator('[data-testid^="agent-state-"]').last().click();
    await expect.poll(() => page.locator('.ant-modal').textContent()).toContain(words.offers);
    await page.getByRole('tab').last().click();
    await expect.poll(() => page.getByTestId('agent-recent-table').textContent()).toContain(phone);
    await settle(page);
    await saveScreenshot(page, locale, 'agent-state');
    await page.keyboard.press('Escape');
  });

  it('fits a 390 px phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.locator('main').textContent()).toContain(words.title);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, locale, 'agents-390');
  });
});
