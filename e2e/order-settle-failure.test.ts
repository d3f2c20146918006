import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, toast } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, fundUser, rentableNumbers, userIdOf } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/**
 * Spec §8 "complete/cancel order error": an administrator acts on an order another tab has already
 * settled. The server refuses (the order is no longer pending); the screen says which action failed
 * and why, in the user's language, and the list shows the order as it now is.
 */
const WORDS: Record<
  Locale,
  { cancelFailed: string; completeFailed: string; completed: string; cancelled: string }
> = {
  'zh-CN': {
    cancelFailed: '取消订单出错：只有待处理的订单可以完成或取消',
    completeFailed: '完成订单出错：只有待处理的订单可以完成或取消',
    completed: '已完成',
    cancelled: '已取消',
  },
  'en-US': {
    cancelFailed: 'Could not cancel the order: Only a pending order can be completed or cancelled',
    completeFailed: 'Could not complete the order: Only a pending order can be completed or cancelled',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
};

let browser: Browser;
let admin: string;
let customer: { token: string };
let appId: number;

/** A pending (not rental) order of the customer, bought through the store API. */
async function pendingOrder(): Promise<{ id: number; orderNo: string }> {
  const options = await callApi<{ id: number; kind: string }[]>(baseUrl(), '/api/catalog/validity-options', {
    token: customer.token,
  });
  const option = options.body.data.find((o) => o.kind !== 'rental');
  if (!option) throw new Error('no validity option that leaves an order pending');
  const bought = await callApi<{ id: number; orderNo: string }>(baseUrl(), '/api/store/orders', {
    method: 'POST',
    token: customer.token,
    body: {
      applicationId: appId,
      countryCode: 'GB',
      cardType: 'new',
      validityOptionId: option.id,
      quantity: 1,
      idempotencyKey: randomUUID(),
    },
  });
  if (bought.status !== 200) throw new Error(`purchase failed: ${bought.status} ${bought.body.message}`);
  return bought.body.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  appId = await rentableNumbers(admin, 'GB', 4);
  const account = newAccount('settle');
  await registerCustomer(baseUrl(), account);
  await fundUser(admin, await userIdOf(admin, account.username), '20');
  const login = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username: account.username, password: account.password, captchaCode: 'off' },
  });
  customer = { token: login.body.data.token };
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('settling an order another tab already settled (%s)', (locale) => {
  const words = WORDS[locale];
  let context: BrowserContext;
  let stale: Page;
  let other: Page;
  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    stale = await context.newPage();
    await stale.setViewportSize({ width: 1440, height: 900 });
    await logIn(stale, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
    other = await context.newPage();
    await other.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await context?.close();
  });

  const rowOf = (page: Page, orderId: number) =>
    page.locator('[data-testid=orders-table] tbody tr').filter({
      has: page.getByTestId(`order-open-${orderId}`),
    });

  async function confirm(page: Page) {
    const ok = page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary');
    await ok.waitFor();
    await ok.click();
  }

  for (const [first, second] of [
    ['complete', 'cancel'],
    ['cancel', 'complete'],
  ] as const) {
    it(`${second} after the other tab chose ${first}: the reason is shown and the row refreshed`, async () => {
      const { id: orderId, orderNo } = await pendingOrder();
      const url = `/dashboard/admin/logs/sms-orders?keyword=${orderNo}`;
      await stale.goto(url);
      await stale.getByTestId(`order-${second}-${orderId}`).waitFor();
      await settle(stale);

      // The other tab settles the order first.
      await other.goto(url);
      await other.getByTestId(`order-${first}-${orderId}`).click();
      await confirm(other);
      await expect
        .poll(() => rowOf(other, orderId).textContent())
        .toContain(first === 'complete' ? words.completed : words.cancelled);

      // The stale tab still offers the action; the server refuses it.
      await stale.getByTestId(`order-${second}-${orderId}`).click();
      await confirm(stale);
      await toast(stale, second === 'cancel' ? words.cancelFailed : words.completeFailed).waitFor();
      await expect
        .poll(() => rowOf(stale, orderId).textContent())
        .toContain(first === 'complete' ? words.completed : words.cancelled);
      expect(await stale.getByTestId(`order-${second}-${orderId}`).count()).toBe(0);
      // The confirmation closes: the failure is told by the message, not by a dialog left open.
      await stale.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
      await saveScreenshot(stale, locale, `order-${second}-after-${first}-failed`, { fullPage: false });

      // Nothing was done twice: one settlement, and a cancelled order refunded once.
      const order = await callApi<{ status: string; amount: string; refundedAmount: string }>(
        baseUrl(),
        `/api/admin/orders/${orderId}`,
        { token: admin },
      );
      expect(order.body.data.status).toBe(first === 'complete' ? 'completed' : 'cancelled');
      expect(order.body.data.refundedAmount).toBe(first === 'complete' ? '0.000000' : order.body.data.amount);
    });
  }
});
