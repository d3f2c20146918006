import { MENU, type MenuEntry, PUBLIC_PAGES } from '@jiema/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { logIn, settle } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { translate } from './support/page-titles';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, type Locale } from './support/texts';

/**
 * Every page of the product, public and dashboard (the dashboard's taken from the shared menu, so a
 * page added there is visited without touching this file), opened as the administrator on a 390 px
 * phone and a 1440 px screen in both languages: each shows its own content (not 403, 404 or "under
 * development"), names itself in the tab, is no wider than the screen, and every column of every
 * table can be reached.
 */

/**
 * Menu entries whose screen is still being built and shows the "under development" notice. The
 * list may only shrink: an entry here whose page now exists fails the journey until it is removed.
 */
const STILL_UNDER_DEVELOPMENT = new Set<string>([]);

const leaves = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.flatMap((e) => [...(e.path ? [e] : []), ...leaves(e.children ?? [])]);

type Route = {
  key: string;
  path: string;
  title: (locale: Locale) => string;
  inLayout: boolean;
  /** The result a page shows as its own content (the code page's answer to a link nobody was given). */
  ownNotice?: string;
};

const appName = (locale: Locale) => translate(locale, 'common.appName');
const ROUTES: Route[] = [
  ...PUBLIC_PAGES.map((page) => ({
    key: page.key,
    // A code link nobody was given: the page still explains itself.
    path: page.path.replace(':token', 'no-such-token'),
    title: (locale: Locale) =>
      page.key === 'code'
        ? translate(locale, page.titleKey)
        : `${translate(locale, page.titleKey)} - ${appName(locale)}`,
    inLayout: page.inLayout,
    ownNotice: page.key === 'code' ? '404' : undefined,
  })),
  ...leaves(MENU).map((entry) => ({
    key: entry.key,
    path: entry.path!,
    title: (locale: Locale) => `${translate(locale, `menu.${entry.titleKey}`)} - ${appName(locale)}`,
    inLayout: true,
  })),
];

/**
 * Pages inside a layout are reached in the app (what a click on a link does; much faster than
 * loading the page again), and the layout's content marks which path it has drawn; the others load.
 */
async function open(page: Page, route: Route) {
  if (!route.inLayout) {
    await page.goto(route.path);
    // The code page long-polls for the SMS, so the network is never idle there.
    if (route.key === 'code') {
      await page.locator('.ant-result').waitFor();
      return;
    }
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route.path);
    await page.locator(`[data-testid=page-content][data-path="${route.path}"]`).waitFor();
  }
  await settle(page);
}

type Layout = {
  documentWidth: number;
  viewportWidth: number;
  notices: string[];
  contentText: number;
  title: string;
  tables: { cutOff: boolean; unreachable: boolean; clippedHeaders: string[]; firstFixed: boolean }[];
};

/** What the page looks like, measured in the page. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const notices = [
      ['under-development', '[data-testid=under-development]'],
      ['403', '.ant-result-403'],
      ['404', '.ant-result-404'],
    ]
      .filter(([, selector]) => document.querySelector(selector!))
      .map(([name]) => name!);
    const content = document.querySelector('[data-testid=page-content]') ?? document.body;
    const tables = Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'))
      .filter((wrapper) => wrapper.offsetParent !== null && !wrapper.closest('.ant-drawer, .ant-modal'))
      .map((wrapper) => {
        const scroller =
          wrapper.querySelector<HTMLElement>('.ant-table-content') ??
          wrapper.querySelector<HTMLElement>('.ant-table-body') ??
          wrapper;
        const overflowX = getComputedStyle(scroller).overflowX;
        const headers = Array.from(wrapper.querySelectorAll<HTMLElement>('thead th'));
        // A header cut short ("Add…"): its text is laid out wider than the cell's content box. (The
        // cell's own scroll width will not do: a fixed column's shadow overflows it on purpose.)
        const clippedHeaders = headers
          .filter((th) => {
            const text = document.createRange();
            text.selectNodeContents(th.querySelector('.ant-table-column-title') ?? th);
            const textBox = text.getBoundingClientRect();
            const cell = th.getBoundingClientRect();
            const style = getComputedStyle(th);
            const right =
              cell.right - Number.parseFloat(style.paddingRight) - Number.parseFloat(style.borderRightWidth);
            return textBox.width > 0 && textBox.right > right + 1;
          })
          .map((th) => th.textContent ?? '');
        const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
        return {
          cutOff: wrapper.getBoundingClientRect().right > viewportWidth + 1,
          unreachable: scrolls && overflowX !== 'auto' && overflowX !== 'scroll',
          clippedHeaders,
          firstFixed:
            !scrolls ||
            headers.length < 3 ||
            !!headers[0]?.className.match(/ant-table-cell-fix-(left|start)/),
        };
      });
    return {
      documentWidth: document.documentElement.scrollWidth,
      viewportWidth,
      notices,
      contentText: (content.textContent ?? '').trim().length,
      title: document.title,
      tables,
    };
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES.flatMap((locale) => [390, 1440].map((width) => ({ locale, width }))))(
  'every page as the administrator, $locale at $width px',
  ({ locale, width }) => {
    let context: BrowserContext;
    let page: Page;
    const underDevelopment: string[] = [];

    beforeAll(async () => {
      context = await newAppContext(browser, locale, { width });
      page = await context.newPage();
      await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(ROUTES)('$path', async (route) => {
      await open(page, route);
      const layout = await measure(page);
      await saveScreenshot(page, locale, `every-page-${width}${route.path.replaceAll('/', '-')}`, {
        fullPage: route.key !== 'docs',
      });

      expect(new URL(page.url()).pathname, 'stays on its own address').toBe(route.path);
      if (layout.notices.includes('under-development')) underDevelopment.push(route.key);
      expect(
        layout.notices.filter(
          (n) =>
            n !== route.ownNotice && (n !== 'under-development' || !STILL_UNDER_DEVELOPMENT.has(route.key)),
        ),
        'shows its own content',
      ).toEqual([]);
      expect(layout.contentText, 'has some text of its own').toBeGreaterThan(0);
      expect(layout.title, 'names itself in the tab').toBe(route.title(locale));
      expect(layout.documentWidth, 'no wider than the screen').toBeLessThanOrEqual(layout.viewportWidth);
      for (const table of layout.tables) {
        expect(table, 'every column of the table can be reached').toEqual({
          cutOff: false,
          unreachable: false,
          clippedHeaders: [],
          firstFixed: true,
        });
      }
    });

    it('the "under development" allow-list only names pages still under development', () => {
      const built = [...STILL_UNDER_DEVELOPMENT].filter((key) => !underDevelopment.includes(key));
      expect(built, 'built now: remove these from STILL_UNDER_DEVELOPMENT').toEqual([]);
    });
  },
);
