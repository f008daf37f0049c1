// A batch's results: every row of the file with what became of it, its card and any error in the
// operator's words, for the page and for the results CSV (which gives back the file's own columns too).
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { BatchResultRow } from '../../src-shared/ipc/channels/bulk-issue';
import { createCsvFile } from '../exports/csv-file';
import type { SaveFilePort } from '../ports/ports';
import type { StoredBatch, StoredRow } from './batch-store';
import { templateCsv } from './columns';
import { customerNameOf, type CustomerLookup } from './customer-match';
import type { InputSeal } from './input-seal';
import { dayText } from '../../src-shared/api/day-text';

/** A file saved where the operator chose: its name and its folder, for the page to say both. */
export interface SavedFile {
  saved: boolean;
  fileName: string | null;
  folder: string | null;
}

const savedAs = (target: string): SavedFile => ({ saved: true, fileName: basename(target), folder: dirname(target) });

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

/** What the results CSV adds after the file's own columns. */
const RESULT_HEADERS = [
  'outcome',
  'cardId',
  'maskedPan',
  'error',
  'row',
  'customerName',
  'customerId',
  'journalEntryId',
];
/** A batch from before the file's own cells were kept: what was kept of them instead. */
const KEPT_HEADERS = ['customer', 'card', 'reference'];

/** The file's cells of each row, opened; a row that does not open is missing from the map. */
export type InputCells = { headers: string[]; cells: Map<number, string[]> } | null;

export function inputCellsOf(batch: StoredBatch, rows: readonly StoredRow[], seal: InputSeal): InputCells {
  if (!batch.inputHeaders) return null;
  const cells = new Map<number, string[]>();
  for (const r of rows) {
    const opened = r.inputSealed ? seal.open(batch.id, r.row, r.inputSealed) : null;
    if (opened) cells.set(r.row, opened);
  }
  return { headers: batch.inputHeaders, cells };
}

/** The results' own column names, renamed `result <name>` where the file has a column of that name. */
function resultHeaders(fileHeaders: readonly string[]): string[] {
  const taken = new Set(fileHeaders.map((h) => h.trim().toLowerCase()));
  return RESULT_HEADERS.map((h) => (taken.has(h.toLowerCase()) ? `result ${h}` : h));
}

const UNREADABLE =
  "This row's own columns could not be read back (they were sealed under a key no longer in this computer's keychain).";
const DELETED = (at: string) =>
  `This row's own columns were deleted on ${dayText(at)}, at the end of the retention period.`;

/** `issue-results-<file>-<date>.csv` */
function resultsName(batch: StoredBatch): string {
  const base = (batch.fileName ?? 'batch')
    .replace(/\.csv$/i, '')
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 60);
  return `issue-results-${base}-${batch.createdAt.slice(0, 10)}.csv`;
}

/**
 * The results CSV: every row of the file with its own columns as the operator wrote them, in their order,
 * then its outcome, card id, masked PAN and error in the operator's words (and the row, the customer and
 * the journal entry). Cells that a spreadsheet would run as a formula are neutralised, as in every export.
 */
export async function saveResultsCsv(
  save: SaveFilePort,
  batch: StoredBatch,
  rows: readonly BatchResultRow[],
  input: InputCells,
): Promise<SavedFile> {
  const target = await save.chooseSavePath(resultsName(batch));
  if (!target) return { saved: false, fileName: null, folder: null };
  const fileHeaders = input?.headers ?? KEPT_HEADERS;
  const file = await createCsvFile(target, [...fileHeaders, ...resultHeaders(fileHeaders)], randomUUID());
  try {
    await file.write(
      rows.map((r) => {
        const own = input ? input.cells.get(r.row) : [r.customer, r.card ?? '', r.reference ?? ''];
        const cells = fileHeaders.map((_, i) => own?.[i] ?? '');
        const missing = batch.inputsDeletedAt ? DELETED(batch.inputsDeletedAt) : UNREADABLE;
        const error = own ? (r.error ?? '') : [r.error, missing].filter(Boolean).join(' ');
        return [
          ...cells,
          r.outcome,
          r.cardId ?? '',
          r.maskedPan ?? '',
          error,
          r.row,
          r.customerName ?? '',
          r.customerId ?? '',
          r.journalEntryId ?? '',
        ];
      }),
    );
    await file.commit();
  } catch (e) {
    await file.discard();
    throw e;
  }
  return savedAs(target);
}

export async function saveTemplate(save: SaveFilePort): Promise<SavedFile> {
  const target = await save.chooseSavePath('issue-cards-template.csv');
  if (!target) return { saved: false, fileName: null, folder: null };
  await writeFile(target, templateCsv(), { mode: 0o600 });
  return savedAs(target);
}
