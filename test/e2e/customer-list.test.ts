// The customers list over every cached customer, in Chromium against the real handlers, cache and local
// sandbox: pages, the three orders, the KYC filter, and an export from the cache of exactly what is shown.
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import type { CustomerBrowseInput } from '../../src-shared/ipc/channels/customers';
import { exportCsvFrom } from './exported-csv';
import { appWithCustomerCache, openFresh } from './shared-app';

const CUSTOMERS = 100;
const app = appWithCustomerCache({ seed: 6161, customers: CUSTOMERS });

const page = () => app.e2e.page;
const main = () => page().getByRole('main');
const table = () => page().getByRole('table', { name: 'Customers' });
const summary = () => page().getByTestId('search-summary');
const rowEmails = () =>
  table()
    .getByRole('rowgroup')
    .nth(1)
    .getByRole('row')
    .evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));

/** What the cache's browse answers, as the page would ask. */
async function browse(input: CustomerBrowseInput): Promise<Customer[]> {
  const r = await page().evaluate((i) => window.cardDesk.customers.browse(i), input);
  if (!r.ok) throw new Error(r.error.message);
  return r.data.results;
}

describe('Customers list', () => {
  it('pages through every cached customer, sorted by name', async () => {
    await openFresh(app.e2e, 'customers');
    await expect.poll(() => summary().textContent()).toMatch(new RegExp(`^Customers 1–50 of ${CUSTOMERS} cached`));
    const first = await browse({ sort: 'name', direction: 'asc', offset: 0, limit: 50 });
    const shown = await rowEmails();
    expect(shown.length).toBeGreaterThan(5);
    shown.forEach((text, i) => expect(text).toContain(first[i]!.emailAddress!));
    await page().getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => summary().textContent()).toMatch(new RegExp(`^Customers 51–100 of ${CUSTOMERS}`));
    const second = await browse({ sort: 'name', direction: 'asc', offset: 50, limit: 50 });
    await expect.poll(async () => (await rowEmails())[0]).toContain(second[0]!.emailAddress!);
    // The pages together hold every cached customer once.
    await main().getByLabel('Rows per page').selectOption('200');
    await expect.poll(() => summary().textContent()).toMatch(new RegExp(`^Customers 1–${CUSTOMERS} of ${CUSTOMERS}`));
    const everyone = await browse({ sort: 'name', direction: 'asc', offset: 0, limit: 200 });
    expect(new Set(everyone.map((c) => c._id))).toEqual(new Set(app.customers.map((c) => c._id)));
    await app.e2e.screenshot('customers-list');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('sorts by date and by KYC state', async () => {
    await openFresh(app.e2e, 'customers');
    await expect.poll(() => summary().textContent()).toMatch(new RegExp(`^Customers 1–50 of ${CUSTOMERS} cached`));
    await main().getByLabel('Sort by').selectOption({ label: 'Newest first' });
    const newest = [...app.customers].sort((a, b) => b.createdAt!.localeCompare(a.createdAt!))[0]!;
    await expect.poll(async () => (await rowEmails())[0]).toContain(newest.emailAddress!);
    await main().getByLabel('Sort by').selectOption({ label: 'KYC, not approved first' });
    const notApproved = app.customers.filter((c) => c.isApproved === false);
    expect(notApproved.length).toBeGreaterThan(0);
    await expect.poll(async () => (await rowEmails())[0]).toContain('Not approved');
    const rows = await rowEmails();
    expect(rows.slice(0, notApproved.length).every((t) => t.includes('Not approved'))).toBe(true);
  });

  it('keeps its order, KYC filter and page in the address, so a reload shows the same view', async () => {
    await openFresh(app.e2e, 'customers');
    await expect.poll(() => summary().textContent()).toMatch(new RegExp(`^Customers 1–50 of ${CUSTOMERS} cached`));
    await main().getByLabel('Sort by').selectOption({ label: 'Newest first' });
    await main().getByRole('combobox', { name: /^KYC/ }).selectOption({ label: 'Approved' });
    await main().getByLabel('Rows per page').selectOption('25');
    await page().getByRole('button', { name: 'Next page' }).click();
    const approved = app.customers.filter((c) => c.isApproved === true).length;
    const secondPage = new RegExp(`^Customers 26–50 of ${approved} approved`);
    await expect.poll(() => summary().textContent()).toMatch(secondPage);
    const url = page().url();
    expect(url).toMatch(/#\/customers\?/);
    for (const part of ['order=createdAt-desc', 'kyc=approved', 'limit=25', 'page=1']) expect(url).toContain(part);
    const before = await rowEmails();
    const expected = await browse({ sort: 'createdAt', direction: 'desc', kyc: 'approved', offset: 25, limit: 25 });
    before.forEach((text, i) => expect(text).toContain(expected[i]!.emailAddress!));

    await page().reload();
    await expect.poll(() => summary().textContent()).toMatch(secondPage);
    expect(await rowEmails()).toEqual(before);
    expect(await main().getByLabel('Sort by').inputValue()).toBe('createdAt-desc');
    expect(await main().getByRole('combobox', { name: /^KYC/ }).inputValue()).toBe('approved');
    // A hand-edited address with values the list does not have falls back to its defaults.
    await app.e2e.open('customers?order=sideways&kyc=maybe&page=x&limit=7');
    await expect.poll(() => summary().textContent()).toMatch(new RegExp(`^Customers 1–50 of ${CUSTOMERS} cached`));
  });

  it('filters by KYC state, and exports exactly those customers from the cache', async () => {
    await openFresh(app.e2e, 'customers');
    const notApproved = app.customers.filter((c) => c.isApproved === false);
    await main().getByRole('combobox', { name: /^KYC/ }).selectOption({ label: 'Not approved' });
    await main().getByLabel('Sort by').selectOption({ label: 'Name, A to Z' });
    await expect
      .poll(() => summary().textContent())
      .toMatch(
        new RegExp(
          `^Customers 1–${notApproved.length} of ${notApproved.length} not approved \\(of ${CUSTOMERS} cached\\)`,
        ),
      );
    const rows = await rowEmails();
    expect(rows).toHaveLength(notApproved.length);
    expect(rows.every((t) => t.includes('Not approved'))).toBe(true);

    const sandbox = app.e2e.harness.core.localSandbox()!;
    sandbox.clearRequests();
    await main()
      .getByRole('button', { name: `Export these ${notApproved.length} customers` })
      .waitFor();
    const csv = await exportCsvFrom(main(), `Export these ${notApproved.length} customers`);
    expect(csv.reportedRows).toBe(notApproved.length);
    const expected = await browse({ sort: 'name', direction: 'asc', kyc: 'notApproved', offset: 0, limit: 200 });
    expect(csv.rows.map((r) => r.id)).toEqual(expected.map((c) => c._id));
    // Read from the cache: no customer page was asked of the service.
    expect(sandbox.requests().filter((r) => r.endpoint === 'GET /customers')).toEqual([]);
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('exports a search narrowed by KYC state exactly as the list shows it, and says how many', async () => {
    await openFresh(app.e2e, 'customers');
    await expect.poll(() => summary().textContent()).toMatch(/^Customers 1–/);
    // The commonest first name among the cached customers matches several of them.
    const counts = new Map<string, number>();
    for (const c of app.customers) {
      const first = c.individual?.firstName ?? c.name?.split(' ')[0] ?? '';
      if (first) counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    const [term] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    await main().getByRole('searchbox', { name: 'Search customers' }).fill(term.toLowerCase());
    await main().getByRole('combobox', { name: /^KYC/ }).selectOption({ label: 'Approved' });
    await main().getByLabel('Sort by').selectOption({ label: 'Name, Z to A' });
    await expect.poll(() => summary().textContent()).toMatch(/match/);
    const shown = await rowEmails();
    expect(shown.length).toBeGreaterThan(0);
    const button = main().getByRole('button', { name: /^Export (these|this) / });
    await expect
      .poll(() => button.textContent())
      .toMatch(new RegExp(`^Export (these ${shown.length} customers|this customer)$`));

    const csv = await exportCsvFrom(main(), /^Export (these|this) /);
    expect(csv.reportedRows).toBe(shown.length);
    expect(csv.rows).toHaveLength(shown.length);
    // Row for row, in the order of the screen.
    csv.rows.forEach((r, i) => expect(shown[i]).toContain(r.emailAddress));
    expect(csv.rows.every((r) => r.approved === 'true')).toBe(true);
  });
});
