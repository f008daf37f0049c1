// Accounts over real HTTP: the list and its filters, POST /accounts (wallets and settlement accounts,
// listed at once under the right filters) and name enquiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '../../../src-shared/api/records';
import { listEnvelopeSchema } from '../../../src-shared/api/envelope';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { OBJECT_ID, UNKNOWN_ID, clock, expectError, expectList, get, isIsoTimestamp, post } from './api';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ seed: 8, customers: 120, now: clock });
});
afterAll(() => sb.stop());

const listAll = async (query: string): Promise<any[]> => (await get(sb, `/accounts?limit=100&${query}`)).json.data;

describe('GET /accounts', () => {
  it('lists settlement accounts and wallets, 25 per page by default', async () => {
    const a = await get(sb, '/accounts');
    const total = a.json.pagination.total;
    expect(total).toBeGreaterThan(25);
    expect(expectList(a, { total, page: 0, limit: 25 })).toHaveLength(25);
    expect(listEnvelopeSchema(accountSchema).safeParse(a.json).success).toBe(true);
    const all = await listAll('');
    expect(all).toHaveLength(total);
    for (const x of all) {
      expect(x._id).toMatch(OBJECT_ID);
      expect(x.accountNumber).toMatch(/^\d{10}$/);
      expect(['Savings', 'Current']).toContain(x.accountType);
      expect(x.charges).toEqual([]);
      expect(isIsoTimestamp(x.createdAt)).toBe(true);
      expect(x.type === 'wallet').toBe(typeof x.customer === 'string');
    }
    for (let i = 1; i < all.length; i++) expect(all[i].createdAt <= all[i - 1].createdAt).toBe(true);
    const business = all
      .filter((x) => x.type === 'account')
      .map((x) => x._id)
      .sort();
    expect(business).toEqual(sb.fixtures.businessAccounts.map((x) => x.id).sort());
  });

  it.each([
    ['currency=NGN', (x: any) => x.currency === 'NGN'],
    ['currency=USD', (x: any) => x.currency === 'USD'],
    ['currency=ALL', () => true],
    ['type=wallet', (x: any) => x.type === 'wallet'],
    ['type=account', (x: any) => x.type === 'account'],
    ['currency=USD&type=wallet', (x: any) => x.currency === 'USD' && x.type === 'wallet'],
  ])('filters by %s', async (query, keep) => {
    const all = await listAll('');
    const filtered = await listAll(query);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.map((x) => x._id)).toEqual(all.filter(keep).map((x) => x._id));
  });

  it.each([
    ['currency=EUR', 'currency must be one of ALL, NGN, USD'],
    ['currency=ngn', 'currency must be one of ALL, NGN, USD'],
    ['type=savings', 'type must be one of account, wallet'],
    ['limit=101', 'Invalid pagination parameters'],
    ['page=one', 'Invalid pagination parameters'],
  ])('rejects %s', async (query, message) => {
    expectError(await get(sb, `/accounts?${query}`), 400, message);
  });
});

