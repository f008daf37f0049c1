// Disputes name their card and its holder without the operator first opening that card's transactions:
// through the app's own handlers (createAppCore) against the local sandbox, a disputes page is listed,
// then its names are resolved as the page asks for them, and they match what the service says when
// asked card by card, independently.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, Dispute, Transaction } from '../../../src-shared/api/records';
import type { AppCore } from '../../../src-main/core/app-core';
import { testAppCore } from '../support/app-core';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { call } from '../sandbox/api';

const CUSTOMERS = 60;
let core: AppCore;
let sandbox: SandboxHandle;
let dataDir: string;
const ctx = () => ({ signal: new AbortController().signal });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-dispute-names-'));
  core = await testAppCore(dataDir, { localSandbox: { seed: 4242, customers: CUSTOMERS } });
  await core.environments.active();
  sandbox = core.localSandbox()!;
  const synced = await core.handlers['customers.sync']({ full: true }, ctx());
  expect(synced.ok && synced.data.phase).toBe('done');
});
afterAll(async () => {
  await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each transaction's card and customer, read card by card straight from the service. */
async function ownersOf(transactionIds: string[]): Promise<Map<string, { cardId: string; customerId: string }>> {
  const owners = new Map<string, { cardId: string; customerId: string }>();
  for (const card of sandbox.fixtures.cards) {
    const txs = (await call<{ data: Transaction[] }>(sandbox, `/cards/${card.id}/transactions?limit=100`)).json.data;
    for (const t of txs) {
      if (transactionIds.includes(t._id)) owners.set(t._id, { cardId: card.id, customerId: card.customerId });
    }
  }
  return owners;
}

const cardTransactionReads = () =>
  sandbox.requests().filter((r) => r.endpoint === 'GET /cards/:id/transactions').length;

describe('disputes name the card holder without a visit to the card', () => {
  it("names each dispute's card and customer from the disputes page alone, and looks for each once", async () => {
    sandbox.clearRequests();
    const listed = await core.handlers['disputes.list']({ limit: 25 }, ctx());
    if (!listed.ok) throw new Error(listed.error.message);
    const disputes: Dispute[] = listed.data;
    expect(disputes.length).toBeGreaterThan(2);
    const transactionIds = disputes.map((d) => d.transaction!);

    const resolved = await core.handlers['names.resolve']({ transactionIds }, ctx());
    if (!resolved.ok) throw new Error(resolved.error.message);
    const names = resolved.data;
    const requestsMade = sandbox.requests().length;
    console.log(`dispute names: ${disputes.length} disputes named with ${requestsMade - 1} requests after the list`);

    sandbox.clearRequests(); // the independent reads below are not the app's
    const owners = await ownersOf(transactionIds);
    const customers = (await call<{ data: Customer[] }>(sandbox, `/customers?limit=${CUSTOMERS}`)).json.data;
    sandbox.clearRequests();
    expect(owners.size).toBe(new Set(transactionIds).size);
    for (const id of transactionIds) {
      const owner = owners.get(id)!;
      expect(names.transactions[id]).toMatchObject({ cardId: owner.cardId, customerId: owner.customerId });
      expect(names.cards[owner.cardId]?.label).toMatch(/•••• \d{4}/);
      expect(names.customers[owner.customerId]?.name).toBe(customers.find((c) => c._id === owner.customerId)!.name);
    }

    // Found once: listing the page again asks the service for the disputes only.
    const again = await core.handlers['disputes.list']({ limit: 25 }, ctx());
    expect(again.ok).toBe(true);
    await core.handlers['names.resolve']({ transactionIds }, ctx());
    expect(cardTransactionReads()).toBe(0);
    expect(sandbox.requests().map((r) => r.endpoint)).toEqual(['GET /cards/disputes']);
  });
});
