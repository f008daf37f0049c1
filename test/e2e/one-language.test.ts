// One language on screen: a search that matched a middle name says so, in Ctrl+K, on Customers and on the
// customer's page; Accounts can be searched and its export holds what the search shows; an empty list says so
// rather than "Page 0 of 0"; a file with nothing ready to issue asks for no number of cards.
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import { exportCsvFrom } from './exported-csv';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 6161, customers: 60 });
const page = () => app.e2e.page;

/** A cached customer whose list name leaves out a middle name (the sandbox names some with their display name). */
function withHiddenMiddleName(): { customer: Customer; middle: string } {
  for (const customer of app.customers) {
    const middle = customer.individual?.otherNames?.trim();
    if (middle && !(customer.name ?? '').toLowerCase().includes(middle.toLowerCase())) return { customer, middle };
  }
  throw new Error('no cached customer with a middle name the list leaves out');
}

describe('One language', () => {
  it('says a search matched a middle name the list does not show, and the page shows it', async () => {
    const { customer, middle } = withHiddenMiddleName();
    await openFresh(app.e2e, 'customers');
    await page().keyboard.press('Control+K');
    const box = page().getByRole('combobox', { name: /Customer name, email, phone or id/ });
    await box.fill(middle);
    const option = page().getByRole('option').filter({ hasText: customer.emailAddress! });
    await expect.poll(() => option.textContent()).toContain(`Other names ${middle}`);
    // The count beside the results counts what is shown.
    const status = await page().getByRole('dialog', { name: 'Search customers' }).textContent();
    const options = await page().getByRole('option').count();
    const said = /(\d+)\+? customers?/.exec(status ?? '');
    expect(Number(said?.[1] ?? 0)).toBeGreaterThanOrEqual(Math.min(options, 1));
    await option.click();
    const identity = page().getByRole('region', { name: 'Identity' });
    await expect.poll(() => identity.textContent()).toContain(`Other names${middle}`);

    await openFresh(app.e2e, 'customers');
    await page().getByRole('searchbox').first().fill(middle);
    const row = page()
      .getByRole('table', { name: 'Customers' })
      .getByRole('row')
      .filter({ hasText: customer.emailAddress! });
    await expect.poll(() => row.textContent()).toContain(`Other names ${middle}`);
  });

  it('searches Accounts by number and name, exports what it shows, and says when nothing matches', async () => {
    const account = app.sandbox.fixtures.businessAccounts[0]!;
    const answer = await page().evaluate(() => window.cardDesk.accounts.list({ page: 0, limit: 100 }));
    if (!answer.ok) throw new Error(answer.error.message);
    const listed = answer.data.find((a) => a._id === account.id)!;
    await openFresh(app.e2e, 'accounts');
    const search = page().getByRole('searchbox', { name: 'Search accounts' });
    await search.fill(listed.accountNumber!.replace(/(\d{4})/, '$1 '));
    const rows = page().getByRole('table', { name: 'Accounts' }).getByRole('rowgroup').nth(1).getByRole('row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(listed.accountNumber!);
    expect(page().url()).toContain(`q=`);
    const csv = await exportCsvFrom(page().locator('.toolbar'));
    expect(csv.rows.map((r) => r.id)).toEqual([account.id]);

    await search.fill('no account is called this');
    await page().getByText('No account matches “no account is called this”.').waitFor();
    expect(await page().locator('main').textContent()).not.toMatch(/Page 0 of 0/);
  });

  it('asks for no number of cards when no row of a file is ready', async () => {
    await openFresh(app.e2e, 'bulk-issue');
    await page()
      .getByLabel('CSV file')
      .setInputFiles({
        name: 'nobody.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'customer,type,brand,currency,status\r\nnobody@example.invalid,virtual,Verve,NGN,active\r\n',
        ),
      });
    await expect.poll(() => page().getByTestId('count-ready').textContent()).toBe('0 ready');
    await page().getByTestId('nothing-to-issue').waitFor();
    expect(await page().getByLabel('Number of cards to issue, in words').count()).toBe(0);
    expect(
      await page()
        .getByText(/zero cards/i)
        .count(),
    ).toBe(0);
  });
});
