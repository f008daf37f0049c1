// What an entry of the team journal tells, in the operator's words, from its events as the database stamped
// them (the login that sent each, and when it was received): "Approval requested by mal · rejected by bob:
// not this one". A write of a desk reads as its events' outcomes with who sent them.
import type { TeamJournalEntry } from '../../src-shared/ipc/channels/team';

export type TeamJournalStep = TeamJournalEntry['steps'][number];

/** Which journal an entry is of: a desk's writes, an approval request, the rules, or the administration's. */
export function entryKindOf(journalId: string): TeamJournalEntry['kind'] {
  if (journalId === 'approvals') return 'approval';
  if (journalId === 'approval-rules') return 'rules';
  if (journalId === 'team-admin') return 'administration';
  return 'write';
}

const APPROVAL_WORDS: Record<string, string> = {
  approval_requested: 'requested',
  approval_approved: 'approved',
  approval_rejected: 'rejected',
  approval_withdrawn: 'withdrawn',
  approval_expired: 'expired',
  approval_sending: 'being sent',
  approval_sent: 'sent',
  approval_failed: 'failed',
  approval_outcome_unknown: 'outcome unknown',
};

/** Steps with who did them; the database does the expiry, so it names no one. */
function approvalStory(steps: TeamJournalStep[]): string {
  const parts = steps.map((s, i) => {
    const word = APPROVAL_WORDS[s.kind] ?? s.kind.replace(/_/g, ' ');
    const who = s.kind === 'approval_expired' || s.kind === 'approval_sent' ? '' : ` by ${s.operator}`;
    const why = s.reason && (s.kind === 'approval_rejected' || s.kind === 'approval_approved') ? `: ${s.reason}` : '';
    const error = s.error && s.kind === 'approval_failed' ? `: ${s.error}` : '';
    const text = `${word}${who}${why}${error}`;
    return i === 0 ? `Approval ${text}` : text;
  });
  return parts.join(' · ');
}

const OUTCOME_WORDS: Record<string, string> = {
  pending: 'begun',
  succeeded: 'succeeded',
  failed: 'failed',
  outcome_unknown: 'outcome unknown',
  reconciled: 'reconciled',
  resend_allowed: 'resend allowed',
};

/** One line of the entry's events with who sent each, said once per run of the same login. */
export function entryStory(kind: TeamJournalEntry['kind'], steps: TeamJournalStep[]): string {
  if (kind === 'approval') return approvalStory(steps);
  if (kind === 'administration')
    return steps
      .map((s) => `${s.kind.replace(/_/g, ' ')} by ${s.operator}${s.reason ? `: ${s.reason}` : ''}`)
      .join(' · ');
  if (kind === 'rules') return steps.map((s) => `${s.kind.replace(/_/g, ' ')} by ${s.operator}`).join(' · ');
  const parts: string[] = [];
  let last: string | null = null;
  for (const s of steps) {
    const word = OUTCOME_WORDS[s.outcome ?? ''] ?? s.kind.replace(/_/g, ' ');
    parts.push(s.operator === last ? word : `${word} (sent by ${s.operator})`);
    last = s.operator;
  }
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
