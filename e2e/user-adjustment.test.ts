import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, E2E_ADMIN, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure, toast } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    adjust: string;
    deduct: string;
    negative: string;
    done: (balance: string) => string;
    reward: string;
    manualRecharge: string;
    recharge: string;
  }
> = {
  'zh-CN': {
    manualRecharge: '人工充值',
    recharge: '充值',
    adjust: '调整余额',
    deduct: '扣除',
    negative: '扣除后余额将为负数，不能扣除超过当前余额的金额。',
    done: (balance) => `余额已调整，当前余额 ${balance} USDT`,
    reward: '奖励',
  },
  'en-US': {
    manualRecharge: 'Manual recharge',
    recharge: 'Recharge',
    adjust: 'Adjust balance',
    deduct: 'Deduct',
    negative: 'The balance would go below zero: you cannot deduct more than the current balance.',
    done: (balance) => `Balance adjusted; it is now ${balance} USDT`,
    reward: 'Reward',
  },
};

type Entry = { amount: string; balanceAfter: string; note: string; type: string };

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const login = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword, captchaCode: 'off' },
  });
  adminToken = login.body.data.token;
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for drawers and dialogs to finish sliding in, then for the page to settle, before a screenshot. */
async function still(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await settle(page);
}

const entriesOf = async (userId: number) =>
  (await callApi<{ list: Entry[] }>(baseUrl(), `/api/admin/users/${userId}/ledger`, { token: adminToken }))
    .body.data.list;

describe.each(LOCALES)('an administrator adjusts a balance (%s)', (locale) => {
  const words = WORDS[locale];
  const account: Account = newAccount('adj');
  let userId: number;
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  /** Opens the adjustment dialog of the journey's user from the user list. */
  async function openDialog() {
    await page.getByTestId(`user-adjust-${account.username}`).click();
    await page.getByTestId('adjust-form').waitFor();
  }

  beforeAll(async () => {
    await registerCustomer(baseUrl(), account);
    const found = await callApi<{ list: { userId: number }[] }>(
      baseUrl(),
      `/api/admin/users?keyword=${account.username}`,
      { token: adminToken },
    );
    userId = found.body.data.list[0]!.userId;
    context = await newAppContext(browser, locale);
    page = await context.newPage();
    await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
    await page.goto(`/dashboard/admin/user-manage?keyword=${account.username}`);
    await page.getByTestId(`user-link-${account.username}`).waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows the balance before and after in the confirmation, then adds it exactly once on a double click', async () => {
    await openDialog();
    await page.getByTestId('adjust-amount').fill('12.5');
    await page.getByTestId('adjust-note').fill('e2e welcome bonus');
    await expect.poll(() => page.getByTestId('adjust-preview').textContent()).toContain('12.500000');
    await still(page);
    await saveScreenshot(page, locale, 'user-adjust-form');

    await page.getByTestId('adjust-next').click();
    await expect.poll(() => page.getByTestId('adjust-before').textContent()).toContain('0.000000 USDT');
    expect(await page.getByTestId('adjust-after').textContent()).toContain('12.500000 USDT');
    await still(page);
    await saveScreenshot(page, locale, 'user-adjust-confirm');

    await page.getByTestId('adjust-confirm').dblclick();
    await toast(page, words.done('12.500000')).waitFor();
    await page.getByTestId('adjust-modal').waitFor({ state: 'hidden' });
    const entries = await entriesOf(userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'reward',
      amount: '12.500000',
      balanceAfter: '12.500000',
      note: 'e2e welcome bonus',
    });
    await still(page);
    await saveScreenshot(page, locale, 'user-adjust-done');
  });

  it('refuses a deduction below zero before sending it, then deducts what the balance covers', async () => {
    await openDialog();
    await page.getByTestId('adjust-type').getByText(words.deduct, { exact: true }).click();
    await page.getByTestId('adjust-amount').fill('20');
    await page.getByTestId('adjust-note').fill('too much');
    await page.getByTestId('adjust-next').click();
    await page.getByText(words.negative).waitFor();
    expect(await page.getByTestId('adjust-confirm').isDisabled()).toBe(true);
    await still(page);
    await saveScreenshot(page, locale, 'user-adjust-negative');

    await page.getByRole('button', { name: locale === 'zh-CN' ? '返回修改' : 'Back' }).click();
    await page.getByTestId('adjust-amount').fill('2.25');
    await page.getByTestId('adjust-next').click();
    expect(await page.getByTestId('adjust-after').textContent()).toContain('10.250000 USDT');
    await page.getByTestId('adjust-confirm').click();
    await toast(page, words.done('10.250000')).waitFor();
    expect((await entriesOf(userId)).map((e) => e.amount)).toEqual(['-2.250000', '12.500000']);
  });

  it("shows the entries in the user's detail drawer, and reconciliation finds nothing wrong", async () => {
    await page.getByTestId(`user-link-${account.username}`).click();
    await expect.poll(() => page.getByTestId('detail-balance').textContent()).toContain('10.250000');
    await page.getByTestId('user-ledger').getByText('-2.250000').waitFor();
    await still(page);
    await saveScreenshot(page, locale, 'user-detail-ledger');
    const check = await callApi<{ mismatchCount: number }>(baseUrl(), '/api/admin/finance/reconciliation', {
      token: adminToken,
    });
    expect(check.body.data.mismatchCount).toBe(0);
  });

  it('the customer sees both entries and the new balance in their finance detail', async () => {
    const own = await newAppContext(browser, locale);
    try {
      const customer = await own.newPage();
      await logIn(customer, account, '/dashboard/finance-detail');
      await customer.getByTestId('finance-table').getByText('+12.500000').waitFor();
      await customer.getByTestId('finance-table').getByText(words.reward).first().waitFor();
      expect(await customer.getByTestId('finance-balance').textContent()).toContain('10.250000');
      await still(customer);
      await saveScreenshot(customer, locale, 'finance-detail-customer');
    } finally {
      await own.close();
    }
  });

  it('a manual recharge (money received off-chain) is entered and shown as a recharge', async () => {
    // The detail drawer of the test before is still open over the list.
    await page.reload();
    await openDialog();
    await page.getByTestId('adjust-type').getByText(words.manualRecharge, { exact: true }).click();
    await page.getByTestId('adjust-amount').fill('5');
    await page.getByTestId('adjust-note').fill('bank transfer e2e');
    await still(page);
    await saveScreenshot(page, locale, 'user-adjust-manual-recharge');
    await page.getByTestId('adjust-next').click();
    expect(await page.getByTestId('adjust-after').textContent()).toContain('15.250000 USDT');
    await page.getByTestId('adjust-confirm').click();
    await toast(page, words.done('15.250000')).waitFor();
    expect((await entriesOf(userId))[0]).toMatchObject({
      type: 'recharge',
      amount: '5.000000',
      note: 'bank transfer e2e',
    });
    const own = await newAppContext(browser, locale);
    try {
      const customer = await own.newPage();
      await logIn(customer, account, '/dashboard/finance-detail');
      const row = customer.getByTestId('finance-table').locator('tbody tr').filter({ hasText: '+5.000000' });
      await row.first().waitFor();
      expect(await row.first().textContent()).toContain(words.recharge);
    } finally {
      await own.close();
    }
  });
});
