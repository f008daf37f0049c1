// A batch as its approver judges it, built from its rows on the desk that reads it: each customer by name with
// KYC not approved said, the debit account with its holder, each mapped bank account with its holder and the
// file's reason, every warning of the maker's preview and the totals.
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { batchReview } from '../../../src-main/approvals/batch-review';

const ADA = 'a'.repeat(24);
const BEN = 'b'.repeat(24);
const ACCOUNT = '7'.repeat(20) + 'acc0';
const customers: Record<string, Customer> = {
  [ADA]: { _id: ADA, name: 'Ada Obi', isApproved: true },
  [BEN]: { _id: BEN, individual: { firstName: 'Ben', lastName: 'Eze' }, isApproved: false },
};
const card = (customerId: string, extra: object = {}) => ({
  customerId,
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  spendingControls: { spendingLimits: [{ amount: 50_000, interval: 'daily' }] },
  ...extra,
});
const body = JSON.stringify({
  rows: [
    { row: 2, request: card(ADA, { debitAccountId: ACCOUNT }) },
    {
      row: 3,
      request: card(BEN, {
        type: 'physical',
        number: '5060990000001006',
        bankCode: '058',
        accountNumber: '0123456789',
        metadata: {
          accountHolderName: 'CHIOMA EZE',
          holderNameCheck: 'does not match the customer',
          mappedAnywayBecause: 'Spouse’s salary account',
        },
      }),
    },
  ],
});
const stored = [
  { label: 'Cards', value: '2 cards from a file of 3 rows' },
  { label: 'Rows by status', value: 'ready 2, invalid 1' },
  { label: 'Warning, row 4', value: 'type: Enter the type' },
  { label: 'Environment', value: 'Bank live (https://api.bank.example)' },
];
const ctx = {
  customer: async (id: string) => customers[id] ?? null,
  accountName: async (id: string) => (id === ACCOUNT ? 'Operations · 0123456780' : null),
};

describe('the approver’s review of a batch', () => {
  it('names every row’s customer and card, the debit account with its holder, the mapped account with its holder and reason', async () => {
    const lines = await batchReview(body, stored, ctx);
    expect(lines).toEqual([
      { label: 'Cards', value: '2 cards from a file of 3 rows' },
      { label: 'Total spending limits', value: '₦100,000.00 daily' },
      { label: 'Rows by status', value: 'ready 2, invalid 1' },
      { label: 'Debit account', value: `Operations · 0123456780 (${ACCOUNT}), for 1 card` },
      { label: 'Warning', value: 'KYC not approved for 1 of the customers ready to be sent' },
      { label: 'Warning, row 4', value: 'type: Enter the type' },
      { label: 'Row 2', value: `Ada Obi (${ADA}): virtual Verve card in NGN, limit ₦50,000.00 daily` },
      {
        label: 'Row 3',
        value: `Ben Eze (${BEN}), KYC not approved: physical Verve card in NGN, limit ₦50,000.00 daily; bank account 0123456789 at bank 058, held by CHIOMA EZE (does not match the customer), mapped anyway because: Spouse’s salary account`,
      },
      { label: 'Environment', value: 'Bank live (https://api.bank.example)' },
    ]);
  });

  it('says which customers this desk does not know, and keeps the stored review when the body cannot be read', async () => {
    const lines = await batchReview(body, stored, { customer: async () => null });
    expect(lines).toContainEqual({ label: 'Warning', value: '2 of the customers are not in this desk’s customers' });
    expect(lines).toContainEqual({
      label: 'Debit account',
      value: `not found in this environment (${ACCOUNT}), for 1 card`,
    });
    expect(await batchReview('{"rows": 1}', stored, ctx)).toEqual(stored);
  });
});
