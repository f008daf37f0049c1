// Against an independent server whose list holds odd customers among ordinary ones (a null phone, a KYC
// flag as text, a createdAt that is not a date, a bidi override and zero-width characters in a name...):
// the sync completes and says how many had fields it could not read, the Customers page's filter lists
// them, a customer's page shows those fields as sent, and the zero-width name is found by the word on screen.
import { describe, expect, it } from 'vitest';
import { ODD_CUSTOMERS } from '../support/odd-customers';
import { syncCustomersOnce } from './support';
import { appWithIndependentApi, openFresh } from './shared-app';

const ORDINARY = 120;
const app = appWithIndependentApi({ customers: ORDINARY, oddCustomers: true });

const page = () => app.e2e.page;
/** The customer cache filled from the server, by whichever test runs first (their order is shuffled). */
const synced = () => syncCustomersOnce(app.e2e, ORDINARY + ODD_CUSTOMERS.length);
const withUnreadable = ODD_CUSTOMERS.filter((o) => o.unreadable.length > 0);

describe('odd records from an independent server', () => {
  it('syncs every customer, says how many had fields it could not read, and filters them', async () => {
    await synced();
    await openFresh(app.e2e, 'customers');
    // A full sync with the page open: its last event is what the sync panel shows.
    await page().evaluate(() => window.cardDesk.customers.sync({ full: true }));
    await page()
      .getByText(`${withUnreadable.length} customers had fields Card Desk could not read; they are listed in the log.`)
      .first()
      .waitFor();

    // The filter lives in the address: the box shows checked once the route has changed, not within the click.
    await page().getByLabel('Fields not read').click();
    await expect.poll(() => page().getByLabel('Fields not read').isChecked()).toBe(true);
    await page()
      .getByText(
        `Customers 1–${withUnreadable.length} of ${withUnreadable.length} with fields Card Desk could not read`,
      )
      .waitFor();
    const nullPhone = withUnreadable[0]!;
    await page().getByText(String(nullPhone.record.name)).first().click();
    const section = page().getByRole('region', { name: 'Fields Card Desk could not read' });
    await section.waitFor();
    expect(await section.textContent()).toContain('phoneNumber');
    expect(await section.textContent()).toContain('expected string, got null');
  });

  it('finds the name with zero-width characters by the word on screen', async () => {
    await synced();
    await openFresh(app.e2e, 'customers');
    const zeroWidth = ODD_CUSTOMERS[6]!;
    await page().keyboard.press('Control+k');
    const dialog = page().getByRole('dialog', { name: 'Search customers' });
    await dialog.getByRole('combobox').fill('Zerowidth');
    const list = dialog.getByRole('listbox');
    await expect.poll(() => list.getAttribute('data-answered-query')).toBe('Zerowidth');
    expect(await dialog.getByRole('option').count()).toBe(1);
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/customers/${String(zeroWidth.record._id)}$`));
  });
});
