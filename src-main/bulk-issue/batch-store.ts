// The batches (issue from a file) and their rows, in `<dataDir>/bulk-issue.sqlite`: what was previewed,
// which rows are to be sent, and what became of each. What decides whether a row was sent is the journal
// (each row's entry is written before it is sent); this file keeps the plan and the outcomes to show.
// No identity data is kept: the customer column is stored masked, customers by id only.
import type { DatabaseSync } from 'node:sqlite';
import type { BatchState, RowOutcome, RowStatus } from '../../src-shared/ipc/channels/bulk-issue';
import { inTransaction, openSqlite, type Schema } from '../storage/sqlite-database';

export const BATCH_FILE = 'bulk-issue.sqlite';

const MIGRATIONS: readonly string[] = [
  // 1: batches and their rows.
  `CREATE TABLE batches (
     id TEXT PRIMARY KEY,
     environment_id TEXT NOT NULL,
     created_at TEXT NOT NULL,
     file_name TEXT,
     file_hash TEXT NOT NULL,
     state TEXT NOT NULL,
     started_at TEXT,
     finished_at TEXT,
     message TEXT
   ) STRICT;
   CREATE INDEX batches_by_environment ON batches (environment_id, created_at DESC);
   CREATE INDEX batches_by_file ON batches (environment_id, file_hash);
   CREATE TABLE batch_rows (
     batch_id TEXT NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
     row INTEGER NOT NULL,
     status TEXT NOT NULL,
     customer_label TEXT NOT NULL,
     customer_id TEXT,
     candidates_json TEXT,
     card_text TEXT,
     reference TEXT,
     request_json TEXT,
     fingerprint TEXT,
     message TEXT,
     to_send INTEGER NOT NULL DEFAULT 0,
     issue_again INTEGER NOT NULL DEFAULT 0,
     outcome TEXT,
     card_id TEXT,
     masked_pan TEXT,
     error TEXT,
     journal_entry_id TEXT,
     PRIMARY KEY (batch_id, row)
   ) STRICT;`,
  // 2: the file's own header and, per row, its cells sealed (input-seal.ts), for the results CSV.
  `ALTER TABLE batches ADD COLUMN input_headers_json TEXT;
   ALTER TABLE batch_rows ADD COLUMN input_sealed BLOB;`,
  // 3: where a batch sends its rows, recorded when it starts: its environment's address (origin) and the
  //    keychain entry of the key it sends with (null for the built-in sandbox, whose address and key change
  //    with every run and whose key is never in the keychain; and for batches from before).
  `ALTER TABLE batches ADD COLUMN origin TEXT;
   ALTER TABLE batches ADD COLUMN key_account TEXT;`,
  // 4: when the file's own cells of a batch were deleted, at the end of the retention period.
  `ALTER TABLE batches ADD COLUMN inputs_deleted_at TEXT;`,
];

const SCHEMA: Schema = { name: BATCH_FILE, migrations: MIGRATIONS };

export interface StoredBatch {
  id: string;
  environmentId: string;
  createdAt: string;
  fileName: string | null;
  fileHash: string;
  state: BatchState;
  startedAt: string | null;
  finishedAt: string | null;
  message: string | null;
  /** The file's header as it was written (null for batches from before it was kept). */
  inputHeaders: string[] | null;
  /** Where it sends its rows, recorded when it started (see migration 3); null before then. */
  origin: string | null;
  keyAccount: string | null;
  /** When the file's own cells were deleted at the end of the retention period; null while they are kept. */
  inputsDeletedAt: string | null;
}

/** States in which a batch belongs to its environment: sent, or to be resumed or cancelled there. */
export const OPEN_STATES: readonly BatchState[] = ['running', 'paused', 'interrupted'];

export interface StoredRow {
  row: number;
  status: RowStatus;
  /** The customer column, masked (an id as given). */
  customerLabel: string;
  customerId: string | null;
  candidates: string[];
  cardText: string | null;
  reference: string | null;
  request: Record<string, unknown> | null;
  fingerprint: string | null;
  message: string | null;
  toSend: boolean;
  issueAgain: boolean;
  outcome: RowOutcome | null;
  cardId: string | null;
  maskedPan: string | null;
  error: string | null;
  journalEntryId: string | null;
  /** The row's cells as the file had them, sealed (input-seal.ts); null when not kept. */
  inputSealed: Uint8Array | null;
}

