import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeTronGrid,
  randomTronAddress,
  startFakeTronGrid,
} from '../server/test/support/fake-trongrid';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { RESULTS_DIR, saveScreenshot } from './support/screenshots';
import { type RunningServer, startServer } from './support/server';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    seen: RegExp;
    credited: string;
    warning: string;
    healthy: string;
    delayed: string;
    minute: string;
    noPrivateKey: string;
  }
> = {
  'zh-CN': {
    delayed: '延迟：与 TRON 网络的连接恢复后自动到账',
    minute: '约 1 分钟',
    seen: /已发现|确认中/,
    credited: '已到账',
    warning: '仅支持 TRON 网络的 USDT（TRC20）',
    healthy: '链上充值监听正常',
    noPrivateKey: '服务器从不保存私钥，只能计算地址。资金归集请用您自己的钱包完成。',
  },
  'en-US': {
    delayed: 'Delayed: credited when the connection to the TRON network is back',
    minute: 'about a minute',
    seen: /Seen|Confirming/,
    credited: 'Credited',
    warning: 'Only USDT on the TRON network (TRC20)',
    healthy: 'Deposits are being detected normally',
    noPrivateKey:
      'The server never holds a private key: it can only compute addresses. Funds are moved (swept) with your own wallet.',
  },
};

let browser: Browser;
let fake: FakeTronGrid;
let server: RunningServer;
let adminToken: string;

/** This journey runs its own server, whose chain watcher reads a fake TronGrid started here. */
beforeAll(async () => {
  fake = await startFakeTronGrid({ apiKey: 'e2e-key' });
  server = await startServer(E2E_ADMIN, path.join(RESULTS_DIR, 'server-recharge.log'), {
    TRON_WATCHER: 'on',
    TRONGRID_URL: fake.url,
    TRONGRID_API_KEY: 'e2e-key',
    TRON_POLL_INTERVAL_SECONDS: '1',
    TRONGRID_RPS: '50',
  });
  browser = await launchBrowser();
  const login = await callApi<{ token: string }>(server.baseUrl, '/auth/login', {
    method: 'POST',
    body: { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword, captchaCode: 'off' },
  });
  adminToken = login.body.data.token;
  for (let i = 0; i < 2; i++) {
    const added = await callApi(server.baseUrl, '/api/admin/tron-addresses', {
      method: 'POST',
      token: adminToken,
      body: { address: randomTronAddress(), label: `e2e pool ${i}` },
    });
    expect(added.status).toBe(200);
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.stop();
});

/** Waits for animations to end and the page to settle, before a screenshot. */
async function still(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await settle(page);
}

describe.each(LOCALES)('a customer recharges with USDT-TRC20 (%s)', (locale) => {
  const words = WORDS[locale];
  const account = newAccount('rc');
  let context: BrowserContext;
  let page: Page;
  let address: string;
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

  it('shows the sticky deposit address with its QR code, copy button, minimum and the TRC20-only warning', async () => {
    await page.goto('/dashboard/account-recharge');
    address = (await page.getByTestId('recharge-address').textContent()) ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByTestId('recharge-qr').locator('canvas').waitFor();
    await page.getByText(words.warning).waitFor();
    expect(await page.getByTestId('recharge-min').textContent()).toContain('1.000000');
    await page.reload();
    expect(await page.getByTestId('recharge-address').textContent()).toBe(address);
    await still(page);
    await saveScreenshot(page, locale, 'recharge-address');
  });

  it('a deposit arrives on chain: seen, then credited; the balance and the list update without a reload', async () => {
    const transfer = fake.add({ to: address, amount: '12.345678', confirmed: false });
    const status = page.getByTestId(`deposit-status-${transfer.txId}`);
    // Unconfirmed transfers are looked at once per 15 s for all open recharge pages together, so the
    // second journey of a run may wait for the next look.
    await status.waitFor({ timeout: 45_000 });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(words.seen);
    await still(page);
    await saveScreenshot(page, locale, 'recharge-deposit-seen');
    fake.confirm(transfer.txId);
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe(words.credited);
    await expect
      .poll(() => page.getByTestId('recharge-balance').textContent(), { timeout: 10_000 })
      .toContain('12.345678');
    await still(page);
    await saveScreenshot(page, locale, 'recharge-deposit-credited');
  });

  it('while the chain API cannot be reached, the page says deposits are delayed, not "about a minute"', async () => {
    const arrival = page.getByTestId('recharge-arrival');
    expect(await arrival.textContent()).toContain(words.minute);
    fake.setUnreachable(true);
    try {
      await page.getByTestId('recharge-delayed').waitFor({ timeout: 30_000 });
      expect(await arrival.textContent()).toBe(words.delayed);
      await still(page);
      await saveScreenshot(page, locale, 'recharge-delayed');
    } finally {
      fake.setUnreachable(false);
    }
    await page.getByTestId('recharge-delayed').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await arrival.textContent()).toContain(words.minute);
  });

  it('fits a 390 px phone', async () => {
    const phone = await newAppContext(browser, locale, { baseURL: server.baseUrl, width: 390 });
    const small = await phone.newPage();
    await logIn(small, account);
    await small.goto('/dashboard/account-recharge');
    await small.getByTestId('recharge-address').waitFor();
    await still(small);
    await saveScreenshot(small, locale, 'recharge-phone');
    // The page's own content stays within the screen (its table scrolls inside itself). The app
    // header overflows by itself with a long username at 390 px: a layout matter outside this page.
    const wide = await small.evaluate(() =>
      [...document.querySelectorAll('[data-testid=account-recharge] *')]
        .filter((e) => !e.closest('.ant-table-content') && e.getBoundingClientRect().right > 391)
        .map((e) => `${e.tagName}.${e.className}`),
    );
    expect(wide).toEqual([]);
    await phone.close();
  });

  it('the administrator sees the deposit in the recharge log, linked to the explorer, and the watcher healthy', async () => {
    const admin = await newAppContext(browser, locale, { baseURL: server.baseUrl });
    const adminPage = await admin.newPage();
    await logIn(adminPage, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
    await adminPage.goto(`/dashboard/admin/logs/recharge?user=${account.username}`);
    const row = adminPage
      .getByTestId('recharge-log-table')
      .locator('tbody tr')
      .filter({ hasText: account.username });
    await row.first().waitFor();
    const link = row.first().locator('a[href*="tronscan.org/#/transaction/"]');
    expect(await link.count()).toBe(1);
    await still(adminPage);
    await saveScreenshot(adminPage, locale, 'recharge-log');
    await adminPage.goto('/dashboard/admin/tron-address-manage');
    await expect
      .poll(() => adminPage.getByTestId('watcher-state').textContent(), { timeout: 15_000 })
      .toBe(words.healthy);
    // The operator is told where the keys are: never on the server.
    const keys = adminPage.getByTestId('no-private-key');
    await keys.waitFor();
    expect(await keys.textContent()).toBe(words.noPrivateKey);
    await still(adminPage);
    await saveScreenshot(adminPage, locale, 'tron-watcher-health');
    await admin.close();
  });
});
