// A file with a row of each brand and kind, against the local sandbox: a MasterCard with its amount, a Visa
// with its expiry, a card mapped to a bank account whose holder is the customer, one mapped anyway with a
// reason, a replacement and a card with channels and categories preview as ready and are each issued as the
// row says; a bank account held by someone else without a reason is a problem of its row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Customer } from '../../../src-shared/api/records';
import { MONTHS } from '../../../src-shared/api/rules';
import type { AppCore } from '../../../src-main/core/app-core';
import { testAppCore } from '../support/app-core';
import { bridgeOf, cachedCustomers, data, until, type Call } from '../../support/bulk-fixture';

let core: AppCore;
let call: Call;
let dataDir: string;
let customers: Customer[];
let wallets: Account[];

const cardPosts = () =>
  core
    .localSandbox()!
    .requests()
    .filter((r) => r.method === 'POST' && r.url === '/cards');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-bulk-kinds-'));
  core = await testAppCore(dataDir, { localSandbox: { seed: 13, customers: 60 } });
  call = bridgeOf(core);
  customers = await cachedCustomers(call, 60);
  wallets = await data(call('accounts.list', { type: 'wallet', currency: 'NGN', page: 0, limit: 100 }));
}, 60_000);
afterAll(async () => {
  await core.dispose();
  if (!process.env.KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
});

const HEADER =
  'customer,type,brand,currency,status,amount,expirationDate,debitAccountId,bankCode,accountNumber,mapAnywayBecause,replacementFor,reason,channels,blockedCategories,reference';

describe('a file of every brand and kind', () => {
  it('previews each row as ready and issues each as its row says', async () => {
    const fixtures = core.localSandbox()!.fixtures;
    const ngn = fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const usd = fixtures.businessAccounts.find((a) => a.currency === 'USD')!.id;
    const walletOf = (c: Customer) => wallets.find((w) => w.customer === c._id);
    const [holder, other] = customers.filter((c) => walletOf(c)) as [Customer, Customer];
    const rest = customers.filter((c) => c !== holder && c !== other);
    const own = walletOf(holder)!;
    const theirs = walletOf(other)!;
    // The card to replace, issued first.
    const lost = await data(
      call('cards.create', {
        customerId: rest[4]!._id,
        type: 'virtual',
        currency: 'NGN',
        status: 'active',
        brand: 'Verve',
        debitAccountId: ngn,
      }),
    );
    const now = new Date();
    const expiry = `${MONTHS[now.getUTCMonth()]}-${now.getUTCFullYear() + 1}`;
    const rows = [
      `${rest[0]!._id},virtual,MasterCard,USD,active,25.50,,${usd},,,,,,,,MC-1`,
      `${rest[1]!._id},virtual,Visa,USD,active,,${expiry},${usd},,,,,,,,VISA-1`,
      `${holder._id},virtual,Verve,NGN,active,,,${ngn},${own.bankCode},${own.accountNumber},,,,,,BANK-1`,
      `${rest[2]!._id},virtual,AfriGo,NGN,active,,,${ngn},${theirs.bankCode},${theirs.accountNumber},Salary account of her employer,,,,,BANK-2`,
      `${rest[3]!._id},virtual,Verve,NGN,active,,,${ngn},${theirs.bankCode},${theirs.accountNumber},,,,,,BANK-3`,
      `${rest[4]!._id},virtual,Verve,NGN,active,,,,,,,${lost._id},Lost,,,REPL-1`,
      `${rest[5]!._id},virtual,Verve,NGN,active,,,${ngn},,,,,,"pos, web",gambling,CTRL-1`,
    ];
    const preview = await data(
      call('bulkIssue.preview', { csv: [HEADER, ...rows].join('\r\n'), fileName: 'kinds.csv' }),
    );
    const byRow = new Map(preview.rows.map((r) => [r.row, r]));
    for (const row of [1, 2, 3, 4, 6, 7]) expect(byRow.get(row), `row ${row}`).toMatchObject({ status: 'ready' });
    expect(byRow.get(5)).toMatchObject({
      status: 'invalid',
      message: expect.stringContaining(`the account is held by ${theirs.accountName}`),
    });
    expect(preview.columns.every((c) => c.field !== null)).toBe(true);

    const before = cardPosts().length;
    await data(call('bulkIssue.start', { batchId: preview.batchId, cards: 6 }));
    await until(
      async () => (await data(call('bulkIssue.status', { batchId: preview.batchId }))).state === 'done',
      60_000,
      'the batch',
    );
    const status = await data(call('bulkIssue.status', { batchId: preview.batchId }));
    expect(status).toMatchObject({ issued: 6, failed: 0, unknown: 0 });
    const bodies = cardPosts()
      .slice(before)
      .map((p) => p.body as Record<string, any>);
    const byRef = new Map(bodies.map((b) => [b.metadata.reference as string, b]));
    expect(byRef.get('MC-1')).toMatchObject({ brand: 'MasterCard', amount: 25.5, debitAccountId: usd });
    expect(byRef.get('VISA-1')).toMatchObject({ brand: 'Visa', expirationDate: expiry });
    expect(byRef.get('BANK-1')).toMatchObject({
      bankCode: own.bankCode,
      accountNumber: own.accountNumber,
      metadata: { accountHolderName: own.accountName, holderNameCheck: 'matches the customer' },
    });
    expect(byRef.get('BANK-2')!.metadata).toMatchObject({
      holderNameCheck: 'does not match the customer',
      mappedAnywayBecause: 'Salary account of her employer',
    });
    expect(byRef.get('REPL-1')).toMatchObject({ replacementFor: lost._id, reason: 'lost' });
    expect(byRef.get('CTRL-1')!.spendingControls).toEqual({
      channels: { atm: false, pos: true, web: true, mobile: false },
      blockedCategories: ['gambling'],
    });
    const old = await data(call('cards.get', { id: lost._id }));
    expect(old.status).toBe('canceled');
  });

  it('takes a file as operators have it: no status column (Active), the debit account by its account number', async () => {
    const ngn = core.localSandbox()!.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const business = await data(call('accounts.list', { currency: 'NGN', page: 0, limit: 100 }));
    const debit = business.find((a) => a._id === ngn)!;
    expect(debit.accountNumber).toMatch(/^\d{10}$/);
    const five = customers.slice(40, 45);
    const csv = [
      'Customer,Card type,Brand,Currency,Debit account,Reference',
      ...five.map((c, i) => `${c._id},Virtual,Verve,NGN,${debit.accountNumber},BY-NUMBER-${i + 1}`),
    ].join('\r\n');
    const preview = await data(call('bulkIssue.preview', { csv, fileName: 'by-number.csv' }));
    expect(preview.counts).toMatchObject({ total: 5, ready: 5, toFix: 0, toSkip: 0 });
    expect(preview.rows.map((r) => r.customerName)).toEqual(five.map((c) => c.name));
    expect(preview.columns.find((c) => c.header === 'Debit account')).toMatchObject({ field: 'debitAccountId' });

    const before = cardPosts().length;
    await data(call('bulkIssue.start', { batchId: preview.batchId, cards: 5 }));
    await until(
      async () => (await data(call('bulkIssue.status', { batchId: preview.batchId }))).state === 'done',
      60_000,
      'the batch',
    );
    const bodies = cardPosts()
      .slice(before)
      .map((p) => p.body as Record<string, unknown>);
    expect(bodies).toHaveLength(5);
    for (const body of bodies) expect(body).toMatchObject({ status: 'active', debitAccountId: ngn });

    // A number no account of the business has is a problem of its row, naming the column.
    const unknown = await data(
      call('bulkIssue.preview', {
        csv: `customer,type,brand,currency,debitAccountId\r\n${customers[46]!._id},virtual,Verve,NGN,0000000001`,
      }),
    );
    expect(unknown.rows[0]).toMatchObject({
      status: 'invalid',
      message: expect.stringContaining('debitAccountId: no account of this business has the number 0000000001'),
    });
  });
});
