// What every list page must do, checked the same way on each: rows, paging, keyboard detail, error state.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FaultRule, SandboxHandle } from '../../src-main/sandbox/handle';
import type { HarnessOptions } from '../harness/server';
import { startE2E, type E2E } from './support';

export const listTable = (page: Page, name: string): Locator => page.getByRole('table', { name, exact: true });
export const listRows = (page: Page, name: string): Locator =>
  page.getByRole('rowgroup', { name: `${name} rows` }).getByRole('row');

/** Rows the list holds (virtualized: most are not in the DOM), from the table's aria-rowcount. */
export async function rowCount(page: Page, name: string): Promise<number> {
  const count = await listTable(page, name).getAttribute('aria-rowcount');
  return Number(count) - 1;
}

/** Waits until the list shows rows and no request is in flight. */
export async function waitForRows(page: Page, name: string): Promise<void> {
  await listRows(page, name).first().waitFor({ timeout: 60_000 });
  await page.locator('.list-body[aria-busy="true"]').waitFor({ state: 'detached', timeout: 60_000 });
}

/** The text of the row at a zero-based index (it must be rendered). */
export async function rowText(page: Page, name: string, index: number): Promise<string> {
  return (
    (await page
      .getByRole('rowgroup', { name: `${name} rows` })
      .locator(`[role="row"][data-index="${index}"]`)
      .textContent()) ?? ''
  );
}

/** "Page 2 of 3 · 61 in all" */
export async function pagerText(page: Page): Promise<string> {
  return (await page.getByRole('navigation', { name: 'Pages' }).locator('span[aria-live]').textContent()) ?? '';
}

/** Picks a page size in the Pager. */
export async function choosePageSize(page: Page, size: number): Promise<void> {
  await page.getByRole('navigation', { name: 'Pages' }).getByLabel('Rows per page').selectOption(String(size));
}

/**
 * A GET's backoff between its attempts, shortened from the client's 500 ms (doubling) for list pages: the
 * error state's check (`checkErrorStateAndRetry`) sits through two rounds of four attempts each, which at the
 * default take about seven seconds of waiting and prove nothing more than these do.
 */
const LIST_RETRY = { baseDelayMs: 50 };

/**
 * Starts the app against a local sandbox made with `sandbox`, opens the list page at `route` and waits
 * for the first rows of the table named `table`. `clipboard` lets the page read and write the clipboard
 * (to check copy buttons). A GET's attempts are spaced by `LIST_RETRY`.
 */
export async function startOnList(options: {
  sandbox: NonNullable<HarnessOptions['sandbox']>;
  route: string;
  table: string;
  clipboard?: boolean;
}): Promise<{ e2e: E2E; sandbox: SandboxHandle }> {
  const e2e = await startE2E({ sandbox: options.sandbox, apiClient: { retry: LIST_RETRY } });
  try {
    if (options.clipboard)
      await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.harness.origin });
    await e2e.open(options.route);
    await waitForRows(e2e.page, options.table);
    return { e2e, sandbox: e2e.harness.core.localSandbox()! };
  } catch (error) {
    await e2e.close();
    throw error;
  }
}

/** Focuses the list, moves with the arrow keys, opens with Enter: returns the open dialog. */
export async function openRowWithKeyboard(page: Page, name: string, downPresses: number): Promise<Locator> {
  const body = page.getByRole('rowgroup', { name: `${name} rows` });
  await body.focus();
  for (let i = 0; i < downPresses; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

export async function closeWithEscape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/**
 * Makes the sandbox fail the list's endpoint, opens the page afresh, expects the API's message with Retry;
 * a Retry while it still fails keeps the message; after clearing the fault, Retry brings the rows.
 */
export async function checkErrorStateAndRetry(
  e2e: E2E,
  options: { route: string; table: string; endpoint: FaultRule['endpoint'] },
): Promise<void> {
  const sandbox = e2e.harness.core.localSandbox() as SandboxHandle;
  const page = e2e.page;
  // Until cleared: every load makes up to four attempts (GETs are retried), and the open plus the reload
  // below are two loads, so a counted fault could run out during the Retry and let the rows appear early.
  sandbox.faults.add({ kind: 'status', status: 503, endpoint: options.endpoint });
  try {
    // A fresh load: the page's query cache would otherwise answer from memory.
    await e2e.open(options.route);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'Service unavailable' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain('HTTP 503');
    expect(await listRows(page, options.table).count()).toBe(0);
    await e2e.screenshot(`${options.route}-error`);
    const failedBefore = sandbox.requests().filter((r) => r.endpoint === options.endpoint && r.status === 503).length;
    const retry = alert.getByRole('button', { name: 'Retry', exact: true });
    await retry.click();
    await expect
      .poll(() => sandbox.requests().filter((r) => r.endpoint === options.endpoint && r.status === 503).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(failedBefore);
    // The retry's round (the main process retries a GET) ends with the button offered again: only then may
    // the fault be cleared, or a late attempt of that round would bring the rows without the second Retry.
    await retry.waitFor({ timeout: 30_000 }); // 'Retrying…' while the round runs
  } finally {
    sandbox.faults.clear();
  }
  // Retry brings the rows. A list read in rounds (a whole date range, page after page) may already be in its
  // next round when the fault is cleared, and then shows the rows with no button left to press.
  const again = page.getByRole('main').getByRole('button', { name: 'Retry', exact: true });
  if (await again.isVisible()) await again.click({ timeout: 5_000 }).catch(() => undefined);
  await waitForRows(page, options.table);
  expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
}
