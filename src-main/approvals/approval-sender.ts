// An approved request, sent once by its approver's desk: the database hands the request to one desk
// (claim_for_sending: approved -> sending, only for the checker, only while the body matches its hash), the
// body it holds is read back with the contract's schema and sent through the issuing service (journaled
// first, never retried, an unknown outcome reconciled, never resent), and the answer is recorded in the
// database, where the maker's desk reads it.
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { parseWrite, stampApproval, type WriteKind } from '../../src-shared/ipc/write-kinds';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { originOf } from '../environments/environment-keys';
import type { IssuingService, WriteOptions } from '../issuing/issuing-service';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import { approvalStore, type ApprovalRow } from './approval-store';
import { startApprovedBatch, type BatchPort } from './batch-approval';
import { onTeam, type TeamPort } from './team-access';

export interface SenderDeps {
  team: TeamPort;
  issuing: Pick<IssuingService, 'send'>;
  bulkIssue: BatchPort;
  logger: Logger;
}

type Outcome = { state: 'sent' | 'failed' | 'outcome_unknown'; resultId: string | null; message: string | null };

/** Sends the claimed request's body (as the database holds it) and says how it ended. */
async function sendBody(
  deps: SenderDeps,
  claimed: ApprovalRow & { operation: WriteKind },
  options: WriteOptions,
): Promise<{ outcome: Outcome; journalEntryId: string | null }> {
  const failed = (message: string) => ({
    outcome: { state: 'failed' as const, resultId: null, message },
    journalEntryId: null,
  });
  let body: unknown;
  try {
    body = JSON.parse(claimed.body);
  } catch (error) {
    return failed(`The request is not JSON: ${errorMessage(error)}`);
  }
  const parsed = parseWrite(claimed.operation, body);
  if (!parsed.ok) return failed(`The request is not valid: ${parsed.issue?.message ?? ''}`);
  // What it makes records its four eyes where its kind says how (a card: its metadata, which the journal
  // entry holds too).
  const write = stampApproval(parsed.write, {
    request: claimed.id,
    requestedBy: claimed.maker,
    approvedBy: claimed.checker ?? '',
  });
  const result = await deps.issuing.send(write, options);
  // The masked number is known only here (the service has no "get card"): the maker's desk reads it here.
  const maskedPan = result.ok && 'maskedPan' in result.data ? result.data.maskedPan : null;
  const issued = typeof maskedPan === 'string' && maskedPan !== '' ? `Card ${maskedPan} issued` : null;
  if (result.ok)
    return { outcome: { state: 'sent', resultId: result.data._id, message: issued }, journalEntryId: null };
  const state = result.error.kind === 'outcome_unknown' ? 'outcome_unknown' : 'failed';
  return {
    outcome: { state, resultId: null, message: result.error.message },
    journalEntryId: result.error.journalEntryId ?? null,
  };
}

/** A request is sent only from the environment and address it was asked for. */
export function placeProblem(row: ApprovalRow, active: ActiveEnvironment): string | null {
  const address = originOf(active.environment.baseUrl);
  if (row.environment_id === active.environment.id && row.environment_address === address) return null;
  return `Request ${row.id} is for environment ${row.environment_id} at ${row.environment_address}; this desk works in ${active.environment.name} at ${address}. Switch to it to approve and send the request.`;
}

/**
 * Approves request `id` (the database refuses the maker, a non-approver, an edited or expired request) and
 * sends it once from this desk; a request this login approved earlier that was not sent yet is sent.
 * `sendingNow` holds it while it is sent (what a stopped send left is told from it, interrupted-sends.ts).
 */
export async function approveAndSend(
  deps: SenderDeps,
  request: { id: string; note: string | undefined; active: ActiveEnvironment; login: string | null },
  sendingNow: Set<string>,
): Promise<Result<ApprovalRow>> {
  const { id, active } = request;
  const found = await onTeam(deps.team, (client) => approvalStore.get(client, id));
  if (!found.ok) return found;
  if (!found.data) return err('not_found', `There is no approval request ${id}.`, { field: 'id' });
  const where = placeProblem(found.data, active);
  if (where) return err('conflict', where);
  const desk = deps.team.status().desk;
  const resume = found.data.state === 'approved' && found.data.checker === request.login;
  if (!resume) {
    const approved = await onTeam(deps.team, (client) =>
      approvalStore.approve(client, id, request.note?.trim() || null, desk.name),
    );
    if (!approved.ok) return approved;
  }
  sendingNow.add(id);
  try {
    return await sendApproved(deps, id, active, desk);
  } finally {
    sendingNow.delete(id);
  }
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
  const row = claimed.data;
  if (row.operation === 'bulkIssue') return sendBatch(deps, row);
  const { outcome, journalEntryId } = await sendBody(deps, { ...row, operation: row.operation }, { environment });
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