describe('POST /accounts', () => {
  it('opens a wallet for a customer, listed first under its filters and nowhere else', async () => {
    const customer = (await get(sb, '/customers?page=100&limit=1')).json.data[0];
    const a = await post(sb, '/accounts', {
      type: 'wallet',
      currency: 'NGN',
      accountType: 'Savings',
      customerId: customer._id,
    });
    expect(a.status, a.text).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const wallet = a.json.data;
    expect(wallet).toMatchObject({
      business: sb.fixtures.businessId,
      customer: customer._id,
      type: 'wallet',
      currency: 'NGN',
      accountType: 'Savings',
      accountName: customer.name,
      currentBalance: 0,
      availableBalance: 0,
      isDefault: false,
      isDeleted: false,
      charges: [],
      __v: 0,
    });
    expect(wallet._id).toMatch(OBJECT_ID);
    expect(wallet.accountNumber).toMatch(/^\d{10}$/);
    for (const query of ['', 'type=wallet', 'currency=NGN', 'currency=ALL&type=wallet', 'currency=NGN&type=wallet']) {
      expect((await listAll(query))[0]._id, query).toBe(wallet._id);
    }
    for (const query of ['type=account', 'currency=USD', 'currency=USD&type=wallet']) {
      expect(
        (await listAll(query)).map((x) => x._id),
        query,
      ).not.toContain(wallet._id);
    }
    const name = await post(sb, '/accounts/transfer/name-enquiry', {
      bankCode: wallet.bankCode,
      accountNumber: wallet.accountNumber,
    });
    expect(name.json.data).toEqual({
      accountName: customer.name,
      accountNumber: wallet.accountNumber,
      bankCode: wallet.bankCode,
    });
  });

  it('opens a business settlement account in USD, without a customer', async () => {
    const a = await post(sb, '/accounts', { type: 'account', currency: 'USD', accountType: 'Current' });
    expect(a.status, a.text).toBe(200);
    expect(a.json.data).not.toHaveProperty('customer');
    expect(a.json.data).toMatchObject({ type: 'account', currency: 'USD', accountType: 'Current' });
    expect((await listAll('type=account&currency=USD'))[0]._id).toBe(a.json.data._id);
    expect((await listAll('type=wallet')).map((x) => x._id)).not.toContain(a.json.data._id);
  });

  it('makes a new wallet usable as the debit account of a virtual card', async () => {
    const customer = (await get(sb, '/customers?page=101&limit=1')).json.data[0];
    const wallet = (
      await post(sb, '/accounts', { type: 'wallet', currency: 'USD', accountType: 'Current', customerId: customer._id })
    ).json.data;
    const card = await post(sb, '/cards', {
      customerId: customer._id,
      type: 'virtual',
      currency: 'USD',
      status: 'active',
      brand: 'Visa',
      debitAccountId: wallet._id,
    });
    expect(card.status, card.text).toBe(200);
    expect(card.json.data.account).toBe(wallet._id);
  });

  it.each([
    [
      'a wallet without customerId',
      { type: 'wallet', currency: 'NGN', accountType: 'Savings' },
      'customerId is required',
    ],
    ['no type', { currency: 'NGN', accountType: 'Savings' }, 'type is required'],
    [
      'an unknown type',
      { type: 'loan', currency: 'NGN', accountType: 'Savings' },
      'type must be one of account, wallet',
    ],
    ['no currency', { type: 'account', accountType: 'Savings' }, 'currency is required'],
    [
      'an unknown currency',
      { type: 'account', currency: 'GHS', accountType: 'Savings' },
      'currency must be one of NGN, USD',
    ],
    [
      'an unknown accountType',
      { type: 'account', currency: 'NGN', accountType: 'Checking' },
      'accountType must be one of Savings, Current',
    ],
    [
      'a malformed customerId',
      { type: 'wallet', currency: 'NGN', accountType: 'Savings', customerId: 'abc' },
      'customerId must be a 24-character id',
    ],
    [
      'an unknown customerId',
      { type: 'wallet', currency: 'NGN', accountType: 'Savings', customerId: UNKNOWN_ID },
      'customerId is not a known customer',
    ],
  ])('rejects %s, creating nothing', async (_label, body, message) => {
    const before = (await get(sb, '/accounts')).json.pagination.total;
    expectError(await post(sb, '/accounts', body), 400, message);
    expect((await get(sb, '/accounts')).json.pagination.total).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    expectError(await post(sb, '/accounts', undefined, { rawBody: 'type=wallet' }), 400, 'Request body must be JSON');
  });
});

describe('POST /accounts/transfer/name-enquiry', () => {
  it('resolves every seeded bank account of the fixtures', async () => {
    expect(sb.fixtures.bankAccounts.length).toBeGreaterThanOrEqual(3);
    for (const b of sb.fixtures.bankAccounts) {
      const a = await post(sb, '/accounts/transfer/name-enquiry', {
        bankCode: b.bankCode,
        accountNumber: b.accountNumber,
      });
      expect(a.status).toBe(200);
      expect(a.json).toEqual({
        statusCode: 200,
        message: expect.any(String),
        data: { accountName: b.accountName, accountNumber: b.accountNumber, bankCode: b.bankCode },
      });
    }
  });

  it('answers 400 "Could not resolve the account name" for an unknown account', async () => {
    const b = sb.fixtures.bankAccounts[0]!;
    const other = b.accountNumber === '1234567890' ? '1234567891' : '1234567890';
    expectError(
      await post(sb, '/accounts/transfer/name-enquiry', { bankCode: b.bankCode, accountNumber: other }),
      400,
      'Could not resolve the account name',
    );
    expectError(
      await post(sb, '/accounts/transfer/name-enquiry', { bankCode: '999', accountNumber: b.accountNumber }),
      400,
      'Could not resolve the account name',
    );
  });

  it.each([
    [{ accountNumber: '0123456789' }, 'bankCode is required'],
    [{ bankCode: '058' }, 'accountNumber is required'],
    [{ bankCode: '058', accountNumber: '12345' }, 'accountNumber must be 10 digits'],
    [{ bankCode: 'GTB', accountNumber: '0123456789' }, 'bankCode must be 3 to 6 digits'],
  ])('rejects %j naming the field', async (body, message) => {
    expectError(await post(sb, '/accounts/transfer/name-enquiry', body), 400, message);
  });
});
