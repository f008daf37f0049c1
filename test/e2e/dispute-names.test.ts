// Disputes name the card holder and the card on a first visit, in Chromium against the real handlers and
// the local sandbox: no card's transactions were opened before, yet every row of the first page shows
// its customer's name (from the customer cache), its card and its merchant, checked against the service
// read card by card, and a dispute's detail links to that card and that customer.
import { describe, expect, it } from 'vitest';
import type { Dispute, Transaction } from '../../src-shared/api/records';
import { rowCount, rowText, waitForRows } from './list-checks';
import { sandboxAll } from '../support/sandbox-api';
import { appWithCustomerCache } from './shared-app';

const app = appWithCustomerCache({ seed: 5151, customers: 60 });

/** Each disputed transaction with its card and customer, found independently: every seeded card's transactions. */
async function holdersOf(
  disputes: Dispute[],
): Promise<Map<string, { customerId: string; cardId: string; tx: Transaction }>> {
  const wanted = new Set(disputes.map((d) => d.transaction));
  const holders = new Map<string, { customerId: string; cardId: string; tx: Transaction }>();
  for (const card of app.sandbox.fixtures.cards) {
    for (const t of await sandboxAll<Transaction>(app.sandbox, `/cards/${card.id}/transactions`))
      if (wanted.has(t._id)) holders.set(t._id, { customerId: card.customerId, cardId: card.id, tx: t });
  }
  return holders;
}

describe('Disputes on a first visit', () => {
  it(
    'name the card holder and the card of every row without opening any card first',
    { timeout: 180_000 },
    async () => {
      const disputes = await sandboxAll<Dispute>(app.sandbox, '/cards/disputes');
      expect(disputes.length).toBeGreaterThan(0);
      const holders = await holdersOf(disputes);
      app.sandbox.clearRequests();

      await app.e2e.open('disputes');
      await waitForRows(app.e2e.page, 'Disputes');
      const rows = Math.min(await rowCount(app.e2e.page, 'Disputes'), 8); // the first rows are rendered
      expect(rows).toBeGreaterThan(0);
      // Rows are newest first, as the service lists them.
      const nameOf = (customerId: string) => app.customers.find((c) => c._id === customerId)!.name!;
      for (let i = 0; i < rows; i++) {
        const holder = holders.get(disputes[i]!.transaction!)!;
        await expect
          .poll(() => rowText(app.e2e.page, 'Disputes', i), { timeout: 60_000 })
          .toContain(nameOf(holder.customerId));
        const text = await rowText(app.e2e.page, 'Disputes', i);
        expect(text).toMatch(/•••• \d{4}/);
        // The transaction is named by its merchant and amount, not by its raw id (that is in the detail).
        expect(text).not.toContain(disputes[i]!.transaction!.slice(-8));
        if (holder.tx.merchant?.name) expect(text).toContain(holder.tx.merchant.name);
      }
      // The app found them itself: it read card transactions on this visit.
      expect(app.sandbox.requests().some((r) => r.endpoint === 'GET /cards/:id/transactions')).toBe(true);
      expect(await app.e2e.axeViolations()).toEqual([]);

      // A dispute's detail links to the card and the customer.
      const first = holders.get(disputes[0]!.transaction!)!;
      await app.e2e.page
        .getByRole('rowgroup', { name: 'Disputes rows' })
        .locator('[role="row"][data-index="0"]')
        .click();
      const dialog = app.e2e.page.getByRole('dialog');
      await dialog.getByRole('link', { name: nameOf(first.customerId) }).waitFor();
      expect(await dialog.getByRole('link', { name: /•••• \d{4}/ }).getAttribute('href')).toBe(
        `#/cards/${first.cardId}`,
      );
      await app.e2e.page.keyboard.press('Escape');
    },
  );
});
