import { randomUUID } from 'node:crypto';
import { MENU, type MenuEntry } from '@jiema/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { callApi } from './support/api';
import { logIn, settle } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, customerWithDayRental, rentableNumbers } from './support/sms-center';
import { LOCALES } from './support/texts';

/**
 * The lists at 1440 px, as the administrator sees them, with rows in them (an order, a rental, its
 * phone usage, ledger entries): each fits the page, no column hidden behind the fixed actions
 * column, a long value cut with an ellipsis that shows it whole on hover.
 */
const WIDTH = 1440;

const leaves = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.flatMap((e) => [...(e.path ? [e] : []), ...leaves(e.children ?? [])]);
const PATHS = leaves(MENU).map((e) => e.path!);

type TableLayout = {
  scrollWidth: number;
  clientWidth: number;
  /** Cells whose text runs past their box without an ellipsis and a title to read it whole. */
  cut: string[];
};

function measureTables(
  page: Page,
): Promise<{ documentWidth: number; viewport: number; tables: TableLayout[] }> {
  return page.evaluate(() => {
    const tables = Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'))
      .filter((wrapper) => wrapper.offsetParent !== null && !wrapper.closest('.ant-drawer, .ant-modal'))
      .map((wrapper) => {
        const scroller =
          wrapper.querySelector<HTMLElement>('.ant-table-content') ??
          wrapper.querySelector<HTMLElement>('.ant-table-body') ??
          wrapper;
        // Text cut off inside a cell: a box that hides what overflows it, without an ellipsis and
        // a way to read it whole (a title, or antd Typography's tooltip).
        const cut = Array.from(wrapper.querySelectorAll<HTMLElement>('tbody td *'))
          .filter((el) => {
            const style = getComputedStyle(el);
            if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') return false;
            // A switch holds both of its labels and shows one: nothing is cut there.
            if (el.closest('.ant-switch')) return false;
            if (el.scrollWidth <= el.clientWidth + 1 || !(el.textContent ?? '').trim()) return false;
            const readable = !!el.closest('[title]') || el.classList.contains('ant-typography-ellipsis');
            return !(style.textOverflow === 'ellipsis' && readable);
          })
          .map((el) => (el.textContent ?? '').slice(0, 40));
        return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth, cut };
      });
    return {
      documentWidth: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      tables,
    };
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // Rows for the lists: a customer's day rental (an order, a rental, phone usage, ledger entries)
  // and a pending activation order.
  const admin = await adminToken();
  const appId = await rentableNumbers(admin, 'GB', 3);
  const { token } = await customerWithDayRental(admin, newAccount('wide'), appId);
  const options = await callApi<{ id: number; kind: string }[]>(baseUrl(), '/api/catalog/validity-options', {
    token,
  });
  const activation = options.body.data.find((o) => o.kind !== 'rental')!;
  await callApi(baseUrl(), '/api/store/orders', {
    method: 'POST',
    token,
    body: {
      applicationId: appId,
      countryCode: 'GB',
      cardType: 'new',
      validityOptionId: activation.id,
      quantity: 1,
      idempotencyKey: randomUUID(),
    },
  });
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('every list at 1440 px as the administrator (%s)', (locale) => {
  let context: BrowserContext;
  let page: Page;
  const report: string[] = [];
  beforeAll(async () => {
    context = await newAppContext(browser, locale, { width: WIDTH });
    page = await context.newPage();
    await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
  });
  afterAll(async () => {
    console.log(`${locale} at ${WIDTH}:\n${report.join('\n')}`);
    await context?.close();
  });

  it.each(PATHS)('%s', async (path) => {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.locator(`[data-testid=page-content][data-path="${path}"]`).waitFor();
    await settle(page);
    const layout = await measureTables(page);
    for (const table of layout.tables) {
      report.push(
        `${path}: ${table.scrollWidth}/${table.clientWidth}${table.scrollWidth > table.clientWidth + 1 ? ' SCROLLS' : ''}${table.cut.length ? ` cut: ${table.cut.join(' | ')}` : ''}`,
      );
    }
    if (layout.tables.length) await saveScreenshot(page, locale, `wide-1440${path.replaceAll('/', '-')}`);
    expect(layout.documentWidth, 'the page is no wider than the window').toBeLessThanOrEqual(layout.viewport);
    for (const table of layout.tables) {
      expect(table.scrollWidth, `a table of ${path} fits without scrolling sideways`).toBeLessThanOrEqual(
        table.clientWidth + 1,
      );
      expect(table.cut, `no value of ${path} is cut without an ellipsis and its whole text on hover`).toEqual(
        [],
      );
    }
  });
});
