// Which prepared write needs a second person's approval under the policy's rules, and why, in the
// operator's words. Pure: the same write and rules always give the same answer, on the maker's desk and in
// main's refusal of a write sent without approval.
import type { CreateCardRequest } from '../../src-shared/api/requests';
import { cardPathOf } from '../../src-shared/api/requests';
import { formatMoney } from '../../src-shared/api/money';
import type { SingleWrite } from '../../src-shared/ipc/channels/approvals';
import type { ApprovalRules } from '../policy/approval-rules';

/** Hours a request waits for its decision when the policy does not say. */
export const DEFAULT_APPROVAL_HOURS = 24;

/** "₦600,000.00", "$1,250.50": as the app writes money everywhere. */
export function amountText(currency: string, amount: number): string {
  return formatMoney(amount, currency);
}

function cardReasons(rule: NonNullable<ApprovalRules['cards.create']>, card: CreateCardRequest): string[] {
  if (rule === 'never') return [];
  if (rule === 'always') return ['every new card needs approval'];
  const reasons: string[] = [];
  const limit = rule.spendingLimitAbove;
  if (limit !== undefined)
    for (const spending of card.spendingControls?.spendingLimits ?? [])
      if (spending.amount > limit)
        reasons.push(
          `a spending limit of ${amountText(card.currency, spending.amount)} (${spending.interval}) is above ${amountText(card.currency, limit)}`,
        );
  if (rule.mappedToBankAccount && cardPathOf(card) === 'bankAccount')
    reasons.push('the card is mapped to a bank account');
  if (rule.replacement && card.replacementFor) reasons.push('the card replaces another card');
  return reasons;
}

/** Why the write needs approval under `rules` (empty: it does not). */
export function approvalReasons(rules: ApprovalRules | null | undefined, write: SingleWrite): string[] {
  if (!rules) return [];
  if (write.operation === 'cards.create') {
    const rule = rules['cards.create'];
    return rule ? cardReasons(rule, write.input) : [];
  }
  const rule = rules['accounts.create'];
  if (rule !== 'always') return [];
  return [`every new ${write.input.type === 'wallet' ? 'wallet' : 'account'} needs approval`];
}

/** Why a batch of `rows` cards needs approval under `rules` (empty: it does not). */
export function batchApprovalReasons(rules: ApprovalRules | null | undefined, rows: number): string[] {
  const rule = rules?.bulkIssue;
  if (!rule || rule === 'never') return [];
  if (rule === 'always') return ['every batch needs approval'];
  return rows > rule.rowsAbove ? [`the batch has ${rows} cards, more than ${rule.rowsAbove}`] : [];
}

/** The sentence a write sent without approval is refused with. */
export function approvalNeededMessage(noun: string, reasons: readonly string[]): string {
  return `This ${noun} needs approval (${reasons.join('; ')}): send it for approval from its review step. Nothing was sent.`;
}
