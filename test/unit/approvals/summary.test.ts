// The readable review a request stores for its approver: names before ids, amounts with their currency, the
// bank-account holder the maker's name enquiry found, where it goes.
import { describe, expect, it } from 'vitest';
import { summaryOf } from '../../../src-main/approvals/summary';

const ctx = {
  environmentName: 'Bank live',
  environmentAddress: 'https://api.bank.example',
  customerName: async (id: string) => (id === 'c'.repeat(24) ? 'Ada Obi' : null),
};

describe('the review an approver reads', () => {
  it('names the customer, the limits with currency, the mapped account and its holder, and the environment', async () => {
    const lines = await summaryOf(
      {
        operation: 'cards.create',
        input: {
          customerId: 'c'.repeat(24),
          type: 'virtual',
          currency: 'NGN',
          status: 'active',
          brand: 'Verve',
          bankCode: '058',
          accountNumber: '0123456789',
          metadata: { accountHolderName: 'ADA OBI', holderNameCheck: 'matches the customer' },
          spendingControls: { spendingLimits: [{ amount: 750000, interval: 'monthly' }] },
        },
      },
      ctx,
    );
    expect(lines).toEqual([
      { label: 'Customer', value: `Ada Obi (${'c'.repeat(24)})` },
      { label: 'Card', value: 'virtual Verve card in NGN, active' },
      { label: 'Spending limit', value: '₦750,000.00 monthly' },
      { label: 'Mapped to bank account', value: '0123456789 at bank 058' },
      { label: 'Account holder', value: 'ADA OBI (matches the customer)' },
      { label: 'Environment', value: 'Bank live (https://api.bank.example)' },
    ]);
  });

  it('gives the id when the customer is not in the cache, and an account’s kind', async () => {
    const lines = await summaryOf(
      {
        operation: 'accounts.create',
        input: { type: 'wallet', currency: 'USD', accountType: 'Current', customerId: 'd'.repeat(24) },
      },
      ctx,
    );
    expect(lines.slice(0, 2)).toEqual([
      { label: 'Customer', value: 'd'.repeat(24) },
      { label: 'Wallet', value: 'Current in USD' },
    ]);
  });
});
