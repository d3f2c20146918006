import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server';
import type { Locale } from './texts';

export const RESULTS_DIR = path.join(REPO_ROOT, 'e2e/test-results');

/** Saves the whole page as test-results/screenshots/<locale>/<name>.png, for a human to look at. */
export async function saveScreenshot(
  page: Page,
  locale: Locale,
  name: string,
  /** Only what the screen shows: for pages too long to capture whole in time (the API reference). */
  options: { fullPage?: boolean } = {},
) {
  const fullPage = options.fullPage ?? true;
  // A whole-page capture draws the sticky menu where the scrolled window had it: halfway down the page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(RESULTS_DIR, 'screenshots', locale, `${name}.png`),
    fullPage,
  });
}
