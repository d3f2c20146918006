import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, E2E_ADMIN, newAccount } from './support/accounts';
import { registerCustomer } from './support/api';
import { fieldError, logIn, settle, skipRestOfJourneyAfterFailure, toast } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { makePng } from './support/png';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    typeRequired: string;
    descriptionMin: string;
    type: string;
    urgent: string;
    submitted: string;
    processing: string;
    completed: string;
    replySent: string;
    rated: string;
    excellent: string;
    supportStartedProcessing: string;
    replyFailed: string;
    ratingFailed: string;
    fileRefused: string;
  }
> = {
  'zh-CN': {
    typeRequired: '请选择工单类型',
    descriptionMin: '问题描述至少 10 个字符',
    type: '充值问题',
    urgent: '加急提交',
    submitted: '工单提交成功',
    processing: '处理中',
    completed: '已完成',
    replySent: '回复成功',
    rated: '评价成功，感谢您的反馈',
    excellent: '非常好',
    supportStartedProcessing: '客服 将工单从「待处理」改为「处理中」',
    replyFailed: '回复失败：',
    ratingFailed: '评价失败：',
    fileRefused: 'manual.pdf 的内容不是允许的类型（JPG、PNG、GIF、WebP、PDF、DOC、DOCX、TXT、ZIP）',
  },
  'en-US': {
    typeRequired: 'Please choose the ticket type',
    descriptionMin: 'The description needs at least 10 characters',
    type: 'Recharge',
    urgent: 'Urgent',
    submitted: 'Ticket submitted',
    processing: 'Processing',
    completed: 'Completed',
    replySent: 'Reply sent',
    rated: 'Thank you for your rating',
    excellent: 'Excellent',
    supportStartedProcessing: 'Support changed the ticket from Pending to Processing',
    replyFailed: 'Reply failed: ',
    ratingFailed: 'Rating failed: ',
    fileRefused:
      'The content of manual.pdf is not an allowed type (JPG, PNG, GIF, WebP, PDF, DOC, DOCX, TXT, ZIP)',
  },
};

const DESKTOP = { width: 1440, height: 900 };

/** A small real PDF (spec §5 allows pdf attachments) and a program renamed to .pdf. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const RENAMED_PROGRAM = Buffer.from('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode');
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for drawers, dialogs and toasts to finish moving, then for the page to settle. */
async function still(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await settle(page);
}

