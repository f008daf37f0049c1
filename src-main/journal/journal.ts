// The journal of writes: every POST the app attempts, recorded as `pending` before it is sent and
// settled when the answer comes, so nothing is lost if the app dies mid-request. One SQLite file for the
// whole app, with the environment on every row.
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { DEFAULT_PAGE_SIZE } from '../../src-shared/api/requests';
import {
  reconciliationEvidenceSchema,
  type JournalEntry,
  type ReconciliationEvidence,
} from '../../src-shared/ipc/channels/journal';
import { selectPage } from '../storage/paged-select';
import { inTransaction, openSqlite } from '../storage/sqlite-database';
import { FINGERPRINT_VERSION, fingerprintOf } from './fingerprint';
import { type ChainCheck, JournalChain, type Operator, currentOperator } from './journal-chain';
import { type JournalEvents, journalEvents } from './journal-events';
import { type JournalListQuery, type JournalOperation, type JournalOutcome, listFilter } from './journal-list-filter';
import { JOURNAL_SCHEMA } from './journal-migrations';
import { safeRequest } from './safe-request';

export const JOURNAL_FILE = 'journal.sqlite';
export type { JournalListQuery, JournalOperation, JournalOutcome };

/** Said of a write that was still waiting for its answer when the app stopped. */
export const INTERRUPTED_MESSAGE =
  'Card Desk stopped before the service answered, so it is not known whether this write happened. Check before sending it again.';

export interface BeginEntry {
  environmentId: string;
  operation: JournalOperation;
  /** The request as sent; `number` is masked before it is stored. */
  request: object;
  clientReference: string | null;
  fingerprint: string;
  /** The address (origin) the write is sent to. */
  origin?: string | null;
  /** The batch (issue from a file) and its row, for a write that is part of one. */
  batch?: { batchId: string; row: number } | null;
}

/** How a pending write ended. */
export type Settlement =
  | { outcome: 'succeeded'; resultId: string }
  | { outcome: 'failed'; error: string }
  | { outcome: 'outcome_unknown'; error: string };

export interface Journal {
  /** Records a write as `pending`; call before sending it. The entry is on disk when this returns. */
  begin(entry: BeginEntry): JournalEntry;
  settle(id: string, settlement: Settlement): JournalEntry;
  /** An unknown outcome turned out to have created `resultId`. */
  reconcile(id: string, resultId: string): JournalEntry;
  /** Records what a look for the write's result found (kept beside its outcome; never changes it). */
  recordEvidence(id: string, evidence: ReconciliationEvidence): JournalEntry;
  /** The user accepted the risk of sending an unknown-outcome write again. */
  acknowledgeResend(id: string): JournalEntry;
  get(id: string): JournalEntry | null;
  list(query?: JournalListQuery): { entries: JournalEntry[]; total: number };
  /** Entries whose outcome is still unknown, newest first. */
  unresolved(environmentId: string, operation?: JournalOperation): JournalEntry[];
  /** The newest unknown-outcome entry with this fingerprint that the user has not allowed to be resent. */
  blockingUnknown(environmentId: string, fingerprint: string): JournalEntry | null;
  /** The newest write with this fingerprint that succeeded (or was reconciled) at or after `sinceIso`. */
  recentSuccess(environmentId: string, fingerprint: string, sinceIso: string): JournalEntry | null;
  /** The entry that recorded `resultId` as its result, if any. */
  findByResultId(environmentId: string, resultId: string): JournalEntry | null;
  /** The newest entry of a batch's row (indexed: one lookup per row of a batch). */
  latestOfBatchRow(batchId: string, row: number): JournalEntry | null;
  /** Checks the chain of events (journal-chain.ts) and names the first that does not match. */
  verify(): ChainCheck;
  /** The hash of the entry's latest event in the chain. */
  latestEventHash(id: string): string | null;
  /** Why no write may be recorded (and so none sent), or null when the journal works. */
  readonly refusal: string | null;
  /** The events in order, for an outbox (the team database's copy): journal-events.ts. */
  readonly events: JournalEvents;
  /** How many pending entries from before this process were turned into unknown outcomes when opening. */
  readonly recoveredAtOpen: number;
  close(): void;
}

