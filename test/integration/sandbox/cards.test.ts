// POST /cards over real HTTP: the four issuing paths, the card record and replacement (every rule of
// docs/api.md broken once: cards-rules.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPan } from '../../../src-shared/api/rules';
import type { SandboxHandle } from '../../../src-main/sandbox/index';
import { OBJECT_ID, expectError, get, isIsoTimestamp, post } from './api';
import { type CardsSandbox, VERVE_PAN, cardCalls, startCardsSandbox } from './cards-fixture';

let fx: CardsSandbox;
let sb: SandboxHandle;
let withWallet: CardsSandbox['withWallet'];
let noWalletCustomer: string;
let ngnBusiness: string;
let usdBusiness: string;
let accounts: any[];

beforeAll(async () => {
  fx = await startCardsSandbox();
  ({ sb, withWallet, noWalletCustomer, ngnBusiness, usdBusiness, accounts } = fx);
});
afterAll(() => sb.stop());

const { newPhysical, newVirtual, issue } = cardCalls(() => fx);

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
