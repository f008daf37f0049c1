// What counts as "the same write": the fields that decide what gets created, in any key order, without
// the client reference; and the journal's copy never holds a full card number.
import { describe, expect, it } from 'vitest';
import { fingerprintOf, meaningfulFields } from '../../../src-main/journal/fingerprint';
import { InFlightWrites } from '../../../src-main/issuing/in-flight';
import { repeatMessage, withClientReference } from '../../../src-main/issuing/journaled-write';
import { newClientReference } from '../../../src-main/issuing/client-reference';
import { maskCardNumber, safeRequest } from '../../../src-main/journal/safe-request';

const CUSTOMER = 'c'.repeat(24);
const base = {
  customerId: CUSTOMER,
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  debitAccountId: 'a'.repeat(24),
  spendingControls: { channels: { atm: false, pos: true }, spendingLimits: [{ amount: 5000, interval: 'daily' }] },
};

describe('fingerprint', () => {
  it('ignores key order, the client reference, names, metadata and spending controls', () => {
    const reordered = {
      spendingControls: { spendingLimits: [{ interval: 'daily', amount: 9999 }] },
      debitAccountId: 'a'.repeat(24),
      brand: 'Verve',
      status: 'inactive',
      currency: 'NGN',
      type: 'virtual',
      customerId: CUSTOMER,
      metadata: { clientReference: 'cd-other', note: 'x' },
    };
    expect(fingerprintOf('cards.create', reordered)).toBe(fingerprintOf('cards.create', base));
    expect(fingerprintOf('cards.create', { ...base, metadata: {} })).toBe(fingerprintOf('cards.create', base));
  });

  it('differs when the customer, type, brand, funds, amount or currency differ, or the operation does', () => {
    const f = fingerprintOf('cards.create', base);
    const variants: Record<string, unknown>[] = [
      { customerId: 'd'.repeat(24) },
      { type: 'physical' },
      { brand: 'AfriGo' },
      { fundingSourceId: 'f'.repeat(24) },
      { debitAccountId: 'b'.repeat(24) },
      { bankCode: '058', accountNumber: '0123456789' },
      { amount: 5000 },
      { currency: 'USD' },
      { replacementFor: 'e'.repeat(24), reason: 'lost' },
    ];
    const seen = new Set([f]);
    for (const change of variants) seen.add(fingerprintOf('cards.create', { ...base, ...change }));
    expect(seen.size).toBe(variants.length + 1);
    expect(fingerprintOf('accounts.create', base)).not.toBe(f);
    expect(f).toMatch(/^[0-9a-f]{64}$/);
  });

  it('for an account: its type, currency and customer', () => {
    const wallet = { type: 'wallet', currency: 'NGN', accountType: 'Savings', customerId: CUSTOMER };
    const f = fingerprintOf('accounts.create', wallet);
    expect(fingerprintOf('accounts.create', { ...wallet, accountType: 'Current' })).toBe(f);
    expect(fingerprintOf('accounts.create', { ...wallet, currency: 'USD' })).not.toBe(f);
    expect(fingerprintOf('accounts.create', { ...wallet, type: 'account' })).not.toBe(f);
    expect(fingerprintOf('accounts.create', { ...wallet, customerId: 'd'.repeat(24) })).not.toBe(f);
  });

  it('is computed over the masked number', () => {
    const physical = {
      ...base,
      type: 'physical',
      number: '5061460410120223210',
      metadata: { clientReference: 'cd-1', batch: '7' },
    };
    expect(meaningfulFields('cards.create', physical)).toMatchObject({ number: '506146*********3210' });
    expect(JSON.stringify(meaningfulFields('cards.create', physical))).not.toContain('5061460410120223210');
  });
});

describe('safe request', () => {
  it('masks a PAN to its first six and last four, and a Visa card id to its last four', () => {
    expect(maskCardNumber('5061460410120223210')).toBe('506146*********3210');
    expect(maskCardNumber('visa_card_7f3a91')).toBe('************3a91');
    expect(safeRequest({ number: 'abcd', x: undefined, y: 1 })).toEqual({ number: 'abcd', y: 1 });
    expect(safeRequest({ customerId: CUSTOMER })).toEqual({ customerId: CUSTOMER });
  });
});

describe('client reference', () => {
  it('replaces any reference the caller sent and keeps other metadata', () => {
    const ref = newClientReference();
    expect(ref).toMatch(/^cd-[0-9a-f-]{36}$/);
    expect(newClientReference()).not.toBe(ref);
    expect(withClientReference({ a: 1, metadata: { clientReference: 'mine', note: 'n' } }, ref)).toEqual({
      a: 1,
      metadata: { clientReference: ref, note: 'n' },
    });
    expect(withClientReference({ a: 1 }, null)).toEqual({ a: 1 });
  });
});

describe('in-flight writes', () => {
  it('lets one claim win until it is released', () => {
    const writes = new InFlightWrites();
    expect(writes.claim('k')).toBe(true);
    expect(writes.claim('k')).toBe(false);
    expect(writes.claim('other')).toBe(true);
    writes.release('k');
    expect(writes.claim('k')).toBe(true);
  });
});

describe('the repeat question', () => {
  it('names the customer and says how long ago, in the words an operator uses', () => {
    expect(repeatMessage('card', 'Ada Obi', 2)).toBe('You issued this card to Ada Obi 2 minutes ago: issue another?');
    expect(repeatMessage('card', null, 0)).toBe('You issued this card less than a minute ago: issue another?');
    expect(repeatMessage('wallet', 'Ada Obi', 1)).toBe(
      'You opened this wallet for Ada Obi 1 minute ago: open another?',
    );
    expect(repeatMessage('account', null, 180)).toBe('You opened this account 3 hours ago: open another?');
    expect(repeatMessage('card', 'Ada Obi', 3 * 24 * 60)).toBe(
      'You issued this card to Ada Obi 3 days ago: issue another?',
    );
  });
});
