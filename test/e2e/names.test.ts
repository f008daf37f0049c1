// Names where ids stood alone, in Chromium against the real handlers, caches and the local sandbox: the
// Cards list and a card's page name the customer from the customer cache, the Journal names the customer
// and finds entries by that name, merchant categories read as words (Disputes: dispute-names.test.ts).
// Names come in one call per list page.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src-shared/api/records';
import { merchantCategoryLabel } from '../../src-shared/api/merchant-categories';
import { issueThroughBridge } from './issue-wizard';
import { listRows, rowText, waitForRows } from './list-checks';
import { sandboxAll } from '../support/sandbox-api';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 4242, customers: 60 });
const page = () => app.e2e.page;
const main = () => page().getByRole('main');
const nameOf = (id: string) => app.customers.find((c) => c._id === id)!.name!;

/** Counts the page's `names.resolve` calls (the harness counts each call it forwards) until stopped. */
function countNameCalls(): { count: () => number; stop: () => void } {
  const calls = () => app.e2e.harness.callsTo('names.resolve');
  const from = calls();
  let until: number | null = null;
  return { count: () => (until ?? calls()) - from, stop: () => void (until = calls()) };
}

describe('Names instead of ids', () => {
  it('Cards: each known card names its customer, from one call for the page', async () => {
    // Authorizations teach Card Desk the cards.
    await openFresh(app.e2e, 'authorizations');
    await waitForRows(page(), 'Authorizations');
    const calls = countNameCalls();
    await app.e2e.open('cards');
    await waitForRows(page(), 'Known cards');
    const known = await page().evaluate(() => window.cardDesk.cards.known({ limit: 25 }));
    if (!known.ok) throw new Error(known.error.message);
    const rows = Math.min(known.data.length, 8);
    expect(rows).toBeGreaterThan(2);
    for (let i = 0; i < rows; i++) {
      const customerId = known.data[i]!.customer as string;
      await expect.poll(() => rowText(page(), 'Known cards', i)).toContain(nameOf(customerId));
    }
    expect(calls.count()).toBe(1);
    calls.stop();
    expect(await app.e2e.axeViolations()).toEqual([]);

    // The filter finds a card by its customer's name.
    const someone = known.data[2]!.customer as string;
    await page().getByRole('searchbox', { name: 'Filter cards' }).fill(nameOf(someone).split(' ')[0]!);
    await expect
      .poll(async () => {
        const texts = await listRows(page(), 'Known cards').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
        return texts.length > 0 && texts.some((t) => t.includes(nameOf(someone)));
      })
      .toBe(true);
    await page().getByRole('searchbox', { name: 'Filter cards' }).fill('');

    // A card's page names its customer too, linking to them.
    const card = known.data[0]!;
    await app.e2e.open(`cards/${card._id}`);
    const link = main().getByRole('link', { name: nameOf(card.customer as string) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`#/customers/${card.customer as string}`);
  });

  it(
    'Journal: names the customer of each write, and finds entries by customer name',
    { timeout: 180_000 },
    async () => {
      const { fixtures } = app.sandbox;
      const [first, second] = fixtures.sampleCustomerIds;
      const debitAccountId = fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
      for (const customerId of [first!, second!]) await issueThroughBridge(page(), customerId, debitAccountId);
      // A fresh start of the page, as after a restart: the journal lists what was written.
      await page().reload();
      await app.e2e.open('journal');
      const table = page().getByRole('table', { name: 'Journal entries' });
      await table
        .getByRole('row')
        .filter({ hasText: nameOf(first!) })
        .waitFor();
      await table
        .getByRole('row')
        .filter({ hasText: nameOf(second!) })
        .waitFor();

      // The last name of the first customer, typed as a person would, finds that customer's entry only.
      const lastName = nameOf(first!).split(' ').at(-1)!;
      expect(nameOf(second!)).not.toContain(lastName);
      await page().getByRole('searchbox', { name: 'Search' }).fill(lastName.toLowerCase());
      await expect
        .poll(() => page().getByRole('navigation', { name: 'Pages' }).textContent())
        .toContain('Page 1 of 1 · 1 in all');
      expect(await table.getByRole('row').nth(1).textContent()).toContain(nameOf(first!));
      expect(await app.e2e.axeViolations()).toEqual([]);
    },
  );

  it('merchant categories read as words in card transactions and their detail', async () => {
    const card = app.sandbox.fixtures.cards.find((c) => c.status === 'active')!;
    const txs = await sandboxAll<Transaction>(app.sandbox, `/cards/${card.id}/transactions`);
    // One of the first rows shown (newest first), with a category the table names.
    const tx = txs
      .slice(0, 10)
      .find((t) => t.merchant?.category && !merchantCategoryLabel(t.merchant.category).startsWith('MCC'));
    expect(tx).toBeDefined();
    await app.e2e.open(`cards/${card.id}`);
    const table = 'Card transactions';
    await waitForRows(page(), table);
    const row = listRows(page(), table).filter({ hasText: tx!.merchant!.name! }).first();
    await expect.poll(() => row.textContent()).toContain(merchantCategoryLabel(tx!.merchant!.category));
    await row.click();
    const dialog = page().getByRole('dialog');
    await dialog
      .getByText(`${merchantCategoryLabel(tx!.merchant!.category)} (${tx!.merchant!.category})`)
      .first()
      .waitFor();
    await page().keyboard.press('Escape');
  });
});
