// What an approval request stores, prepared on the maker's desk: the exact body (a write's request as it
// would be sent; a batch's ready rows), why it needs approval, the readable review and the fingerprint that
// keeps one open request per write across the team.
import { createHash } from 'node:crypto';
import type { Approval, ApprovalWrite, SingleWrite } from '../../src-shared/ipc/channels/approvals';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { originOf } from '../environments/environment-keys';
import { fingerprintOf } from '../journal/fingerprint';
import { batchBody, batchRows, batchSummary, type BatchPort } from './batch-approval';
import { accountNameFrom, summaryOf } from './summary';

export const nounOf = (write: ApprovalWrite) =>
  write.operation === 'cards.create'
    ? 'card'
    : write.operation === 'bulkIssue'
      ? 'batch'
      : write.input.type === 'wallet'
        ? 'wallet'
        : 'account';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The write's fingerprint in its environment: one open request per write across the team. */
export const fingerprintIn = (environmentId: string, write: SingleWrite) =>
  `${environmentId}:${fingerprintOf(write.operation, write.input)}`;

/** What a request stores: the exact body, why it needs approval, its readable review, its fingerprint. */
export interface Prepared {
  body: string;
  reasons: string[];
  summary: Approval['summary'];
  fingerprint: string;
}

/** The body, review and fingerprint of a write to ask approval for; refused when it needs none. */
export async function prepareRequest(
  deps: { bulkIssue: BatchPort; customerName: (customerId: string) => Promise<string | null> },
  write: ApprovalWrite,
  reasons: string[],
  active: ActiveEnvironment,
): Promise<Result<Prepared>> {
  if (reasons.length === 0)
    return err('validation', `This ${nounOf(write)} does not need approval here: send it directly.`, {
      field: 'operation',
    });
  const address = originOf(active.environment.baseUrl);
  const environment = `${active.environment.name} (${address})`;
  if (write.operation === 'bulkIssue') {
    const rows = batchRows(deps.bulkIssue, write.input.batchId, active.environment.id);
    if (!rows.ok) return rows;
    const body = batchBody(rows.data);
    const fingerprint = `${active.environment.id}:batch:${sha256(body)}`;
    return ok({ body, reasons, summary: batchSummary(rows.data, environment), fingerprint });
  }
  const summary = await summaryOf(write, {
    environmentName: active.environment.name,
    environmentAddress: address,
    customerName: deps.customerName,
    accountName: (id, currency) => accountNameFrom(active.api, id, currency),
  });
  const fingerprint = fingerprintIn(active.environment.id, write);
  return ok({ body: JSON.stringify(write.input), reasons, summary, fingerprint });
}
