// Account and wallet records, shared by seeding and by POST /accounts.
import type { Currency } from '../../../src-shared/api/records';
import type { AccountRecord } from '../state/records';
import type { SandboxStore } from '../state/store';
import { BANKS } from './people';
import type { Random } from './random';

/** Wallets are held at the service's partner bank. */
export const WALLET_BANK_CODE = '090286';
export const WALLET_PROVIDER = 'SafeHaven';

export interface AccountFields {
  id: string;
  business: string;
  customer?: string;
  type: 'account' | 'wallet';
  currency: Currency;
  accountName: string;
  bankCode: keyof typeof BANKS;
  accountType: 'Savings' | 'Current';
  balance: number;
  isDefault: boolean;
  createdAt: Date;
}

/** A ten-digit account number (NUBAN length) not yet used at that bank. */
export function freshAccountNumber(store: SandboxStore, bankCode: string, r: Random): string {
  for (;;) {
    const n = `${r.int(1, 9)}${r.digits(9)}`;
    if (!store.isAccountNumberTaken(bankCode, n)) return n;
  }
}

export function accountRecord(f: AccountFields, accountNumber: string, r: Random): AccountRecord {
  const at = f.createdAt.toISOString();
  return {
    _id: f.id,
    business: f.business,
    ...(f.customer ? { customer: f.customer } : {}),
    type: f.type,
    currency: f.currency,
    accountName: f.accountName,
    bankCode: f.bankCode,
    accountType: f.accountType,
    accountNumber,
    currentBalance: f.balance,
    availableBalance: f.balance,
    provider: f.type === 'wallet' ? WALLET_PROVIDER : BANKS[f.bankCode],
    providerReference: r.hex(24),
    referenceCode: `ACC-${r.hex(10).toUpperCase()}`,
    reloadable: true,
    isDefault: f.isDefault,
    isDeleted: false,
    charges: [],
    createdAt: at,
    updatedAt: at,
    __v: 0,
  };
}
