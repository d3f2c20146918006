import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, settle } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, type Locale, TEXTS } from './support/texts';

type Operation = { summary: string; description?: string; tags: string[] };
type OpenApi = {
  tags: Array<{ name: string; 'x-displayName': string }>;
  paths: Record<string, Record<string, Operation>>;
};

const CJK = /\p{Script=Han}/u;

/** The server's document in one language: what the page must show, read from the server itself. */
async function serverDocument(locale: Locale): Promise<OpenApi> {
  const res = await fetch(`${baseUrl()}/api/openapi.json?lang=${locale}`);
  expect(res.status).toBe(200);
  return (await res.json()) as OpenApi;
}

/** The texts of the public code link, the endpoint integrators call most. */
async function codeLinkTexts(locale: Locale) {
  const document = await serverDocument(locale);
  const operation = document.paths['/api/code/{token}']?.get;
  if (!operation?.description) throw new Error(`GET /api/code/{token} has no description in ${locale}`);
  const tag = document.tags.find((entry) => entry.name === operation.tags[0]);
  return {
    summary: operation.summary,
    // The first sentence of the description, as the page shows it.
    sentence: operation.description.split(/[.。]/)[0] ?? '',
    group: tag?.['x-displayName'] ?? '',
  };
}

/** The collapsed row of one endpoint on the page. */
const endpointRow = (page: Page, method: string, path: string) =>
  page
    .locator('.ant-collapse-item')
    .filter({ has: page.getByText(path, { exact: true }) })
    .filter({ has: page.getByText(method, { exact: true }) });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('/docs in %s', (locale) => {
  const text = TEXTS[locale];
  const zh = locale === 'zh-CN';

  for (const width of [1440, 390]) {
    describe(`at ${width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await newAppContext(browser, locale, { width });
        page = await context.newPage();
      });
      afterAll(async () => {
        await context?.close();
      });

      it('shows the code link in the language: summary, group, description and who may call', async () => {
        const expected = await codeLinkTexts(locale);
        expect(expected.summary).toMatch(zh ? CJK : /^[^\p{Script=Han}]+$/u);
        const openApi = page.waitForResponse((r) => r.url().includes('/api/openapi.json'));
        await page.goto('/docs');
        expect(new URL((await openApi).url()).searchParams.get('lang')).toBe(locale);
        await page.getByRole('heading', { name: text.page.docsTitle, level: 1 }).waitFor();
        // Integrators get the same document for their tools, in the language they read.
        const documentLink = page.getByTestId('docs-document-link').getByRole('link');
        await documentLink.waitFor();
        await expect(documentLink.textContent()).resolves.toBe(`/api/openapi.json?lang=${locale}`);
        await expect(documentLink.getAttribute('href')).resolves.toBe(`/api/openapi.json?lang=${locale}`);

        const row = endpointRow(page, 'GET', '/api/code/{token}');
        await expect(row.getByTestId('docs-summary').textContent()).resolves.toBe(expected.summary);
        await page.getByText(expected.group, { exact: true }).first().waitFor();
        await settle(page);
        await saveScreenshot(page, locale, `api-docs-${width}`, { fullPage: false });
        await row.locator('.ant-collapse-header').click();
        await expect(row.getByTestId('docs-description').textContent()).resolves.toContain(expected.sentence);

        // An endpoint behind a permission says which one, in the language.
        const orders = endpointRow(page, 'POST', '/api/store/orders');
        await orders.locator('.ant-collapse-header').click();
        const access = await orders.getByTestId('docs-description').textContent();
        expect(access).toContain('api:store');
        expect(access).toMatch(zh ? /需要权限/ : /Who may call/);

        await settle(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          'no sideways scrolling',
        ).toBeLessThanOrEqual(0);
        await row
          .locator('.ant-collapse-header')
          .evaluate((header) => header.scrollIntoView({ block: 'start' }));
        await saveScreenshot(page, locale, `api-docs-${width}-code-link`, { fullPage: false });
      });
    });
  }
});

describe('switching the language on /docs', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newAppContext(browser, 'zh-CN', { width: 1440 });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('fetches the document again and shows it in the new language', async () => {
    const [chinese, english] = [await codeLinkTexts('zh-CN'), await codeLinkTexts('en-US')];
    await page.goto('/docs');
    const row = endpointRow(page, 'GET', '/api/code/{token}');
    await expect(row.getByTestId('docs-summary').textContent()).resolves.toBe(chinese.summary);

    const refetch = page.waitForResponse((r) => r.url().includes('/api/openapi.json?lang=en-US'));
    await chooseLanguage(page, 'English');
    expect((await refetch).status()).toBe(200);
    await page.getByText(english.summary, { exact: true }).waitFor();
    await page.getByText(english.group, { exact: true }).first().waitFor();
    await expect(page.getByTestId('docs-document-link').getByRole('link').getAttribute('href')).resolves.toBe(
      '/api/openapi.json?lang=en-US',
    );
    await expect(page.getByText(chinese.summary, { exact: true }).count()).resolves.toBe(0);
    await settle(page);
    await saveScreenshot(page, 'en-US', 'api-docs-after-switch', { fullPage: false });
  });
});
