// POST /cards over real HTTP: the four issuing paths, the card record, replacement, and every rule of
// docs/api.md broken once (400 naming the field, nothing created).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid, maskPan } from '../../../src-shared/api/rules';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { OBJECT_ID, UNKNOWN_ID, clock, expectError, get, isIsoTimestamp, post } from './api';

/** Completes a PAN body with its Luhn check digit. */
function pan(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('no check digit');
}
const VERVE_PAN = pan('506099123456789012');

let sb: SandboxHandle;
let withWallet: { customerId: string; ngnWallet: string; usdWallet?: string };
let otherCustomersWallet: string;
let noWalletCustomer: string;
let ngnBusiness: string;
let usdBusiness: string;
let accounts: any[];

beforeAll(async () => {
  sb = await startSandbox({ seed: 21, customers: 200, now: clock });
  const f = sb.fixtures;
  const ngnWallets = f.wallets.filter((w) => w.currency === 'NGN');
  const usdWallet = f.wallets.find((w) => w.currency === 'USD');
  const owner = usdWallet?.customerId ?? ngnWallets[0]!.customerId;
  withWallet = {
    customerId: owner,
    ngnWallet: ngnWallets.find((w) => w.customerId === owner)!.id,
    usdWallet: usdWallet?.id,
  };
  otherCustomersWallet = ngnWallets.find((w) => w.customerId !== owner)!.id;
  noWalletCustomer = (await get(sb, '/customers?page=150&limit=1')).json.data[0]._id;
  ngnBusiness = f.businessAccounts.find((a) => a.currency === 'NGN')!.id;
  usdBusiness = f.businessAccounts.find((a) => a.currency === 'USD')!.id;
  accounts = (await get(sb, '/accounts?limit=100')).json.data;
});
afterAll(() => sb.stop());

const newPhysical = (extra: Record<string, unknown> = {}) => ({
  customerId: withWallet.customerId,
  type: 'physical',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  number: VERVE_PAN,
  ...extra,
});
const newVirtual = (extra: Record<string, unknown> = {}) => ({
  customerId: withWallet.customerId,
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'AfriGo',
  debitAccountId: withWallet.ngnWallet,
  ...extra,
});

async function issue(body: Record<string, unknown>): Promise<any> {
  const a = await post(sb, '/cards', body);
  expect(a.status, a.text).toBe(200);
  expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(a.json.statusCode).toBe(200);
  expect(a.json).not.toHaveProperty('pagination');
  return a.json.data;
}

async function authorizationsTotal(): Promise<number> {
  return (await get(sb, '/cards/authorizations?limit=1')).json.pagination.total;
}

