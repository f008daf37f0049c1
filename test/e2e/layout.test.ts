// Every page at the smallest window the app supports (1024×700) and a common laptop one (1366×850): nothing
// reaches past the window, no page scrolls sideways, no table column is cut (columns give way by priority),
// each item of the status bar whole. Each page is photographed at both sizes (test-results/screenshots).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src-renderer/lib/routes';
import { widthProblems } from './fits-window';
import { appWithCustomerCache, openFresh } from './shared-app';
import { fetchAllAuthorizations } from './support';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1366, height: 850 },
] as const;

const app = appWithCustomerCache({ seed: 31, customers: 100 });
const page = (): Page => app.e2e.page;

/** Waits until the page's first requests have answered (no loading skeleton, no busy list). */
async function settled(): Promise<void> {
  await page().locator('main h1').first().waitFor();
  await expect.poll(() => page().locator('[aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);
}

/**
 * The status bar in its longest state, with the connection and the rate limit known, as every picture
 * must show it: any request to the service makes the rate limit known, and the Customers page asks one.
 */
async function statusBarComplete(): Promise<void> {
  await openFresh(app.e2e, 'customers');
  const bar = page().getByRole('contentinfo', { name: 'Status' });
  await expect.poll(() => bar.getByTestId('status-rate-limit').count(), { timeout: 60_000 }).toBe(1);
}

/** Opens `route` at the smallest size and, from its list `rows`, the first row's page at `url`. */
async function openFirstRow(route: string, rows: string, url: RegExp): Promise<void> {
  await page().setViewportSize(SIZES[0]);
  await app.e2e.open(route);
  await settled();
  await page().getByRole('rowgroup', { name: rows }).getByRole('row').first().click();
  await page().waitForURL(url);
  await settled();
}

/** Checks the page as shown at both sizes, with a picture of each. */
async function checkAtBothSizes(name: string): Promise<void> {
  for (const size of SIZES) {
    await page().setViewportSize(size);
    // The tables measure their width after a resize; wait for the frame after it.
    await page().evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await app.e2e.screenshot(`layout-${name}-${size.width}x${size.height}`);
    expect(await widthProblems(page()), `${name} at ${size.width}×${size.height}`).toEqual([]);
  }
}

describe('Fits the window', () => {
  it('the status bar knows the connection and the rate limit (its longest state) before the pictures', async () => {
    await statusBarComplete();
  });

  for (const r of ROUTES) {
    it(`${r.label} fits 1024×700 and 1366×850`, async () => {
      await statusBarComplete();
      await page().setViewportSize(SIZES[0]);
      await app.e2e.open(r.path);
      await settled();
      await checkAtBothSizes(r.path);
    });
  }

  it("a customer's page and a card's page fit too", async () => {
    await statusBarComplete();
    // Cards are known from fetched authorizations.
    await fetchAllAuthorizations(page());
    await openFirstRow('cards', 'Known cards rows', /#\/cards\/[0-9a-f]+/);
    await checkAtBothSizes('card');
    await openFirstRow('customers', 'Customers rows', /#\/customers\/[0-9a-f]+/);
    await checkAtBothSizes('customer');
  });

  it("Ctrl+K with its results and an account's drawer fit too", async () => {
    await statusBarComplete();
    await page().setViewportSize(SIZES[0]);
    await app.e2e.open('accounts');
    await settled();
    await page().getByRole('rowgroup', { name: 'Accounts rows' }).getByRole('row').first().click();
    await page().getByRole('dialog').first().waitFor();
    await checkAtBothSizes('account-drawer');
    await page().keyboard.press('Escape');

    await page().setViewportSize(SIZES[0]);
    await app.e2e.open('customers');
    await settled();
    await page().keyboard.press('Control+k');
    const dialog = page().getByRole('dialog', { name: 'Search customers' });
    await dialog.getByRole('combobox').fill('a');
    await dialog.getByRole('option').first().waitFor();
    await checkAtBothSizes('search');
    await page().keyboard.press('Escape');
  });
});
