// Settling a batch's rows from the journal: a row whose entry was written but whose outcome the batch
// never recorded (the app stopped while it was in flight) takes its entry's outcome; a row whose outcome
// is unknown becomes issued once reconciliation found its card, or keeps what the look found as evidence.
// Nothing here sends anything.
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import type { Journal } from '../journal/journal';
import type { BatchStore } from './batch-store';

const PAGE = 100;

/** The newest journal entry of each row of the batch. */
export function entriesByRow(journal: Journal, environmentId: string, batchId: string): Map<number, JournalEntry> {
  const byRow = new Map<number, JournalEntry>();
  for (let page = 0; ; page++) {
    const { entries } = journal.list({ environmentId, batchId, page, limit: PAGE });
    for (const e of entries) {
      if (typeof e.batchRow === 'number' && !byRow.has(e.batchRow)) byRow.set(e.batchRow, e);
    }
    if (entries.length < PAGE) break;
  }
  return byRow;
}

const wasRateLimited = (e: JournalEntry) =>
  e.outcome === 'failed' && /too many requests|rate limit/i.test(e.error ?? '');

export function settleFromJournal(store: BatchStore, journal: Journal, batchId: string, environmentId: string): void {
  const byRow = entriesByRow(journal, environmentId, batchId);
  for (const row of store.rows(batchId)) {
    const entry = byRow.get(row.row);
    if (row.outcome !== null || !entry || wasRateLimited(entry)) continue;
    const base = { cardId: null, maskedPan: null, journalEntryId: entry.id };
    if (entry.outcome === 'succeeded' || entry.outcome === 'reconciled') {
      store.settleRow(batchId, row.row, { ...base, outcome: 'issued', cardId: entry.resultId, error: null });
    } else if (entry.outcome === 'failed') {
      store.settleRow(batchId, row.row, { ...base, outcome: 'failed', error: entry.error });
    } else {
      store.settleRow(batchId, row.row, { ...base, outcome: 'unknown', error: entry.error });
    }
  }
}

export function settleUnknownRows(store: BatchStore, journal: Journal, batchId: string, environmentId: string): void {
  const byRow = entriesByRow(journal, environmentId, batchId);
  for (const row of store.rows(batchId)) {
    if (row.outcome !== 'unknown') continue;
    const entry = (row.journalEntryId ? journal.get(row.journalEntryId) : null) ?? byRow.get(row.row);
    if (!entry) continue;
    if (entry.outcome === 'reconciled' || entry.outcome === 'succeeded') {
      store.settleRow(batchId, row.row, {
        outcome: 'issued',
        cardId: entry.resultId,
        maskedPan: row.maskedPan,
        error: null,
        journalEntryId: entry.id,
      });
    } else if (entry.evidence) {
      store.settleRow(batchId, row.row, {
        outcome: 'unknown',
        cardId: null,
        maskedPan: null,
        error: `Still unknown: ${entry.evidence.summary}`,
        journalEntryId: entry.id,
      });
    }
  }
}
