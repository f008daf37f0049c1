// Which prepared write needs a second person's approval under the policy's rules, and why, in the
// operator's words. Pure: the same write and rules always give the same answer, on the maker's desk and in
// main's refusal of a write sent without approval.
import { formatMoney } from '../../src-shared/api/money';
import { writeApprovalReasons, type SingleWrite } from '../../src-shared/ipc/write-kinds';
import type { ApprovalRules } from '../policy/approval-rules';

/** Hours a request waits for its decision when the policy does not say. */
export const DEFAULT_APPROVAL_HOURS = 24;

/** "₦600,000.00", "$1,250.50": as the app writes money everywhere. */
export function amountText(currency: string, amount: number): string {
  return formatMoney(amount, currency);
}

/** Why the write needs approval under `rules` (empty: it does not): its kind's rule, read as its registry entry says. */
export function approvalReasons(rules: ApprovalRules | null | undefined, write: SingleWrite): string[] {
  if (!rules) return [];
  return writeApprovalReasons(write.operation, rules[write.operation], write.input as never);
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