/** Nothing on the page is wider than the screen (tables scroll inside themselves). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The elements reaching past the screen's right edge, to name in a failure. */
const widest = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} (${Math.round(e.getBoundingClientRect().right)})`,
      )
      .join(' | '),
  );

/** Confirms the open Popconfirm. */
async function confirmPopover(page: Page) {
  const confirm = page.locator(
    '.ant-popconfirm:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary',
  );
  await confirm.waitFor();
  await confirm.click();
}

describe.each(LOCALES)('a support ticket from submission to rating (%s)', (locale) => {
  const words = WORDS[locale];
  const account: Account = newAccount('tkt');
  const title = `Deposit not credited ${locale}`;
  const reply = `We found your deposit and credited it (${locale}).`;
  let customerContext: BrowserContext;
  let adminContext: BrowserContext;
  let customer: Page;
  let admin: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    await registerCustomer(baseUrl(), account);
    customerContext = await newAppContext(browser, locale);
    adminContext = await newAppContext(browser, locale);
    customer = await customerContext.newPage();
    admin = await adminContext.newPage();
    await customer.setViewportSize(DESKTOP);
    await admin.setViewportSize(DESKTOP);
    await logIn(customer, account, '/dashboard/work-order');
    await logIn(admin, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
  });
  afterAll(async () => {
    await customerContext?.close();
    await adminContext?.close();
  });

  it('the customer is told what is missing, then submits a ticket with an image and a PDF', async () => {
    await customer.getByTestId('work-order-form').waitFor();
    await customer.locator('[data-testid=work-order-form] textarea').fill('too short');
    await customer.locator('[data-testid=work-order-form] button[type=submit]').click();
    await fieldError(customer, words.typeRequired).waitFor();
    await fieldError(customer, words.descriptionMin).waitFor();

    await customer.getByTestId('work-order-type').click();
    await customer
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: words.type })
      .click();
    await customer.locator('[data-testid=work-order-form] input#title').fill(title);
    await customer
      .locator('[data-testid=work-order-form] textarea')
      .fill('I sent 50 USDT to my deposit address an hour ago and my balance did not change.');
    await customer.locator('[data-testid=work-order-images] input[type=file]').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: makePng(64, [22, 119, 255], [250, 250, 250]),
    });
    // Checked by content on pick: a program named .pdf is refused with the reason, a real PDF taken.
    await customer.locator('[data-testid=work-order-images] input[type=file]').setInputFiles({
      name: 'manual.pdf',
      mimeType: 'application/pdf',
      buffer: RENAMED_PROGRAM,
    });
    await toast(customer, words.fileRefused).waitFor();
    await customer.locator('[data-testid=work-order-images] input[type=file]').setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await customer.getByTestId('work-order-priority').getByText(words.urgent).click();
    await expect
      .poll(() => customer.locator('[data-testid=work-order-images] .ant-upload-list-item').count())
      .toBe(2);
    await still(customer);
    await saveScreenshot(customer, locale, 'tickets-submit-form');

    await customer.locator('[data-testid=work-order-form] button[type=submit]').click();
    await toast(customer, words.submitted).waitFor();
    await customer.waitForURL(/work-order-record\?ticket=\d+/);
    await customer.getByTestId('my-ticket-drawer').getByText(title).first().waitFor();
    await customer
      .getByTestId('ticket-conversation')
      .getByTestId('ticket-image')
      .locator('img[src^="data:image/png"]')
      .waitFor();
    await customer
      .getByTestId('ticket-conversation')
      .getByTestId('ticket-file')
      .filter({ hasText: 'statement.pdf' })
      .waitFor();
    await still(customer);
    await saveScreenshot(customer, locale, 'tickets-my-ticket-new');
  });

  it('the administrator finds it in the queue, assigns it, starts processing and replies', async () => {
    await admin.goto(`/dashboard/admin/ticket-manage?user=${account.username}`);
    const row = admin.getByTestId('admin-tickets-table').locator('tbody tr').filter({ hasText: title });
    await row.waitFor();
    await still(admin);
    await saveScreenshot(admin, locale, 'tickets-admin-queue');

    await row.locator('[data-testid^=admin-ticket-]').click();
    const drawer = admin.getByTestId('admin-ticket-drawer');
    await drawer.getByTestId('ticket-image').locator('img[src^="data:image/png"]').waitFor();
    // The PDF is a download, through the staff route with the session, byte for byte.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      drawer.getByTestId('ticket-file').filter({ hasText: 'statement.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('statement.pdf');
    const saved = await download.path();
    expect((await readFile(saved)).equals(PDF)).toBe(true);

    await drawer.getByTestId('ticket-assignee').click();
    await admin
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: E2E_ADMIN.adminUsername })
      .click();
    await expect
      .poll(() => drawer.getByTestId('ticket-assignee').textContent())
      .toContain(E2E_ADMIN.adminUsername);

    await drawer.getByTestId('ticket-move-processing').click();
    await confirmPopover(admin);
    await expect
      .poll(() => drawer.getByTestId('ticket-status').first().textContent(), { timeout: 15_000 })
      .toBe(words.processing);

    await drawer.locator('[data-testid=admin-ticket-reply] textarea').fill(reply);
    await drawer.locator('[data-testid=admin-ticket-reply] button[type=submit]').click();
    await toast(admin, words.replySent).waitFor();
    await drawer.getByTestId('ticket-reply').filter({ hasText: reply }).waitFor();
    await still(admin);
    await saveScreenshot(admin, locale, 'tickets-admin-drawer');
  });

  it('the customer sees the reply appear without reloading', async () => {
    // The customer's drawer has stayed open since the submission: no reload, no navigation.
    await customer
      .getByTestId('my-ticket-drawer')
      .getByTestId('ticket-reply')
      .filter({ hasText: reply })
      .waitFor({ timeout: 20_000 });
    await customer
      .getByTestId('my-ticket-drawer')
      .getByTestId('ticket-status')
      .filter({ hasText: words.processing })
      .waitFor();
    // Status lines speak as support, as replies do: never the staff member's login name.
    const change = customer.getByTestId('my-ticket-drawer').getByTestId('ticket-status-change').first();
    expect(await change.textContent()).toContain(words.supportStartedProcessing);
    const lines = await customer
      .getByTestId('my-ticket-drawer')
      .getByTestId('ticket-status-change')
      .allTextContents();
    for (const line of lines) expect(line).not.toContain(E2E_ADMIN.adminUsername);
    await still(customer);
    await saveScreenshot(customer, locale, 'tickets-my-ticket-reply');
  });

  it('a reply that cannot be sent (the network cut) says that the reply failed, and keeps the text', async () => {
    await customer.route('**/api/tickets/*/replies', (route) => route.abort('internetdisconnected'));
    const box = customer.locator('[data-testid=my-ticket-reply] textarea');
    await box.fill('Is it credited now?');
    await customer.locator('[data-testid=my-ticket-reply] button[type=submit]').click();
    await toast(customer, words.replyFailed).waitFor();
    expect(await box.inputValue()).toBe('Is it credited now?');
    await customer.unroute('**/api/tickets/*/replies');
    await box.fill('');
  });

  it('with the ticket closed, completing it shows an unread badge in the menu', async () => {
    await customer.getByTestId('my-ticket-drawer').locator('.ant-drawer-close').click();
    await customer.getByTestId('my-ticket-drawer').waitFor({ state: 'hidden' });

    const drawer = admin.getByTestId('admin-ticket-drawer');
    await drawer.getByTestId('ticket-move-completed').click();
    await confirmPopover(admin);
    await expect
      .poll(() => drawer.getByTestId('ticket-status').first().textContent(), { timeout: 15_000 })
      .toBe(words.completed);

    const badge = customer.getByTestId('sidebar').getByTestId('menu-badge-tickets').last();
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toBe('1');
    const ticketRow = customer.getByTestId('my-tickets-table').locator('tbody tr').filter({ hasText: title });
    await expect
      .poll(() => ticketRow.getByTestId('ticket-status').textContent(), { timeout: 20_000 })
      .toBe(words.completed);
    await still(customer);
    await saveScreenshot(customer, locale, 'tickets-unread-badge');
  });

  it('the customer opens it, rates it five stars once, and the badge is gone', async () => {
    await customer.getByTestId('my-tickets-table').locator('[data-testid^=my-ticket-]').first().click();
    const drawer = customer.getByTestId('my-ticket-drawer');
    await drawer.getByTestId('ticket-rating-form').waitFor();
    await drawer.getByTestId('ticket-rating-stars').locator('.ant-rate-star').nth(4).click();
    await drawer.locator('[data-testid=ticket-rating-form] textarea').fill('Fast and clear, thank you.');
    // First with the network cut: the rating's own failure message, the form still there to retry.
    await customer.route('**/api/tickets/*/rating', (route) => route.abort('internetdisconnected'));
    await drawer.locator('[data-testid=ticket-rating-form] button[type=submit]').click();
    await toast(customer, words.ratingFailed).waitFor();
    await customer.unroute('**/api/tickets/*/rating');
    await drawer.locator('[data-testid=ticket-rating-form] button[type=submit]').click();
    await toast(customer, words.rated).waitFor();
    await drawer.getByTestId('ticket-rated').getByText(words.excellent).waitFor();
    expect(await drawer.getByTestId('ticket-rating-form').count()).toBe(0);
    await expect
      .poll(() => customer.getByTestId('sidebar').getByTestId('menu-badge-tickets').count(), {
        timeout: 20_000,
      })
      .toBe(0);
    await still(customer);
    await saveScreenshot(customer, locale, 'tickets-rated');
  });

  it('on a 390 px phone every ticket screen fits the screen', async () => {
    for (const [page, name, path] of [
      [customer, 'tickets-phone-submit', '/dashboard/work-order'],
      [customer, 'tickets-phone-records', '/dashboard/work-order-record'],
      [admin, 'tickets-phone-admin-queue', `/dashboard/admin/ticket-manage?user=${account.username}`],
      [admin, 'tickets-phone-admin-sla', '/dashboard/admin/ticket-manage?view=sla'],
    ] as const) {
      await page.setViewportSize(PHONE);
      await page.goto(path);
      await page.getByTestId('user-menu').waitFor();
      await still(page);
      await saveScreenshot(page, locale, name);
      expect(await pageWidth(page), `${name}: ${await widest(page)}`).toBeLessThanOrEqual(PHONE.width);
    }
    await customer.getByTestId('my-tickets-table').locator('[data-testid^=my-ticket-]').first().click();
    await customer.getByTestId('my-ticket-drawer').getByTestId('ticket-rated').waitFor();
    await still(customer);
    expect(await pageWidth(customer)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(customer, locale, 'tickets-phone-my-ticket');
  });
});