describe('POST /cards: a new card', () => {
  it('issues a physical Verve card with the full card record', async () => {
    const card = await issue(newPhysical({ metadata: { employee: 'E-104', team: 'Field sales' }, enable2FA: true }));
    expect(card._id).toMatch(OBJECT_ID);
    expect(card).toMatchObject({
      business: sb.fixtures.businessId,
      customer: withWallet.customerId,
      account: withWallet.ngnWallet,
      fundingSource: sb.fixtures.fundingSources.find((s) => s.status === 'active')!.id,
      program: null,
      type: 'physical',
      brand: 'Verve',
      currency: 'NGN',
      status: 'active',
      maskedPan: maskPan(VERVE_PAN),
      expiryMonth: '03',
      expiryYear: '2029',
      metadata: { employee: 'E-104', team: 'Field sales' },
      is2FAEnabled: true,
      refundAccount: null,
      version: 'v1',
      isDeleted: false,
      __v: 0,
    });
    expect(card.maskedPan).toMatch(/^506099\*{9}\d{4}$/);
    expect(card.maskedPan.endsWith(VERVE_PAN.slice(-4))).toBe(true);
    expect(isIsoTimestamp(card.createdAt)).toBe(true);
    expect(card.createdAt).toBe('2026-03-15T10:00:00.000Z');
    expect(typeof card.customer).toBe('string');
  });

  it('applies the default spending limits of docs/api.md with their own ids', async () => {
    const ngn = await issue(newPhysical());
    const sc = ngn.spendingControls;
    expect(sc._id).toMatch(OBJECT_ID);
    expect(sc.channels).toMatchObject({ atm: true, pos: true, web: true, mobile: true });
    expect(sc.channels._id).toMatch(OBJECT_ID);
    expect(sc.allowedCategories).toEqual([]);
    expect(sc.spendingLimits.map((l: any) => [l.amount, l.interval])).toEqual([
      [20_000, 'per_authorization'],
      [500_000, 'per_authorization'],
    ]);
    expect(sc.spendingLimits.map((l: any) => l.channels)).toEqual([['atm'], ['pos', 'web']]);
    for (const l of sc.spendingLimits) expect(l._id).toMatch(OBJECT_ID);
    const ids = [sc._id, sc.channels._id, ...sc.spendingLimits.map((l: any) => l._id)];
    expect(new Set(ids).size).toBe(ids.length);

    const usd = await issue({
      customerId: withWallet.customerId,
      type: 'virtual',
      currency: 'USD',
      status: 'active',
      brand: 'MasterCard',
      amount: 50,
      debitAccountId: usdBusiness,
    });
    expect(usd.spendingControls.spendingLimits).toEqual([]);
  });

  it('keeps spending controls that were sent, completing them with ids', async () => {
    const card = await issue(
      newPhysical({
        spendingControls: {
          blockedCategories: ['7995'],
          channels: { atm: false },
          spendingLimits: [{ amount: 50_000, interval: 'daily' }],
        },
      }),
    );
    const sc = card.spendingControls;
    expect(sc).toMatchObject({
      allowedCategories: [],
      blockedCategories: ['7995'],
      channels: { atm: false, pos: true, web: true, mobile: true },
    });
    expect(sc.spendingLimits).toEqual([
      { _id: expect.stringMatching(OBJECT_ID), amount: 50_000, interval: 'daily', categories: [] },
    ]);
  });

  it('funds a virtual MasterCard from a business account: its balance is the amount', async () => {
    const card = await issue({
      customerId: noWalletCustomer,
      type: 'virtual',
      currency: 'USD',
      status: 'inactive',
      brand: 'MasterCard',
      amount: 125.5,
      debitAccountId: usdBusiness,
    });
    expect(card).toMatchObject({ account: usdBusiness, status: 'inactive', currency: 'USD' });
    expect(card.maskedPan).toMatch(/^\d{6}\*{6}\d{4}$/);
    const balance = await get(sb, `/cards/${card._id}/balance`);
    expect(balance.json.data).toEqual({ currentBalance: 125.5, availableBalance: 125.5 });
    expect((await get(sb, `/cards/${card._id}/transactions`)).json.pagination.total).toBe(0);
  });

  it('draws on the business account when the customer has no wallet in the currency', async () => {
    const card = await issue({ ...newPhysical(), customerId: noWalletCustomer });
    expect(card.account).toBe(ngnBusiness);
  });

  it('takes a Visa expiry from expirationDate', async () => {
    const card = await issue(newVirtual({ brand: 'Visa', expirationDate: 'Jan-2028' }));
    expect([card.expiryMonth, card.expiryYear]).toEqual(['01', '2028']);
    const latest = await issue(newVirtual({ brand: 'Visa', expirationDate: 'Mar-2029' }));
    expect([latest.expiryMonth, latest.expiryYear]).toEqual(['03', '2029']);
  });

  it('makes every new card discoverable through its issuance verification in the authorizations', async () => {
    const card = await issue(newVirtual({ metadata: { ref: 'discoverable-1' } }));
    const first = (await get(sb, '/cards/authorizations?limit=1')).json.data[0];
    expect(first.card).toMatchObject({ _id: card._id, metadata: { ref: 'discoverable-1' } });
    expect(first).toMatchObject({ amount: 0, fee: 0, vat: 0, approved: true, status: 'approved', currency: 'NGN' });
    expect(first.customer._id).toBe(withWallet.customerId);
    expect(first.account._id).toBe(withWallet.ngnWallet);
    expect(first.createdAt).toBe(card.createdAt);
  });
});

