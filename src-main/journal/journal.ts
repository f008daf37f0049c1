// The journal of writes: every POST the app attempts, recorded as `pending` before it is sent and
// settled when the answer comes, so nothing is lost if the app dies mid-request. One SQLite file for the
// whole app, with the environment on every row.
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { JournalEntry, ReconciliationEvidence } from '../../src-shared/ipc/channels/journal';
import { inTransaction, openSqlite } from '../storage/sqlite-database';
import { type Anchor, type AnchorPort, NO_ANCHOR } from './chain-anchor';
import { FINGERPRINT_VERSION, fingerprintOf } from './fingerprint';
import { type ChainCheck, type EventKind, JournalChain, type Operator, currentOperator } from './journal-chain';
import { type JournalEvents, journalEvents } from './journal-events';
import type { JournalListQuery, JournalOperation, JournalOutcome } from './journal-list-filter';
import { JOURNAL_SCHEMA } from './journal-migrations';
import { type JournalReads, journalReads } from './journal-reads';
import { safeRequest } from './safe-request';

export const JOURNAL_FILE = 'journal.sqlite';
export type { JournalListQuery, JournalOperation, JournalOutcome };

/** Said of a write that was still waiting for its answer when the app stopped. */
export const INTERRUPTED_MESSAGE =
  'Card Desk stopped before the service answered, so it is not known whether this write happened. Check before sending it again.';

