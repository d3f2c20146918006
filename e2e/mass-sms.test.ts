import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { createSender, recordPageErrors } from './support/mass-sms';
import { saveScreenshot } from './support/screenshots';
import { adminToken } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  { title: string; pending: string; approved: string; rejected: string; review: string; segments: string }
> = {
  'zh-CN': {
    title: '短信模板',
    pending: '待审核',
    approved: '已通过',
    rejected: '已驳回',
    review: '审核',
    segments: '1 条短信',
  },
  'en-US': {
    title: 'SMS templates',
    pending: 'Pending review',
    approved: 'Approved',
    rejected: 'Rejected',
    review: 'Review',
    segments: '1 SMS',
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

describe.each(LOCALES)(
  'a template is written, previewed, submitted, rejected, fixed and approved (%s)',
  (locale) => {
    const words = WORDS[locale];
    let senderContext: BrowserContext;
    let adminContext: BrowserContext;
    let sender: Page;
    let reviewer: Page;
    let errors: Error[] = [];
    const name = `Code ${locale} ${Date.now()}`;
    skipRestOfJourneyAfterFailure();

    beforeAll(async () => {
      const account = await createSender(await adminToken(), 'tpl');
      senderContext = await newAppContext(browser, locale);
      sender = await senderContext.newPage();
      errors = recordPageErrors(sender);
      await logIn(sender, account, '/dashboard/templates');
      adminContext = await newAppContext(browser, locale);
      reviewer = await adminContext.newPage();
      errors.push(...recordPageErrors(reviewer));
      await logIn(reviewer, admin, '/dashboard/templates');
    });
    afterAll(async () => {
      await senderContext?.close();
      await adminContext?.close();
    });

    it('writes a template with variables and sees the message and its segments in the preview', async () => {
      await expect.poll(() => sender.getByTestId('templates-page').textContent()).toContain(words.title);
      await sender.getByTestId('template-add').click();
      await sender.getByTestId('template-name').fill(name);
      await sender.getByTestId('template-content').fill('Hi {name}, your code is {code}.');
      await sender.getByTestId('template-sample-name').fill('Ann');
      await sender.getByTestId('template-sample-code').fill('4821');
      await expect
        .poll(() => sender.getByTestId('template-preview-text').textContent())
        .toBe('Hi Ann, your code is 4821.');
      expect(await sender.getByTestId('template-segments').textContent()).toContain('GSM-7');
      expect(await sender.getByTestId('template-segments').textContent()).toContain(words.segments);
      // A Chinese text switches the count to UCS-2 (70 per SMS): 80 characters are 2 SMS.
      await sender.getByTestId('template-content').fill(`${'验'.repeat(79)}{code}`);
      await expect.poll(() => sender.getByTestId('template-segments').textContent()).toContain('UCS-2');
      await saveScreenshot(sender, locale, 'mass-sms-template-preview');
      await sender.getByTestId('template-content').fill('Hi {name}, your code is {code}.');
      await sender.getByTestId('template-submit').click();
      const row = sender.getByTestId('template-table').locator('tr', { hasText: name });
      await expect.poll(() => row.textContent()).toContain(words.pending);
      await settle(sender);
      await saveScreenshot(sender, locale, 'mass-sms-templates-mine');
    });

    it('the administrator rejects it with a reason, which the author reads', async () => {
      await reviewer.getByTestId('tab-review').click();
      await expect.poll(() => reviewer.url()).toContain('tab=review');
      const row = reviewer.getByTestId('review-table').locator('tr', { hasText: name });
      await expect.poll(() => row.count()).toBe(1);
      await row.locator('[data-testid^="template-reject-"]').click();
      await reviewer.getByTestId('reject-reason').fill('Add the company name');
      await reviewer.getByTestId('reject-confirm').click();
      await expect.poll(() => row.count()).toBe(0);
      await sender.reload();
      const mine = sender.getByTestId('template-table').locator('tr', { hasText: name });
      await expect.poll(() => mine.textContent()).toContain(words.rejected);
      expect(await mine.textContent()).toContain('Add the company name');
    });

    it('the author fixes it (back to pending) and the administrator approves it', async () => {
      const mine = sender.getByTestId('template-table').locator('tr', { hasText: name });
      await mine.locator('[data-testid^="template-edit-"]').click();
      // The form is filled with the saved template first.
      await expect.poll(() => sender.getByTestId('template-content').inputValue()).toContain('{code}');
      await sender.getByTestId('template-content').fill('Jiema: hi {name}, your code is {code}.');
      await sender.getByTestId('template-submit').click();
      await expect.poll(() => mine.textContent()).toContain(words.pending);
      await reviewer.reload();
      await reviewer.getByTestId('tab-review').click();
      const row = reviewer.getByTestId('review-table').locator('tr', { hasText: name });
      await expect.poll(() => row.count()).toBe(1);
      await settle(reviewer);
      await saveScreenshot(reviewer, locale, 'mass-sms-template-review');
      await row.locator('[data-testid^="template-approve-"]').click();
      await reviewer.locator('[data-testid^="approve-confirm-"]').click();
      await expect.poll(() => row.count()).toBe(0);
      await sender.reload();
      await expect.poll(() => mine.textContent()).toContain(words.approved);
    });

    it('fits a 390 px phone screen, the table scrolling inside itself', async () => {
      await sender.setViewportSize({ width: 390, height: 844 });
      await sender.reload();
      await expect.poll(() => sender.getByTestId('templates-page').textContent()).toContain(words.title);
      await settle(sender);
      expect(await sender.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(sender, locale, 'mass-sms-templates-390');
      expect(errors.map(String)).toEqual([]);
    });
  },
);
