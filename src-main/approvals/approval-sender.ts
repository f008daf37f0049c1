// An approved request, sent once by its approver's desk: the database hands the request to one desk
// (claim_for_sending: approved -> sending, only for the checker, only while the body matches its hash), the
// body it holds is read back with the contract's schema and sent through the issuing service (journaled
// first, never retried, an unknown outcome reconciled, never resent), and the answer is recorded in the
// database, where the maker's desk reads it.
import { createAccountRequestSchema, createCardRequestSchema } from '../../src-shared/api/requests';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { ActiveEnvironment } from '../environments/environment-manager';
import type { IssuingService, WriteOptions } from '../issuing/issuing-service';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import { approvalStore, type ApprovalRow } from './approval-store';
import { startApprovedBatch, type BatchPort } from './batch-approval';
import { onTeam, type TeamPort } from './team-access';

export interface SenderDeps {
  team: TeamPort;
  issuing: Pick<IssuingService, 'createCard' | 'createAccount'>;
  bulkIssue: BatchPort;
  logger: Logger;
}

type Outcome = { state: 'sent' | 'failed' | 'outcome_unknown'; resultId: string | null; message: string | null };

/** Sends the claimed request's body (as the database holds it) and says how it ended. */
async function sendBody(
  deps: SenderDeps,
  claimed: ApprovalRow,
  options: WriteOptions,
): Promise<{ outcome: Outcome; journalEntryId: string | null }> {
  let body: unknown;
  try {
    body = JSON.parse(claimed.body);
  } catch (error) {
    return {
      outcome: { state: 'failed', resultId: null, message: `The request is not JSON: ${errorMessage(error)}` },
      journalEntryId: null,
    };
  }
  const invalid = (message: string | undefined) => ({
    outcome: { state: 'failed' as const, resultId: null, message: `The request is not valid: ${message ?? ''}` },
    journalEntryId: null,
  });
  let result: Result<{ _id: string; maskedPan?: string | undefined }>;
  if (claimed.operation === 'cards.create') {
    const parsed = createCardRequestSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
    // The card itself records its four eyes (its metadata, which the journal entry holds too).
    const metadata = {
      ...parsed.data.metadata,
      approvalRequest: claimed.id,
      requestedBy: claimed.maker,
      approvedBy: claimed.checker ?? '',
    };
    result = await deps.issuing.createCard({ ...parsed.data, metadata }, options);
  } else {
    const parsed = createAccountRequestSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
    result = await deps.issuing.createAccount(parsed.data, options);
  }
  // The masked number is known only here (the service has no "get card"): the maker's desk reads it here.
  const issued = result.ok && result.data.maskedPan ? `Card ${result.data.maskedPan} issued` : null;
  if (result.ok)
    return { outcome: { state: 'sent', resultId: result.data._id, message: issued }, journalEntryId: null };
  const state = result.error.kind === 'outcome_unknown' ? 'outcome_unknown' : 'failed';
  return {
    outcome: { state, resultId: null, message: result.error.message },
    journalEntryId: result.error.journalEntryId ?? null,
  };
}

/**
 * Claims the approved request `id` for this desk and sends it once; the request as the database holds it
 * afterwards. A claim the database refuses (another desk sends it, its body changed) sends nothing.
 */
export async function sendApproved(
  deps: SenderDeps,
  id: string,
  environment: ActiveEnvironment,
  desk: { id: string; name: string },
): Promise<Result<ApprovalRow>> {
  const claimed = await onTeam(deps.team, (client) => approvalStore.claim(client, id, desk));
  if (!claimed.ok) return claimed;
  if (claimed.data.operation === 'bulkIssue') return sendBatch(deps, claimed.data);
  const { outcome, journalEntryId } = await sendBody(deps, claimed.data, { environment });
  deps.logger.info({ approval: id, outcome: outcome.state }, 'approved request sent');
  return record(deps, id, outcome, journalEntryId);
}

/** Records how an approved request ended; said in words when the database could not record it. */
async function record(
  deps: SenderDeps,
  id: string,
  outcome: Outcome,
  journalEntryId: string | null,
): Promise<Result<ApprovalRow>> {
  const recorded = await onTeam(deps.team, (client) =>
    approvalStore.recordOutcome(client, id, outcome, journalEntryId),
  );
  if (recorded.ok) return ok(recorded.data);
  deps.logger.warn(
    { approval: id, err: recorded.error.message },
    'approvals: outcome not recorded in the team database',
  );
  const ended = outcome.state === 'sent' ? `sent (${outcome.resultId})` : outcome.state.replace('_', ' ');
  return err(
    'network',
    `Request ${id} was ${ended}, but the team database could not record it: ${recorded.error.message}`,
  );
}

/**
 * An approved batch: started as a batch of this desk (answered at once, `sending`); when it has run, how it
 * ended is recorded (every row issued: sent; else failed or unknown, with the figures).
 */
async function sendBatch(deps: SenderDeps, claimed: ApprovalRow): Promise<Result<ApprovalRow>> {
  const started = await startApprovedBatch(deps.bulkIssue, {
    id: claimed.id,
    body: claimed.body,
    bodySha256: claimed.body_sha256,
    environmentId: claimed.environment_id,
    maker: claimed.maker,
    checker: claimed.checker ?? '',
  });
  if (!started.ok)
    return record(deps, claimed.id, { state: 'failed', resultId: null, message: started.error.message }, null);
  const batchId = started.data;
  deps.logger.info({ approval: claimed.id, batchId }, 'approved batch started');
  void deps.bulkIssue
    .idle(batchId)
    .then(async () => {
      const status = await deps.bulkIssue.status(batchId);
      const s = status.ok ? status.data : null;
      const message = s
        ? `${s.issued} issued, ${s.failed} failed, ${s.unknown} unknown of ${s.total}`
        : status.ok
          ? 'The batch ended; its figures could not be read.'
          : status.error.message;
      const state =
        s && s.failed === 0 && s.unknown === 0 && s.issued === s.total
          ? 'sent'
          : s && s.unknown > 0
            ? 'outcome_unknown'
            : 'failed';
      await record(deps, claimed.id, { state, resultId: batchId, message }, null);
    })
    .catch((error: unknown) => deps.logger.warn({ approval: claimed.id, err: errorMessage(error) }, 'approved batch'));
  return ok({ ...claimed, state: 'sending', result_id: batchId, outcome_message: 'Being sent from this desk' });
}
