// Accounts page in Chromium against the real handlers and the local sandbox: filters, paging, detail,
// CSV export, the error state.
import { describe, expect, it } from 'vitest';
import type { Account } from '../../src-shared/api/records';
import { exportCsvFrom } from './exported-csv';
import { sandboxAll, sandboxGet } from '../support/sandbox-api';
import { itShowsTheErrorStateWithRetry, listPageApp } from './shared-app';

const app = listPageApp({ sandbox: { seed: 2024, customers: 120 }, route: 'accounts', table: 'Accounts' });
const page = () => app.e2e.page;
const main = () => page().getByRole('main');

/** The account numbers of the first `n` rows shown. */
async function shownNumbers(n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(await app.rowText(i));
  return out;
}

describe('Accounts', () => {
  it('lists accounts and wallets with balances, as the sandbox answers', async () => {
    await page().getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    const first = await sandboxGet<Account[]>(app.sandbox, '/accounts?currency=ALL&page=0&limit=25');
    expect(first.pagination!.total).toBeGreaterThan(25);
    expect(await app.rowCount()).toBe(25);
    expect(await app.pagerText()).toBe(`Page 1 of ${first.pagination!.pages} · ${first.pagination!.total} in all`);
    const rows = await shownNumbers(5);
    first.data.slice(0, 5).forEach((a, i) => {
      expect(rows[i]).toContain(a.accountNumber!);
      expect(rows[i]).toContain(a.accountName!);
    });
    // Balances in the account's currency, two decimals.
    const withBalance = first.data[0]!;
    const symbol = withBalance.currency === 'USD' ? '$' : '₦';
    expect(rows[0]).toContain(
      `${symbol}${withBalance.currentBalance!.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    await app.e2e.screenshot('accounts');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('filters by currency and type (NGN wallets)', async () => {
    await main().getByLabel('Currency').selectOption('NGN');
    await main().getByLabel('Type').selectOption('wallet');
    await expect.poll(() => page().url()).toContain('currency=NGN');
    await app.waitForRows();
    const expected = await sandboxGet<Account[]>(app.sandbox, '/accounts?currency=NGN&type=wallet&page=0&limit=25');
    expect(expected.data.every((a) => a.currency === 'NGN' && a.type === 'wallet')).toBe(true);
    await expect.poll(() => app.rowCount()).toBe(expected.data.length);
    expect(await app.pagerText()).toContain(`${expected.pagination!.total} in all`);
    const rows = await shownNumbers(Math.min(8, expected.data.length));
    rows.forEach((text, i) => {
      expect(text).toContain(expected.data[i]!.accountNumber!);
      expect(text).toContain('Wallet');
      expect(text).toContain('NGN');
      expect(text).not.toContain('Settlement');
    });
  });

  it('pages through the server: next page shows the next rows; page size changes the page', async () => {
    const [p0, p1] = await Promise.all([
      sandboxGet<Account[]>(app.sandbox, '/accounts?currency=ALL&page=0&limit=25'),
      sandboxGet<Account[]>(app.sandbox, '/accounts?currency=ALL&page=1&limit=25'),
    ]);
    expect(await app.rowText(0)).toContain(p0.data[0]!.accountNumber!);
    await page().getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => app.pagerText()).toMatch(/^Page 2 of/);
    await app.waitForRows();
    await expect.poll(() => app.rowText(0)).toContain(p1.data[0]!.accountNumber!);
    expect(await app.rowText(0)).not.toContain(p0.data[0]!.accountNumber!);
    expect(await app.rowCount()).toBe(p1.data.length);

    await app.choosePageSize(50);
    const big = await sandboxGet<Account[]>(app.sandbox, '/accounts?currency=ALL&page=0&limit=50');
    await expect
      .poll(() => app.pagerText())
      .toBe(`Page 1 of ${big.pagination!.pages} · ${big.pagination!.total} in all`);
    await app.waitForRows();
    expect(await app.rowCount()).toBe(big.data.length);
    expect(big.data.length).toBe(Math.min(50, big.pagination!.total));
  });

  it('opens a detail with the arrow keys and Enter, showing every field; Escape closes it', async () => {
    const expected = (await sandboxGet<Account[]>(app.sandbox, '/accounts?currency=ALL&page=0&limit=25')).data[2]!;
    const dialog = await app.openRowWithKeyboard(2);
    const text = (await dialog.textContent()) ?? '';
    for (const value of [
      expected.accountNumber!,
      expected.accountName!,
      expected.bankCode!,
      expected.provider!,
      expected.referenceCode!,
      expected.providerReference!,
      expected.accountType!,
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain('Available balance');
    expect(text).toContain('Reloadable');
    expect(await dialog.getByRole('button', { name: 'Copy account id' }).count()).toBe(1);
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('accounts-detail');
    await app.closeWithEscape();
    // Focus is back on the row it came from, so the keyboard carries on from there.
    expect(await page().evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('2');
    await page().keyboard.press('ArrowDown');
    await page().keyboard.press('Enter');
    const next = (await sandboxGet<Account[]>(app.sandbox, '/accounts?currency=ALL&page=0&limit=25')).data[3]!;
    await page().getByRole('dialog').filter({ hasText: next.accountNumber! }).waitFor();
    await app.closeWithEscape();
  });

  it('exports the current query (NGN) across all pages as CSV, matching the sandbox', async () => {
    await main().getByLabel('Currency').selectOption('NGN');
    await app.waitForRows();
    const csv = await exportCsvFrom(main());
    expect(csv.promised, 'the count on the export button').toBe(csv.rows.length);
    const expected = await sandboxAll<Account>(app.sandbox, '/accounts?currency=NGN');
    expect(expected.length).toBeGreaterThan(25);
    expect(csv.reportedRows).toBe(expected.length);
    expect(csv.rows.map((r) => r.id)).toEqual(expected.map((a) => a._id));
    expect(csv.rows.every((r) => r.currency === 'NGN')).toBe(true);
    expect(csv.file.startsWith(app.e2e.harness.saveDir)).toBe(true);
  });

  it('opens a settlement account from the toolbar, and the list shows it at once', async () => {
    await main().getByLabel('Type').selectOption('account');
    await app.waitForRows();
    const before = await app.rowCount();
    await main().getByRole('button', { name: 'Open an account or wallet' }).click();
    const dialog = page().getByRole('dialog', { name: 'Open an account or wallet' });
    await dialog.getByLabel('Currency').selectOption('USD');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Account opened' }).waitFor();
    const created = (await sandboxGet<Account[]>(app.sandbox, '/accounts?currency=ALL&type=account&page=0&limit=25'))
      .data[0]!;
    expect(await dialog.textContent()).toContain(created.accountNumber!);
    await dialog.getByRole('button', { name: 'Close open an account or wallet' }).click();
    await expect.poll(() => app.rowCount()).toBe(before + 1);
    await expect.poll(() => app.rowText(0)).toContain(created.accountNumber!);
    expect(await app.rowText(0)).toContain('USD');
  });

  itShowsTheErrorStateWithRetry(app, 'GET /accounts');
});
