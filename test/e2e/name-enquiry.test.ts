// Name enquiry: field rules as the user types, a resolved holder name, and the service's refusal.
import { describe, expect, it } from 'vitest';
import { bankByCode } from '../../src-shared/api/banks';
import { appWithSandbox, openFresh } from './shared-app';

const app = appWithSandbox({ seed: 31, customers: 60 });
const page = () => app.e2e.page;
// The bank box offers the banks Card Desk knows (a combobox with a list) and takes a code typed by hand.
const bankCode = () => page().getByRole('combobox', { name: 'Bank' });
const accountNumber = () => page().getByRole('textbox', { name: 'Account number' });
const lookUp = () => page().getByRole('button', { name: 'Look up name' });
const enquiries = () => app.sandbox.requests().filter((r) => r.endpoint === 'POST /accounts/transfer/name-enquiry');
/** Each test starts on a fresh form, whatever ran before it. */
async function openForm(): Promise<void> {
  await openFresh(app.e2e, 'name-enquiry');
  await page().getByRole('heading', { level: 1, name: 'Name enquiry' }).waitFor();
}

/**
 * Looks up the name and expects the holder's name shown, and `sent` to be the only enquiry the sandbox
 * received since `before` (by default: since this look-up).
 */
async function expectResolved(
  sent: { bankCode: string; accountNumber: string },
  accountName: string,
  before = enquiries().length,
): Promise<void> {
  await lookUp().click();
  await expect.poll(() => page().getByTestId('account-name').textContent()).toContain(accountName);
  expect(
    enquiries()
      .slice(before)
      .map((r) => r.body),
  ).toEqual([sent]);
}

describe('Name enquiry', () => {
  it('names the broken field as the user types, and sends nothing while one is broken', async () => {
    await openForm();
    await bankCode().fill('12');
    await page().getByText('A bank code has 3 to 6 digits').waitFor();
    expect(await bankCode().getAttribute('aria-invalid')).toBe('true');
    // The other field has not been touched: no message for it yet.
    expect(await page().getByText('account number has', { exact: false }).count()).toBe(0);
    await accountNumber().fill('12345x');
    await page().getByText('An account number has 10 digits').waitFor();
    await bankCode().fill('058');
    await expect.poll(() => page().getByText('A bank code has 3 to 6 digits').count()).toBe(0);
    expect(await app.e2e.axeViolations()).toEqual([]);

    // Submitting with a broken field sends nothing: once the field is fixed, the look-up that follows is
    // the only one the sandbox receives (a request from the first click would have arrived before it).
    const before = enquiries().length;
    await lookUp().click();
    await page().getByText('An account number has 10 digits').waitFor();
    const account = app.sandbox.fixtures.bankAccounts[0]!;
    await bankCode().fill(account.bankCode);
    await accountNumber().fill(account.accountNumber);
    await expectResolved(
      { bankCode: account.bankCode, accountNumber: account.accountNumber },
      account.accountName,
      before,
    );
  });

  it('shows the holder name of a resolvable account', async () => {
    await openForm();
    const account = app.sandbox.fixtures.bankAccounts[0]!;
    await bankCode().fill(account.bankCode);
    // Pasted with spaces and a dash, as people write account numbers.
    await accountNumber().fill(account.accountNumber.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2-$3'));
    await expectResolved({ bankCode: account.bankCode, accountNumber: account.accountNumber }, account.accountName);
    await app.e2e.screenshot('name-enquiry');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it("shows the service's message when the account cannot be resolved", async () => {
    await openForm();
    const known = new Set(app.sandbox.fixtures.bankAccounts.map((a) => `${a.bankCode}/${a.accountNumber}`));
    let number = 1234567890;
    while (known.has(`058/${number}`)) number += 1;
    await bankCode().fill('058');
    await accountNumber().fill(String(number));
    const before = enquiries().length;
    await lookUp().click();
    const alert = page().getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Could not resolve the account name');
    expect(await page().getByTestId('account-name').count()).toBe(0);
    expect(
      enquiries()
        .slice(before)
        .map((r) => r.status),
    ).toEqual([400]);
    await app.e2e.screenshot('name-enquiry-unresolved');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('picks the bank by name, sends its code, and names the bank of a typed code', async () => {
    await openForm();
    const account = app.sandbox.fixtures.bankAccounts.find((a) => bankByCode(a.bankCode))!;
    const bank = bankByCode(account.bankCode)!;
    // The list offers every known bank as `Name (code)`.
    const options = await page()
      .locator(`datalist#${await bankCode().getAttribute('list')} option`)
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toContain(`${bank.name} (${bank.code})`);
    // Choosing from the list puts that text in the box.
    await bankCode().fill(`${bank.name} (${bank.code})`);
    await page().getByText(`${bank.name}, code ${bank.code}`).waitFor();
    await accountNumber().fill(account.accountNumber);
    await expectResolved({ bankCode: bank.code, accountNumber: account.accountNumber }, account.accountName);
    await page().getByRole('status').getByText(`${bank.name} (${bank.code})`).waitFor();

    // The bank's name typed without its code works too; a bare code is named; an unknown code is still sent.
    await bankCode().fill(bank.name.toLowerCase());
    await page().getByText(`${bank.name}, code ${bank.code}`).waitFor();
    await bankCode().fill(bank.code);
    await page().getByText(`${bank.name}, code ${bank.code}`).waitFor();
    await bankCode().fill('999');
    await page().getByText("Code 999 (not in Card Desk's list of banks)").waitFor();
    expect(await bankCode().getAttribute('aria-invalid')).toBeNull();
    await app.e2e.screenshot('name-enquiry-bank-picker');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });
});
