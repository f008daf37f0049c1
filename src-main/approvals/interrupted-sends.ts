// A request this desk claimed but whose outcome it never recorded (Card Desk stopped mid-send): when the
// desk is back on the team database, its own journal says what happened, and that is recorded, so the
// request neither stays "being sent" for ever nor is ever sent again. The journal is written before a
// write is sent: a success since the claim is the request's result; an unknown outcome is recorded as such
// (reconciled in the Journal); no entry at all means nothing was sent. A batch is left to Issue from a file,
// whose interrupted batches the operator resumes.
import type { Journal } from '../journal/journal';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import { approvalStore } from './approval-store';
import { onTeam, type TeamPort } from './team-access';

/** Clocks of desks and database may differ: a journal entry this much older than the claim still counts. */
const CLOCK_MARGIN_MS = 2 * 60_000;

interface Interrupted {
  id: string;
  fingerprint: string;
  environment_id: string;
  sending_at: Date;
}

export async function settleInterruptedSends(deps: {
  team: TeamPort;
  getJournal: () => Promise<Journal>;
  /** Requests this process is sending now: not interrupted. */
  sendingNow: ReadonlySet<string>;
  logger: Logger;
}): Promise<number> {
  const desk = deps.team.status().desk;
  const found = await onTeam(deps.team, async (client) => {
    const { rows } = await client.query<Interrupted>(
      `SELECT id::text, fingerprint, environment_id, sending_at FROM card_desk.approval_requests
        WHERE state = 'sending' AND checker = session_user AND sending_desk_id = $1 AND operation <> 'bulkIssue'`,
      [desk.id],
    );
    return rows;
  });
  if (!found.ok) return 0;
  const journal = await deps.getJournal();
  let settled = 0;
  for (const row of found.data.filter((r) => !deps.sendingNow.has(r.id))) {
    const fingerprint = row.fingerprint.slice(row.environment_id.length + 1);
    const since = new Date(row.sending_at.getTime() - CLOCK_MARGIN_MS).toISOString();
    const success = journal.recentSuccess(row.environment_id, fingerprint, since);
    const unknown = success ? null : journal.blockingUnknown(row.environment_id, fingerprint);
    const outcome = success
      ? { state: 'sent' as const, resultId: success.resultId, message: null }
      : unknown
        ? { state: 'outcome_unknown' as const, resultId: null, message: unknown.error }
        : {
            state: 'failed' as const,
            resultId: null,
            message: 'Card Desk stopped before sending it: nothing was sent. Ask for it again.',
          };
    const entry = success?.id ?? unknown?.id ?? null;
    const recorded = await onTeam(deps.team, (client) => approvalStore.recordOutcome(client, row.id, outcome, entry));
    if (recorded.ok) settled += 1;
    else deps.logger.warn({ approval: row.id, err: errorMessage(recorded.error.message) }, 'approvals: not settled');
  }
  if (settled > 0) deps.logger.info({ settled }, 'approvals: interrupted sends settled from the journal');
  return settled;
}

/**
 * Requests this desk sent whose outcome was unknown and whose journal entry has since been reconciled (the
 * card turned up) or resolved: recorded as sent with what was created.
 */
export async function settleReconciledSends(deps: {
  team: TeamPort;
  getJournal: () => Promise<Journal>;
  logger: Logger;
}): Promise<number> {
  const desk = deps.team.status().desk;
  const found = await onTeam(deps.team, async (client) => {
    const { rows } = await client.query<{ id: string; journal_entry_id: string }>(
      `SELECT id::text, journal_entry_id FROM card_desk.approval_requests
        WHERE state = 'outcome_unknown' AND checker = session_user AND sending_desk_id = $1
          AND journal_entry_id IS NOT NULL`,
      [desk.id],
    );
    return rows;
  });
  if (!found.ok || found.data.length === 0) return 0;
  const journal = await deps.getJournal();
  let settled = 0;
  for (const row of found.data) {
    const entry = journal.get(row.journal_entry_id);
    if (!entry?.resultId || (entry.outcome !== 'reconciled' && entry.outcome !== 'succeeded')) continue;
    const outcome = { state: 'sent' as const, resultId: entry.resultId, message: 'Found after an unknown outcome.' };
    const recorded = await onTeam(deps.team, (client) =>
      approvalStore.recordOutcome(client, row.id, outcome, entry.id),
    );
    if (recorded.ok) settled += 1;
  }
  return settled;
}