export interface OpenJournalOptions {
  /** e.g. `<dataDir>/journal.sqlite`; its folder is created. */
  file: string;
  now?: () => Date;
  /**
   * When this process started. A `pending` entry older than that belongs to a process that died before
   * the answer came, so its outcome is unknown. Default: the real process start time.
   */
  processStartedAt?: Date;
  /** Who makes this process's writes (default: the OS user name and the computer's name). */
  operator?: Operator;
}

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

/** Rows written under an older definition of the fingerprint get today's, computed from their stored request. */
function refingerprint(db: DatabaseSync): void {
  const old = db
    .prepare('SELECT id, operation, request_json FROM entries WHERE fingerprint_version < ?')
    .all(FINGERPRINT_VERSION) as { id: string; operation: JournalOperation; request_json: string }[];
  if (old.length === 0) return;
  const update = db.prepare('UPDATE entries SET fingerprint = ?, fingerprint_version = ? WHERE id = ?');
  inTransaction(db, () => {
    for (const row of old) {
      const request = JSON.parse(row.request_json) as object;
      update.run(fingerprintOf(row.operation, request), FINGERPRINT_VERSION, row.id);
    }
  });
}

const processStart = (): Date => new Date(Date.now() - process.uptime() * 1000);

export function openJournal({
  file,
  now = () => new Date(),
  processStartedAt = processStart(),
  operator = currentOperator(),
}: OpenJournalOptions): Journal {
  let recoveredAtOpen = 0;
  let chain!: JournalChain;
  const db = openSqlite(file, {
    schema: JOURNAL_SCHEMA,
    // FULL: an entry written before a request is sent must survive a power cut too, not only a crash.
    pragmas: ['synchronous = FULL'],
    afterMigrate: (opened) => {
      refingerprint(opened);
      chain = new JournalChain(opened, operator, now);
      const startedAt = processStartedAt.toISOString();
      inTransaction(opened, () => {
        chain.startIfNeeded();
        const interrupted = opened
          .prepare(`SELECT id FROM entries WHERE outcome = 'pending' AND at < ? ORDER BY seq`)
          .all(startedAt) as { id: string }[];
        const mark = opened.prepare(
          `UPDATE entries SET outcome = 'outcome_unknown', error = :error, updated_at = :now WHERE id = :id`,
        );
        for (const { id } of interrupted) {
          mark.run({ id, error: INTERRUPTED_MESSAGE, now: now().toISOString() });
          chain.append('interrupted', id);
        }
        recoveredAtOpen = interrupted.length;
      });
    },
  });
  /** A change and its event, in one transaction; no event when nothing changed. */
  const changed = (kind: Parameters<JournalChain['append']>[0], id: string, change: () => number | bigint) =>
    inTransaction(db, () => {
      const changes = change();
      if (Number(changes) > 0) chain.append(kind, id);
      return changes;
    });

  const selectOne = db.prepare(`SELECT ${COLUMNS} FROM entries WHERE id = ?`);
  const insert = db.prepare(`
    INSERT INTO entries (id, seq, at, updated_at, environment_id, origin, operation, request_json, customer_id, client_reference, fingerprint, fingerprint_version, outcome, batch_id, batch_row, operator, host)
    VALUES (:id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM entries), :at, :at, :environmentId, :origin, :operation, :request, :customerId,
            :clientReference, :fingerprint, ${FINGERPRINT_VERSION}, 'pending', :batchId, :batchRow, :operator, :host)`);
  const settleRow = db.prepare(`
    UPDATE entries SET outcome = :outcome, result_id = :resultId, error = :error, updated_at = :now
    WHERE id = :id AND (outcome = 'pending' OR (outcome = 'outcome_unknown' AND result_id IS NULL))`);
  const reconcileRow = db.prepare(`
    UPDATE entries SET outcome = 'reconciled', result_id = :resultId, updated_at = :now
    WHERE id = :id AND outcome = 'outcome_unknown'`);
  const evidenceRow = db.prepare(`UPDATE entries SET evidence_json = :evidence, updated_at = :now WHERE id = :id`);
  const acknowledgeRow = db.prepare(`
    UPDATE entries SET resend_acknowledged = 1, updated_at = :now WHERE id = :id AND outcome = 'outcome_unknown'`);
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
  const selectByResult = db.prepare(`
    SELECT ${COLUMNS} FROM entries WHERE environment_id = ? AND result_id = ? ORDER BY seq DESC LIMIT 1`);

  const read = (id: string): JournalEntry | null => {
    const row = selectOne.get(id) as EntryRow | undefined;
    return row ? toEntry(row) : null;
  };
  /** Reads an entry back after a change; a missing or unchanged row is a caller's mistake worth hearing about. */
  const readChanged = (id: string, changes: number | bigint, what: string): JournalEntry => {
    const entry = read(id);
    if (!entry) throw new Error(`Journal entry ${id} does not exist.`);
    if (Number(changes) === 0)
      throw new Error(`Journal entry ${id} could not be ${what}: its outcome is ${entry.outcome}.`);
    return entry;
  };

  return {
    refusal: null,
    events: journalEvents(db),
    get recoveredAtOpen() {
      return recoveredAtOpen;
    },

    begin({ environmentId, origin = null, operation, request, clientReference, fingerprint, batch = null }) {
      const id = randomUUID();
      const stored = safeRequest(request);
      const customerId = typeof stored.customerId === 'string' ? stored.customerId : null;
      changed(
        'begun',
        id,
        () =>
          insert.run({
            id,
            at: now().toISOString(),
            environmentId,
            origin,
            operation,
            request: JSON.stringify(stored),
            customerId,
            clientReference,
            fingerprint,
            batchId: batch?.batchId ?? null,
            batchRow: batch?.row ?? null,
            operator: operator.user,
            host: operator.host,
          }).changes,
      );
      return read(id)!;
    },

    settle(id, settlement) {
      // The entry was made durable (FULL) before the request left; its answer need not wait for its own fsync
      // on the main thread: the next entry's begin (FULL) or checkpoint syncs the WAL with it. Should the power
      // go before that, the entry reads back pending, which the next start makes an unknown outcome for
      // reconciliation: never a resend. One fsync per write instead of two.
      db.exec('PRAGMA synchronous = NORMAL');
      let changes: number | bigint;
      try {
        changes = changed(
          'settled',
          id,
          () =>
            settleRow.run({
              id,
              outcome: settlement.outcome,
              resultId: settlement.outcome === 'succeeded' ? settlement.resultId : null,
              error: settlement.outcome === 'succeeded' ? null : settlement.error,
              now: now().toISOString(),
            }).changes,
        );
      } finally {
        db.exec('PRAGMA synchronous = FULL');
      }
      return readChanged(id, changes, `settled as ${settlement.outcome}`);
    },

    reconcile(id, resultId) {
      const changes = changed(
        'reconciled',
        id,
        () => reconcileRow.run({ id, resultId, now: now().toISOString() }).changes,
      );
      return readChanged(id, changes, 'reconciled');
    },

    recordEvidence(id, evidence) {
      const changes = changed(
        'evidence',
        id,
        () => evidenceRow.run({ id, evidence: JSON.stringify(evidence), now: now().toISOString() }).changes,
      );
      return readChanged(id, changes, 'given its evidence');
    },

    acknowledgeResend(id) {
      const changes = changed(
        'resend_acknowledged',
        id,
        () => acknowledgeRow.run({ id, now: now().toISOString() }).changes,
      );
      return readChanged(id, changes, 'allowed to be resent');
    },

    get: read,

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

    unresolved(environmentId, operation) {
      return (selectUnresolved.all({ environmentId, operation: operation ?? null }) as unknown as EntryRow[]).map(
        toEntry,
      );
    },

    blockingUnknown(environmentId, fingerprint) {
      const row = selectBlocking.get(environmentId, fingerprint) as EntryRow | undefined;
      return row ? toEntry(row) : null;
    },

    recentSuccess(environmentId, fingerprint, sinceIso) {
      const row = selectRecentSuccess.get(environmentId, fingerprint, sinceIso) as EntryRow | undefined;
      return row ? toEntry(row) : null;
    },

    findByResultId(environmentId, resultId) {
      const row = selectByResult.get(environmentId, resultId) as EntryRow | undefined;
      return row ? toEntry(row) : null;
    },

    latestOfBatchRow(batchId, row) {
      const found = selectBatchRow.get(batchId, row) as EntryRow | undefined;
      return found ? toEntry(found) : null;
    },

    verify: () => chain.verify(),
    latestEventHash: (id) => chain.latestEventHash(id),

    close() {
      if (db.isOpen) db.close();
    },
  };
}