describe('POST /cards: mapping and replacement', () => {
  it('maps a card to an active funding source', async () => {
    const source = sb.fixtures.fundingSources.filter((s) => s.status === 'active')[1]!;
    const card = await issue(newPhysical({ fundingSourceId: source.id }));
    expect(card.fundingSource).toBe(source.id);
  });

  it('maps a card to a bank account that name enquiry resolves', async () => {
    const bank = sb.fixtures.bankAccounts[0]!;
    const resolved = accounts.find((a) => a.bankCode === bank.bankCode && a.accountNumber === bank.accountNumber);
    const card = await issue(newPhysical({ bankCode: bank.bankCode, accountNumber: bank.accountNumber }));
    expect(card.account).toBe(resolved._id);
  });

  it('replaces a card: same customer and account, balance carried over, the old card canceled', async () => {
    const old = await issue(newVirtual({ amount: 5_000, metadata: { ref: 'to-be-replaced' } }));
    const replacement = await issue(
      newVirtual({ replacementFor: old._id, reason: 'lost', metadata: { ref: 'replacement' } }),
    );
    expect(replacement._id).not.toBe(old._id);
    expect(replacement).toMatchObject({
      customer: old.customer,
      account: old.account,
      fundingSource: old.fundingSource,
      status: 'active',
    });
    expect((await get(sb, `/cards/${replacement._id}/balance`)).json.data).toEqual({
      currentBalance: 5_000,
      availableBalance: 5_000,
    });
    expect((await get(sb, `/cards/${old._id}/balance`)).json.data).toEqual({ currentBalance: 0, availableBalance: 0 });

    const seen = (await get(sb, '/cards/authorizations?limit=10')).json.data as any[];
    const oldCard = seen.find((x) => x.card._id === old._id).card;
    expect(oldCard.status).toBe('canceled');
    expect(oldCard.updatedAt >= oldCard.createdAt).toBe(true);

    expectError(
      await post(sb, '/cards', newVirtual({ replacementFor: old._id, reason: 'stolen' })),
      400,
      'replacementFor is already canceled',
    );
  });

  it('replaces a virtual card without a debit account: the new card keeps the old card’s account', async () => {
    const old = await issue(newVirtual());
    const { debitAccountId: _none, ...withoutAccount } = newVirtual({ replacementFor: old._id, reason: 'stolen' });
    const replacement = await issue(withoutAccount);
    expect(replacement).toMatchObject({ customer: old.customer, account: old.account });
    // A new virtual card still needs one.
    const { debitAccountId: _also, ...newWithout } = newVirtual();
    expectError(await post(sb, '/cards', newWithout), 400, 'debitAccountId is required for a virtual card');
  });

  it('replaces a seeded card of the same customer', async () => {
    const seeded = sb.fixtures.cards.find((c) => c.status === 'active' && c.currency === 'NGN')!;
    const card = await issue({
      customerId: seeded.customerId,
      type: 'physical',
      currency: 'NGN',
      status: 'active',
      brand: 'Verve',
      number: VERVE_PAN,
      replacementFor: seeded.id,
      reason: 'stolen',
    });
    expect(card.customer).toBe(seeded.customerId);
  });
});

