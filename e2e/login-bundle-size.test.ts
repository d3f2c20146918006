import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newAppContext } from './support/browser';

/**
 * The budget for the JavaScript a first visit to /login downloads, gzip-compressed: 247.3 KB when
 * set. No axios (a fetch-based client of our own, lib/http.ts), no antd Form (the sign-in fields
 * are plain markup), the sign-in validation messages only, antd's and dayjs's translations with the
 * pages after sign-in. What is left is mostly react-dom with antd's style engine (90 KB), React
 * Router, TanStack Query and i18next.
 */
const LOGIN_JS_BUDGET_BYTES = 250 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the first load of /login', () => {
  it(`downloads at most ${kb(LOGIN_JS_BUDGET_BYTES)} of JavaScript (gzip)`, async () => {
    const context = await newAppContext(browser);
    try {
      const page = await context.newPage();
      const scripts: Array<Promise<{ name: string; raw: number; gzip: number }>> = [];
      page.on('response', (response) => {
        const isScript =
          response.request().resourceType() === 'script' ||
          (response.headers()['content-type'] ?? '').includes('javascript');
        if (!isScript) return;
        scripts.push(
          response.body().then((body) => ({
            name: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body).length,
          })),
        );
      });
      await page.goto('/login');
      await page.getByTestId('login-form').waitFor();
      await page.waitForLoadState('networkidle');

      const loaded = (await Promise.all(scripts)).sort((a, b) => b.gzip - a.gzip);
      const total = loaded.reduce((sum, s) => sum + s.gzip, 0);
      const lines = loaded.map((s) => `  ${kb(s.gzip).padStart(10)}  (${kb(s.raw)} raw)  ${s.name}`);
      console.log(
        `/login JavaScript: ${kb(total)} gzip in ${loaded.length} files (budget ${kb(LOGIN_JS_BUDGET_BYTES)})\n${lines.join('\n')}`,
      );
      expect(loaded.length).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
    } finally {
      await context.close();
    }
  });
});