/** How many rows are to be sent and what became of them. */
export interface RowCounts {
  /** Rows to send (planned), or the ready rows of a batch not started. */
  toSend: number;
  issued: number;
  failed: number;
  unknown: number;
  notIssued: number;
}

export type RowSettlement = Pick<StoredRow, 'outcome' | 'cardId' | 'maskedPan' | 'error' | 'journalEntryId'>;

export interface BatchStore {
  create(
    batch: Omit<
      StoredBatch,
      'startedAt' | 'finishedAt' | 'message' | 'inputHeaders' | 'origin' | 'keyAccount' | 'inputsDeletedAt'
    > & {
      inputHeaders?: string[];
    },
    rows: readonly StoredRow[],
  ): void;
  get(id: string): StoredBatch | null;
  rows(id: string): StoredRow[];
  /** The figures of a batch's progress, counted by SQLite (no row is read). */
  counts(id: string): RowCounts;
  /** Batches of an environment, newest first. */
  list(environmentId: string, limit?: number): StoredBatch[];
  /** Other batches of the same file in the environment, newest first. */
  sameFile(environmentId: string, fileHash: string, exceptId: string): StoredBatch[];
  setState(id: string, state: BatchState, message?: string | null): void;
  /** Marks which rows are sent (ready rows and the rows the operator asked to issue again). */
  plan(id: string, issueAgainRows: readonly number[]): void;
  /** Records where the batch sends its rows (its environment's address and key entry), when it starts. */
  pin(id: string, where: { origin: string | null; keyAccount: string | null }): void;
  /** Batches of any environment that are running, paused or interrupted, newest first. */
  open(): StoredBatch[];
  settleRow(id: string, row: number, settlement: RowSettlement): void;
  /** Batches left running by a process that stopped become interrupted, with `message`. */
  interruptRunning(message: string): number;
  /** How many batches (of any environment) are in `state`. */
  countIn(state: BatchState): number;
  /** Forgets previews never started that are older than `beforeIso`. */
  pruneUnstarted(beforeIso: string): void;
  /**
   * Deletes the file's own cells (sealed) of the batches that ended (or, never started, were previewed) before
   * `beforeIso`; answers how many batches lost them. Open batches keep theirs.
   */
  forgetInputsBefore(beforeIso: string): number;
  close(): void;
}

interface BatchRow {
  id: string;
  environment_id: string;
  created_at: string;
  file_name: string | null;
  file_hash: string;
  state: string;
  started_at: string | null;
  finished_at: string | null;
  message: string | null;
  input_headers_json: string | null;
  origin: string | null;
  key_account: string | null;
  inputs_deleted_at: string | null;
}

const toBatch = (r: BatchRow): StoredBatch => ({
  id: r.id,
  environmentId: r.environment_id,
  createdAt: r.created_at,
  fileName: r.file_name,
  fileHash: r.file_hash,
  state: r.state as BatchState,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  message: r.message,
  inputHeaders: r.input_headers_json ? (JSON.parse(r.input_headers_json) as string[]) : null,
  origin: r.origin,
  keyAccount: r.key_account,
  inputsDeletedAt: r.inputs_deleted_at,
});

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

