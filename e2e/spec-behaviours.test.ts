import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import { logIn, settle, skipRestOfJourneyAfterFailure, toast } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, customerWithDayRental, rentableNumbers } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/**
 * Behaviours of the spec that were built without a browser test: the permission sources of §6
 * (role call, then the menu, then the type's defaults), discarding an unreadable stored user (§4),
 * a list whose load fails, an announcement that does not exist (§8) and draggable dialogs (§1).
 */
const WORDS: Record<Locale, { serverError: string; notFound: string; finishTitle: string }> = {
  'zh-CN': { serverError: '服务器内部错误', notFound: '公告详情不存在', finishTitle: '结束使用？' },
  'en-US': {
    serverError: 'Internal server error',
    notFound: 'Announcement details not found',
    finishTitle: 'Finish?',
  },
};
const ROLE_CALL = '**/api/system/user-roles/current**';
const MENU_CALL = '**/api/menus/user-menus**';
const failWith500 = (page: Page, pattern: string) =>
  page.route(pattern, (route) =>
    route.fulfill({ status: 500, json: { code: 500, message: null, data: null } }),
  );

const storedPermissions = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('permissions') ?? 'null') as string[] | null);

let browser: Browser;
let appId: number;
let admin: string;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  appId = await rentableNumbers(admin, 'GB', 2);
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('spec behaviours in the browser (%s)', (locale) => {
  const words = WORDS[locale];
  const account = newAccount('spec');
  let context: BrowserContext;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    await customerWithDayRental(admin, account, appId);
    context = await newAppContext(browser, locale, { width: 1440 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('§6: with the role call failing, permissions come from the menu', async () => {
    const page = await context.newPage();
    await failWith500(page, ROLE_CALL);
    const menuCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/menus/user-menus')) menuCalls.push(r.url());
    });
    await logIn(page, account, '/dashboard/api-manage');
    await page.getByTestId('rentals-table').waitFor();
    expect(menuCalls.length, 'the menu was asked').toBeGreaterThan(0);
    expect(await storedPermissions(page)).toContain('api:manage');
    expect(await page.locator('[data-testid=forbidden]').count()).toBe(0);
    await page.close();
  });

  it('§6: with the role call and the menu failing, the customer type defaults apply', async () => {
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await failWith500(page, ROLE_CALL);
    await failWith500(page, MENU_CALL);
    await logIn(page, account, '/dashboard/api-manage');
    await page.getByTestId('rentals-table').waitFor();
    const permissions = await storedPermissions(page);
    expect(permissions).toContain('api:manage');
    expect(permissions, 'no administrator permission among the defaults').not.toContain('admin:user:list');
    await page.close();
  });

  it('§4: an unreadable stored user is discarded and read again from the server', async () => {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').waitFor();
    await page.evaluate(() => localStorage.setItem('user', '{"username": not json'));
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    await settle(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const stored = await page.evaluate(() => localStorage.getItem('user'));
    expect(
      stored === null || (JSON.parse(stored) as { username: string }).username === account.username,
    ).toBe(true);
    await page.close();
  });

  it('§8: a list whose load fails says so, in the language of the page', async () => {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').waitFor();
    await failWith500(page, '**/api/rentals?**');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/dashboard/api-manage');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await toast(page, words.serverError).waitFor();
    await page.getByTestId('rentals-table').waitFor();
    await saveScreenshot(page, locale, 'spec-list-load-failed', { fullPage: false });
    await page.close();
  });

  it('§8: an announcement that does not exist says "announcement details not found"', async () => {
    const page = await context.newPage();
    await page.goto('/dashboard?announcement=987654321');
    const notFound = page.getByTestId('announcement-not-found');
    await notFound.waitFor();
    expect(await notFound.textContent()).toContain(words.notFound);
    await saveScreenshot(page, locale, 'spec-announcement-not-found', { fullPage: false });
    await page.close();
  });

  it('§1: a dialog moves with its title bar', async () => {
    const page = await context.newPage();
    await page.goto('/dashboard/api-manage');
    const table = page.getByTestId('rentals-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await table
      .locator('tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: /^(完\s?成|Finish)$/ })
      .click();
    const title = page.locator('.ant-modal-confirm-title').filter({ hasText: words.finishTitle });
    await title.waitFor();
    await settle(page);
    const dialog = page.locator('.ant-modal').filter({ has: title });
    const before = (await dialog.boundingBox())!;
    const grip = (await title.boundingBox())!;
    await page.mouse.move(grip.x + 10, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x - 110, grip.y + grip.height / 2 + 80, { steps: 8 });
    await page.mouse.up();
    const after = (await dialog.boundingBox())!;
    expect(Math.round(after.x - before.x)).toBe(-120);
    expect(Math.round(after.y - before.y)).toBe(80);
    await saveScreenshot(page, locale, 'spec-dialog-dragged', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.close();
  });
});
