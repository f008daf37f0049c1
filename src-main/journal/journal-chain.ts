// The journal's tamper-evident history: every change to an entry (a new entry, an outcome settled, a
// reconciliation, evidence recorded, a resend acknowledged, an interrupted write found at start) is
// appended to `events` in the same transaction, as the entry's whole state after the change, with who made
// it (OS user and computer). Each event's SHA-256 hash covers its content and the previous event's hash,
// so an event changed, removed or put in another place breaks the chain from there, and an entry changed
// without an event no longer matches its last event. A journal from before the chain is chained from the
// upgrade: a first event says so, and one event per existing entry records it as it was then.
//
// What an entry's chained state leaves out: its fingerprint (worked out again from its request when the
// definition changes) and `updated_at` (the event's own time says when).
import { createHash } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export type EventKind =
  'chain_started' | 'adopted' | 'begun' | 'settled' | 'reconciled' | 'evidence' | 'resend_acknowledged' | 'interrupted';

/** Who is making changes: the OS user name and the computer's name. */
export interface Operator {
  user: string;
  host: string;
}

/** The operator of this process: the OS user name and the computer's name. */
export function currentOperator(): Operator {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    user = process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
  return { user, host: hostname() };
}

export const GENESIS_HASH = '0'.repeat(64);

/** The columns of an entry that its chained state holds. */
const STATE_COLUMNS =
  'id, at, environment_id, origin, operation, request_json, customer_id, client_reference, outcome, result_id, error, resend_acknowledged, evidence_json, operator, host';

/** The hash of an event: its content, after the previous event's hash. */
export function eventHash(
  prev: string,
  event: { seq: number; at: string; entryId: string; kind: string; operator: string; host: string; body: string },
): string {
  const content = JSON.stringify([
    event.seq,
    event.at,
    event.entryId,
    event.kind,
    event.operator,
    event.host,
    event.body,
  ]);
  return createHash('sha256').update(`${prev}\n${content}`).digest('hex');
}

export interface ChainCheck {
  ok: boolean;
  events: number;
  /** When the chain began, and whether it began at an upgrade (entries before it were adopted as they were). */
  startedAt: string | null;
  adoptedEntries: number;
  /** The first event (or entry) that does not match, in words. */
  firstBad: { seq: number | null; entryId: string | null; at: string | null; problem: string } | null;
}

interface EventRow {
  seq: number;
  at: string;
  entry_id: string;
  kind: string;
  operator: string;
  host: string;
  body: string;
  prev_hash: string;
  hash: string;
}

export class JournalChain {
  private readonly stateOf: StatementSync;
  private readonly last: StatementSync;
  private readonly insert: StatementSync;
  private readonly latestHash: StatementSync;

  constructor(
    private readonly db: DatabaseSync,
    private readonly operator: Operator,
    private readonly now: () => Date,
  ) {
    this.stateOf = db.prepare(`SELECT ${STATE_COLUMNS} FROM entries WHERE id = ?`);
    this.last = db.prepare('SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1');
    this.insert = db.prepare(
      'INSERT INTO events (seq, at, entry_id, kind, operator, host, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.latestHash = db.prepare('SELECT hash FROM events WHERE entry_id = ? ORDER BY seq DESC LIMIT 1');
  }

  /** The entry's state as chained: its columns as canonical JSON. */
  private state(entryId: string): string {
    const row = this.stateOf.get(entryId);
    if (!row) throw new Error(`Journal entry ${entryId} does not exist.`);
    return JSON.stringify(row);
  }

  /** Appends an event for `entryId` (its state now); call inside the change's transaction. */
  append(kind: EventKind, entryId: string, body: string = this.state(entryId)): void {
    const last = this.last.get() as { seq: number; hash: string } | undefined;
    const seq = (last?.seq ?? 0) + 1;
    const prev = last?.hash ?? GENESIS_HASH;
    const at = this.now().toISOString();
    const { user, host } = this.operator;
    const hash = eventHash(prev, { seq, at, entryId, kind, operator: user, host, body });
    this.insert.run(seq, at, entryId, kind, user, host, body, prev, hash);
  }

  /**
   * Starts the chain of a journal that has none (call in a transaction at opening). A journal with entries
   * from before is chained from now: a first event says so and each entry is adopted as it is.
   */
  startIfNeeded(): void {
    if (this.last.get() !== undefined) return;
    const ids = this.db.prepare('SELECT id FROM entries ORDER BY seq').all() as { id: string }[];
    if (ids.length === 0) return;
    this.append(
      'chain_started',
      '',
      JSON.stringify({
        note: 'This journal was written by an earlier Card Desk without a chain. It is chained from here on; its entries are recorded as they were at the upgrade.',
        entries: ids.length,
      }),
    );
    for (const { id } of ids) this.append('adopted', id);
  }

  /** The hash of the entry's latest event (what an export row carries). */
  latestEventHash(entryId: string): string | null {
    const row = this.latestHash.get(entryId) as { hash: string } | undefined;
    return row?.hash ?? null;
  }

  /** Checks the whole chain, and each entry against its last event; names the first that does not match. */
  verify(): ChainCheck {
    let prev = GENESIS_HASH;
    let expectedSeq = 1;
    let startedAt: string | null = null;
    let adoptedEntries = 0;
    let events = 0;
    const lastBody = new Map<string, string>();
    const bad = (row: EventRow | null, problem: string): ChainCheck => ({
      ok: false,
      events,
      startedAt,
      adoptedEntries,
      firstBad: { seq: row?.seq ?? null, entryId: row?.entry_id || null, at: row?.at ?? null, problem },
    });
    for (const row of this.db.prepare('SELECT * FROM events ORDER BY seq').iterate() as Iterable<EventRow>) {
      events++;
      startedAt ??= row.at;
      if (row.seq !== expectedSeq) return bad(row, `event ${expectedSeq} is missing (the next is ${row.seq})`);
      if (row.prev_hash !== prev) return bad(row, `event ${row.seq} does not follow the event before it`);
      const hash = eventHash(prev, {
        seq: row.seq,
        at: row.at,
        entryId: row.entry_id,
        kind: row.kind,
        operator: row.operator,
        host: row.host,
        body: row.body,
      });
      if (hash !== row.hash) return bad(row, `event ${row.seq} was changed after it was written`);
      if (row.kind === 'adopted') adoptedEntries++;
      if (row.entry_id) lastBody.set(row.entry_id, row.body);
      prev = row.hash;
      expectedSeq++;
    }
    for (const entry of this.db.prepare(`SELECT ${STATE_COLUMNS} FROM entries ORDER BY seq`).all()) {
      const id = String(entry.id);
      const body = lastBody.get(id);
      if (body === undefined) return bad(null, `entry ${id} of ${String(entry.at)} has no event in the chain`);
      if (body !== JSON.stringify(entry))
        return bad(null, `entry ${id} of ${String(entry.at)} was changed without an event`);
      lastBody.delete(id);
    }
    const gone = [...lastBody.keys()][0];
    if (gone !== undefined) return bad(null, `entry ${gone} is in the chain but was removed from the journal`);
    return { ok: true, events, startedAt, adoptedEntries, firstBad: null };
  }
}
