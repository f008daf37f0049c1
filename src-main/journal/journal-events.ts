// The journal's events read in order for an outbox: the team database's copy of the journal
// (src-main/team/journal-outbox.ts) is sent from here, by the events' sequence, so an event written while
// the team database is away is sent when it returns. Read-only; the chain's format is not read here.
import type { DatabaseSync } from 'node:sqlite';

/** One event of the journal, as an outbox sends it: the entry's whole state after the change (`body`). */
export interface JournalEventRecord {
  seq: number;
  at: string;
  entryId: string;
  kind: string;
  body: string;
}

export interface JournalEvents {
  /**
   * Names this journal among those the data folder has had: a new journal (started after a refusal) begins
   * its sequence at 1 again. Null while it has no event.
   */
  journalId(): string | null;
  /** The events of `environmentId`'s entries after `afterSeq`, oldest first, at most `limit`. */
  eventsAfter(environmentId: string, afterSeq: number, limit: number): JournalEventRecord[];
  /** How many events of `environmentId`'s entries come after `afterSeq`. */
  countAfter(environmentId: string, afterSeq: number): number;
  /** The sequence of the newest event (0 while there is none): the next event is written after it. */
  lastSeq(): number;
}

export function journalEvents(db: DatabaseSync): JournalEvents {
  const first = db.prepare('SELECT seq, at, entry_id FROM events ORDER BY seq LIMIT 1');
  const after = db.prepare(`
    SELECT e.seq, e.at, e.entry_id AS entryId, e.kind, e.body FROM events e JOIN entries n ON n.id = e.entry_id
    WHERE e.seq > ? AND n.environment_id = ? ORDER BY e.seq LIMIT ?`);
  const count = db.prepare(`
    SELECT COUNT(*) AS n FROM events e JOIN entries n ON n.id = e.entry_id WHERE e.seq > ? AND n.environment_id = ?`);
  const last = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM events');
  let id: string | null = null;
  return {
    journalId() {
      if (id) return id;
      const row = first.get() as { seq: number; at: string; entry_id: string } | undefined;
      if (row) id = `${row.at}#${row.seq}${row.entry_id ? `#${row.entry_id}` : ''}`;
      return id;
    },
    eventsAfter: (environmentId, afterSeq, limit) =>
      (after.all(afterSeq, environmentId, limit) as unknown as JournalEventRecord[]).map((r) => ({ ...r })),
    countAfter: (environmentId, afterSeq) => Number((count.get(afterSeq, environmentId) as { n: number }).n),
    lastSeq: () => Number((last.get() as { seq: number }).seq),
  };
}
