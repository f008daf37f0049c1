// An approval request's state in the operator's words: the Approvals page and the Journal's Team view say it alike.
import type { ApprovalState } from '../../src-shared/ipc/channels/approvals';

export const APPROVAL_STATE_LABEL: Record<ApprovalState, string> = {
  waiting: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  sending: 'Being sent',
  sent: 'Sent',
  failed: 'Failed',
  outcome_unknown: 'Outcome unknown',
};
