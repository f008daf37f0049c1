// Ctrl+K against a server that only follows the written interface: Enter opens the customer whose
// email is in the box even when it is pressed in the same frame as the typing, and a card id Card Desk
// never saw opens that card's page with its balance (and the card joins the known cards).
import { describe, expect, it } from 'vitest';
import { exportCsvFrom } from './exported-csv';
import { syncCustomersOnce } from './support';
import { appWithIndependentApi, openFresh } from './shared-app';

const app = appWithIndependentApi({ customers: 40 });

/** The customer cache filled from the independent server, by whichever test asks first. */
const synced = () => syncCustomersOnce(app.e2e, app.api.customers.length);

const page = () => app.e2e.page;
const dialog = () => page().getByRole('dialog', { name: 'Search customers' });
const box = () => dialog().getByRole('combobox');

/** Puts `text` in the focused box and presses Enter in the same task: no search can answer in between. */
async function typeAndEnterAtOnce(text: string): Promise<void> {
  await page().evaluate((value) => {
    const input = document.activeElement as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
  }, text);
}

describe('One search box, against an independent server', () => {
  it('fills the customer cache from the independent server', async () => {
    await openFresh(app.e2e, 'customers');
    await synced();
    const status = await app.e2e.page.evaluate(() => window.cardDesk.customers.cacheStatus());
    expect(status.ok && status.data.customers).toBe(app.api.customers.length);
    expect(app.api.requests.filter((r) => r.startsWith('/customers')).length).toBeGreaterThan(0);
  });

  it('exports customers as CSV with formulas guarded and phone numbers as people read them', async () => {
    await synced();
    await openFresh(app.e2e, 'customers');
    const csv = await exportCsvFrom(
      page().getByRole('region', { name: 'Customers', exact: true }),
      `Export all ${app.api.customers.length} customers`,
    );
    expect(csv.rows).toHaveLength(app.api.customers.length);
    for (const c of app.api.customers) {
      const row = csv.rows.find((r) => r.id === c._id)!;
      expect(row.phoneNumber).toBe(c.phoneNumber);
    }
    const evil = app.api.customers.at(-1)!;
    expect(csv.rows.find((r) => r.id === evil._id)!.name).toBe(`'${evil.name}`);
  });

  it('a customer search narrowed by KYC state and its export hold the same rows', async () => {
    await synced();
    await openFresh(app.e2e, 'customers');
    const main = page().getByRole('region', { name: 'Customers', exact: true });
    const lastName = app.api.customers[5]!.individual.lastName; // Bello: part of no other name
    await main.getByRole('searchbox', { name: 'Search customers' }).fill(lastName.toLowerCase());
    await main.getByRole('combobox', { name: /^KYC/ }).selectOption({ label: 'Not approved' });
    const expected = app.api.customers.filter((c) => c.individual.lastName === lastName && c.isApproved === false);
    expect(expected.length).toBeGreaterThan(0);
    const rows = page().getByRole('table', { name: 'Customers' }).getByRole('rowgroup').nth(1).getByRole('row');
    await expect.poll(() => rows.count()).toBe(expected.length);
    const label = expected.length === 1 ? 'Export this customer' : `Export these ${expected.length} customers`;
    const csv = await exportCsvFrom(main, label);
    expect(csv.rows).toHaveLength(expected.length);
    expect(new Set(csv.rows.map((r) => r.id))).toEqual(new Set(expected.map((c) => c._id)));
  });

  it('Enter pressed with the typing opens the customer in the box, not the previous result', async () => {
    await synced();
    const previous = app.api.customers[3]!;
    const target = app.api.customers[17]!;
    await openFresh(app.e2e, 'cards');
    await page().keyboard.press('Control+k');
    await box().fill(previous.emailAddress);
    const list = dialog().getByRole('listbox');
    await expect.poll(() => list.getAttribute('data-answered-query')).toBe(previous.emailAddress);
    expect(await dialog().getByRole('option').first().textContent()).toContain(previous.name);

    await box().focus();
    await typeAndEnterAtOnce(target.emailAddress);
    await page().waitForURL(new RegExp(`#/customers/${target._id}$`));
    await page().getByRole('heading', { level: 1, name: target.name }).waitFor();
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('Enter right after typing a customer id in capitals opens that customer', async () => {
    await synced();
    const target = app.api.customers[25]!;
    await openFresh(app.e2e, 'cards');
    await page().keyboard.press('Control+k');
    await box().waitFor();
    await page().keyboard.insertText(target._id.toUpperCase());
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/customers/${target._id}$`));
    await page().getByRole('heading', { level: 1, name: target.name }).waitFor();
  });

  it('Enter right after typing the last 8 of a customer id (any case), or a BVN, opens that customer', async () => {
    await synced();
    for (const [target, typed] of [
      [app.api.customers[11]!, app.api.customers[11]!._id.slice(-8).toUpperCase()],
      [app.api.customers[29]!, app.api.customers[29]!.individual.identity.number],
    ] as const) {
      await openFresh(app.e2e, 'overview');
      await page().keyboard.press('Control+k');
      await box().waitFor();
      await page().keyboard.insertText(typed);
      await page().keyboard.press('Enter');
      await page().waitForURL(new RegExp(`#/customers/${target._id}$`));
      await page().getByRole('heading', { level: 1, name: target.name }).waitFor();
    }
  });

  it('a card id never seen, typed into Ctrl+K, opens its page with its balance and it joins the known cards', async () => {
    await synced();
    const card = app.api.cards[4]!;
    const before = await page().evaluate(async (id) => {
      const r = await window.cardDesk.cards.known({ query: id });
      return r.ok ? r.data.length : -1;
    }, card._id);
    expect(before).toBe(0);
    await openFresh(app.e2e, 'overview');
    await page().keyboard.press('Control+k');
    await box().waitFor();
    await page().keyboard.insertText(` ${card._id.toUpperCase()} `);
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/cards/${card._id}$`));
    await expect
      .poll(() => page().getByTestId('balance-current').textContent(), { timeout: 60_000 })
      .toContain('12,345.67'.replace('12', String(12 + 4)));
    await page().getByTestId('card-pan').getByText(card.maskedPan.slice(-4), { exact: false }).waitFor();
    expect(app.api.requests).toContain(`/cards/${card._id}/balance`);
    const known = await page().evaluate(async (id) => {
      const r = await window.cardDesk.cards.get({ id });
      return r.ok ? r.data : null;
    }, card._id);
    expect(known?._id).toBe(card._id);
    expect(known?.maskedPan).toBe(card.maskedPan);
    expect(await app.e2e.axeViolations()).toEqual([]);
    expect(app.e2e.problems).toEqual([]);
  });

  it('a known card is found by the last 8 of its id as displayed, and Enter opens it', async () => {
    await synced();
    // Its own card (not the one the test above opens first): opening its page makes it known.
    const card = app.api.cards[6]!;
    await openFresh(app.e2e, `cards/${card._id}`);
    await page().getByTestId('card-pan').getByText(card.maskedPan.slice(-4), { exact: false }).waitFor();
    await openFresh(app.e2e, 'customers');
    await page().keyboard.press('Control+k');
    await box().waitFor();
    await page().keyboard.insertText(`…${card._id.slice(-8).toUpperCase()}`);
    await dialog()
      .getByRole('option', { name: new RegExp(`Card .*${card.maskedPan.slice(-4)}`) })
      .waitFor();
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/cards/${card._id}$`));
    await expect.poll(() => page().getByTestId('balance-current').textContent(), { timeout: 60_000 }).toMatch(/\d/);
  });

  it('an id the service does not know as a card says so on the card page', async () => {
    await synced();
    const unknown = 'f'.repeat(24);
    await openFresh(app.e2e, 'overview');
    await page().keyboard.press('Control+k');
    await box().waitFor();
    await page().keyboard.insertText(unknown);
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/cards/${unknown}$`));
    await page().getByText(`The service knows no card with the id ${unknown}.`).waitFor();
  });

  it("the card wizard's customer picker: Enter with the typing chooses the customer in the box", async () => {
    await synced();
    const previous = app.api.customers[8]!;
    const target = app.api.customers[31]!;
    await openFresh(app.e2e, 'cards');
    await page().getByRole('button', { name: 'Issue a card' }).click();
    const wizard = page().getByRole('dialog', { name: 'Issue a card' });
    await wizard.getByRole('button', { name: 'Continue' }).click();
    const picker = wizard.getByRole('combobox', { name: 'Customer' });
    await picker.fill(previous.emailAddress);
    await expect
      .poll(() => wizard.getByRole('listbox', { name: 'Matching customers' }).getAttribute('data-answered-query'))
      .toBe(previous.emailAddress);
    await picker.focus();
    await typeAndEnterAtOnce(target.emailAddress);
    const chosen = wizard.getByRole('group', { name: 'Customer' });
    await chosen.getByText(target.name, { exact: true }).waitFor();
    expect(await chosen.textContent()).toContain(target._id);
    // Enter chose the customer; it did not submit the step.
    expect(await wizard.getByRole('heading', { name: 'Spending controls' }).count()).toBe(0);
    await wizard.getByRole('button', { name: 'Close issue a card' }).click();
  });
});
