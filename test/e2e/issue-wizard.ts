// Drives the issuing wizard in the page, for the e2e tests of issuing: open it on a path, choose a
// customer and a debit account, go on to the review and send, close it (discarding typed details).
import { expect } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import { luhnValid } from '../../src-shared/api/rules';
import type { Page } from 'playwright-core';
import { nameOf } from './customer-cache';
import { openFresh, type SharedApp } from './shared-app';

/** A Luhn-valid Verve-range PAN. */
export function validPan(seed: number): string {
  const body = `506099${String(seed).padStart(9, '0')}`;
  return `${body}${[...Array(10).keys()].find((d) => luhnValid(`${body}${d}`))}`;
}

/** A Luhn-valid 19-digit Verve-range PAN. */
export function validPan19(seed: number): string {
  const body = `506099${String(seed).padStart(12, '0')}`;
  return `${body}${[...Array(10).keys()].find((d) => luhnValid(`${body}${d}`))}`;
}

/** Issues a virtual NGN Verve card through the bridge (the call the wizard makes); returns its id. */
export async function issueThroughBridge(page: Page, customerId: string, debitAccountId: string): Promise<string> {
  const issued = await page.evaluate(
    (input) =>
      window.cardDesk.cards.create({ ...input, type: 'virtual', currency: 'NGN', status: 'active', brand: 'Verve' }),
    { customerId, debitAccountId },
  );
  if (!issued.ok) throw new Error(issued.error.message);
  return issued.data._id;
}

/** The wizard's helpers over the file's shared app. */
export function issueWizard(app: SharedApp) {
  const page = () => app.e2e.page;
  const sandbox = {
    requests: () => app.sandbox.requests(),
    get fixtures() {
      return app.sandbox.fixtures;
    },
  };
  const dialog = () => page().getByRole('dialog', { name: 'Issue a card' });
  const cardPosts = () => sandbox.requests().filter((r) => r.method === 'POST' && r.url === '/cards');
  const ngnAccount = () => sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;

  async function openWizard(path: string): Promise<void> {
    // A freshly loaded page: no dialog or typed detail an earlier test left behind.
    await openFresh(app.e2e, 'journal');
    await page().getByRole('button', { name: 'Issue a card', exact: true }).click();
    await dialog().waitFor();
    await dialog()
      .getByRole('radio', { name: new RegExp(path) })
      .check();
    await dialog().getByRole('button', { name: 'Continue' }).click();
  }

  async function chooseCustomer(customer: Customer): Promise<void> {
    await dialog().getByRole('combobox', { name: 'Customer' }).fill(nameOf(customer));
    await dialog()
      .getByRole('option', { name: new RegExp(nameOf(customer)) })
      .first()
      .click();
    await dialog().getByRole('group').filter({ hasText: customer._id }).waitFor();
  }

  /** Picks `value` in the list labelled `label` once it offers it (the lists load after the customer is chosen). */
  async function chooseOption(label: string, value: string): Promise<void> {
    const select = dialog().getByLabel(label);
    await expect.poll(() => select.locator(`option[value="${value}"]`).count()).toBe(1);
    await select.selectOption(value);
  }

  async function chooseDebitAccount(id = ngnAccount()): Promise<void> {
    await chooseOption('Debit account', id);
  }

  /** The replace path up to its details: the customer, the card to replace and why. */
  async function replaceCardDetails(customer: Customer, card: string, reason: 'lost' | 'stolen'): Promise<void> {
    await openWizard('Replace a lost or stolen card');
    await chooseCustomer(customer);
    await chooseOption('Card to replace', card);
    await dialog().getByLabel('Reason').selectOption(reason);
  }

  /** Details -> controls (as they are) -> the review, not sent. */
  async function goToReview(): Promise<void> {
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('region', { name: 'Review before sending' }).waitFor();
  }

  /** A new card for `customer` on the NGN account, up to the review. */
  async function newCardToReview(customer: Customer): Promise<void> {
    await chooseCustomer(customer);
    await chooseDebitAccount();
    await goToReview();
  }

  /** Details -> controls (defaults) -> review -> send; returns the new card's id. */
  async function finishAndSend(): Promise<string> {
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByText('Defaults: NGN cards').waitFor();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('region', { name: 'Review before sending' }).waitFor();
    await dialog().getByRole('button', { name: 'Issue card' }).click();
    await dialog().getByRole('heading', { name: 'Card issued' }).waitFor();
    const href = await dialog().getByRole('link', { name: 'Open the card' }).getAttribute('href');
    expect(href).toMatch(/^#\/cards\/[0-9a-f]{24}$/);
    return href!.split('/').pop()!;
  }

  /** Closes the wizard; when it holds typed details it asks first, and the test discards them. */
  async function closeWizard(): Promise<void> {
    await dialog().getByRole('button', { name: 'Close issue a card' }).click();
    const discard = dialog().getByRole('button', { name: 'Discard and close' });
    await expect.poll(async () => (await dialog().count()) === 0 || (await discard.isVisible())).toBe(true);
    if (await dialog().count()) await discard.click();
    await dialog().waitFor({ state: 'detached' });
  }

  // The steps in the order a test takes them, then what it reads.
  return {
    openWizard,
    chooseCustomer,
    chooseDebitAccount,
    replaceCardDetails,
    goToReview,
    newCardToReview,
    finishAndSend,
    closeWizard,
    dialog,
    cardPosts,
    ngnAccount,
  };
}
