// A batch through the bridge against the local sandbox: Pause stops before the next row and waits for the
// rows in flight, Resume goes on from the first row not sent, Cancel leaves the rest unsent and abandons
// nothing in flight; a row whose answer was lost is never sent again, and is settled at the batch's end
// (issued when its card turns up, not issued when no card turns up and every card the batch issued around
// it does, still unknown with the evidence otherwise); rows already issued
// are sent again only when the operator chooses them one by one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import type { AppCore } from '../../../src-main/core/app-core';
import { testAppCore } from '../support/app-core';
import { HEADER, bridgeOf, cachedCustomers, data, until, validRow, type Call } from '../../support/bulk-fixture';

let core: AppCore;
let call: Call;
let dataDir: string;
let customers: Customer[];
let account: string;

const sandbox = () => core.localSandbox()!;
const postsFor = (ids: readonly string[]) =>
  sandbox()
    .requests()
    .filter(
      (r) => r.method === 'POST' && ids.includes((r.body as { customerId?: string } | undefined)?.customerId ?? ''),
    );
const fileOf = (list: Customer[], tag: string) =>
  [HEADER, ...list.map((c, i) => validRow(c._id, account, `${tag}-${i + 1}`))].join('\n');
const stateOf = async (batchId: string) => (await data(call('bulkIssue.status', { batchId }))).state;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-bulk-pause-'));
  core = await testAppCore(dataDir, { localSandbox: { seed: 41, customers: 140 } });
  call = bridgeOf(core);
  customers = await cachedCustomers(call, 140);
  account = sandbox().fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
}, 60_000);
afterAll(async () => {
  await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a batch paused, resumed and cancelled', () => {
  it('pauses before the next row, then resumes from the first row not sent', async () => {
    const rows = customers.slice(0, 30);
    const ids = rows.map((c) => c._id);
    sandbox().faults.add({ kind: 'latency', endpoint: 'POST /cards', ms: 60 });
    const { batchId } = await data(call('bulkIssue.preview', { csv: fileOf(rows, 'P') }));
    await data(call('bulkIssue.start', { batchId, cards: 30 }));
    await until(() => postsFor(ids).length >= 6, 30_000, 'some rows to be sent');
    const paused = await data(call('bulkIssue.pause', { batchId }));
    expect(paused.state).toBe('paused');
    // Rows already on their way are sent and answered; then nothing more goes out.
    await until(
      async () => {
        const now = await data(call('bulkIssue.status', { batchId }));
        return sandbox().requestsInFlight() === 0 && now.sent === postsFor(ids).length && now.issued === now.sent;
      },
      10_000,
      'the rows in flight to be answered',
    );
    const sentWhilePaused = postsFor(ids).length;
    expect(sentWhilePaused).toBeLessThan(30);
    expect(await stateOf(batchId)).toBe('paused');

    await data(call('bulkIssue.resume', { batchId }));
    await until(async () => (await stateOf(batchId)) === 'done', 30_000, 'the batch to end');
    sandbox().faults.clear();
    expect(postsFor(ids)).toHaveLength(30);
    expect(new Set(postsFor(ids).map((p) => (p.body as { customerId: string }).customerId)).size).toBe(30);
    expect(await data(call('bulkIssue.status', { batchId }))).toMatchObject({ issued: 30, sent: 30 });
  });

  it('cancels before the next row, abandoning nothing in flight', async () => {
    const rows = customers.slice(30, 60);
    const ids = rows.map((c) => c._id);
    sandbox().faults.add({ kind: 'latency', endpoint: 'POST /cards', ms: 60 });
    const { batchId } = await data(call('bulkIssue.preview', { csv: fileOf(rows, 'C') }));
    await data(call('bulkIssue.start', { batchId, cards: 30 }));
    await until(() => postsFor(ids).length >= 4, 30_000, 'some rows to be sent');
    await data(call('bulkIssue.cancel', { batchId }));
    await until(async () => (await stateOf(batchId)) === 'cancelled' && sandbox().requestsInFlight() === 0, 30_000);
    await data(call('bulkIssue.status', { batchId }));
    sandbox().faults.clear();
    const sent = postsFor(ids).length;
    expect(sent).toBeLessThan(30);
    const { rows: results } = await data(call('bulkIssue.results', { batchId }));
    // Every request that left has its answer recorded; the rest were not sent.
    expect(results.filter((r) => r.outcome === 'issued')).toHaveLength(sent);
    const notSent = results.filter((r) => r.outcome === 'not_sent');
    expect(notSent).toHaveLength(30 - sent);
    expect(notSent[0]!.error).toMatch(/cancelled/);
    expect((await call('bulkIssue.resume', { batchId })).ok).toBe(false);
  });
});

