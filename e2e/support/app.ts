import type { Locator, Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import type { Account } from './accounts';

/** An antd message (toast) holding the text. */
export const toast = (page: Page, text: string): Locator =>
  page.locator('.ant-message-notice').filter({ hasText: text }).first();

/** Where a form shows a field's error: antd's Form, or the sign-in pages' plain fields (sign-in-field.tsx). */
export const FIELD_ERRORS = '.ant-form-item-explain-error, [data-testid=field-error]';

/** The validation message shown under a form field. */
export const fieldError = (page: Page, text: string): Locator =>
  page.locator(FIELD_ERRORS).filter({ hasText: text }).first();

/** The submit button of a form found by its data-testid. */
export const submitButton = (page: Page, formTestId: string): Locator =>
  page.locator(`[data-testid=${formTestId}] button[type=submit]`);

/**
 * Fills the login form and submits. The submit button is enabled once the proof-of-work captcha
 * is solved by the page (at once when the server runs with CAPTCHA=off, as the shared e2e server
 * does); the click waits for it.
 */
export async function submitLogin(page: Page, username: string, password: string) {
  const form = page.getByTestId('login-form');
  await form.locator('input#username').fill(username);
  await form.locator('input#password').fill(password);
  await submitButton(page, 'login-form').click();
}

/** Opens /login, logs in and waits to leave the login page. */
export async function logIn(page: Page, account: Pick<Account, 'username' | 'password'>, redirect?: string) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await submitLogin(page, account.username, account.password);
  await page
    .waitForURL((url) => url.pathname !== '/login')
    .catch(async (error: Error) => {
      // Say what the page said instead of only "timeout": a field error, a toast, or nothing at all.
      const said = await page
        .locator(`${FIELD_ERRORS}, .ant-message-notice`)
        .allTextContents()
        .catch(() => []);
      throw new Error(`still on /login after submitting; the page shows: ${JSON.stringify(said)}`, {
        cause: error,
      });
    });
  // The header's user menu: on a phone the sidebar is a drawer, closed until the menu button opens it.
  await page.getByTestId('user-menu').waitFor();
}

/** Picks an entry of the header's user menu (profile, security, log out) by its text. */
export async function chooseFromUserMenu(page: Page, label: string) {
  await page.getByTestId('user-menu').hover();
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: label })
    .click();
}

/**
 * Picks a language by its own name (简体中文 / English): the login and register pages show both as
 * buttons, the other pages a dropdown.
 */
export async function chooseLanguage(page: Page, label: '简体中文' | 'English') {
  const toggle = page.getByTestId('language-toggle');
  if (await toggle.isVisible()) {
    await toggle.getByRole('button', { name: label }).click();
    return;
  }
  await page.getByTestId('language-switch').hover();
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: label })
    .click();
}

/** The labels of the sidebar's top-level entries, in order. */
export async function sidebarGroupLabels(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  await sidebar.waitFor();
  return sidebar.evaluate((menu) =>
    Array.from(
      menu.children,
      (item) => item.querySelector('.ant-menu-title-content')?.textContent?.trim() ?? '',
    ).filter(Boolean),
  );
}

/** The sidebar entry marked as the current page, visible (its group open). */
export const selectedSidebarItem = (page: Page, label: string): Locator =>
  page.getByTestId('sidebar').locator('.ant-menu-item-selected').filter({ hasText: label });

/** The token the app keeps in local storage, or null. */
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/**
 * Waits until nothing on the page is loading (lazy pages, queries, images, fonts) before a
 * screenshot. The load state alone is not enough: a client-side navigation never resets it.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-spin-spinning, .ant-skeleton-active') &&
      Array.from(document.images).every((img) => img.complete),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Transitions that end (a progress bar growing to its value, a tag fading in) finish before the
  // screenshot: caught halfway, a campaign done showed a fifth of a bar next to its success mark.
  // Endless ones (a spinner, an active bar) are not waited for; none waits more than two seconds.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]).then(() => undefined),
  );
}

/**
 * The steps of a journey build on each other: once one fails, the rest are skipped instead of
 * each waiting out its timeout. Call inside the journey's describe.
 */
export function skipRestOfJourneyAfterFailure() {
  let failed = false;
  beforeEach((context) => {
    if (failed) context.skip();
    context.onTestFailed(() => {
      failed = true;
    });
  });
}
