// Messages in the operator's words in every form, whether the form, main or the service found the
// problem: the issuing wizard (a refusal from the sandbox), opening a wallet, name enquiry and Settings.
// No message shown may name an API field ("baseUrl", "debitAccountId", "fundingSourceId").
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIELD_WORDS } from '../../src-shared/api/field-words';
import { issueThroughBridge, issueWizard } from './issue-wizard';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 3131, customers: 40 });
const page = () => app.e2e.page;
const { dialog, ngnAccount, openWizard, closeWizard, replaceCardDetails } = issueWizard(app);

/** The API's names for fields, as they must never be shown. */
const API_NAMES = [...Object.keys(FIELD_WORDS).filter((k) => /[A-Z]/.test(k)), 'baseUrl', 'minAmount', 'maxAmount'];

/** The messages shown in `scope` (alerts and field errors), each with the API names it mentions. */
async function apiNamesIn(scope: Locator): Promise<{ messages: string[]; named: string[] }> {
  const messages = (await scope.locator('[role="alert"], .field-error').allInnerTexts()).filter((t) => t.trim());
  const named = messages.filter((m) => API_NAMES.some((n) => new RegExp(`\\b${n}\\b`).test(m)));
  return { messages, named };
}

async function expectOperatorWords(scope: Locator, what: string): Promise<string[]> {
  const { messages, named } = await apiNamesIn(scope);
  expect(messages.length, `${what}: messages shown`).toBeGreaterThan(0);
  expect(named, `${what}: messages naming API fields`).toEqual([]);
  return messages;
}

describe('Messages in the operator’s words', () => {
  it("issue card: every rule on its field, and the service's refusal of a replacement", async () => {
    await openWizard('A new card');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('alert').filter({ hasText: 'Choose a customer' }).waitFor();
    await dialog().getByLabel('Card type').selectOption('physical');
    await dialog().getByLabel('Brand').selectOption('MasterCard');
    await dialog().getByLabel('Funding amount (NGN)').fill('1.234');
    await dialog().getByRole('alert').filter({ hasText: 'at most 2 decimal places' }).waitFor();
    await expectOperatorWords(dialog(), 'Issue card, the form');
    await closeWizard();

    // A card the app still knows as active, canceled at the service by another of its clients.
    const customer = app.customers[5]!;
    const card = await issueThroughBridge(page(), customer._id, ngnAccount());
    const elsewhere = await fetch(`${app.sandbox.url}/cards`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.sandbox.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customerId: customer._id,
        type: 'virtual',
        currency: 'NGN',
        status: 'active',
        brand: 'Verve',
        replacementFor: card,
        reason: 'lost',
      }),
    });
    expect(elsewhere.status).toBe(200);
    await replaceCardDetails(customer, card, 'stolen');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog()
      .getByRole('button', { name: /^Replace card/ })
      .click();
    // The service's "replacementFor is already canceled", on the field and in the banner.
    await dialog().getByRole('alert').filter({ hasText: 'The card to replace is already cancelled' }).first().waitFor();
    const said = await expectOperatorWords(dialog(), 'Issue card, the service');
    expect(said.join('\n')).not.toContain('replacementFor');
    await closeWizard();
  });

  it('open a wallet: a missing customer', async () => {
    await openFresh(app.e2e, 'accounts');
    await page().getByRole('button', { name: 'Open an account or wallet' }).click();
    const form = page().getByRole('dialog', { name: 'Open an account or wallet' });
    await form.getByRole('radio', { name: 'A wallet for a customer' }).check();
    await form.getByRole('button', { name: 'Open wallet' }).click();
    await form.getByRole('alert').filter({ hasText: 'Choose a customer' }).waitFor();
    await expectOperatorWords(form, 'Open a wallet');
    await page().keyboard.press('Escape');
  });

  it('name enquiry: broken fields, then an account the service cannot resolve', async () => {
    await openFresh(app.e2e, 'name-enquiry');
    const form = page().locator('main');
    await form.getByRole('combobox', { name: 'Bank' }).fill('12');
    await form.getByRole('textbox', { name: 'Account number' }).fill('12345x');
    await form.getByText('An account number has 10 digits').waitFor();
    await expectOperatorWords(form, 'Name enquiry, the form');
    await form.getByRole('combobox', { name: 'Bank' }).fill('058');
    await form.getByRole('textbox', { name: 'Account number' }).fill('9999999999');
    await form.getByRole('button', { name: 'Look up name' }).click();
    await form.getByRole('alert').filter({ hasText: 'Could not resolve the account name' }).waitFor();
    await expectOperatorWords(form, 'Name enquiry, the service');
  });

  it('Settings: a base URL that is not https, and an API key too short', async () => {
    await openFresh(app.e2e, 'settings');
    const add = page().getByRole('form', { name: 'Add environment' });
    await add.getByRole('textbox', { name: 'Name' }).fill('Staging');
    await add.getByRole('textbox', { name: 'Base URL' }).fill('http://10.20.30.40/api');
    await add.getByText('The base URL must start with https://', { exact: false }).waitFor();
    await expectOperatorWords(add, 'Settings, the address');

    await add.getByRole('textbox', { name: 'Base URL' }).fill('https://staging.example.com');
    await add.getByRole('button', { name: 'Add environment' }).click();
    const region = page().getByRole('region', { name: 'Staging', exact: true });
    await region.getByLabel('API key for Staging').fill('short');
    await region.getByRole('button', { name: 'Save key' }).click();
    await region.getByRole('alert').filter({ hasText: 'at least 8 characters' }).waitFor();
    const said = await expectOperatorWords(region, 'Settings, the key');
    expect(said.join('\n')).toContain('The API key must be at least 8 characters');

    // A manual proxy without a host or port: each says so at its own field, nothing is saved.
    const network = region.getByRole('region', { name: 'Network' });
    await network.getByRole('radio', { name: 'Manual' }).check();
    await network.getByRole('button', { name: 'Save proxy' }).click();
    const host = network.getByRole('textbox', { name: 'Proxy host' });
    await expect.poll(() => host.getAttribute('aria-invalid')).toBe('true');
    const hostError = page().locator(`#${await host.getAttribute('aria-describedby')}`);
    expect(await hostError.textContent()).toBe('Enter the proxy host, such as proxy.example.com');
    const port = network.getByRole('textbox', { name: 'Port' });
    expect(
      await page()
        .locator(`#${await port.getAttribute('aria-describedby')}`)
        .textContent(),
    ).toBe('Enter the proxy port, such as 8080');
    expect(await network.getByText('Proxy saved').count()).toBe(0);
    await expectOperatorWords(network, 'Settings, the proxy');
  });
});
