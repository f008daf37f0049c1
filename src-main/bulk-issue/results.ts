// A batch's results: every row of the file with what became of it, its card and any error in the
// operator's words, for the page and for the results CSV.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { BatchResultRow } from '../../src-shared/ipc/channels/bulk-issue';
import { createCsvFile } from '../exports/csv-file';
import type { SaveFilePort } from '../ports/ports';
import type { StoredBatch, StoredRow } from './batch-store';
import { templateCsv } from './columns';
import { customerNameOf, type CustomerLookup } from './customer-match';

const NOT_SENT: Record<string, string> = {
  cancelled: 'Not sent: the batch was cancelled before this row.',
  paused: 'Not sent yet: the batch is paused.',
  interrupted: 'Not sent yet: the batch was interrupted.',
  ready: 'Not sent yet: the batch has not been started.',
  running: 'Not sent yet.',
  done: 'Not sent.',
};

export async function resultRows(
  batch: StoredBatch,
  rows: readonly StoredRow[],
  lookup: CustomerLookup | null,
): Promise<BatchResultRow[]> {
  const names = new Map<string, string>();
  const nameOf = async (id: string | null) => {
    if (!id || !lookup) return null;
    if (!names.has(id)) {
      const c = await lookup.get(id).catch(() => null);
      names.set(id, c ? customerNameOf(c) : '');
    }
    return names.get(id) || null;
  };
  const out: BatchResultRow[] = [];
  for (const r of rows) {
    const outcome = r.outcome ?? (r.toSend ? 'not_sent' : 'skipped');
    const error =
      r.error ?? (outcome === 'not_sent' ? NOT_SENT[batch.state]! : outcome === 'skipped' ? r.message : null);
    out.push({
      row: r.row,
      status: r.status,
      outcome,
      customer: r.customerLabel,
      customerId: r.customerId,
      customerName: await nameOf(r.customerId),
      card: r.cardText,
      reference: r.reference,
      cardId: r.cardId,
      maskedPan: r.maskedPan,
      error: error ?? null,
      journalEntryId: r.journalEntryId,
    });
  }
  return out;
}

const HEADERS = [
  'row',
  'customer',
  'customerName',
  'customerId',
  'card',
  'reference',
  'check',
  'outcome',
  'cardId',
  'maskedPan',
  'error',
  'journalEntryId',
];

/** `issue-results-<file>-<date>.csv` */
function resultsName(batch: StoredBatch): string {
  const base = (batch.fileName ?? 'batch')
    .replace(/\.csv$/i, '')
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 60);
  return `issue-results-${base}-${batch.createdAt.slice(0, 10)}.csv`;
}

export async function saveResultsCsv(
  save: SaveFilePort,
  batch: StoredBatch,
  rows: readonly BatchResultRow[],
): Promise<{ saved: boolean; fileName: string | null }> {
  const target = await save.chooseSavePath(resultsName(batch));
  if (!target) return { saved: false, fileName: null };
  const file = await createCsvFile(target, HEADERS, randomUUID());
  try {
    await file.write(
      rows.map((r) => [
        r.row,
        r.customer,
        r.customerName ?? '',
        r.customerId ?? '',
        r.card ?? '',
        r.reference ?? '',
        r.status,
        r.outcome,
        r.cardId ?? '',
        r.maskedPan ?? '',
        r.error ?? '',
        r.journalEntryId ?? '',
      ]),
    );
    await file.commit();
  } catch (e) {
    await file.discard();
    throw e;
  }
  return { saved: true, fileName: target.split(/[\\/]/).pop() ?? target };
}

export async function saveTemplate(save: SaveFilePort): Promise<{ saved: boolean; fileName: string | null }> {
  const target = await save.chooseSavePath('issue-cards-template.csv');
  if (!target) return { saved: false, fileName: null };
  await writeFile(target, templateCsv(), { mode: 0o600 });
  return { saved: true, fileName: target.split(/[\\/]/).pop() ?? target };
}