export interface BeginEntry {
  /** The entry's id, when the caller named it beforehand (a team claim names it before the entry is written). */
  id?: string;
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

export interface Journal extends JournalReads {
  /** Records a write as `pending`; call before sending it. The entry is on disk when this returns. */
  begin(entry: BeginEntry): JournalEntry;
  settle(id: string, settlement: Settlement): JournalEntry;
  /** An unknown outcome turned out to have created `resultId`. */
  reconcile(id: string, resultId: string): JournalEntry;
  /** Records what a look for the write's result found (kept beside its outcome; never changes it). */
  recordEvidence(id: string, evidence: ReconciliationEvidence): JournalEntry;
  /** The user accepted the risk of sending an unknown-outcome write again. */
  acknowledgeResend(id: string): JournalEntry;
  /**
   * Checks the chain of events under the key (journal-chain.ts) and its end against the head anchored in the
   * keychain; names the first event or entry that does not match, or why the end could not be checked.
   */
  verify(): Promise<ChainCheck>;
  /** The MAC of the entry's latest event in the chain. */
  latestEventHash(id: string): string | null;
  /** Why no write may be recorded (and so none sent), or null when the journal works. */
  readonly refusal: string | null;
  /** The events in order, for an outbox (the team database's copy): journal-events.ts. */
  readonly events: JournalEvents;
  /** How many pending entries from before this process were turned into unknown outcomes when opening. */
  readonly recoveredAtOpen: number;
  /** Closes the file; the chain's last head is still being anchored until `anchored()` resolves. */
  close(): void;
  /** Waits until the newest head is written to the keychain (or has failed): before quitting. */
  anchored(): Promise<void>;
}

export interface OpenJournalOptions {
  /** e.g. `<dataDir>/journal.sqlite`; its folder is created. */
  file: string;
  /** The chain key (journal-keys.ts). A journal chained with another key is refused (ChainKeyMismatchError). */
  key: Uint8Array;
  /**
   * Where the chain's head goes after every commit (chain-anchor.ts), and the head it held at opening: a
   * journal that does not reach it, or is another journal, is refused (AnchorMismatchError). Without one
   * (tools, tests) nothing is anchored and Verify says so.
   */
  anchor?: AnchorPort;
  anchored?: Anchor | null;
  now?: () => Date;
  /**
   * When this process started. A `pending` entry older than that belongs to a process that died before
   * the answer came, so its outcome is unknown. Default: the real process start time.
   */
  processStartedAt?: Date;
  /** Who makes this process's writes (default: the OS user name and the computer's name). */
  operator?: Operator;
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

interface OpenedDatabase {
  db: DatabaseSync;
  chain: JournalChain;
  recoveredAtOpen: number;
}

/**
 * Opens and migrates the file, opens its chain (keyed at the first opening after the upgrade, checked against
 * the anchored head), and turns writes left pending by an earlier process into unknown outcomes.
 */
function openDatabase(options: OpenJournalOptions, now: () => Date, operator: Operator): OpenedDatabase {
  let recoveredAtOpen = 0;
  let chain!: JournalChain;
  const startedAt = (options.processStartedAt ?? processStart()).toISOString();
  const db = openSqlite(options.file, {
    schema: JOURNAL_SCHEMA,
    // FULL: an entry written before a request is sent must survive a power cut too, not only a crash.
    pragmas: ['synchronous = FULL'],
    afterMigrate: (opened) => {
      refingerprint(opened);
      inTransaction(opened, () => {
        chain = new JournalChain(opened, { key: options.key, operator, now, anchored: options.anchored ?? null });
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
  return { db, chain, recoveredAtOpen };
}

type JournalWrites = Pick<Journal, 'begin' | 'settle' | 'reconcile' | 'recordEvidence' | 'acknowledgeResend'>;

/** The journal's writes: each change and its event in one transaction, then the new head to the anchor. */
function journalWrites(
  { db, chain }: OpenedDatabase,
  {
    read,
    anchor,
    now,
    operator,
  }: { read: JournalReads['get']; anchor: AnchorPort; now: () => Date; operator: Operator },
): JournalWrites {
  /** A change and its event, in one transaction; no event when nothing changed. */
  const changed = (kind: EventKind, id: string, change: () => number | bigint) => {
    const changes = inTransaction(db, () => {
      const made = change();
      if (Number(made) > 0) chain.append(kind, id);
      return made;
    });
    if (Number(changes) > 0) anchor.note(chain.head());
    return changes;
  };
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

  /** Reads an entry back after a change; a missing or unchanged row is a caller's mistake worth hearing about. */
  const readChanged = (id: string, changes: number | bigint, what: string): JournalEntry => {
    const entry = read(id);
    if (!entry) throw new Error(`Journal entry ${id} does not exist.`);
    if (Number(changes) === 0)
      throw new Error(`Journal entry ${id} could not be ${what}: its outcome is ${entry.outcome}.`);
    return entry;
  };

  return {
    begin({
      id = randomUUID(),
      environmentId,
      origin = null,
      operation,
      request,
      clientReference,
      fingerprint,
      batch = null,
    }) {
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
      // on the main thread: the next entry's begin (FULL) or checkpoint syncs the WAL with it, and so does the
      // anchor before it names this event (off the main thread). Should the power go before that, the entry
      // reads back pending, which the next start makes an unknown outcome for reconciliation: never a resend.
      // One fsync per write on the main thread instead of two.
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
  };
}

export function openJournal(options: OpenJournalOptions): Journal {
  const now = options.now ?? (() => new Date());
  const operator = options.operator ?? currentOperator();
  const anchor = options.anchor ?? NO_ANCHOR;
  const opened = openDatabase(options, now, operator);
  const { db, chain } = opened;
  // The head as opened (re-anchored after an upgrade, or after writes recovered at opening).
  anchor.note(chain.head());
  const reads = journalReads(db);
  return {
    refusal: null,
    events: journalEvents(db),
    recoveredAtOpen: opened.recoveredAtOpen,
    ...reads,
    ...journalWrites(opened, { read: (id) => reads.get(id), anchor, now, operator }),
    async verify() {
      await anchor.settle();
      const reading = await anchor.read();
      return chain.verify({ anchored: reading.anchor, problem: anchor.problem ?? reading.problem });
    },
    latestEventHash: (id) => chain.latestEventHash(id),
    close() {
      if (db.isOpen) db.close();
    },
    anchored: () => anchor.settle(),
  };
}
