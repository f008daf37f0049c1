// Which listed account is taken as the one an unknown-outcome POST /accounts created.
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../src-shared/api/records';
import { CLOCK_TOLERANCE_MS, accountMatchesAttempt } from '../../../src-main/issuing/reconcile-accounts';

const CUSTOMER = 'c'.repeat(24);
const at = '2026-11-22T10:00:00.000Z';
const wallet: Account = {
  _id: '1'.repeat(24),
  type: 'wallet',
  currency: 'NGN',
  accountType: 'Savings',
  customer: CUSTOMER,
  createdAt: '2026-11-22T10:00:01.000Z',
};
const request = { type: 'wallet', currency: 'NGN', accountType: 'Savings', customerId: CUSTOMER } as const;

describe('account matches an attempt', () => {
  it('matches the same type, currency, account type and customer created around the attempt', () => {
    expect(accountMatchesAttempt(wallet, request, at)).toBe(true);
    const edge = new Date(Date.parse(at) - CLOCK_TOLERANCE_MS).toISOString();
    expect(accountMatchesAttempt({ ...wallet, createdAt: edge }, request, at)).toBe(true);
  });

  it('rejects anything that differs or was created well before or after', () => {
    expect(accountMatchesAttempt({ ...wallet, customer: 'd'.repeat(24) }, request, at)).toBe(false);
    expect(accountMatchesAttempt({ ...wallet, currency: 'USD' }, request, at)).toBe(false);
    expect(accountMatchesAttempt({ ...wallet, accountType: 'Current' }, request, at)).toBe(false);
    expect(accountMatchesAttempt({ ...wallet, createdAt: '2026-11-22T09:50:00.000Z' }, request, at)).toBe(false);
    expect(accountMatchesAttempt({ ...wallet, createdAt: '2026-11-22T10:06:00.000Z' }, request, at)).toBe(false);
    expect(accountMatchesAttempt({ ...wallet, createdAt: undefined }, request, at)).toBe(false);
  });

  it('takes a business account only for a business account request', () => {
    const business = { type: 'account', currency: 'NGN', accountType: 'Current' } as const;
    const account: Account = {
      _id: '2'.repeat(24),
      type: 'account',
      currency: 'NGN',
      accountType: 'Current',
      createdAt: at,
    };
    expect(accountMatchesAttempt(account, business, at)).toBe(true);
    expect(accountMatchesAttempt({ ...account, customer: CUSTOMER }, business, at)).toBe(false);
    expect(accountMatchesAttempt(account, { ...business, type: 'wallet', customerId: CUSTOMER }, at)).toBe(false);
  });
});
