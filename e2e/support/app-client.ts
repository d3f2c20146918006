import type { Page } from 'playwright-core';

/**
 * Calls `path` with GET through the app's own HTTP client (web/src/lib/http.ts `call`: its
 * failure handling, toasts and logout included), found among the modules the page has already loaded: the production build exposes
 * nothing for tests. Resolves to the HTTP status the app's client saw.
 *
 * Kept as source text: the test runner rewrites `import()` in test code, and this runs in the page.
 */
const CALL_THROUGH_APP_CLIENT = `async (path) => {
  const isAppClient = (value) =>
    typeof value === 'function' && value[Symbol.for('jiema.appHttpClient')] === true;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === location.origin && /\\/assets\\/[^/]+\\.js$/.test(new URL(url).pathname));
  for (const url of loaded) {
    const client = Object.values(await import(url)).find(isAppClient);
    if (!client) continue;
    try {
      return (await client({ url: path })).status;
    } catch (error) {
      return error.status ?? -1;
    }
  }
  throw new Error('the app HTTP client is not among the loaded modules');
}`;

export async function getThroughAppClient(page: Page, path: string): Promise<number> {
  const call = await page.evaluateHandle(`(${CALL_THROUGH_APP_CLIENT})`);
  return (await call.evaluate((fn, p) => (fn as (path: string) => Promise<number>)(p), path)) as number;
}
