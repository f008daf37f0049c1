// Amounts keep their currency wherever the app shows or writes one: in lists, drawers, balances, the
// overview and CSV files. The page check reads every amount-looking number on screen ("1,234.56") and
// fails on one without its currency sign or code before it; the CSV check needs a currency beside every
// amount written.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src-shared/api/records';
import { exportCsvFrom, type ExportedCsv } from './exported-csv';
import { issueThroughBridge } from './issue-wizard';
import { listRows, waitForRows } from './list-checks';
import { appWithCustomerCache, openFresh } from './shared-app';
import { sandboxGet } from '../support/sandbox-api';
import { fetchAllAuthorizations } from './support';

const app = appWithCustomerCache({ seed: 4242, customers: 40 });
const page = () => app.e2e.page;

/**
 * Amounts shown in `scope` without a currency: numbers with two decimals not preceded by ₦, $ or a
 * three-letter code. Also counts the amounts seen, so a check over nothing fails.
 */
async function amountsIn(scope: Locator): Promise<{ seen: number; bare: string[] }> {
  const text = await scope.innerText();
  const bare: string[] = [];
  let seen = 0;
  for (const m of text.matchAll(/(?<![\d.,])-?\d{1,3}(?:,\d{3})*\.\d{2}(?![\d%])/g)) {
    seen++;
    const before = text.slice(Math.max(0, m.index - 5), m.index);
    if (!/(₦|\$|[A-Z]{3} )-?$/.test(before)) bare.push(text.slice(Math.max(0, m.index - 30), m.index + m[0].length));
  }
  return { seen, bare };
}

async function expectCurrencies(scope: Locator, what: string): Promise<void> {
  const { seen, bare } = await amountsIn(scope);
  expect(seen, `${what}: amounts shown`).toBeGreaterThan(0);
  expect(bare, `${what}: amounts without a currency`).toEqual([]);
}

/** In a CSV, every row with an amount in `amounts` has its currency in `currency`. */
function expectCsvCurrencies(csv: ExportedCsv, amounts: string[], currency: string): void {
  for (const column of [...amounts, currency]) expect(csv.headers, column).toContain(column);
  let withAmount = 0;
  for (const row of csv.rows) {
    if (amounts.some((a) => row[a] !== '')) {
      withAmount++;
      expect(row[currency], JSON.stringify(row)).toMatch(/^[A-Z]{3}$/);
    }
  }
  expect(withAmount).toBeGreaterThan(0);
}

const main = () => page().locator('main');
const drawer = () => page().getByRole('dialog').first();

describe('Amounts keep their currency', () => {
  it('in the Authorizations list, its drawer and its CSV', async () => {
    await openFresh(app.e2e, 'authorizations');
    await waitForRows(page(), 'Authorizations');
    await expectCurrencies(page().getByRole('table', { name: 'Authorizations' }), 'Authorizations list');
    await listRows(page(), 'Authorizations').first().click();
    await drawer().waitFor();
    await expectCurrencies(drawer(), 'Authorization drawer');
    await page().keyboard.press('Escape');
    const csv = await exportCsvFrom(main());
    expectCsvCurrencies(csv, ['amount', 'fee', 'vat'], 'currency');
    expectCsvCurrencies(csv, ['merchantAmount'], 'merchantCurrency');
  });

  it('in the Accounts list (balances), its drawer and its CSV', async () => {
    await openFresh(app.e2e, 'accounts');
    await waitForRows(page(), 'Accounts');
    await expectCurrencies(page().getByRole('table', { name: 'Accounts' }), 'Accounts list');
    await listRows(page(), 'Accounts').first().click();
    await drawer().waitFor();
    await expectCurrencies(drawer(), 'Account drawer');
    await page().keyboard.press('Escape');
    expectCsvCurrencies(await exportCsvFrom(main()), ['currentBalance', 'availableBalance'], 'currency');
  });

  it("on a card's page: its balance, its transactions, a transaction's drawer and the transactions' CSV", async () => {
    await fetchAllAuthorizations(page());
    const card = app.sandbox.fixtures.cards.find((c) => c.status === 'active')!;
    const total = (await sandboxGet<Transaction[]>(app.sandbox, `/cards/${card.id}/transactions?limit=1`)).pagination!
      .total;
    expect(total).toBeGreaterThan(0);
    await openFresh(app.e2e, `cards/${card.id}`);
    await page().getByTestId('balance-current').waitFor();
    await expectCurrencies(page().getByRole('region', { name: 'Balance' }), 'Card balance');
    await waitForRows(page(), 'Card transactions');
    await expectCurrencies(page().getByRole('table', { name: 'Card transactions' }), 'Card transactions list');
    // The whole page: facts, spending limits, balance and transactions.
    await expectCurrencies(main(), 'Card page');
    await listRows(page(), 'Card transactions').first().click();
    await page().getByRole('dialog', { name: 'Transaction' }).waitFor();
    await expectCurrencies(page().getByRole('dialog', { name: 'Transaction' }), 'Transaction drawer');
    await page().keyboard.press('Escape');
    const csv = await exportCsvFrom(page().getByRole('region', { name: 'Transactions' }));
    expectCsvCurrencies(csv, ['amount', 'fee'], 'currency');
  });

  it('in the Journal list and its CSV: a funded card says its amount with its currency', async () => {
    const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    await openFresh(app.e2e, 'journal');
    await page().evaluate(
      (input) =>
        window.cardDesk.cards.create({
          ...input,
          type: 'virtual',
          currency: 'NGN',
          status: 'active',
          brand: 'Verve',
          amount: 2500,
        }),
      { customerId: app.customers[1]!._id, debitAccountId: account },
    );
    await issueThroughBridge(page(), app.customers[2]!._id, account);
    await openFresh(app.e2e, 'journal');
    await waitForRows(page(), 'Journal entries');
    const table = page().getByRole('table', { name: 'Journal entries' });
    await expect.poll(() => table.innerText()).toContain('funded with ₦2,500.00');
    await expectCurrencies(table, 'Journal list');
    expectCsvCurrencies(await exportCsvFrom(main()), ['amount'], 'currency');
  });

  it("in a dispute's drawer: the disputed transaction's amount", async () => {
    await openFresh(app.e2e, 'disputes');
    await waitForRows(page(), 'Disputes');
    await listRows(page(), 'Disputes').first().click();
    await drawer().waitFor();
    await expect.poll(async () => (await amountsIn(drawer())).seen).toBeGreaterThan(0);
    await expectCurrencies(drawer(), 'Dispute drawer');
  });

  it("on a customer's page: the wallets' balances", async () => {
    const holder = app.sandbox.fixtures.cards[0]!.customerId;
    await openFresh(app.e2e, `customers/${holder}`);
    const wallets = page().getByRole('region', { name: 'Wallets' });
    await wallets.locator('table').waitFor({ timeout: 60_000 });
    await expectCurrencies(wallets, 'Customer wallets');
  });

  it('on the Overview: headline amounts and the charts’ tables', async () => {
    await fetchAllAuthorizations(page());
    await openFresh(app.e2e, 'overview');
    await page().locator('[data-testid^="headline-amount-"]').first().waitFor();
    await expectCurrencies(main(), 'Overview');
  });
});
