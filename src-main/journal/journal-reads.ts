// The journal's reads (journal.ts): an entry by id, the filtered list, and the look-ups issuing and batches
// make before a write. Rows become `JournalEntry`s here.
import type { DatabaseSync } from 'node:sqlite';
import { DEFAULT_PAGE_SIZE } from '../../src-shared/api/requests';
import {
  reconciliationEvidenceSchema,
  type JournalEntry,
  type ReconciliationEvidence,
} from '../../src-shared/ipc/channels/journal';
import { selectPage } from '../storage/paged-select';
import { type JournalListQuery, type JournalOperation, type JournalOutcome, listFilter } from './journal-list-filter';

interface EntryRow {
  id: string;
  at: string;
  environment_id: string;
  operation: string;
  request_json: string;
  client_reference: string | null;
  fingerprint: string;
  outcome: string;
  result_id: string | null;
  error: string | null;
  resend_acknowledged: number;
  evidence_json: string | null;
  batch_id: string | null;
  batch_row: number | null;
  operator: string | null;
  host: string | null;
}

const COLUMNS =
  'id, at, environment_id, operation, request_json, client_reference, fingerprint, outcome, result_id, error, resend_acknowledged, evidence_json, batch_id, batch_row, operator, host';

const toEntry = (row: EntryRow): JournalEntry => ({
  id: row.id,
  at: row.at,
  environmentId: row.environment_id,
  operation: row.operation as JournalOperation,
  request: JSON.parse(row.request_json) as Record<string, unknown>,
  clientReference: row.client_reference,
  fingerprint: row.fingerprint,
  outcome: row.outcome as JournalOutcome,
  resultId: row.result_id,
  error: row.error,
  resendAcknowledged: row.resend_acknowledged === 1,
  evidence: evidenceOf(row.evidence_json),
  ...(row.batch_id !== null ? { batchId: row.batch_id, batchRow: row.batch_row } : {}),
  operator: row.operator,
  host: row.host,
});

