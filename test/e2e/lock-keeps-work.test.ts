// Locking keeps work: a half-filled Issue a card, or Open an account or wallet, survives Ctrl+L and unlock. While locked nothing of it is in
// the page (the pages and the dialog are unmounted); once unlocked the dialog opens again at the same step with
// what was typed, and sends it as it was. Closing it without sending still asks first.
import { describe, expect, it } from 'vitest';
import { nameOf } from './customer-cache';
import { issueWizard } from './issue-wizard';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 7373, customers: 40 });
const page = () => app.e2e.page;
const { cardPosts, chooseCustomer, chooseDebitAccount, closeWizard, dialog, finishAndSend, ngnAccount, openWizard } =
  issueWizard(app);

describe('Locking keeps work', () => {
  it('a half-filled wizard survives Ctrl+L and unlock, and sends what was typed', async () => {
    const customer = app.customers[6]!;
    await openWizard('A new card');
    await chooseCustomer(customer);
    await chooseDebitAccount();
    await dialog().getByLabel('Funding amount (NGN)').fill('2,500');

    await page().keyboard.press('Control+l');
    await page().getByTestId('lock-screen').waitFor();
    // Nothing of it in the page while locked.
    expect(await page().evaluate((name) => document.documentElement.outerHTML.includes(name), nameOf(customer))).toBe(
      false,
    );
    expect(await dialog().count()).toBe(0);

    await page().getByRole('button', { name: 'Unlock' }).click();
    await dialog().waitFor();
    await dialog().getByRole('group').filter({ hasText: customer._id }).waitFor();
    expect(await dialog().getByLabel('Debit account').inputValue()).toBe(ngnAccount());
    expect(await dialog().getByLabel('Funding amount (NGN)').inputValue()).toBe('2,500');

    const before = cardPosts().length;
    await finishAndSend();
    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toMatchObject({ customerId: customer._id, debitAccountId: ngnAccount(), amount: 2500 });
    await closeWizard();
  });

  it('keeps nothing for a wizard nothing was typed in, and a restored one still asks before closing', async () => {
    await openWizard('A new card');
    await page().keyboard.press('Control+l');
    await page().getByTestId('lock-screen').waitFor();
    await page().getByRole('button', { name: 'Unlock' }).click();
    await page().getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await dialog().count()).toBe(0);

    await openFresh(app.e2e, 'journal');
    await openWizard('A new card');
    await chooseCustomer(app.customers[7]!);
    await page().keyboard.press('Control+l');
    await page().getByRole('button', { name: 'Unlock' }).click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Close issue a card' }).click();
    await dialog().getByRole('button', { name: 'Discard and close' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('a half-filled Open an account or wallet survives Ctrl+L and unlock, and opens what was chosen', async () => {
    const customer = app.customers[9]!;
    const accountPosts = () => app.sandbox.requests().filter((r) => r.method === 'POST' && r.url === '/accounts');
    const accountDialog = () => page().getByRole('dialog', { name: 'Open an account or wallet' });
    await openFresh(app.e2e, 'journal');
    await page().getByRole('button', { name: 'Open an account or wallet' }).click();
    await accountDialog().getByRole('radio', { name: 'A wallet for a customer' }).check();
    await accountDialog().getByLabel('Currency').selectOption('USD');
    await accountDialog().getByRole('combobox', { name: 'Customer' }).fill(nameOf(customer));
    await accountDialog()
      .getByRole('option', { name: new RegExp(nameOf(customer)) })
      .first()
      .click();

    await page().keyboard.press('Control+l');
    await page().getByTestId('lock-screen').waitFor();
    expect(await page().evaluate((name) => document.documentElement.outerHTML.includes(name), nameOf(customer))).toBe(
      false,
    );
    expect(await accountDialog().count()).toBe(0);

    await page().getByRole('button', { name: 'Unlock' }).click();
    await accountDialog().waitFor();
    expect(await accountDialog().getByRole('radio', { name: 'A wallet for a customer' }).isChecked()).toBe(true);
    expect(await accountDialog().getByLabel('Currency').inputValue()).toBe('USD');

    const before = accountPosts().length;
    await accountDialog().getByRole('button', { name: 'Open wallet' }).click();
    await accountDialog().getByRole('heading', { name: 'Wallet opened' }).waitFor();
    const posts = accountPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toMatchObject({ type: 'wallet', currency: 'USD', customerId: customer._id });
  });
});
