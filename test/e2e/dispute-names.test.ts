// Disputes name the card holder and the card on a first visit, in Chromium against the real handlers and
// the local sandbox: no card's transactions were opened before, yet every row of the first page shows
// its customer's name (from the customer cache) and card, checked against the service read card by card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, Dispute, Transaction } from '../../src-shared/api/records';
import type { SandboxHandle } from '../../src-main/sandbox/handle';
import { startWithCustomerCache } from './customer-cache';
import { rowCount, rowText, waitForRows } from './list-checks';
import { sandboxAll } from './sandbox-api';
import type { E2E } from './support';

let e2e: E2E;
let sandbox: SandboxHandle;
let customers: Customer[];

beforeAll(async () => {
  ({ e2e, sandbox, customers } = await startWithCustomerCache({ seed: 5151, customers: 60 }));
});
afterAll(async () => {
  await e2e?.close();
});

/** Each disputed transaction's customer, found independently: every seeded card's transactions. */
async function holdersOf(disputes: Dispute[]): Promise<Map<string, string>> {
  const wanted = new Set(disputes.map((d) => d.transaction));
  const holders = new Map<string, string>();
  for (const card of sandbox.fixtures.cards) {
    for (const t of await sandboxAll<Transaction>(sandbox, `/cards/${card.id}/transactions`))
      if (wanted.has(t._id)) holders.set(t._id, card.customerId);
  }
  return holders;
}

describe('Disputes on a first visit', () => {
  it('name the card holder and the card of every row without opening any card first', { timeout: 90_000 }, async () => {
    const disputes = await sandboxAll<Dispute>(sandbox, '/cards/disputes');
    expect(disputes.length).toBeGreaterThan(0);
    const holders = await holdersOf(disputes);
    sandbox.clearRequests();

    await e2e.open('disputes');
    await waitForRows(e2e.page, 'Disputes');
    const rows = Math.min(await rowCount(e2e.page, 'Disputes'), 8); // the first rows are rendered
    expect(rows).toBeGreaterThan(0);
    // Rows are newest first, as the service lists them.
    for (let i = 0; i < rows; i++) {
      const customerId = holders.get(disputes[i]!.transaction!)!;
      const name = customers.find((c) => c._id === customerId)!.name!;
      await expect.poll(() => rowText(e2e.page, 'Disputes', i), { timeout: 20_000 }).toContain(name);
      expect(await rowText(e2e.page, 'Disputes', i)).toMatch(/•••• \d{4}/);
    }
    // The app found them itself: it read card transactions on this visit.
    expect(sandbox.requests().some((r) => r.endpoint === 'GET /cards/:id/transactions')).toBe(true);
    expect(await e2e.axeViolations()).toEqual([]);
  });
});