function evidenceOf(json: string | null): ReconciliationEvidence | null {
  if (!json) return null;
  try {
    const parsed = reconciliationEvidenceSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the journal holds of one fingerprint's earlier writes (JournalReads.priorWrites). */
export interface PriorWrites {
  success: JournalEntry | null;
  unknown: JournalEntry | null;
}

export interface JournalReads {
  get(id: string): JournalEntry | null;
  list(query?: JournalListQuery): { entries: JournalEntry[]; total: number };
  /** Entries whose outcome is still unknown, newest first. */
  unresolved(environmentId: string, operation?: JournalOperation): JournalEntry[];
  /** The newest unknown-outcome entry with this fingerprint that the user has not allowed to be resent. */
  blockingUnknown(environmentId: string, fingerprint: string): JournalEntry | null;
  /** The newest write with this fingerprint that succeeded (or was reconciled) at or after `sinceIso`. */
  recentSuccess(environmentId: string, fingerprint: string, sinceIso: string): JournalEntry | null;
  /**
   * For each of `fingerprints` that has them: the newest write that succeeded (or was reconciled), and the
   * newest unknown-outcome entry nobody allowed to be resent, as recentSuccess (since '') and blockingUnknown
   * answer for one; two statements for the whole set (a file's rows checked at once).
   */
  priorWrites(environmentId: string, fingerprints: readonly string[]): Map<string, PriorWrites>;
  /** The entry that recorded `resultId` as its result, if any. */
  findByResultId(environmentId: string, resultId: string): JournalEntry | null;
  /** The newest entry of a batch's row (indexed: one lookup per row of a batch). */
  latestOfBatchRow(batchId: string, row: number): JournalEntry | null;
  /**
   * The writes whose claim stays open across the team (sent and not answered, or an unknown outcome nobody
   * allowed to be resent), oldest first, with the address each was sent to (null before addresses were kept).
   */
  openWrites(environmentId: string): OpenWrite[];
}

/** A write still open, and the address (origin) it was sent to. */
export interface OpenWrite {
  entry: JournalEntry;
  origin: string | null;
}

export function journalReads(db: DatabaseSync): JournalReads {
  const selectOne = db.prepare(`SELECT ${COLUMNS} FROM entries WHERE id = ?`);
  const selectUnresolved = db.prepare(`
    SELECT ${COLUMNS} FROM entries WHERE environment_id = :environmentId AND outcome = 'outcome_unknown'
      AND (:operation IS NULL OR operation = :operation) ORDER BY seq DESC`);
  const selectBlocking = db.prepare(`
    SELECT ${COLUMNS} FROM entries WHERE environment_id = ? AND fingerprint = ? AND outcome = 'outcome_unknown'
      AND resend_acknowledged = 0 ORDER BY seq DESC LIMIT 1`);
  const selectRecentSuccess = db.prepare(`
    SELECT ${COLUMNS} FROM entries WHERE environment_id = ? AND fingerprint = ? AND outcome IN ('succeeded', 'reconciled')
      AND updated_at >= ? ORDER BY seq DESC LIMIT 1`);
  const selectBatchRow = db.prepare(
    `SELECT ${COLUMNS} FROM entries WHERE batch_id = ? AND batch_row = ? ORDER BY seq DESC LIMIT 1`,
  );
  const selectOpen = db.prepare(`
    SELECT ${COLUMNS}, origin FROM entries WHERE environment_id = ?
      AND (outcome = 'pending' OR (outcome = 'outcome_unknown' AND resend_acknowledged = 0)) ORDER BY seq`);
  const selectByResult = db.prepare(`
    SELECT ${COLUMNS} FROM entries WHERE environment_id = ? AND result_id = ? ORDER BY seq DESC LIMIT 1`);
  const one = (row: unknown): JournalEntry | null => (row ? toEntry(row as EntryRow) : null);
  const inSet = 'fingerprint IN (SELECT value FROM json_each(?))';
  const selectSuccesses = db.prepare(`
    SELECT ${COLUMNS} FROM entries WHERE environment_id = ? AND ${inSet} AND outcome IN ('succeeded', 'reconciled')
      ORDER BY seq DESC`);
  const selectBlockings = db.prepare(`
    SELECT ${COLUMNS} FROM entries WHERE environment_id = ? AND ${inSet} AND outcome = 'outcome_unknown'
      AND resend_acknowledged = 0 ORDER BY seq DESC`);
  const priorWrites = (environmentId: string, fingerprints: readonly string[]) => {
    const out = new Map<string, PriorWrites>();
    const of = (fingerprint: string) => {
      let prior = out.get(fingerprint);
      if (!prior) out.set(fingerprint, (prior = { success: null, unknown: null }));
      return prior;
    };
    const set = JSON.stringify([...new Set(fingerprints)]);
    // Newest first: the first row of a fingerprint is its newest.
    for (const row of selectSuccesses.all(environmentId, set) as unknown as EntryRow[])
      of(row.fingerprint).success ??= toEntry(row);
    for (const row of selectBlockings.all(environmentId, set) as unknown as EntryRow[])
      of(row.fingerprint).unknown ??= toEntry(row);
    return out;
  };

  return {
    get: (id) => one(selectOne.get(id)),
    list({ page = 0, limit = DEFAULT_PAGE_SIZE, ...filters } = {}) {
      const { where, params } = listFilter(filters);
      const { rows, total } = selectPage(db, {
        from: 'entries',
        columns: COLUMNS,
        where,
        params,
        orderBy: 'seq DESC',
        page,
        limit,
      });
      return { entries: (rows as EntryRow[]).map(toEntry), total };
    },
    unresolved: (environmentId, operation) =>
      (selectUnresolved.all({ environmentId, operation: operation ?? null }) as unknown as EntryRow[]).map(toEntry),
    blockingUnknown: (environmentId, fingerprint) => one(selectBlocking.get(environmentId, fingerprint)),
    recentSuccess: (environmentId, fingerprint, sinceIso) =>
      one(selectRecentSuccess.get(environmentId, fingerprint, sinceIso)),
    priorWrites,
    findByResultId: (environmentId, resultId) => one(selectByResult.get(environmentId, resultId)),
    latestOfBatchRow: (batchId, row) => one(selectBatchRow.get(batchId, row)),
    openWrites: (environmentId) =>
      (selectOpen.all(environmentId) as unknown as (EntryRow & { origin: string | null })[]).map((row) => ({
        entry: toEntry(row),
        origin: row.origin,
      })),
  };
}
