// Under a rate limit of 10 requests per 10 s, a running batch leaves the operator room: an operator's
// list call made while the batch sends (its writes spread over the window) and again once it waits for the
// window's reset (it has used its share) is answered at once, not after the reset. The batch itself keeps to the limit (no 429) and pauses background work.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { testAppCore } from '../support/app-core';
import { HEADER, bridgeOf, cachedCustomers, data, until, validRow, type Call } from '../../support/bulk-fixture';

// More rows than one window leaves the batch (10 less its reserve of 2), so it has to wait for a reset. Its
// rows in a window are then more than a second apart, more than the rate-limit headers' rounding of the
// reset to a second: the window's last row is sent before the window turns, and the batch waits for it.
const ROWS = 9;
let core: AppCore;
let call: Call;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-bulk-rate-'));
  core = await testAppCore(dataDir, {
    localSandbox: { seed: 5, customers: 60, rateLimit: { limit: 10, windowMs: 10_000 } },
  });
  call = bridgeOf(core);
}, 60_000);
afterAll(async () => {
  await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers an operator list call within 2 s while the batch waits for the rate limit', async () => {
  const customers = await cachedCustomers(call, ROWS);
  const account = core.localSandbox()!.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
  const csv = [HEADER, ...customers.map((c, i) => validRow(c._id, account, `R-${i + 1}`))].join('\n');
  const preview = await data(call('bulkIssue.preview', { csv }));
  expect(preview.counts.ready).toBe(ROWS);
  await data(call('bulkIssue.start', { batchId: preview.batchId, cards: ROWS }));

  // The batch is well into its first window (its writes spread over it).
  await until(
    async () => (await data(call('bulkIssue.status', { batchId: preview.batchId }))).sent >= 3,
    60_000,
    'the batch to send some of its first window',
  );
  const status = await data(call('bulkIssue.status', { batchId: preview.batchId }));
  expect(status.state).toBe('running');
  expect(status.sent).toBeLessThan(ROWS);
  expect(status.etaMs).toBeGreaterThan(0);

  // The requirement itself is a time: far above the call's own work (milliseconds), far below the
  // window's wait (up to 10 s) that a batch without a reserve would impose.
  const operatorCallMs = async () => {
    const asked = performance.now();
    const accounts = await call('accounts.list', { page: 0, limit: 25 });
    expect(accounts.ok).toBe(true);
    return performance.now() - asked;
  };
  expect(await operatorCallMs()).toBeLessThan(2_000);
  // Again once the batch has used its share of the window and waits for the reset.
  await until(
    async () => (await data(call('bulkIssue.status', { batchId: preview.batchId }))).waitingUntil !== null,
    60_000,
    'the batch to wait for the rate limit',
  );
  expect(await operatorCallMs()).toBeLessThan(2_000);

  await until(
    async () => (await data(call('bulkIssue.status', { batchId: preview.batchId }))).state === 'done',
    90_000,
    'the batch to end',
  );
  const done = await data(call('bulkIssue.status', { batchId: preview.batchId }));
  expect(done).toMatchObject({ issued: ROWS, failed: 0, unknown: 0 });
  const requests = core.localSandbox()!.requests();
  expect(requests.filter((r) => r.status === 429)).toHaveLength(0);
  expect(requests.filter((r) => r.method === 'POST' && r.url.startsWith('/cards'))).toHaveLength(ROWS);
}, 120_000);
