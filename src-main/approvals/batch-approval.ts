// A batch (Issue from a file) approved as one request. On the maker's desk: its ready rows, exactly as they
// would be sent, become the request's body ({ rows: [{ row, request }] }, hashed whole), with a preview for
// the approver: how many cards, the total of their spending limits, the rows by status, the first rows and
// every warning. On the approver's desk: the body the database handed over (claimed only while it matches
// its hash, so a row changed after approval sends nothing) becomes a batch of this desk's, sent through
// the bulk-issue machinery (journaled, paced, never a row twice).
import { randomUUID } from 'node:crypto';
import { createCardRequestSchema, type CreateCardRequest } from '../../src-shared/api/requests';
import type { Approval } from '../../src-shared/ipc/channels/approvals';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { BulkIssueService } from '../bulk-issue/bulk-service';
import type { StoredRow } from '../bulk-issue/batch-store';
import { fingerprintOf } from '../journal/fingerprint';
import { amountText } from './rules';

type Line = Approval['summary'][number];
export type BatchPort = Pick<BulkIssueService, 'store' | 'start' | 'idle' | 'status'>;

export interface BatchRows {
  /** The rows that would be sent, in file order. */
  ready: { row: number; request: CreateCardRequest }[];
  all: StoredRow[];
}

/** The previewed batch's rows on this desk; refused when it is not a ready batch of the environment. */
export function batchRows(bulk: BatchPort, batchId: string, environmentId: string): Result<BatchRows> {
  const batch = bulk.store.get(batchId);
  if (!batch || batch.environmentId !== environmentId)
    return err('not_found', `There is no batch ${batchId} in this environment.`, { field: 'batchId' });
  if (batch.state !== 'ready')
    return err('conflict', `The batch is ${batch.state}: only a previewed batch not yet started is sent for approval.`);
  const all = bulk.store.rows(batchId);
  const ready = all.flatMap((r) => {
    const parsed = r.status === 'ready' && r.request ? createCardRequestSchema.safeParse(r.request) : null;
    return parsed?.success ? [{ row: r.row, request: parsed.data }] : [];
  });
  if (ready.length === 0) return err('validation', 'The batch has no row ready to send.', { field: 'batchId' });
  return ok({ ready, all });
}

/** Totals of spending limits by currency and interval: "₦1,500,000.00 daily". */
export function limitTotals(ready: BatchRows['ready']): string {
  const totals = new Map<string, number>();
  for (const { request } of ready)
    for (const limit of request.spendingControls?.spendingLimits ?? []) {
      const key = `${request.currency} ${limit.interval}`;
      totals.set(key, (totals.get(key) ?? 0) + limit.amount);
    }
  if (totals.size === 0) return 'none set';
  return [...totals]
    .map(([key, total]) => {
      const [currency, interval] = key.split(' ') as [string, string];
      return `${amountText(currency, total)} ${interval}`;
    })
    .join('; ');
}

export function batchSummary(rows: BatchRows, environment: string): Line[] {
  const byStatus = new Map<string, number>();
  for (const r of rows.all) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const lines: Line[] = [
    { label: 'Cards', value: `${rows.ready.length} cards from a file of ${rows.all.length} rows` },
    { label: 'Total spending limits', value: limitTotals(rows.ready) },
    { label: 'Rows by status', value: [...byStatus].map(([s, n]) => `${s} ${n}`).join(', ') },
  ];
  for (const r of rows.all.filter((x) => x.status === 'ready').slice(0, 5))
    lines.push({ label: `Row ${r.row}`, value: `${r.customerLabel}: ${r.cardText ?? ''}` });
  for (const r of rows.all.filter((x) => x.message).slice(0, 50))
    lines.push({ label: `Warning, row ${r.row}`, value: r.message ?? '' });
  lines.push({ label: 'Environment', value: environment });
  return lines;
}

export const batchBody = (rows: BatchRows): string => JSON.stringify({ rows: rows.ready });

/** The body as the database holds it, read back with the contract's schema. */
export function rowsOfBody(body: string): Result<{ row: number; request: CreateCardRequest }[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return err('validation', 'The approved batch is not JSON.');
  }
  const list = (parsed as { rows?: unknown }).rows;
  if (!Array.isArray(list)) return err('validation', 'The approved batch has no rows.');
  const rows: { row: number; request: CreateCardRequest }[] = [];
  for (const item of list as { row?: unknown; request?: unknown }[]) {
    const request = createCardRequestSchema.safeParse(item.request);
    if (typeof item.row !== 'number' || !request.success)
      return err('validation', `Row ${String(item.row)} of the approved batch is not a valid card request.`);
    rows.push({ row: item.row, request: request.data });
  }
  return ok(rows);
}

/**
 * Makes the approved rows a batch of this desk and starts it; its id. Each card records its four eyes in its
 * metadata, as a single approved card does, so every desk finds the batch's rows in the team journal.
 */
export async function startApprovedBatch(
  bulk: BatchPort,
  approval: { id: string; body: string; bodySha256: string; environmentId: string; maker: string; checker: string },
): Promise<Result<string>> {
  const parsed = rowsOfBody(approval.body);
  if (!parsed.ok) return parsed;
  const fourEyes = { approvalRequest: approval.id, requestedBy: approval.maker, approvedBy: approval.checker };
  const rows = ok(
    parsed.data.map(({ row, request }) => ({
      row,
      request: { ...request, metadata: { ...request.metadata, ...fourEyes } },
    })),
  );
  const batchId = randomUUID();
  bulk.store.create(
    {
      id: batchId,
      environmentId: approval.environmentId,
      createdAt: new Date().toISOString(),
      fileName: `Approved request #${approval.id}`,
      fileHash: approval.bodySha256,
      state: 'ready',
    },
    rows.data.map(({ row, request }) => ({
      row,
      status: 'ready',
      customerLabel: request.customerId,
      customerId: request.customerId,
      candidates: [],
      cardText: `${request.type} ${request.brand} ${request.currency}`,
      reference: null,
      request,
      fingerprint: fingerprintOf('cards.create', request),
      message: null,
      toSend: false,
      issueAgain: false,
      outcome: null,
      cardId: null,
      maskedPan: null,
      error: null,
      journalEntryId: null,
      inputSealed: null,
    })),
  );
  const started = await bulk.start({ batchId, cards: rows.data.length });
  return started.ok ? ok(batchId) : started;
}
