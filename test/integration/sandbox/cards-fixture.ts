// The sandbox and request bodies the POST /cards tests share: a sandbox with a customer who has wallets,
// business accounts in both currencies, and bodies for a new physical and a new virtual card.
import { expect } from 'vitest';
import { luhnValid } from '../../../src-shared/api/rules';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { clock, get, post } from './api';

/** Completes a PAN body with its Luhn check digit. */
export function pan(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('no check digit');
}
export const VERVE_PAN = pan('506099123456789012');

export interface CardsSandbox {
  sb: SandboxHandle;
  withWallet: { customerId: string; ngnWallet: string; usdWallet?: string };
  otherCustomersWallet: string;
  noWalletCustomer: string;
  ngnBusiness: string;
  usdBusiness: string;
  accounts: any[];
}

export async function startCardsSandbox(): Promise<CardsSandbox> {
  const sb = await startSandbox({ seed: 21, customers: 200, now: clock });
  const f = sb.fixtures;
  const ngnWallets = f.wallets.filter((w) => w.currency === 'NGN');
  const usdWallet = f.wallets.find((w) => w.currency === 'USD');
  const owner = usdWallet?.customerId ?? ngnWallets[0]!.customerId;
  return {
    sb,
    withWallet: {
      customerId: owner,
      ngnWallet: ngnWallets.find((w) => w.customerId === owner)!.id,
      usdWallet: usdWallet?.id,
    },
    otherCustomersWallet: ngnWallets.find((w) => w.customerId !== owner)!.id,
    noWalletCustomer: (await get(sb, '/customers?page=150&limit=1')).json.data[0]._id,
    ngnBusiness: f.businessAccounts.find((a) => a.currency === 'NGN')!.id,
    usdBusiness: f.businessAccounts.find((a) => a.currency === 'USD')!.id,
    accounts: (await get(sb, '/accounts?limit=100')).json.data,
  };
}

/** Request bodies and calls on the sandbox `fx()` gives (read when called, after it has started). */
export function cardCalls(fx: () => CardsSandbox) {
  return {
    newPhysical: (extra: Record<string, unknown> = {}) => ({
      customerId: fx().withWallet.customerId,
      type: 'physical',
      currency: 'NGN',
      status: 'active',
      brand: 'Verve',
      number: VERVE_PAN,
      ...extra,
    }),
    newVirtual: (extra: Record<string, unknown> = {}) => ({
      customerId: fx().withWallet.customerId,
      type: 'virtual',
      currency: 'NGN',
      status: 'active',
      brand: 'AfriGo',
      debitAccountId: fx().withWallet.ngnWallet,
      ...extra,
    }),
    async issue(body: Record<string, unknown>): Promise<any> {
      const a = await post(fx().sb, '/cards', body);
      expect(a.status, a.text).toBe(200);
      expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(a.json.statusCode).toBe(200);
      expect(a.json).not.toHaveProperty('pagination');
      return a.json.data;
    },
    async authorizationsTotal(): Promise<number> {
      return (await get(fx().sb, '/cards/authorizations?limit=1')).json.pagination.total;
    },
  };
}