const toRow = (r: Record<string, unknown>): StoredRow => ({
  row: Number(r.row),
  status: r.status as RowStatus,
  customerLabel: text(r.customer_label),
  customerId: (r.customer_id as string | null) ?? null,
  candidates: r.candidates_json ? (JSON.parse(text(r.candidates_json)) as string[]) : [],
  cardText: (r.card_text as string | null) ?? null,
  reference: (r.reference as string | null) ?? null,
  request: r.request_json ? (JSON.parse(text(r.request_json)) as Record<string, unknown>) : null,
  fingerprint: (r.fingerprint as string | null) ?? null,
  message: (r.message as string | null) ?? null,
  toSend: r.to_send === 1,
  issueAgain: r.issue_again === 1,
  outcome: (r.outcome as RowOutcome | null) ?? null,
  cardId: (r.card_id as string | null) ?? null,
  maskedPan: (r.masked_pan as string | null) ?? null,
  error: (r.error as string | null) ?? null,
  journalEntryId: (r.journal_entry_id as string | null) ?? null,
  inputSealed: r.input_sealed instanceof Uint8Array ? r.input_sealed : null,
});

export function openBatchStore(file: string, now: () => Date = () => new Date()): BatchStore {
  // NORMAL, not FULL: the journal (FULL) is the record of what was sent; a row's outcome lost with a power cut
  // is read back from the journal when the batch resumes (settle.ts). One fsync less per row on the main thread.
  // secure_delete: the file's cells deleted at the end of the retention period are overwritten, not left in
  // the file's free pages.
  const db: DatabaseSync = openSqlite(file, {
    schema: SCHEMA,
    pragmas: ['synchronous = NORMAL', 'foreign_keys = ON', 'secure_delete = ON'],
  });
  const insertBatch = db.prepare(`INSERT INTO batches (id, environment_id, created_at, file_name, file_hash, state,
    input_headers_json) VALUES (:id, :environmentId, :createdAt, :fileName, :fileHash, :state, :inputHeaders)`);
  const insertRow = db.prepare(`INSERT INTO batch_rows (batch_id, row, status, customer_label, customer_id,
    candidates_json, card_text, reference, request_json, fingerprint, message, input_sealed)
    VALUES (:batchId, :row, :status, :customerLabel, :customerId, :candidates, :cardText, :reference, :request,
    :fingerprint, :message, :inputSealed)`);
  const selectBatch = db.prepare('SELECT * FROM batches WHERE id = ?');
  const selectRows = db.prepare('SELECT * FROM batch_rows WHERE batch_id = ? ORDER BY row');
  const selectCounts = db.prepare(`SELECT
      SUM(CASE WHEN to_send = 1 OR (:ready AND status = 'ready') THEN 1 ELSE 0 END) AS toSend,
      SUM(outcome = 'issued') AS issued, SUM(outcome = 'failed') AS failed, SUM(outcome = 'unknown') AS unknown,
      SUM(outcome = 'not_issued') AS notIssued
    FROM batch_rows WHERE batch_id = :id`);
  const selectList = db.prepare(
    'SELECT * FROM batches WHERE environment_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
  );
  const selectSame = db.prepare(
    'SELECT * FROM batches WHERE environment_id = ? AND file_hash = ? AND id != ? ORDER BY created_at DESC',
  );
  const updateState = db.prepare(`UPDATE batches SET state = :state, message = :message,
    started_at = CASE WHEN :state = 'running' AND started_at IS NULL THEN :now ELSE started_at END,
    finished_at = CASE WHEN :state IN ('done', 'cancelled') THEN :now ELSE NULL END WHERE id = :id`);
  const planRows =
    db.prepare(`UPDATE batch_rows SET to_send = CASE WHEN status = 'ready' THEN 1 ELSE 0 END, issue_again = 0
    WHERE batch_id = ? AND outcome IS NULL`);
  const planAgain = db.prepare(`UPDATE batch_rows SET to_send = 1, issue_again = 1
    WHERE batch_id = ? AND row = ? AND status = 'already_issued' AND outcome IS NULL`);
  const settle = db.prepare(`UPDATE batch_rows SET outcome = :outcome, card_id = :cardId, masked_pan = :maskedPan,
    error = :error, journal_entry_id = :journalEntryId WHERE batch_id = :id AND row = :row`);
  const interrupt = db.prepare("UPDATE batches SET state = 'interrupted', message = ? WHERE state = 'running'");
  const countState = db.prepare('SELECT count(*) AS n FROM batches WHERE state = ?');
  const prune = db.prepare("DELETE FROM batches WHERE state = 'ready' AND created_at < ?");
  const ended = `coalesce(finished_at, created_at) < :before AND state NOT IN (${OPEN_STATES.map((s) => `'${s}'`).join(', ')})`;
  const markInputsDeleted = db.prepare(
    `UPDATE batches SET inputs_deleted_at = :now WHERE ${ended} AND inputs_deleted_at IS NULL
     AND EXISTS (SELECT 1 FROM batch_rows WHERE batch_id = batches.id AND input_sealed IS NOT NULL)`,
  );
  const deleteInputs = db.prepare(
    `UPDATE batch_rows SET input_sealed = NULL WHERE input_sealed IS NOT NULL
     AND batch_id IN (SELECT id FROM batches WHERE ${ended})`,
  );
  const updatePin = db.prepare('UPDATE batches SET origin = :origin, key_account = :keyAccount WHERE id = :id');
  const selectOpen = db.prepare(
    `SELECT * FROM batches WHERE state IN (${OPEN_STATES.map((s) => `'${s}'`).join(', ')}) ORDER BY created_at DESC`,
  );

  return {
    create(batch, rows) {
      inTransaction(db, () => {
        const { inputHeaders, ...rest } = batch;
        insertBatch.run({ ...rest, inputHeaders: inputHeaders ? JSON.stringify(inputHeaders) : null });
        for (const r of rows) {
          insertRow.run({
            batchId: batch.id,
            row: r.row,
            status: r.status,
            customerLabel: r.customerLabel,
            customerId: r.customerId,
            candidates: r.candidates.length ? JSON.stringify(r.candidates) : null,
            cardText: r.cardText,
            reference: r.reference,
            request: r.request ? JSON.stringify(r.request) : null,
            fingerprint: r.fingerprint,
            message: r.message,
            inputSealed: r.inputSealed,
          });
        }
      });
    },
    get(id) {
      const r = selectBatch.get(id) as BatchRow | undefined;
      return r ? toBatch(r) : null;
    },
    rows: (id) => (selectRows.all(id) as Record<string, unknown>[]).map(toRow),
    counts(id) {
      const ready = (selectBatch.get(id) as BatchRow | undefined)?.state === 'ready' ? 1 : 0;
      const r = selectCounts.get({ id, ready }) as Record<string, number | null> | undefined;
      return {
        toSend: r?.toSend ?? 0,
        issued: r?.issued ?? 0,
        failed: r?.failed ?? 0,
        unknown: r?.unknown ?? 0,
        notIssued: r?.notIssued ?? 0,
      };
    },
    list: (environmentId, limit = 20) => (selectList.all(environmentId, limit) as unknown as BatchRow[]).map(toBatch),
    sameFile: (environmentId, fileHash, exceptId) =>
      (selectSame.all(environmentId, fileHash, exceptId) as unknown as BatchRow[]).map(toBatch),
    setState(id, state, message = null) {
      updateState.run({ id, state, message, now: now().toISOString() });
    },
    plan(id, issueAgainRows) {
      inTransaction(db, () => {
        planRows.run(id);
        for (const row of issueAgainRows) planAgain.run(id, row);
      });
    },
    pin(id, { origin, keyAccount }) {
      updatePin.run({ id, origin, keyAccount });
    },
    open: () => (selectOpen.all() as unknown as BatchRow[]).map(toBatch),
    settleRow(id, row, s) {
      settle.run({
        id,
        row,
        outcome: s.outcome,
        cardId: s.cardId,
        maskedPan: s.maskedPan,
        error: s.error,
        journalEntryId: s.journalEntryId,
      });
    },
    interruptRunning(message) {
      return Number(interrupt.run(message).changes);
    },
    countIn: (state) => Number((countState.get(state) as { n: number }).n),
    pruneUnstarted(beforeIso) {
      prune.run(beforeIso);
    },
    forgetInputsBefore(beforeIso) {
      return inTransaction(db, () => {
        const batches = Number(markInputsDeleted.run({ before: beforeIso, now: now().toISOString() }).changes);
        deleteInputs.run({ before: beforeIso });
        return batches;
      });
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
