import { MENU, type MenuEntry } from '@jiema/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { callApi } from './support/api';
import { logIn, settle } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, buyGbNumber, customerWithDayRental, rentableNumbers } from './support/sms-center';
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
  /** Height the scroll box gives its horizontal scrollbar (0 when none is drawn). */
  scrollbarHeight: number;
  /** The scroll box's classes and overflow, and each column's header and width (printed when a list does not fit). */
  scroller: string;
  columns: string[];
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
        const style = getComputedStyle(scroller);
        return {
          scrollWidth: scroller.scrollWidth,
          clientWidth: scroller.clientWidth,
          scrollbarHeight: scroller.offsetHeight - scroller.clientHeight,
          scroller: `${scroller.className} overflow-x:${style.overflowX} scrollbar-width:${style.getPropertyValue('scrollbar-width')}`,
          columns: Array.from(wrapper.querySelectorAll<HTMLElement>('thead th')).map(
            (th) => `${(th.textContent ?? '').trim().slice(0, 16)}:${th.offsetWidth}`,
          ),
          cut,
        };
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
  // Rows for the lists: a customer's day rental (an order, a rental, phone usage, ledger entries),
  // a pending activation order and a refunded one.
  const admin = await adminToken();
  const appId = await rentableNumbers(admin, 'GB', 3);
  const { token } = await customerWithDayRental(admin, newAccount('wide'), appId);
  const options = await callApi<{ id: number; kind: string }[]>(baseUrl(), '/api/catalog/validity-options', {
    token,
  });
  const activation = options.body.data.find((o) => o.kind !== 'rental')!;
  const buyActivation = () => buyGbNumber(token, appId, activation.id);
  await buyActivation();
  // And a refunded one: its amount cell carries the refund's line too.
  const refunded = await buyActivation();
  const cancelled = await callApi(baseUrl(), `/api/admin/orders/${refunded.id}/cancel`, {
    method: 'POST',
    token: admin,
  });
  expect(cancelled.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a menu page the way the menu does (no reload) and waits for its content to settle. */
async function openPath(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator(`[data-testid=page-content][data-path="${path}"]`).waitFor();
  await settle(page);
}

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
    await openPath(page, path);
    const layout = await measureTables(page);
    for (const table of layout.tables) {
      report.push(
        `${path}: ${table.scrollWidth}/${table.clientWidth}${table.scrollWidth > table.clientWidth + 1 ? ` SCROLLS ${table.columns.join(' ')}` : ''}${table.cut.length ? ` cut: ${table.cut.join(' | ')}` : ''}`,
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

/**
 * Narrower than the lists were laid out for (a laptop's half screen, still above the phone cards), a
 * list that cannot fit scrolls inside itself, with its scrollbar drawn: the page itself never scrolls
 * sideways.
 */
describe('lists at 800 px scroll inside themselves with a visible scrollbar', () => {
  let drawing: Browser;
  let context: BrowserContext;
  let page: Page;
  const scrolled: string[] = [];
  beforeAll(async () => {
    drawing = await launchBrowser([], { scrollbars: true });
    context = await newAppContext(drawing, 'zh-CN', { width: 800 });
    page = await context.newPage();
    await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
  });
  afterAll(async () => {
    console.log(`lists scrolling at 800 px: ${scrolled.join(', ')}`);
    await context?.close();
    await drawing?.close();
  });

  it.each(PATHS)('%s', async (path) => {
    await openPath(page, path);
    const layout = await measureTables(page);
    expect(layout.documentWidth, 'the page is no wider than the window').toBeLessThanOrEqual(layout.viewport);
    for (const table of layout.tables.filter((t) => t.scrollWidth > t.clientWidth + 1)) {
      scrolled.push(`${path} (${table.scroller}, scrollbar ${table.scrollbarHeight} px)`);
      expect(table.scrollbarHeight, `the table of ${path} draws its scrollbar`).toBeGreaterThanOrEqual(8);
    }
  });

  it('some list is too wide for 800 px (the check above saw a scrolling table)', () => {
    expect(scrolled.length).toBeGreaterThan(0);
  });
});
