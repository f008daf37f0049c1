// Which prepared write needs approval under the policy's rules, and why: the pure rules both the review step
// and main's refusal use, and the policy's `approvals` key, each bad value named.
import { describe, expect, it } from 'vitest';
import type { CreateCardRequest } from '../../../src-shared/api/requests';
import { approvalReasons, batchApprovalReasons } from '../../../src-main/approvals/rules';
import { policySchema } from '../../../src-main/policy/policy';

const card = (extra: Partial<CreateCardRequest> = {}): CreateCardRequest => ({
  customerId: 'c'.repeat(24),
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  ...extra,
});
const limit = (amount: number) => ({ spendingControls: { spendingLimits: [{ amount, interval: 'daily' as const }] } });

describe('approval rules', () => {
  it('needs nothing without rules, or when a write is "never"', () => {
    expect(approvalReasons(null, { operation: 'cards.create', input: card() })).toEqual([]);
    expect(
      approvalReasons({ 'cards.create': 'never' }, { operation: 'cards.create', input: card(limit(9e9)) }),
    ).toEqual([]);
  });

  it('names each spending limit above the amount, with its currency', () => {
    const rules = { 'cards.create': { spendingLimitAbove: 500_000 } };
    expect(approvalReasons(rules, { operation: 'cards.create', input: card(limit(500_000)) })).toEqual([]);
    expect(approvalReasons(rules, { operation: 'cards.create', input: card(limit(500_000.5)) })).toEqual([
      'a spending limit of ₦500,000.50 (daily) is above ₦500,000.00',
    ]);
  });

  it('names a card mapped to a bank account and a replacement when the rules ask', () => {
    const rules = { 'cards.create': { mappedToBankAccount: true, replacement: true } };
    const mapped = card({ bankCode: '058', accountNumber: '0123456789' });
    expect(approvalReasons(rules, { operation: 'cards.create', input: mapped })).toEqual([
      'the card is mapped to a bank account',
    ]);
    const replacing = card({ replacementFor: 'a'.repeat(24), reason: 'lost' });
    expect(approvalReasons(rules, { operation: 'cards.create', input: replacing })).toEqual([
      'the card replaces another card',
    ]);
    expect(
      approvalReasons({ 'cards.create': { replacement: false } }, { operation: 'cards.create', input: replacing }),
    ).toEqual([]);
  });

  it('asks for every card, account or wallet when the rule is "always"', () => {
    expect(approvalReasons({ 'cards.create': 'always' }, { operation: 'cards.create', input: card() })).toEqual([
      'every new card needs approval',
    ]);
    const wallet = {
      type: 'wallet' as const,
      currency: 'NGN' as const,
      accountType: 'Savings' as const,
      customerId: 'c'.repeat(24),
    };
    expect(approvalReasons({ 'accounts.create': 'always' }, { operation: 'accounts.create', input: wallet })).toEqual([
      'every new wallet needs approval',
    ]);
    expect(approvalReasons({ 'cards.create': 'always' }, { operation: 'accounts.create', input: wallet })).toEqual([]);
  });

  it('asks for a batch above its number of rows', () => {
    expect(batchApprovalReasons({ bulkIssue: { rowsAbove: 20 } }, 20)).toEqual([]);
    expect(batchApprovalReasons({ bulkIssue: { rowsAbove: 20 } }, 30)).toEqual([
      'the batch has 30 cards, more than 20',
    ]);
    expect(batchApprovalReasons({ bulkIssue: 'always' }, 1)).toEqual(['every batch needs approval']);
    expect(batchApprovalReasons(null, 300)).toEqual([]);
  });
});

describe("the policy's approvals", () => {
  const env = (approvals: unknown) => ({
    environments: [{ id: 'bank', name: 'Bank', baseUrl: 'https://api.bank.example', approvals }],
  });

  it('takes the rules of the issue, and names a bad value by its field', () => {
    const good = env({
      'cards.create': { spendingLimitAbove: 500000, mappedToBankAccount: true, replacement: true },
      'accounts.create': 'always',
      bulkIssue: { rowsAbove: 20 },
      approvalHours: 48,
    });
    expect(policySchema.safeParse(good).success).toBe(true);
    const bad = policySchema.safeParse(env({ 'cards.create': { spendingLimitAbove: 'lots' }, bulkIssue: 'sometimes' }));
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('environments.0.approvals.cards.create');
    expect(paths).toContain('environments.0.approvals.bulkIssue');
    expect(policySchema.safeParse(env({ approvalHours: 0 })).error!.issues[0]!.message).toBe(
      'approvalHours must be at least 1',
    );
  });
});