describe('POST /cards: every rule broken once', () => {
  const seededOfAnother = () => sb.fixtures.cards.find((c) => c.customerId !== withWallet.customerId)!.id;
  const inactiveSource = () => sb.fixtures.fundingSources.find((s) => s.status !== 'active')!.id;

  const cases: [string, () => Record<string, unknown>, string | RegExp][] = [
    ['customerId missing', () => newPhysical({ customerId: undefined }), 'customerId is required'],
    ['customerId malformed', () => newPhysical({ customerId: 'cus_123' }), 'customerId must be a 24-character id'],
    ['customerId unknown', () => newPhysical({ customerId: UNKNOWN_ID }), 'customerId is not a known customer'],
    ['type missing', () => newPhysical({ type: undefined }), 'type is required'],
    ['type unknown', () => newPhysical({ type: 'plastic' }), 'type must be one of physical, virtual'],
    ['currency unknown', () => newPhysical({ currency: 'EUR' }), 'currency must be one of NGN, USD'],
    ['status not requestable', () => newPhysical({ status: 'canceled' }), 'status must be one of active, inactive'],
    ['brand unknown', () => newPhysical({ brand: 'Amex' }), 'brand must be one of Verve, AfriGo, MasterCard, Visa'],
    ['issuerCountry unknown', () => newPhysical({ issuerCountry: 'GBR' }), 'issuerCountry must be one of NGA, USA'],
    [
      'number missing on a physical card',
      () => newPhysical({ number: undefined }),
      'number is required for a physical card',
    ],
    ['number too short', () => newPhysical({ number: '506099123456' }), 'number must be a 16 to 19 digit card number'],
    [
      'number failing Luhn',
      () => newPhysical({ number: VERVE_PAN.slice(0, -1) + ((Number(VERVE_PAN.slice(-1)) + 1) % 10) }),
      'number is not a valid card number (Luhn check failed)',
    ],
    [
      'debitAccountId missing on a virtual card',
      () => newVirtual({ debitAccountId: undefined }),
      'debitAccountId is required for a virtual card',
    ],
    [
      'debitAccountId unknown',
      () => newVirtual({ debitAccountId: UNKNOWN_ID }),
      'debitAccountId must be a business account or a wallet of this customer',
    ],
    [
      'debitAccountId a wallet of another customer',
      () => newVirtual({ debitAccountId: otherCustomersWallet }),
      'debitAccountId must be a business account or a wallet of this customer',
    ],
    [
      'debitAccountId in another currency',
      () => newVirtual({ debitAccountId: usdBusiness }),
      "debitAccountId must be an account in NGN, the card's currency",
    ],
    [
      'amount missing on a MasterCard',
      () => newVirtual({ brand: 'MasterCard' }),
      'amount is required for a MasterCard',
    ],
    ['amount zero', () => newVirtual({ brand: 'MasterCard', amount: 0 }), 'amount must be more than 0'],
    ['amount not a number', () => newVirtual({ amount: '100' }), 'amount must be a number'],
    [
      'fundingSourceId unknown',
      () => newPhysical({ fundingSourceId: UNKNOWN_ID }),
      'fundingSourceId is not a known funding source',
    ],
    [
      'fundingSourceId inactive',
      () => newPhysical({ fundingSourceId: inactiveSource() }),
      'fundingSourceId must be an active funding source',
    ],
    [
      'bankCode without accountNumber',
      () => newPhysical({ bankCode: '058' }),
      'accountNumber is required to map a card to a bank account',
    ],
    [
      'accountNumber without bankCode',
      () => newPhysical({ accountNumber: '0123456789' }),
      'bankCode is required to map a card to a bank account',
    ],
    [
      'bank account not resolvable',
      () => newPhysical({ bankCode: '058', accountNumber: '0000000001' }),
      'accountNumber is not an account that name enquiry can resolve at this bankCode',
    ],
    [
      'replacementFor without reason',
      () => newPhysical({ replacementFor: UNKNOWN_ID }),
      'reason is required to replace a card',
    ],
    [
      'reason without replacementFor',
      () => newPhysical({ reason: 'lost' }),
      'replacementFor is required to replace a card',
    ],
    [
      'reason unknown',
      () => newPhysical({ replacementFor: UNKNOWN_ID, reason: 'damaged' }),
      'reason must be one of lost, stolen',
    ],
    [
      'replacementFor unknown',
      () => newPhysical({ replacementFor: UNKNOWN_ID, reason: 'lost' }),
      'replacementFor is not a known card',
    ],
    [
      'replacementFor of another customer',
      () => newPhysical({ replacementFor: seededOfAnother(), reason: 'lost' }),
      'replacementFor must be a card of the same customer',
    ],
    [
      'expirationDate on a non-Visa card',
      () => newVirtual({ expirationDate: 'Jan-2028' }),
      'expirationDate is only allowed for Visa cards',
    ],
    [
      'expirationDate malformed',
      () => newVirtual({ brand: 'Visa', expirationDate: '01/2028' }),
      'expirationDate must be MMM-YYYY, for example Jan-2029',
    ],
    [
      'expirationDate in the past',
      () => newVirtual({ brand: 'Visa', expirationDate: 'Feb-2026' }),
      'expirationDate is in the past',
    ],
    [
      'expirationDate beyond three years',
      () => newVirtual({ brand: 'Visa', expirationDate: 'Apr-2029' }),
      'expirationDate is more than 3 years ahead',
    ],
    [
      'a spending limit interval unknown',
      () => newPhysical({ spendingControls: { spendingLimits: [{ amount: 10, interval: 'hourly' }] } }),
      /^interval must be one of per_authorization, daily/,
    ],
    ['metadata with a non-text value', () => newPhysical({ metadata: { seats: 3 } }), /^metadata\.seats is invalid/],
    ['enable2FA not a boolean', () => newPhysical({ enable2FA: 'yes' }), /^enable2FA is invalid/],
  ];

  it.each(cases)('%s', async (_label, body, message) => {
    const before = await authorizationsTotal();
    const a = await post(sb, '/cards', body());
    expectError(a, 400, message);
    expect(await authorizationsTotal()).toBe(before);
  });

  it.each([
    ['not JSON', '{"customerId": ', 'Request body must be JSON'],
    ['empty', '', 'Request body must be JSON'],
    ['a JSON array', '[]', 'Request body must be a JSON object'],
    ['JSON null', 'null', 'Request body must be a JSON object'],
  ])('rejects a body that is %s', async (_label, rawBody, message) => {
    expectError(await post(sb, '/cards', undefined, { rawBody }), 400, message);
  });
});
