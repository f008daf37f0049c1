// The issuing wizard in Chromium against the real handlers, journal and local sandbox: the four card
// paths, every rule caught in the form before anything is sent, a 400 put on its field, a gateway error
// reported as an unknown outcome, "issue another?" for a repeat, and a double click that sends once.
import { bankByCode, bankChoiceText } from '../../src-shared/api/banks';
import { describe, expect, it } from 'vitest';
import { repeatMessage } from '../../src-main/issuing/journaled-write';
import { nameOf } from './customer-cache';
import { issueWizard } from './issue-wizard';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 5150, customers: 60 });
const page = () => app.e2e.page;
const {
  cardPosts,
  chooseCustomer,
  chooseDebitAccount,
  closeWizard,
  dialog,
  finishAndSend,
  goToReview,
  newCardToReview,
  ngnAccount,
  openWizard,
  replaceCardDetails,
} = issueWizard(app);

describe('Issuing a card', () => {
  it('issues a new virtual card from the wizard', async () => {
    const before = cardPosts().length;
    await openWizard('A new card');
    await chooseCustomer(app.customers[0]!);
    await chooseDebitAccount();
    await app.e2e.screenshot('issue-card-details');
    expect(await app.e2e.axeViolations()).toEqual([]);
    const card = await finishAndSend();
    await app.e2e.screenshot('issue-card-result');
    const posts = cardPosts().slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.status).toBe(200);
    expect(posts[0]!.body).toMatchObject({
      customerId: app.customers[0]!._id,
      type: 'virtual',
      brand: 'Verve',
      currency: 'NGN',
      debitAccountId: ngnAccount(),
    });
    await expect
      .poll(() =>
        dialog()
          .getByText(/\d{6} •• \d{4}|•••• \d{4}/)
          .count(),
      )
      .toBeGreaterThan(0);
    await closeWizard();
    expect(card).toMatch(/^[0-9a-f]{24}$/);
  });

  it('maps a card to an active funding source (an inactive one cannot be chosen)', async () => {
    const before = cardPosts().length;
    await openWizard('Map to a funding source');
    await chooseCustomer(app.customers[1]!);
    const active = app.sandbox.fixtures.fundingSources.find((f) => f.status === 'active')!;
    const inactive = app.sandbox.fixtures.fundingSources.find((f) => f.status !== 'active')!;
    const select = dialog().getByLabel('Funding source');
    await expect.poll(() => select.locator(`option[value="${active.id}"]`).count()).toBe(1);
    expect(await select.locator(`option[value="${inactive.id}"]`).isDisabled()).toBe(true);
    await select.selectOption(active.id);
    await chooseDebitAccount();
    await finishAndSend();
    await closeWizard();
    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toMatchObject({ fundingSourceId: active.id, customerId: app.customers[1]!._id });
  });

  it("maps a card to another person's bank account only with a reason, repeated in the review and journal", async () => {
    const before = cardPosts().length;
    const bank = app.sandbox.fixtures.bankAccounts[0]!;
    await openWizard('Map to a bank account');
    await chooseCustomer(app.customers[2]!);
    // The bank chosen by name from the list; its code is what is sent.
    const known = bankByCode(bank.bankCode)!;
    await dialog().getByRole('combobox', { name: 'Bank' }).fill(bankChoiceText(known));
    await dialog().getByText(`${known.name}, code ${known.code}`).waitFor();
    await dialog().getByLabel('Account number').fill(bank.accountNumber);
    await chooseDebitAccount();
    // Not confirmed yet: the wizard does not go on.
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByText("Look up the account holder's name and confirm it before continuing.").waitFor();
    await dialog().getByRole('button', { name: 'Look up account holder' }).click();
    // The business's own account is not the customer's: a warning that takes focus, and no plain "Yes".
    const warning = dialog().getByTestId('holder-mismatch');
    await warning.getByText('The account holder is not this customer.').waitFor();
    await expect.poll(() => warning.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await warning.textContent()).toContain(bank.accountName);
    expect(await dialog().getByRole('button', { name: 'Yes, map the card to this account' }).count()).toBe(0);
    await app.e2e.screenshot('issue-card-bank-account-mismatch');
    expect(await app.e2e.axeViolations()).toEqual([]);
    // "Map anyway" needs a reason.
    await warning.getByRole('button', { name: 'Map anyway' }).click();
    await warning.getByText(/Write a reason/).waitFor();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByText("Look up the account holder's name and confirm it before continuing.").waitFor();
    const reason = 'Employer salary account, confirmed by phone';
    await warning.getByLabel(/Reason for mapping anyway/).fill(reason);
    await warning.getByRole('button', { name: 'Map anyway' }).click();
    await dialog().getByTestId('holder-mapped-anyway').waitFor();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    // The review repeats it.
    const repeated = dialog().getByTestId('holder-warning');
    await repeated.waitFor();
    expect(await repeated.textContent()).toContain(reason);
    await dialog().getByRole('button', { name: 'Issue card' }).click();
    await dialog().getByRole('heading', { name: 'Card issued' }).waitFor();
    await closeWizard();
    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toMatchObject({
      bankCode: bank.bankCode,
      accountNumber: bank.accountNumber,
      metadata: { accountHolderName: bank.accountName, mappedAnywayBecause: reason },
    });
    // The journal keeps the reason with the request.
    const journal = await page().evaluate(() => window.cardDesk.journal.list({ page: 0, limit: 5 }));
    expect(journal.ok && JSON.stringify(journal.data[0])).toContain(reason);
    // Its drawer says it as the review did: the bank account, its holder and why it was mapped anyway.
    await openFresh(app.e2e, 'journal');
    const table = page().getByRole('table', { name: 'Journal entries' });
    await table.getByRole('rowgroup').nth(1).getByRole('row').first().click();
    const sent = page().getByRole('dialog', { name: 'Journal entry' }).getByRole('region', { name: 'What was sent' });
    await expect.poll(() => sent.getByTestId('mapped-anyway').textContent()).toBe(reason);
    expect(await sent.textContent()).toContain(bank.accountName);
  });

  it("shows a holder whose name is the customer's as a match", async () => {
    const before = cardPosts().length;
    // A wallet's account is held in its customer's name.
    const bank = app.sandbox.fixtures.bankAccounts[2]!;
    const wallet = app.sandbox.fixtures.wallets.filter((w) => w.currency === 'NGN')[0]!;
    const customer = app.customers.find((c) => c._id === wallet.customerId)!;
    expect(customer).toBeDefined();
    await openWizard('Map to a bank account');
    await chooseCustomer(customer);
    await dialog().getByRole('combobox', { name: 'Bank' }).fill(bank.bankCode);
    await dialog().getByLabel('Account number').fill(bank.accountNumber);
    await chooseDebitAccount();
    await dialog().getByRole('button', { name: 'Look up account holder' }).click();
    await dialog().getByText('Names match.').waitFor();
    expect(await dialog().getByTestId('holder-mismatch').count()).toBe(0);
    await dialog().getByRole('button', { name: 'Yes, map the card to this account' }).click();
    await dialog().getByText(`Confirmed holder: ${bank.accountName}`).waitFor();
    await finishAndSend();
    await closeWizard();
    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toMatchObject({ metadata: { holderNameCheck: 'matches the customer' } });
  });

  it('replaces a lost card from its spending controls and 2FA, without asking for a debit account, naming both cards; the old one shows canceled', async () => {
    // The card to replace: one of this test's own customer, issued through the bridge as the wizard does.
    const customer = app.customers[8]!;
    // Its spending controls and 2FA are where the replacement starts.
    const controls = {
      channels: { atm: false, pos: true, web: true, mobile: true },
      allowedCategories: [],
      blockedCategories: [],
      spendingLimits: [{ amount: 120_000, interval: 'daily' as const }],
    };
    const lostIssued = await page().evaluate(
      (input) =>
        window.cardDesk.cards.create({ ...input, type: 'virtual', currency: 'NGN', status: 'active', brand: 'Verve' }),
      { customerId: customer._id, debitAccountId: ngnAccount(), spendingControls: controls, enable2FA: true },
    );
    if (!lostIssued.ok) throw new Error(lostIssued.error.message);
    const lostCard = lostIssued.data._id;
    const lost = await page().evaluate((id) => window.cardDesk.cards.get({ id }), lostCard);
    if (!lost.ok) throw new Error(lost.error.message);
    const lostFour = lost.data.maskedPan!.slice(-4);
    const before = cardPosts().length;
    await replaceCardDetails(customer, lostCard, 'lost');
    // The new card keeps the old card's account: there is no debit account to choose.
    expect(await dialog().getByLabel('Debit account').count()).toBe(0);
    await dialog().getByTestId('replacement-account').waitFor();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('region', { name: 'Review before sending' }).waitFor();
    // The button and the outcome say what happens: a replacement, naming the card it cancels.
    await dialog()
      .getByRole('button', { name: `Replace card •••• ${lostFour}`, exact: true })
      .click();
    await dialog().getByRole('heading', { name: 'Card replaced' }).waitFor();
    const href = await dialog().getByRole('link', { name: 'Open the card' }).getAttribute('href');
    const newCard = href!.split('/').pop()!;
    const made = await page().evaluate((id) => window.cardDesk.cards.get({ id }), newCard);
    if (!made.ok) throw new Error(made.error.message);
    expect(await dialog().getByTestId('replaced-card').textContent()).toBe(
      `Card •••• ${lostFour} replaced by •••• ${made.data.maskedPan!.slice(-4)}; the old card is cancelled.`,
    );
    await closeWizard();
    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toMatchObject({
      replacementFor: lostCard,
      reason: 'lost',
      type: 'virtual',
      brand: 'Verve',
      currency: 'NGN',
    });
    expect(posts[0]!.body).not.toHaveProperty('debitAccountId');
    expect(posts[0]!.body).toMatchObject({ spendingControls: controls, enable2FA: true });
    expect(made.data.account).toBe(lost.data.account);
    const old = await page().evaluate((id) => window.cardDesk.cards.get({ id }), lostCard);
    expect(old.ok && old.data.status).toBe('canceled');
    expect(newCard).not.toBe(lostCard);
  });

  it('gains the debit account on the details step when the service asks for one for a replacement, and goes on', async () => {
    const customer = app.customers[9]!;
    const account = ngnAccount();
    const stolen = await page().evaluate(
      (input) =>
        window.cardDesk.cards.create({ ...input, type: 'virtual', currency: 'NGN', status: 'active', brand: 'Verve' }),
      { customerId: customer._id, debitAccountId: account },
    );
    if (!stolen.ok) throw new Error(stolen.error.message);
    const before = cardPosts().length;
    await replaceCardDetails(customer, stolen.data._id, 'stolen');
    expect(await dialog().getByLabel('Debit account').count()).toBe(0);
    await goToReview();
    // This service wants the account the new card draws on.
    app.sandbox.faults.add({
      kind: 'status',
      status: 400,
      message: 'debitAccountId is required for a virtual card',
      endpoint: 'POST /cards',
      count: 1,
    });
    await dialog()
      .getByRole('button', { name: /^Replace card/ })
      .click();
    // Back on the details step, which now has the field, starting from the old card's account.
    const field = dialog()
      .locator('.form-field')
      .filter({ has: page().getByLabel('Debit account') });
    await field.getByRole('alert').waitFor();
    await expect.poll(() => dialog().getByLabel('Debit account').inputValue()).toBe(account);
    await goToReview();
    await dialog()
      .getByRole('button', { name: /^Replace card/ })
      .click();
    await dialog().getByRole('heading', { name: 'Card replaced' }).waitFor();
    await closeWizard();
    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([400, 200]);
    expect(posts[1]!.body).toMatchObject({
      replacementFor: stolen.data._id,
      reason: 'stolen',
      debitAccountId: account,
    });
  });

  it("puts the service's 400 on the offending field", async () => {
    const before = cardPosts().length;
    const unknownCustomer = 'f'.repeat(24);
    await openWizard('A new card');
    await dialog().getByRole('combobox', { name: 'Customer' }).fill(unknownCustomer);
    await dialog()
      .getByRole('option', { name: `Use customer id ${unknownCustomer}` })
      .click();
    await chooseDebitAccount();
    await goToReview();
    await dialog().getByRole('button', { name: 'Issue card' }).click();
    // Back on the details step, with the message under the customer.
    await dialog().getByRole('group').filter({ hasText: unknownCustomer }).waitFor();
    await dialog()
      .locator('.form-field')
      .filter({ hasText: unknownCustomer })
      .getByRole('alert')
      .filter({ hasText: 'The service does not know this customer: choose another' })
      .waitFor();
    expect(
      cardPosts()
        .slice(before)
        .map((p) => p.status),
    ).toEqual([400]);
    await closeWizard();
  });

  it('reports a gateway error as an outcome unknown, and resends only after an explicit confirmation', async () => {
    const before = cardPosts().length;
    // A 502 from a gateway: whether the card exists is not known (here the sandbox did not make it).
    app.sandbox.faults.add({ kind: 'status', status: 502, endpoint: 'POST /cards', count: 1 });
    await openWizard('A new card');
    await newCardToReview(app.customers[4]!);
    await dialog().getByRole('button', { name: 'Issue card' }).click();
    await dialog().getByRole('heading', { name: 'Outcome unknown: the card may or may not exist' }).waitFor();
    await app.e2e.screenshot('issue-card-outcome-unknown');
    expect(await app.e2e.axeViolations()).toEqual([]);
    expect(
      cardPosts()
        .slice(before)
        .map((p) => p.status),
    ).toEqual([502]);

    // A resend needs an explicit confirmation.
    const resend = dialog().getByRole('button', { name: 'Allow resend and send again' });
    expect(await resend.isDisabled()).toBe(true);
    const journal = await page().evaluate(() => window.cardDesk.journal.list({ outcome: 'outcome_unknown' }));
    expect(journal.ok && journal.data.length).toBe(1);
    const unknownRef = journal.ok ? journal.data[0]!.clientReference : null;
    await dialog()
      .getByRole('checkbox', { name: /I accept that sending again may create a second card/ })
      .check();
    await resend.click();
    await dialog().getByRole('heading', { name: 'Card issued' }).waitFor();
    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([502, 200]);
    const resentRef = (posts[1]!.body as { metadata: { clientReference: string } }).metadata.clientReference;
    expect(resentRef).not.toBe(unknownRef);
    const acknowledged = await page().evaluate(() => window.cardDesk.journal.list({ outcome: 'outcome_unknown' }));
    expect(acknowledged.ok && acknowledged.data[0]?.resendAcknowledged).toBe(true);
    await closeWizard();
  });

  it('asks "issue another?" before sending the same card again, and sends it only when told to', async () => {
    const before = cardPosts().length;
    const sendTo = async () => {
      await openWizard('A new card');
      await newCardToReview(app.customers[7]!);
      await dialog().getByRole('button', { name: 'Issue card' }).click();
    };
    const firstSent = Date.now();
    await sendTo();
    await dialog().getByRole('heading', { name: 'Card issued' }).waitFor();
    await closeWizard();
    expect(cardPosts().slice(before)).toHaveLength(1);

    await sendTo();
    const question = dialog().getByRole('alertdialog', { name: 'Repeat card' });
    await question.waitFor();
    // "less than a minute ago" on a quick run; a loaded machine may take longer over the second wizard.
    const minutes = Array.from({ length: Math.floor((Date.now() - firstSent) / 60_000) + 1 }, (_, m) => m);
    const text = await question.textContent();
    expect(minutes.map((m) => repeatMessage('card', nameOf(app.customers[7]!), m)).some((m) => text?.includes(m))).toBe(
      true,
    );
    expect(text).toContain(`You issued this card to ${nameOf(app.customers[7]!)} `);
    expect(cardPosts().slice(before)).toHaveLength(1);
    await question.getByRole('button', { name: 'Issue another card' }).click();
    await dialog().getByRole('heading', { name: 'Card issued' }).waitFor();
    expect(cardPosts().slice(before)).toHaveLength(2);
    await closeWizard();
  });

  it('sends one request for a double click', async () => {
    const before = cardPosts().length;
    await openWizard('A new card');
    await newCardToReview(app.customers[5]!);
    const send = dialog().getByRole('button', { name: 'Issue card' });
    // Two clicks in the same task, before React can re-render the button as disabled.
    await send.evaluate((b: HTMLButtonElement) => {
      b.click();
      b.click();
    });
    await dialog().getByRole('heading', { name: 'Card issued' }).waitFor();
    await dialog().getByRole('button', { name: 'Issue another card' }).click();
    expect(cardPosts().slice(before)).toHaveLength(1);

    await dialog()
      .getByRole('radio', { name: /A new card/ })
      .check();
    await dialog().getByRole('button', { name: 'Continue' }).click();
    await newCardToReview(app.customers[6]!);
    await dialog().getByRole('button', { name: 'Issue card' }).dblclick();
    await dialog().getByRole('heading', { name: 'Card issued' }).waitFor();
    expect(cardPosts().slice(before)).toHaveLength(2);
    await closeWizard();
  });
});
