import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { callApi } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { RESULTS_DIR, saveScreenshot } from './support/screenshots';
import { type RunningServer, startServer } from './support/server';
import { LOCALES, type Locale } from './support/texts';

/**
 * Issue 14, the operator's first sale, on a server of its own (a fresh install: no order yet, so the
 * checklist shows; the shared server has sales from other journeys).
 */
const WORDS: Record<Locale, { title: string; disabledBatch: RegExp; enabled: RegExp; notOnSale: string }> = {
  'zh-CN': {
    title: '开始第一笔销售',
    disabledBatch: /已停用：在此添加的号码在国家启用前不会在商店出售/,
    enabled: /已启用 .+，其号码已开始出售/,
    notOnSale: '未出售：国家已停用',
  },
  'en-US': {
    title: 'Your way to a first sale',
    disabledBatch: /is disabled: numbers added here stay out of the store until it is enabled/,
    enabled: /is enabled: its numbers are on sale/,
    notOnSale: 'Not on sale: country disabled',
  },
};

type Country = { code: string; nameEn: string; enabled: boolean };

let server: RunningServer;
let browser: Browser;
let token: string;
let disabled: Country[];
const api = <T>(p: string, init: Parameters<typeof callApi>[2] = {}) =>
  callApi<T>(server.baseUrl, p, { token, ...init });

beforeAll(async () => {
  server = await startServer(E2E_ADMIN, path.join(RESULTS_DIR, 'server-first-sale.log'));
  browser = await launchBrowser();
  const login = await callApi<{ token: string }>(server.baseUrl, '/auth/login', {
    method: 'POST',
    body: { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword, captchaCode: 'off' },
  });
  token = login.body.data.token;
  disabled = (await api<{ list: Country[] }>('/api/admin/countries?enabled=false&pageSize=100')).body.data
    .list;
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const admin = { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword };

async function chooseCountry(page: Page, country: Country) {
  await page.getByTestId('batch-country').click();
  await page.keyboard.type(country.code);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `(${country.code})` })
    .first()
    .click();
}

describe.each(LOCALES)('an operator on a fresh install gets to a first sale (%s)', (locale) => {
  const words = WORDS[locale];
  const pageErrors: string[] = [];
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale, { baseURL: server.baseUrl });
    page = await context.newPage();
    // The machine these run on is shared and slow: a lazy page can take a while.
    page.setDefaultTimeout(40_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await logIn(page, admin);
  });
  afterAll(async () => {
    await context?.close();
  });
  // What the page showed when a step failed.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !page) return;
    await saveScreenshot(page, locale, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
      () => undefined,
    );
  });

  it('sees the setup checklist on the overview, ticked from the real state, each step a link', async () => {
    await page.goto('/dashboard');
    const checklist = page.getByTestId('setup-checklist');
    await checklist.getByText(words.title).waitFor();
    expect(await page.getByTestId('setup-step-country').getAttribute('data-done')).toBe('true');
    expect(await page.getByTestId('setup-step-depositPool').getAttribute('data-done')).toBe('false');
    expect(await page.getByTestId('setup-step-gateway').getAttribute('data-done')).toBe('false');
    expect(await page.getByTestId('setup-step-gateway').locator('a').getAttribute('href')).toBe(
      '/dashboard/admin/gateways',
    );
    await settle(page);
    await saveScreenshot(page, locale, 'first-sale-checklist');
  });

  it('batch add warns about a disabled country and enables it in one click', async () => {
    const country = disabled[locale === 'zh-CN' ? 0 : 1]!;
    await page.goto('/dashboard/admin/phone-numbers/batch-add');
    await chooseCountry(page, country);
    const alert = page.getByTestId('disabled-country-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(words.disabledBatch);
    await settle(page);
    await saveScreenshot(page, locale, 'first-sale-batch-add-disabled-country');
    await alert.getByTestId('enable-country').click();
    await page.locator('.ant-message-notice').filter({ hasText: words.enabled }).first().waitFor();
    await alert.waitFor({ state: 'detached' });
    const after = await api<{ enabled: boolean }>(`/api/admin/countries?keyword=${country.code}`);
    expect(JSON.stringify(after.body.data)).toContain(`"code":"${country.code}"`);
    const row = (after.body.data as unknown as { list: Country[] }).list.find((c) => c.code === country.code);
    expect(row?.enabled).toBe(true);
  });

  it('the phone list marks free numbers of a disabled country as not on sale', async () => {
    // Free UK numbers, then the country disabled behind the page's back.
    await api('/api/admin/countries/batch-status', {
      method: 'POST',
      body: { codes: ['GB'], enabled: false },
    });
    await addNumbers('GB', 2);
    await page.goto('/dashboard/admin/phone-numbers');
    await page.getByTestId('not-on-sale').first().waitFor();
    expect(await page.getByText(words.notOnSale).count()).toBeGreaterThan(0);
    await page.getByTestId('disabled-country-alert').waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'first-sale-phone-list-disabled-country');
    await page.getByTestId('enable-country').click();
    await page.getByTestId('disabled-country-alert').waitFor({ state: 'detached' });
    expect(await page.getByTestId('not-on-sale').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('a phone shows the checklist without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/dashboard');
    await page.getByTestId('setup-checklist').waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'first-sale-checklist-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

/** Puts `count` new UK mobile numbers into the stock through the batch-add API (upload, preview, commit). */
async function addNumbers(country: 'GB', count: number) {
  const lines = Array.from(
    { length: count },
    () => `+447400${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`,
  );
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/plain' }), 'numbers.txt');
  const upload = await fetch(`${server.baseUrl}/api/admin/phone-imports?countryCode=${country}&source=e2e`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  const id = ((await upload.json()) as { data: { id: number } }).data.id;
  const waitFor = async (state: string) => {
    for (let i = 0; i < 200; i += 1) {
      const { body } = await api<{ state: string }>(`/api/admin/phone-imports/${id}`);
      if (body.data.state === state) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`import ${id} never became ${state}`);
  };
  await waitFor('ready');
  await api(`/api/admin/phone-imports/${id}/commit`, { method: 'POST' });
  await waitFor('completed');
}
