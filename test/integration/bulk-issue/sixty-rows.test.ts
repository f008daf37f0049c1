// A 60-row file through the bridge against the local sandbox: 50 valid rows (customers named by id,
// email, phone in several forms and BVN/NIN), 4 invalid, 3 unknown customers and 3 repeated rows
// preview as 50 ready with every other row named; starting it sends exactly 50 POST /cards, one per
// ready row; the same file again previews every row as already issued and sends nothing.
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

const cardPosts = () =>
  core
    .localSandbox()!
    .requests()
    .filter((r) => r.method === 'POST' && r.url.startsWith('/cards'));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-bulk-60-'));
  core = await testAppCore(dataDir, { localSandbox: { seed: 11, customers: 120 } });
  call = bridgeOf(core);
  customers = await cachedCustomers(call, 120);
  account = core.localSandbox()!.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
}, 60_000);
afterAll(async () => {
  await core.dispose();
  if (!process.env.KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
});

/** How row i names its customer: the id (upper case too), the email, the phone in three forms, the BVN/NIN. */
function customerText(c: Customer, i: number): string {
  const phone = c.phoneNumber ?? '';
  const national = phone.replace(/^\+234/, '');
  switch (i % 6) {
    case 1:
      return c.emailAddress!;
    case 2:
      return phone;
    case 3:
      return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
    case 4:
      return c.individual?.identity?.number ?? c._id;
    case 5:
      return c._id.toUpperCase();
    default:
      return c._id;
  }
}

function sixtyRowFile(): string {
  const valid = customers.slice(0, 50).map((c, i) => validRow(customerText(c, i), account, `EMP-${i + 1}`));
  const invalid = [
    `${customers[50]!._id},plastic,Verve,NGN,active,${account},,,,,BAD-1`,
    `${customers[51]!._id},virtual,Verve,,active,${account},,,,,BAD-2`,
    `${customers[52]!._id},physical,Verve,NGN,active,,,,,,BAD-3`,
    `${customers[53]!._id},virtual,Verve,NGN,active,${account},,,lots,daily,BAD-4`,
  ];
  const unknown = ['nobody.here@example.invalid', 'ghost@example.invalid', 'aaaaaaaaaaaaaaaaaaaaaaaa'].map((t, i) =>
    validRow(t, account, `UNK-${i + 1}`),
  );
  const repeated = valid.slice(0, 3);
  return [HEADER, ...valid, ...invalid, ...unknown, ...repeated].join('\r\n');
}

describe('issue from a 60-row file', () => {
  let batchId: string;

  it('previews 50 ready and names every other row', async () => {
    const preview = await data(call('bulkIssue.preview', { csv: `\uFEFF${sixtyRowFile()}`, fileName: 'staff.csv' }));
    batchId = preview.batchId;
    expect(preview.counts).toMatchObject({
      total: 60,
      ready: 50,
      invalid: 4,
      not_found: 3,
      duplicate_in_file: 3,
      already_issued: 0,
      toFix: 7,
      toSkip: 3,
    });
    const byRow = new Map(preview.rows.map((r) => [r.row, r]));
    for (let i = 0; i < 50; i++) {
      expect(byRow.get(i + 1)).toMatchObject({ status: 'ready', customerId: customers[i]!._id });
      expect(byRow.get(i + 1)!.customerName).toBeTruthy();
      expect(byRow.get(i + 1)!.kyc).toMatch(/approved|not_approved|unknown/);
    }
    expect(byRow.get(51)).toMatchObject({
      status: 'invalid',
      message: expect.stringContaining('type: Choose the type: one of'),
    });
    expect(byRow.get(52)).toMatchObject({
      status: 'invalid',
      message: expect.stringContaining('currency: Choose a currency'),
    });
    expect(byRow.get(53)).toMatchObject({
      status: 'invalid',
      message: expect.stringContaining('a physical card needs the number printed on it'),
    });
    expect(byRow.get(54)).toMatchObject({ status: 'invalid', message: expect.stringContaining('spendingLimit') });
    for (const row of [55, 56, 57]) {
      expect(byRow.get(row)).toMatchObject({ status: 'not_found', message: expect.stringContaining('No customer') });
    }
    for (const [row, first] of [
      [58, 1],
      [59, 2],
      [60, 3],
    ] as const) {
      expect(byRow.get(row)).toMatchObject({
        status: 'duplicate_in_file',
        message: expect.stringContaining(`row ${first}`),
      });
    }
    expect(preview.columns.every((c) => c.field !== null && !c.guessed)).toBe(true);
    expect(cardPosts()).toHaveLength(0);
  });

  it('refuses a start whose typed count is not the number of cards', async () => {
    const r = await call('bulkIssue.start', { batchId, cards: 49 });
    expect(!r.ok && r.error).toMatchObject({ kind: 'validation', field: 'cards' });
    expect(cardPosts()).toHaveLength(0);
  });

  it('issues exactly 50 cards, one POST /cards per ready row', async () => {
    await data(call('bulkIssue.start', { batchId, cards: 50 }));
    await until(async () => (await data(call('bulkIssue.status', { batchId }))).state === 'done', 60_000, 'the batch');
    const status = await data(call('bulkIssue.status', { batchId }));
    expect(status).toMatchObject({ state: 'done', total: 50, sent: 50, issued: 50, failed: 0, unknown: 0 });
    const posts = cardPosts();
    expect(posts).toHaveLength(50);
    const posted = posts.map((p) => (p.body as { customerId: string }).customerId);
    expect(new Set(posted)).toEqual(new Set(customers.slice(0, 50).map((c) => c._id)));

    const { rows } = await data(call('bulkIssue.results', { batchId }));
    expect(rows).toHaveLength(60);
    const issued = rows.filter((r) => r.outcome === 'issued');
    expect(issued).toHaveLength(50);
    for (const r of issued) {
      expect(r.cardId).toMatch(/^[0-9a-f]{24}$/);
      expect(r.maskedPan).toMatch(/\*/);
    }
    expect(rows.filter((r) => r.outcome === 'skipped').every((r) => r.error)).toBe(true);

    const journal = await data(call('journal.list', { batchId, limit: 100 }));
    expect(journal).toHaveLength(50);
    expect(new Set(journal.map((e) => e.batchRow))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => i + 1)));
  });

  it('previews the same file again as already issued, and sends nothing for it', async () => {
    const again = await data(call('bulkIssue.preview', { csv: sixtyRowFile(), fileName: 'staff.csv' }));
    expect(again.counts).toMatchObject({ ready: 0, already_issued: 50 });
    expect(again.sameFileAs).toMatchObject({ batchId, state: 'done' });
    expect(again.rows[0]!.message).toMatch(/issued already/);
    const r = await call('bulkIssue.start', { batchId: again.batchId });
    expect(r.ok).toBe(false);
    expect(cardPosts()).toHaveLength(50);
  });
});
