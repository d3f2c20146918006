import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    kazakhstan: string;
    sameAsLine1: string;
    added: (n: string) => string;
    importButton: string;
    andorraDisabled: string;
  }
> = {
  'zh-CN': {
    andorraDisabled: '安道尔 (AD) 已停用：1 个有效号码可以添加，但在启用该国家之前商店不会出售。',
    kazakhstan: '属于其他国家：哈萨克斯坦 (KZ)',
    sameAsLine1: '与第 1 行号码相同',
    added: (n) => `已添加 ${n} 个号码`,
    importButton: '导入 4 个新号码',
  },
  'en-US': {
    andorraDisabled:
      'Andorra (AD) is disabled: the 1 valid number(s) can be added, but the store will not offer them until the country is enabled.',
    kazakhstan: 'A number of another country: Kazakhstan (KZ)',
    sameAsLine1: 'Same number as line 1',
    added: (n) => `${n} numbers added`,
    importButton: 'Import 4 new numbers',
  },
};

/** Mixed input: 4 new numbers, 3 invalid lines, 1 duplicate of line 1. Each locale uses its own range. */
const mixedLines = (series: string) =>
  [
    `+7 ${series} 123-45-67`,
    `8 (${series}) 765-43-21`,
    `7${series}1112233,mts`,
    'hello',
    '+77011234567',
    '+7 800 555-35-35',
    `+7${series}1234567`,
    `"+7${series}5556677";"MegaFon"`,
  ].join('\n');

const admin = { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function chooseCountry(page: Page, code: string) {
  await page.getByTestId('batch-country').click();
  await page.keyboard.type(code);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `(${code})` })
    .first()
    .click();
}

const statistic = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.ant-statistic-content-value').textContent();

describe.each(LOCALES)('an administrator adds numbers in a batch (%s)', (locale) => {
  const words = WORDS[locale];
  const series = locale === 'zh-CN' ? '912' : '913';
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    page = await context.newPage();
    await logIn(page, admin, '/dashboard/admin/phone-numbers/batch-add');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('pastes numbers and previews every line with its reason before writing anything', async () => {
    await page.getByTestId('batch-add-form').waitFor();
    await settle(page);
    await chooseCountry(page, 'RU');
    await page.getByTestId('batch-source').locator('input').fill(`e2e-${locale}`);
    await page.getByTestId('batch-text').fill(mixedLines(series));
    await saveScreenshot(page, locale, 'batch-add-form');
    await page.getByTestId('batch-check').click();

    await page.getByTestId('preview-table').waitFor();
    await settle(page);
    expect(await statistic(page, 'count-total')).toBe('8');
    expect(await statistic(page, 'count-valid')).toBe('4');
    expect(await statistic(page, 'count-invalid')).toBe('3');
    expect(await statistic(page, 'count-duplicate-file')).toBe('1');
    expect(await statistic(page, 'count-duplicate-stock')).toBe('0');
    const table = page.getByTestId('preview-table');
    await expect.poll(() => table.textContent()).toContain(words.kazakhstan);
    await saveScreenshot(page, locale, 'batch-add-preview');

    await page.getByTestId('preview-status').locator('.ant-segmented-item').nth(3).click();
    await expect.poll(() => table.textContent()).toContain(words.sameAsLine1);
  });

  it('imports the valid new numbers in one go and shows them in the list', async () => {
    const importButton = page.getByTestId('import-commit');
    expect(await importButton.textContent()).toContain(words.importButton);
    await importButton.click();
    await page.getByTestId('import-done').waitFor();
    expect(await page.getByTestId('import-done').textContent()).toContain(words.added('4'));
    await settle(page);
    await saveScreenshot(page, locale, 'batch-add-done');

    await page.getByTestId('import-view-numbers').click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard/admin/phone-numbers' && url.search.includes('addRecordId'),
    );
    await settle(page);
    const rows = page.getByTestId('phone-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.getByTestId('phone-table').textContent()).toContain(`+7${series}1234567`);
    await saveScreenshot(page, locale, 'batch-add-numbers');
  });

  it('shows a progress bar while a large file is checked, then imports it', async () => {
    const first = locale === 'zh-CN' ? 0 : 5_000_000;
    const lines = Array.from({ length: 40_000 }, (_, i) => `+7914${String(first + i).padStart(7, '0')}`);
    await page.goto('/dashboard/admin/phone-numbers/batch-add');
    await page.getByTestId('batch-add-form').waitFor();
    await settle(page);
    await chooseCountry(page, 'RU');
    await page.getByTestId('batch-source').locator('input').fill(`e2e-big-${locale}`);
    await page.getByRole('tab', { name: /TXT/ }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'numbers.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(lines.join('\n')),
    });
    await page.getByTestId('batch-check').click();
    const progress = page.getByTestId('analyse-progress');
    const commit = page.getByTestId('import-commit');
    await Promise.race([progress.waitFor({ timeout: 60_000 }), commit.waitFor({ timeout: 60_000 })]);
    if (await progress.isVisible()) await saveScreenshot(page, locale, 'batch-add-progress');
    await commit.waitFor({ timeout: 60_000 });
    expect(await statistic(page, 'count-valid')).toBe('40,000');
    await commit.click();
    await page.getByTestId('import-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-done').textContent()).toContain(words.added('40,000'));
  });

  it('says in the preview that the numbers of a disabled country will not be sold', async () => {
    await page.goto('/dashboard/admin/phone-numbers/batch-add');
    await page.getByTestId('batch-add-form').waitFor();
    await settle(page);
    await chooseCountry(page, 'AD'); // Andorra: seeded disabled
    await page.getByTestId('batch-source').locator('input').fill(`e2e-disabled-${locale}`);
    await page.getByTestId('batch-text').fill(locale === 'zh-CN' ? '+376 612 345' : '+376 612 346');
    await page.getByTestId('batch-check').click();
    await page.getByTestId('preview-table').waitFor();
    await settle(page);
    const alert = page.getByTestId('disabled-country-alert');
    expect(await alert.textContent()).toContain(words.andorraDisabled);
    expect(await statistic(page, 'count-valid')).toBe('1');
    await saveScreenshot(page, locale, 'batch-add-preview-disabled-country');
    await page.getByTestId('import-cancel').click();
    await page.getByTestId('batch-add-form').waitFor();
  });
});
