// Opening a wallet and a settlement account in Chromium against the real handlers and local sandbox:
// the shared rules in the form, one POST each, and the new records listed in Accounts.
import { describe, expect, it } from 'vitest';
import type { Account } from '../../src-shared/api/records';
import { sandboxGet } from '../support/sandbox-api';
import { nameOf } from './customer-cache';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 6262, customers: 30 });

const page = () => app.e2e.page;
const dialog = () => page().getByRole('dialog', { name: 'Open an account or wallet' });
const accountPosts = () => app.sandbox.requests().filter((r) => r.method === 'POST' && r.url === '/accounts');

async function openDialog(): Promise<void> {
  await openFresh(app.e2e, 'journal');
  await page().getByRole('button', { name: 'Open an account or wallet' }).click();
  await dialog().waitFor();
}

/** The new record as Accounts lists it (filtered to its type and currency), found by account number. */
async function listedInAccounts(account: { type: string; currency: string; accountNumber: string }): Promise<void> {
  await page().goto(`${app.e2e.harness.url}#/accounts?type=${account.type}&currency=${account.currency}`);
  const table = page().getByRole('table', { name: 'Accounts' });
  await table.getByRole('row').filter({ hasText: account.accountNumber }).first().waitFor();
}

/** The Journal lists the write (the one this test made: no other test opens the same kind of record). */
async function listedInJournal(what: string): Promise<void> {
  await app.e2e.open('journal');
  const rows = page().getByRole('table', { name: 'Journal entries' }).getByRole('row');
  await rows.filter({ hasText: what }).waitFor();
}

describe('Opening an account or wallet', () => {
  it('refuses a wallet without a customer, and sends nothing', async () => {
    const before = accountPosts().length;
    await openDialog();
    await dialog().getByRole('radio', { name: 'A wallet for a customer' }).check();
    await dialog().getByRole('button', { name: 'Open wallet' }).click();
    await dialog().getByRole('alert').filter({ hasText: 'Choose a customer' }).waitFor();
    await app.e2e.screenshot('open-account-rules');
    expect(await app.e2e.axeViolations()).toEqual([]);
    expect(accountPosts().length).toBe(before);
  });

  it('opens a USD wallet for a customer found in the offline cache, listed in Accounts', async () => {
    const before = accountPosts().length;
    const customer = app.customers[2]!;
    await openDialog();
    await dialog().getByRole('radio', { name: 'A wallet for a customer' }).check();
    await dialog().getByLabel('Currency').selectOption('USD');
    await dialog().getByLabel('Account type').selectOption('Savings');
    await dialog().getByRole('combobox', { name: 'Customer' }).fill(nameOf(customer));
    await dialog()
      .getByRole('option', { name: new RegExp(nameOf(customer)) })
      .first()
      .click();
    await dialog().getByRole('button', { name: 'Open wallet' }).click();
    await dialog().getByRole('heading', { name: 'Wallet opened' }).waitFor();
    await app.e2e.screenshot('open-account-result');
    const posts = accountPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toEqual({
      type: 'wallet',
      currency: 'USD',
      accountType: 'Savings',
      customerId: customer._id,
    });

    const wallets = (await sandboxGet<Account[]>(app.sandbox, '/accounts?type=wallet&currency=USD&limit=100')).data;
    const created = wallets.find((a) => a.customer === customer._id && a.accountType === 'Savings')!;
    expect(created).toBeDefined();
    await expect.poll(() => dialog().getByText(created.accountNumber!).count()).toBe(1);
    await listedInAccounts({ type: 'wallet', currency: 'USD', accountNumber: created.accountNumber! });
    await listedInJournal('Wallet, USD, Savings');
  });

  it('opens an NGN settlement account, listed in Accounts and in the Journal', async () => {
    const before = accountPosts().length;
    await openDialog();
    await dialog().getByRole('radio', { name: 'A settlement account for the business' }).check();
    expect(await dialog().getByRole('combobox', { name: 'Customer' }).count()).toBe(0);
    await dialog().getByLabel('Currency').selectOption('NGN');
    await dialog().getByLabel('Account type').selectOption('Current');
    // A double click opens one account.
    await dialog().getByRole('button', { name: 'Open account' }).dblclick();
    await dialog().getByRole('heading', { name: 'Account opened' }).waitFor();
    const posts = accountPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toEqual({ type: 'account', currency: 'NGN', accountType: 'Current' });
    const number = (await dialog().locator('dd .mono').first().textContent())!;
    await listedInAccounts({ type: 'account', currency: 'NGN', accountNumber: number });
    await listedInJournal('Settlement account, NGN, Current');
  });
});
