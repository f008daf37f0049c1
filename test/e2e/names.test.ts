// Names where ids stood alone, in Chromium against the real handlers, caches and the local sandbox: the
// Cards list and a card's page name the customer from the customer cache, the Journal names the customer
// and finds entries by that name, Disputes name the customer and card of a fetched transaction, merchant
// categories read as words. Names come in one call per list page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, Dispute, Transaction } from '../../src-shared/api/records';
import type { SandboxHandle } from '../../src-main/sandbox/handle';
import { merchantCategoryLabel } from '../../src-shared/api/merchant-categories';
import { startWithCustomerCache } from './customer-cache';
import { listRows, rowText, waitForRows } from './list-checks';
import { sandboxAll } from './sandbox-api';
import type { E2E } from './support';

let e2e: E2E;
let sandbox: SandboxHandle;
let customers: Customer[];
const page = () => e2e.page;
const main = () => page().getByRole('main');
const nameOf = (id: string) => customers.find((c) => c._id === id)!.name!;

/** Counts the page's `names.resolve` calls (the harness forwards each bridge call as one POST). */
function countNameCalls(): { count: () => number } {
  let n = 0;
  page().on('request', (r) => {
    if (r.url().endsWith('/__harness/invoke') && (r.postData() ?? '').includes('"names.resolve"')) n += 1;
  });
  return { count: () => n };
}

beforeAll(async () => {
  ({ e2e, sandbox, customers } = await startWithCustomerCache({ seed: 4242, customers: 60 }));
});
afterAll(async () => {
  await e2e?.close();
});

describe('Names instead of ids', () => {
  it('Cards: each known card names its customer, from one call for the page', async () => {
    // Authorizations teach Card Desk the cards.
    await e2e.open('authorizations');
    await waitForRows(page(), 'Authorizations');
    const calls = countNameCalls();
    await e2e.open('cards');
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
    expect(await e2e.axeViolations()).toEqual([]);

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
    await e2e.open(`cards/${card._id}`);
    const link = main().getByRole('link', { name: nameOf(card.customer as string) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`#/customers/${card.customer as string}`);
  });

  it('Journal: names the customer of each write, and finds entries by customer name', { timeout: 60_000 }, async () => {
    const { fixtures } = sandbox;
    const [first, second] = fixtures.sampleCustomerIds;
    const debitAccountId = fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    await page().evaluate(
      async ({ ids, debitAccountId }) => {
        for (const customerId of ids)
          await window.cardDesk.cards.create({
            customerId,
            type: 'virtual',
            currency: 'NGN',
            status: 'active',
            brand: 'Verve',
            debitAccountId,
          });
      },
      { ids: [first!, second!], debitAccountId },
    );
    // A fresh start of the page, as after a restart: the journal lists what was written.
    await page().reload();
    await e2e.open('journal');
    const table = page().getByRole('table', { name: 'Journal entries' });
    await table
      .getByRole('row')
      .filter({ hasText: `for ${nameOf(first!)}` })
      .waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: `for ${nameOf(second!)}` })
      .waitFor();

    // The last name of the first customer, typed as a person would, finds that customer's entry only.
    const lastName = nameOf(first!).split(' ').at(-1)!;
    expect(nameOf(second!)).not.toContain(lastName);
    await page().getByRole('searchbox', { name: 'Search' }).fill(lastName.toLowerCase());
    await expect
      .poll(() => page().getByRole('navigation', { name: 'Pages' }).textContent())
      .toContain('Page 1 of 1 · 1 in all');
    expect(await table.getByRole('row').nth(1).textContent()).toContain(`for ${nameOf(first!)}`);
    expect(await e2e.axeViolations()).toEqual([]);
  });

  it(
    'Disputes: name the customer and card once the disputed transaction was fetched',
    { timeout: 90_000 },
    async () => {
      const disputes = await sandboxAll<Dispute>(sandbox, '/cards/disputes');
      expect(disputes.length).toBeGreaterThan(0);
      await e2e.open('disputes');
      await waitForRows(page(), 'Disputes');
      expect(await rowText(page(), 'Disputes', 0)).toContain('Transaction not fetched yet');

      // Find the card of the first dispute's transaction, and fetch that card's transactions as the card page does.
      const target = disputes[0]!;
      let found: { cardId: string; customerId: string; tx: Transaction } | null = null;
      for (const card of sandbox.fixtures.cards) {
        const txs = await sandboxAll<Transaction>(sandbox, `/cards/${card.id}/transactions`);
        const tx = txs.find((t) => t._id === target.transaction);
        if (tx) {
          found = { cardId: card.id, customerId: card.customerId, tx };
          break;
        }
      }
      expect(found).not.toBeNull();
      await page().evaluate(async (cardId) => {
        for (let p = 0; ; p++) {
          const r = await window.cardDesk.cards.transactions({ cardId, page: p, limit: 100 });
          if (!r.ok || !r.pagination || p + 1 >= r.pagination.pages) return;
        }
      }, found!.cardId);
      // Coming back to the page asks again.
      await e2e.open('cards');
      await e2e.open('disputes');
      await waitForRows(page(), 'Disputes');
      await expect.poll(() => rowText(page(), 'Disputes', 0)).toContain(nameOf(found!.customerId));
      const text = await rowText(page(), 'Disputes', 0);
      expect(text).toContain(found!.tx.merchant!.name!);
      expect(text).toMatch(/•••• \d{4}/);
      expect(await e2e.axeViolations()).toEqual([]);

      // The detail links to the card and the customer.
      await listRows(page(), 'Disputes').first().click();
      const dialog = page().getByRole('dialog');
      await dialog.getByRole('link', { name: nameOf(found!.customerId) }).waitFor();
      expect(await dialog.getByRole('link', { name: /•••• \d{4}/ }).getAttribute('href')).toBe(
        `#/cards/${found!.cardId}`,
      );
      await page().keyboard.press('Escape');
    },
  );

  it('merchant categories read as words in card transactions and their detail', async () => {
    const card = sandbox.fixtures.cards.find((c) => c.status === 'active')!;
    const txs = await sandboxAll<Transaction>(sandbox, `/cards/${card.id}/transactions`);
    // One of the first rows shown (newest first), with a category the table names.
    const tx = txs
      .slice(0, 10)
      .find((t) => t.merchant?.category && !merchantCategoryLabel(t.merchant.category).startsWith('MCC'));
    expect(tx).toBeDefined();
    await e2e.open(`cards/${card.id}`);
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

  it('reported no console errors, page errors or CSP violations', () => {
    expect(e2e.problems).toEqual([]);
  });
});
