import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { watchBrowser } from './page-errors';
import type { Locale } from './texts';

/** Debian's Chromium; CHROMIUM_PATH points elsewhere on machines that keep it somewhere else. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const baseUrl = () => inject('baseUrl');

/**
 * `extraArgs`: more Chromium flags, e.g. `--host-resolver-rules=…` to reach the app by a host name.
 * `scrollbars`: draw scrollbars as a desktop browser does (headless Chromium hides them by default).
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  options: { scrollbars?: boolean } = {},
): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return watchBrowser(
    await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, ...extraArgs],
      ...(options.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    }),
  );
}

/**
 * A fresh browser profile on the app. With a locale, the app starts in that language (stored the
 * way the language switch stores it) unless the page has chosen another one since.
 */
export async function newAppContext(
  browser: Browser,
  locale?: Locale,
  options: { baseURL?: string; width?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: { width: options.width ?? 1280, height: 800 },
    locale: locale ?? 'zh-CN',
  });
  context.setDefaultTimeout(15_000);
  if (locale) {
    await context.addInitScript((wanted) => {
      // about:blank, a page's first document, has no storage to read (reading it throws).
      if (window.location.origin === 'null') return;
      if (!localStorage.getItem('locale')) localStorage.setItem('locale', wanted);
    }, locale);
  }
  return context;
}
