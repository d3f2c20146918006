import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';

/**
 * "No uncaught errors, ever": every browser context the journeys open reports the uncaught errors
 * of its pages here, and the test during which one happened fails (see `failOnPageErrors`). A
 * journey that provokes one on purpose says so with `allowPageErrors(context)`.
 */
const seen: string[] = [];
const allowed = new WeakSet<BrowserContext>();

export function watchPageErrors(context: BrowserContext) {
  context.on('weberror', (webError) => {
    if (allowed.has(context)) return;
    const error = webError.error();
    seen.push(`${webError.page()?.url() ?? '(no page)'}: ${error.stack ?? error.message}`);
  });
}

export function allowPageErrors(context: BrowserContext) {
  allowed.add(context);
}

/** Makes every context and page the browser opens report its uncaught errors. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchPageErrors(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watchPageErrors(page.context());
    return page;
  };
  return browser;
}

function throwIfAny(when: string) {
  const errors = seen.splice(0);
  if (errors.length > 0) {
    throw new Error(`Uncaught error in the page ${when}:\n${errors.join('\n\n')}`);
  }
}

/** Installed for every e2e file (vitest setupFiles): a test fails on an uncaught page error. */
export function failOnPageErrors() {
  afterEach(() => throwIfAny('during this test (or the setup before it)'));
  afterAll(() => throwIfAny('after the last test of this file'));
}