describe('outcomes lost on the way', () => {
  it('never resends a row whose answer was lost, and settles it when the batch ends', async () => {
    const rows = customers.slice(60, 70);
    // The first card is made but its answer is lost; the second never reaches the card service (a gateway error).
    sandbox().faults.add({ kind: 'drop_after_processing', endpoint: 'POST /cards', count: 1 });
    const { batchId } = await data(call('bulkIssue.preview', { csv: fileOf(rows.slice(0, 1), 'U') }));
    await data(call('bulkIssue.start', { batchId, cards: 1 }));
    await until(async () => (await stateOf(batchId)) === 'done', 60_000, 'the first batch');
    sandbox().faults.add({ kind: 'status', status: 502, endpoint: 'POST /cards', count: 1 });
    sandbox().clearRequests();
    const second = await data(call('bulkIssue.preview', { csv: fileOf(rows.slice(1), 'U') }));
    await data(call('bulkIssue.start', { batchId: second.batchId, cards: 9 }));
    await until(async () => (await stateOf(second.batchId)) === 'done', 60_000, 'the second batch');

    const [first] = (await data(call('bulkIssue.results', { batchId }))).rows;
    expect(first).toMatchObject({ outcome: 'issued', cardId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const results = (await data(call('bulkIssue.results', { batchId: second.batchId }))).rows;
    // The 502 came before the card service: no card, and the 8 cards issued around it all show where new
    // cards show, so it was not issued.
    const notIssued = results.filter((r) => r.outcome === 'not_issued');
    expect(notIssued).toHaveLength(1);
    expect(notIssued[0]!.error).toMatch(/^Not issued: no card carries this request's reference/);
    expect(results.filter((r) => r.outcome === 'issued')).toHaveLength(8);
    // One request per row, the lost ones included (the gateway's 502 came before the body was read).
    const cardRequests = sandbox()
      .requests()
      .filter((r) => r.method === 'POST' && r.url.startsWith('/cards'));
    expect(cardRequests).toHaveLength(9);
    expect(cardRequests.filter((r) => r.status === 502)).toHaveLength(1);
    for (const r of results.filter((x) => x.outcome === 'issued')) expect(postsFor([r.customerId!])).toHaveLength(1);
    expect(await data(call('bulkIssue.status', { batchId: second.batchId }))).toMatchObject({
      unknown: 0,
      notIssued: 1,
      issued: 8,
      sent: 9,
    });

    // The same rows again: the journal still holds the lost one as an unknown outcome (the operator decides
    // on a resend there), so nothing is sent for it or for the issued ones.
    const again = await data(call('bulkIssue.preview', { csv: fileOf(rows.slice(1), 'U') }));
    expect(again.counts).toMatchObject({ ready: 0, already_issued: 9 });
  });

  it('settles a row whose connection dropped after the request as not issued, and a lone one as still unknown', async () => {
    const rows = customers.slice(80, 90);
    const ids = rows.map((c) => c._id);
    // The first row's request reaches the sandbox, which drops the connection without making the card.
    sandbox().faults.add({ kind: 'reset', endpoint: 'POST /cards', count: 1 });
    const { batchId } = await data(call('bulkIssue.preview', { csv: fileOf(rows, 'N') }));
    sandbox().clearRequests();
    await data(call('bulkIssue.start', { batchId, cards: 10 }));
    await until(async () => (await stateOf(batchId)) === 'done', 60_000, 'the batch');
    // Ten requests: nine cards made, and one whose connection was dropped (its body never read).
    const cardPosts = sandbox()
      .requests()
      .filter((r) => r.method === 'POST' && r.url.startsWith('/cards'));
    expect(cardPosts).toHaveLength(10);
    expect(cardPosts.filter((r) => r.fault === 'reset')).toHaveLength(1);
    expect(postsFor(ids)).toHaveLength(9);

    const { rows: results } = await data(call('bulkIssue.results', { batchId }));
    const row = results.find((r) => r.outcome === 'not_issued')!;
    expect(row).toMatchObject({ row: 1, cardId: null, maskedPan: null });
    const droppedCustomer = row.customerId!;
    expect(row.error).toMatch(/^Not issued: .*all 9 cards this batch issued within 15 minutes of it show there/);
    expect(results.filter((r) => r.outcome === 'issued')).toHaveLength(9);
    expect(await data(call('bulkIssue.status', { batchId }))).toMatchObject({ notIssued: 1, unknown: 0, issued: 9 });
    // Never sent again by itself: the dropped request was its only one.
    expect(postsFor([droppedCustomer])).toHaveLength(0);
    // The journal keeps the unknown outcome with the same evidence, for the operator's decision.
    const entry = (await data(call('journal.list', { batchId, limit: 50 }))).find((e) => e.id === row.journalEntryId)!;
    expect(entry).toMatchObject({ outcome: 'outcome_unknown', resultId: null });
    expect(entry.evidence?.summary).toMatch(/^Not issued: /);

    // One row alone: nothing to compare with, so a card missing from the authorizations proves nothing.
    sandbox().faults.add({ kind: 'reset', endpoint: 'POST /cards', count: 1 });
    const lone = await data(call('bulkIssue.preview', { csv: fileOf(customers.slice(95, 96), 'L') }));
    await data(call('bulkIssue.start', { batchId: lone.batchId, cards: 1 }));
    await until(async () => (await stateOf(lone.batchId)) === 'done', 60_000, 'the lone batch');
    const [single] = (await data(call('bulkIssue.results', { batchId: lone.batchId }))).rows;
    expect(single).toMatchObject({ outcome: 'unknown', cardId: null });
    expect(single!.error).toMatch(/^Still unknown: No card .* Not taken as not issued: too few cards/);
  });

  it('issues a row already issued again only when the operator chooses that row', async () => {
    const rows = customers.slice(70, 73);
    const ids = rows.map((c) => c._id);
    const first = await data(call('bulkIssue.preview', { csv: fileOf(rows, 'A') }));
    await data(call('bulkIssue.start', { batchId: first.batchId, cards: 3 }));
    await until(async () => (await stateOf(first.batchId)) === 'done', 30_000);
    const again = await data(call('bulkIssue.preview', { csv: fileOf(rows, 'A') }));
    expect(again.counts.already_issued).toBe(3);
    const wrong = await call('bulkIssue.start', { batchId: again.batchId, issueAgainRows: [2], cards: 2 });
    expect(!wrong.ok && wrong.error.field).toBe('cards');
    await data(call('bulkIssue.start', { batchId: again.batchId, issueAgainRows: [2], cards: 1 }));
    await until(async () => (await stateOf(again.batchId)) === 'done', 30_000);
    expect(postsFor([ids[0]!])).toHaveLength(1);
    expect(postsFor([ids[1]!])).toHaveLength(2);
    expect(postsFor([ids[2]!])).toHaveLength(1);
  });
});
