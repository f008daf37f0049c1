// The issuing wizard in words: the review names the customer (with a KYC warning), the account, the amount
// and the controls, the raw request behind a disclosure; and inputs are forgiving (a spaced 19-digit
// PAN, an id in capitals, 01/28, 1,234.50) while values stay strict (no third decimal); each broken rule is
// said on its field as the operator goes, and nothing is sent.
import { formatPhone } from '../../src-renderer/lib/format';
import { describe, expect, it } from 'vitest';
import { nameOf } from './customer-cache';
import { issueWizard, validPan, validPan19 } from './issue-wizard';
import { sandboxAll } from '../support/sandbox-api';
import { appWithCustomerCache } from './shared-app';

const app = appWithCustomerCache({ seed: 5252, customers: 60 });
const page = () => app.e2e.page;
const { dialog, cardPosts, ngnAccount, openWizard, chooseCustomer, chooseDebitAccount, finishAndSend, closeWizard } =
  issueWizard(app);

describe('Issuing in words', () => {
  it('reviews in words: customer, KYC warning, account by name and number, amount, controls; JSON behind a disclosure', async () => {
    const unapproved = app.customers.find((c) => c.isApproved === false)!;
    const accounts = await sandboxAll<{ _id: string; accountNumber: string }>(app.sandbox, '/accounts?type=account');
    const account = { id: ngnAccount(), accountNumber: accounts.find((a) => a._id === ngnAccount())!.accountNumber };
    const before = cardPosts().length;
    await openWizard('A new card');
    await chooseCustomer(unapproved);
    await chooseDebitAccount(account.id);
    await dialog().getByLabel('Funding amount (NGN)').fill('1500.5');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('radio', { name: 'Set spending controls' }).check();
    await dialog().getByRole('checkbox', { name: 'ATM' }).uncheck();
    await dialog().getByRole('button', { name: 'Add a limit' }).click();
    await dialog().getByLabel('Limit 1 amount').fill('25000');
    await dialog().getByLabel('Limit 1 interval').selectOption('daily');
    await dialog().getByRole('button', { name: 'Next' }).click();

    const review = dialog().getByRole('region', { name: 'Review before sending' });
    await review.waitFor();
    const warning = review.getByTestId('kyc-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('KYC not approved');
    const text = async () => (await review.textContent()) ?? '';
    await expect.poll(text).toContain(unapproved.emailAddress!);
    expect(await text()).toContain(nameOf(unapproved));
    expect(await text()).toContain(formatPhone(unapproved.phoneNumber));
    expect(await text()).toContain('Not approved');
    await expect.poll(text).toContain(account.accountNumber);
    expect(await text()).toContain('₦1,500.50');
    expect(await text()).toContain('₦25,000.00');
    expect(await text()).toContain('Daily');
    expect(await review.getByText('ATM:').textContent()).toContain('blocked');
    // The raw request is there for those who open it, and not in the way of those who do not.
    const raw = review.getByLabel('Request to send');
    expect(await raw.isVisible()).toBe(false);
    await review.getByText('Show the request as it will be sent').click();
    expect(JSON.parse((await raw.textContent())!)).toMatchObject({ customerId: unapproved._id, amount: 1500.5 });
    await app.e2e.screenshot('issue-card-review');
    expect(await app.e2e.axeViolations()).toEqual([]);
    // A warning, not a block: the card can still be sent.
    expect(await dialog().getByRole('button', { name: 'Issue card' }).isEnabled()).toBe(true);
    await closeWizard();
    expect(cardPosts().length).toBe(before);
  });

  it('takes forgiving inputs (spaced 19-digit PAN, id in capitals, 01/28, 1,234.50) and refuses 3 decimals', async () => {
    const before = cardPosts().length;
    const error = (text: string | RegExp) => dialog().getByRole('alert').filter({ hasText: text });
    await openWizard('A new card');
    const customer = app.customers[5]!;
    await dialog().getByRole('combobox', { name: 'Customer' }).fill(customer._id.toUpperCase());
    await page().keyboard.press('Enter');
    await dialog().getByRole('group').filter({ hasText: customer._id }).waitFor();

    await dialog().getByLabel('Card type').selectOption('physical');
    const pan = validPan19(777);
    await dialog()
      .getByLabel('Card number (PAN)')
      .fill(pan.replace(/(\d{4})/g, '$1 ').trim());
    const amount = dialog().getByLabel('Funding amount (NGN)');
    await amount.fill('1.234');
    await error('An amount has at most 2 decimal places (kobo or cents), such as 1500.50').waitFor();
    await amount.fill('1,234.50');
    await expect.poll(() => error(/amount/i).count()).toBe(0);
    expect(await error(/card number/).count()).toBe(0);

    // A Visa expiry in the forms people use; shown back in the API's form on the review.
    await dialog().getByLabel('Brand').selectOption('Visa');
    // The Verve number no longer fits the brand; a Visa number does.
    await error(
      'This is a Verve card number, not a Visa one: check the number, or choose Verve as the brand',
    ).waitFor();
    await dialog().getByLabel('Visa card id').fill('4111 1111 1111 1111');
    await expect.poll(() => error(/card number/).count()).toBe(0);
    const expiry = dialog().getByLabel('Expiration date');
    for (const typed of ['jan-2028', '2028-01', '01/28']) {
      await expiry.fill(typed);
      await expect.poll(() => error(/expiry/).count()).toBe(0);
    }
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    const review = dialog().getByRole('region', { name: 'Review before sending' });
    await review.getByText('Jan-2028', { exact: true }).waitFor();
    await dialog().getByRole('button', { name: 'Back' }).click();
    await dialog().getByRole('button', { name: 'Back' }).click();
    await dialog().getByLabel('Brand').selectOption('Verve');
    await dialog()
      .getByLabel('Card number (PAN)')
      .fill(pan.replace(/(\d{4})/g, '$1 ').trim());

    await finishAndSend();
    await closeWizard();
    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toMatchObject({ customerId: customer._id, number: pan, amount: 1234.5 });
    expect((posts[0]!.body as { number: string }).number).toHaveLength(19);
  });

  it('shows each broken rule on its field as the user goes, and sends nothing', { timeout: 180_000 }, async () => {
    const before = cardPosts().length;
    const error = (text: string | RegExp) => dialog().getByRole('alert').filter({ hasText: text });
    await openWizard('A new card');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await error('Choose a customer').waitFor();
    await error('Choose the account the card draws on').waitFor();
    await chooseCustomer(app.customers[3]!);

    await dialog().getByLabel('Card type').selectOption('physical');
    const pan = dialog().getByLabel('Card number (PAN)');
    await pan.fill('5060990000000001');
    await error(
      'This is not a valid card number: a digit is wrong or missing (the check digit does not match)',
    ).waitFor();
    await pan.fill('50609900');
    await error('A card number has 16 to 19 digits').waitFor();
    // A Visa number typed for a Verve card (the brand chosen by default) is refused, naming Visa.
    await pan.fill('4111 1111 1111 1111');
    await error('This is a Visa card number, not a Verve one: check the number, or choose Visa as the brand').waitFor();
    await pan.fill(validPan(4242));
    await expect.poll(() => error(/card number/).count()).toBe(0);

    await dialog().getByLabel('Brand').selectOption('Visa');
    const expiry = dialog().getByLabel('Expiration date');
    await expiry.fill('janu-2029x');
    await error('Enter the expiry as a month and a year, such as Jan-2029 or 01/29').waitFor();
    await expiry.fill(`Jan-${new Date().getFullYear() + 4}`);
    await error('The expiry date is more than 3 years ahead').waitFor();
    await expiry.fill(`Jan-${new Date().getFullYear() - 1}`);
    await error('The expiry date is in the past').waitFor();
    await app.e2e.screenshot('issue-card-rules');
    expect(await app.e2e.axeViolations()).toEqual([]);
    await expiry.fill('');

    await dialog().getByLabel('Brand').selectOption('MasterCard');
    await dialog().getByLabel('Card type').selectOption('virtual');
    await chooseDebitAccount();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await error('Enter a funding amount: a MasterCard needs one').waitFor();
    await dialog().getByLabel('Funding amount (NGN)').fill('0');
    await error('The amount must be more than 0').waitFor();
    await dialog().getByLabel('Funding amount (NGN)').fill('2500');
    await dialog().getByRole('button', { name: 'Next' }).click();

    // Spending controls: every interval is offered; a limit needs a positive amount.
    await dialog().getByRole('radio', { name: 'Set spending controls' }).check();
    await dialog().getByRole('button', { name: 'Add a limit' }).click();
    const intervals = await dialog().getByLabel('Limit 1 interval').locator('option').allTextContents();
    expect(intervals).toEqual(['Per authorization', 'Daily', 'Weekly', 'Monthly', 'Yearly', 'All time']);
    await dialog().getByRole('button', { name: 'Next' }).click();
    await error('Enter an amount').waitFor();
    await dialog().getByLabel('Limit 1 amount').fill('-5');
    await error('The amount must be more than 0').waitFor();
    await closeWizard();

    await openWizard('Replace a lost or stolen card');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await error('Choose the card to replace').waitFor();
    await error('Choose why the card is replaced: lost or stolen').waitFor();
    await closeWizard();

    await openWizard('Map to a bank account');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await error('Choose the bank, or type its code').waitFor();
    await error('Enter the account number of the bank account').waitFor();
    await closeWizard();

    await openWizard('Map to a funding source');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await error('Choose a funding source').waitFor();
    await closeWizard();

    expect(cardPosts().length).toBe(before);
  });
});
